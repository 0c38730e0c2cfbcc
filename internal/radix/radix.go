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
// deterministic. Buckets keep their capacity between uses.
package radix

import "math/bits"

// Entry is a key and the value pushed with it.
type Entry[V any] struct {
	Key uint64
	Val V
}

// Heap is a radix heap of values V. The zero value is not ready: call
// Reset first.
type Heap[V any] struct {
	b    [65][]Entry[V]
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
	h.b[i] = append(h.b[i], Entry[V]{k, v})
	h.bmin[i] = min(h.bmin[i], k)
	h.n++
}

// Pop removes and returns an entry of least key; the heap must not be
// empty.
func (h *Heap[V]) Pop() Entry[V] {
	if len(h.b[0]) == 0 {
		i := 1
		for len(h.b[i]) == 0 {
			i++
		}
		m := h.bmin[i]
		h.last = m
		for _, e := range h.b[i] {
			j := bits.Len64(e.Key ^ m)
			h.b[j] = append(h.b[j], e)
			h.bmin[j] = min(h.bmin[j], e.Key)
		}
		h.b[i] = h.b[i][:0]
		h.bmin[i] = ^uint64(0)
	}
	b := h.b[0]
	e := b[len(b)-1]
	h.b[0] = b[:len(b)-1]
	h.n--
	return e
}
