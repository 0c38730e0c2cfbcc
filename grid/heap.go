package grid

import "math/bits"

// entry is one open-list item: the node's f = g + h and its local index. A
// node improved after being pushed leaves a stale entry behind with a
// larger f, which is popped after the better one and skipped because the
// node is closed by then (lazy deletion).
type entry struct {
	f  uint64
	i  int32
	xy uint32 // local x | local y<<16, so pops need no division
}

// openList is a radix heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990): a
// priority queue for monotone integer keys, which A* with a consistent
// heuristic produces (no key pushed is below the last key popped). Bucket k
// holds keys whose highest bit differing from the last popped key is bit
// k-1, and bmin[k] its least key; bucket 0 holds keys equal to the last
// popped key and is popped last-in first-out, so among equal f the node
// pushed last (in practice the deepest) goes first. Push is O(1), pop
// O(log C) amortised for key range C; every operation is deterministic.
// Buckets keep their capacity between queries.
type openList struct {
	b    [65][]entry
	bmin [65]uint64
	last uint64
	n    int
}

func (h *openList) reset() {
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

func (h *openList) len() int { return h.n }

// push adds index i with key f; f must not be below the last popped key.
func (h *openList) push(f uint64, i int32, xy uint32) {
	k := bits.Len64(f ^ h.last)
	h.b[k] = append(h.b[k], entry{f, i, xy})
	h.bmin[k] = min(h.bmin[k], f)
	h.n++
}

// pop removes and returns an entry of least key; the heap must not be empty.
func (h *openList) pop() entry {
	if len(h.b[0]) == 0 {
		k := 1
		for len(h.b[k]) == 0 {
			k++
		}
		src := h.b[k]
		m := h.bmin[k]
		h.last = m
		for _, e := range src {
			j := bits.Len64(e.f ^ m)
			h.b[j] = append(h.b[j], e)
			h.bmin[j] = min(h.bmin[j], e.f)
		}
		h.b[k] = src[:0]
		h.bmin[k] = ^uint64(0)
	}
	b := h.b[0]
	e := b[len(b)-1]
	h.b[0] = b[:len(b)-1]
	h.n--
	return e
}
