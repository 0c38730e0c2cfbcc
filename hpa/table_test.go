package hpa

import (
	"math/rand/v2"
	"testing"
)

// TestTable runs random sets, gets and deletes on the open-addressing
// table and on a Go map side by side, with small keys, keys that differ
// only in their high bits, and random 64-bit ones.
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	for _, c := range []struct {
		name string
		key  func() uint64
	}{
		{"small", func() uint64 { return uint64(r.IntN(300)) }},
		{"high", func() uint64 { return uint64(r.IntN(300)) << 40 }},
		{"any", func() uint64 { return r.Uint64() >> r.IntN(64) }},
	} {
		name, key := c.name, c.key
		var tb table[uint64]
		var tc table[int32]
		ref := map[uint64]int32{}
		for op := range 200000 {
			k := key()
			if k == 1<<64-1 {
				continue
			}
			switch r.IntN(3) {
			case 0:
				v := int32(op)
				tb.set(k, v)
				tc.set(int32(k%(1<<28)), v)
				ref[k] = v
			case 1:
				tb.del(k)
				tc.del(int32(k % (1 << 28)))
				delete(ref, k)
			}
			want, ok := ref[k]
			if !ok {
				want = -1
			}
			if got := tb.get(k); got != want {
				t.Fatalf("%s: op %d: get(%#x) = %d, want %d", name, op, k, got, want)
			}
			if tb.n != len(ref) {
				t.Fatalf("%s: %d keys, want %d", name, tb.n, len(ref))
			}
			if name == "small" {
				if got := tc.get(int32(k)); got != want {
					t.Fatalf("int32 keys: op %d: get(%d) = %d, want %d", op, k, got, want)
				}
			}
		}
		if 2*tb.n > len(tb.keys) {
			t.Errorf("%s: %d keys in %d slots", name, tb.n, len(tb.keys))
		}
	}
}
