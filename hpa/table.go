package hpa

import "math/bits"

// table maps keys to int32 values: open addressing with linear probing
// and backward-shift deletion, so that lookups cost a probe or two and
// no tombstones pile up; Fibonacci hashing takes the slot from the top
// bits of the product, which depend on every bit of the key (ids that
// differ only in their high bits spread as well as small ones). It holds
// keys other than the largest of K; the zero value is an empty table,
// and it never shrinks, so it holds memory for the most keys it held at
// once. Nothing iterates over it, so results never depend on its layout.
type table[K int32 | uint64] struct {
	keys  []K // key+1, 0 for empty
	vals  []int32
	n     int
	shift uint8 // 64 - log2(len(keys))
}

func (t *table[K]) bytes() int {
	var k K
	size := 4 // int32 keys
	if k-1 > 0 {
		size = 8 // uint64 keys
	}
	return (size + 4) * len(t.keys)
}

func (t *table[K]) slot(k K) int {
	return int(uint64(k) * 0x9e3779b97f4a7c15 >> t.shift)
}

// get returns the value of k, or -1. O(1) expected.
func (t *table[K]) get(k K) int32 {
	if t.n == 0 {
		return -1
	}
	k++
	if k == 0 { // the largest K, which the table never holds
		return -1
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i]
		case 0:
			return -1
		}
	}
}

// set sets the value of k. O(1) amortized.
func (t *table[K]) set(k K, v int32) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	k++
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] = v
			return
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		}
	}
}

func (t *table[K]) grow() {
	old, oldv := t.keys, t.vals
	size := max(64, 2*len(old))
	t.keys, t.vals, t.n = make([]K, size), make([]int32, size), 0
	t.shift = uint8(64 - bits.TrailingZeros(uint(size)))
	for i, k := range old {
		if k != 0 {
			t.set(k-1, oldv[i])
		}
	}
}

// del removes k if present. O(1) expected.
func (t *table[K]) del(k K) {
	if t.n == 0 {
		return
	}
	k++
	if k == 0 {
		return
	}
	mask := len(t.keys) - 1
	i := t.slot(k)
	for t.keys[i] != k {
		if t.keys[i] == 0 {
			return
		}
		i = (i + 1) & mask
	}
	// Shift back the entries that probed past i.
	for j := (i + 1) & mask; t.keys[j] != 0; j = (j + 1) & mask {
		h := t.slot(t.keys[j])
		if (j-h)&mask >= (j-i)&mask {
			t.keys[i], t.vals[i] = t.keys[j], t.vals[j]
			i = j
		}
	}
	t.keys[i] = 0
	t.n--
}
