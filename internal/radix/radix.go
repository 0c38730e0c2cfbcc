// Package radix is the radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990)
// both of rtspath's searchers use: a priority queue for monotone integer
// keys, which Dijkstra and A* with a consistent heuristic produce (no key
// pushed is below the last key popped).
//
// Bucket k holds keys whose highest bit differing from the last popped key
// is bit k-1, and bmin[k] its least key; bucket 0 holds keys equal to the
// last popped key and is popped last-in first-out, so among equal keys
// the value pushed last (in A*, in practice the deepest node) goes first.
// Push is O(1), Pop O(log C) amortised for key range C; every operation is
// deterministic.
//
// The keys of buckets 0 to 32 agree with the last popped key from bit 32
// up, so those buckets keep only a key's low 32 bits: an entry of a
// 4-byte value takes 8 bytes, not 16, which halves the memory the heap
// keeps and the bytes a search moves through it. Buckets 33 to 64, for
// keys that differ from the last popped at bit 32 or above (keys 2³² or
// more apart, or across a multiple of 2³²), keep whole keys. Buckets
// keep their capacity between uses.
package radix

import "math/bits"

// Entry is a key and the value pushed with it.
type Entry[V any] struct {
	Key uint64
	Val V
}

// low is an entry of buckets 0 to 32: the key's low 32 bits.
type low[V any] struct {
	key uint32
	val V
}

// Heap is a radix heap of values V. The zero value is not ready: call
// Reset first.
type Heap[V any] struct {
	b    [33][]low[V]   // buckets 0 to 32
	far  [32][]Entry[V] // buckets 33 to 64
	bmin [65]uint64
	last uint64
	n    int
}

// Reset empties the heap, keeping its memory. O(1) when it is empty.
func (h *Heap[V]) Reset() {
	if h.n > 0 {
		for k := range h.b {
			h.b[k] = h.b[k][:0]
		}
		for k := range h.far {
			h.far[k] = h.far[k][:0]
		}
	}
	for k := range h.bmin {
		h.bmin[k] = ^uint64(0)
	}
	h.n, h.last = 0, 0
}

// Len returns the number of entries.
func (h *Heap[V]) Len() int { return h.n }

// Push adds v with key k; k must not be below the last popped key.
func (h *Heap[V]) Push(k uint64, v V) {
	i := bits.Len64(k ^ h.last)
	if i <= 32 {
		h.b[i] = append(h.b[i], low[V]{uint32(k), v})
	} else {
		h.far[i-33] = append(h.far[i-33], Entry[V]{k, v})
	}
	h.bmin[i] = min(h.bmin[i], k)
	h.n++
}

// Pop removes and returns an entry of least key; the heap must not be
// empty.
func (h *Heap[V]) Pop() Entry[V] {
	if len(h.b[0]) == 0 {
		h.refill()
	}
	b := h.b[0]
	e := b[len(b)-1]
	h.b[0] = b[:len(b)-1]
	h.n--
	return Entry[V]{h.last, e.val} // bucket 0's keys equal last
}

// refill moves the entries of the least non-empty bucket, bucket 0 being
// empty, to the buckets below it, after making its least key the last
// popped.
func (h *Heap[V]) refill() {
	i := 1
	for i <= 32 && len(h.b[i]) == 0 {
		i++
	}
	if i > 32 {
		h.refillFar()
		return
	}
	m := h.bmin[i]
	h.last = m
	hi := m &^ (1<<32 - 1) // the high bits every key of bucket i shares
	for _, e := range h.b[i] {
		j := bits.Len32(e.key ^ uint32(m))
		h.b[j] = append(h.b[j], e)
		h.bmin[j] = min(h.bmin[j], hi|uint64(e.key))
	}
	h.b[i] = h.b[i][:0]
	h.bmin[i] = ^uint64(0)
}

// refillFar is refill when buckets 0 to 32 are empty.
func (h *Heap[V]) refillFar() {
	i := 0
	for len(h.far[i]) == 0 {
		i++
	}
	m := h.bmin[33+i]
	h.last = m
	for _, e := range h.far[i] {
		j := bits.Len64(e.Key ^ m)
		if j <= 32 {
			h.b[j] = append(h.b[j], low[V]{uint32(e.Key), e.Val})
		} else {
			h.far[j-33] = append(h.far[j-33], e)
		}
		h.bmin[j] = min(h.bmin[j], e.Key)
	}
	h.far[i] = h.far[i][:0]
	h.bmin[33+i] = ^uint64(0)
}
