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
// The entries live in one pool, each bucket a list through it (newest
// first), and a popped entry's slot is reused by the next push: the heap
// keeps memory for the most entries it held at once, not for the most
// each of its 65 buckets held at some time (which, on a grid search's
// open list, came to seven times as much).
package radix

import "math/bits"

// Entry is a key and the value pushed with it.
type Entry[V any] struct {
	Key uint64
	Val V
}

// slot is an entry in the pool and the next (older) one of its bucket or
// of the free list (-1: none).
type slot[V any] struct {
	e    Entry[V]
	next int32
}

// Heap is a radix heap of values V. The zero value is not ready: call
// Reset first.
type Heap[V any] struct {
	head [65]int32 // per bucket: its newest entry's slot (-1: empty)
	bmin [65]uint64
	pool []slot[V]
	free int32 // first free slot (-1: none)
	last uint64
	n    int
}

// Reset empties the heap, keeping its memory. O(1).
func (h *Heap[V]) Reset() {
	for k := range h.head {
		h.head[k] = -1
		h.bmin[k] = ^uint64(0)
	}
	h.pool, h.free = h.pool[:0], -1
	h.n, h.last = 0, 0
}

// Len returns the number of entries.
func (h *Heap[V]) Len() int { return h.n }

// Push adds v with key k; k must not be below the last popped key.
func (h *Heap[V]) Push(k uint64, v V) {
	i := bits.Len64(k ^ h.last)
	x := h.free
	if x >= 0 {
		h.free = h.pool[x].next
		h.pool[x] = slot[V]{Entry[V]{k, v}, h.head[i]}
	} else {
		x = int32(len(h.pool))
		h.pool = append(h.pool, slot[V]{Entry[V]{k, v}, h.head[i]})
	}
	h.head[i] = x
	h.bmin[i] = min(h.bmin[i], k)
	h.n++
}

// Pop removes and returns an entry of least key; the heap must not be
// empty.
func (h *Heap[V]) Pop() Entry[V] {
	if h.head[0] < 0 {
		i := 1
		for h.head[i] < 0 {
			i++
		}
		m := h.bmin[i]
		h.last = m
		// Bucket i's entries go to the buckets below, each keeping the
		// order of pushes: a bucket's moved entries come before (are
		// newer than) what it held, in the order they had in bucket i.
		// The list runs newest first, so each later (older) one goes
		// after the last one moved to the same bucket.
		var tail [64]int32
		for j := range tail[:i] {
			tail[j] = -1
		}
		pool := h.pool
		for x := h.head[i]; x >= 0; {
			s := &pool[x]
			nx := s.next
			j := bits.Len64(s.e.Key ^ m)
			if t := tail[j]; t < 0 {
				s.next = h.head[j]
				h.head[j] = x
			} else {
				s.next = pool[t].next
				pool[t].next = x
			}
			tail[j] = x
			h.bmin[j] = min(h.bmin[j], s.e.Key)
			x = nx
		}
		h.head[i] = -1
		h.bmin[i] = ^uint64(0)
	}
	x := h.head[0]
	s := &h.pool[x]
	h.head[0] = s.next
	s.next = h.free
	h.free = x
	h.n--
	return s.e
}
