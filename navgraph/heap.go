package navgraph

import "github.com/rtspath/rtspath/internal/radix"

// item is an open-list entry: node n reached at cost g, with f = g plus
// its bound.
type item struct {
	f, g Cost
	n    int32
}

// less orders heap entries by f, then by larger g (deeper first), then by
// node id: a fixed total order, so results never depend on push order.
func less(a, b item) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.n < b.n
}

// heap is the open list: it pops its entries in the order of less.
//
// A search whose bound is consistent never pushes an f below the last
// one popped, and the heap makes use of it: only the entries of the
// least f (the plateau being expanded) sit in a comparison heap, cur,
// ordered by less; the others wait in a radix heap keyed by f
// (internal/radix), unordered among equal f. When the plateau is used
// up, the entries of the next least f move from the radix heap to cur.
// The comparison heap holds a plateau rather than the whole open list,
// and a push above the plateau costs O(1).
//
// A push below the plateau (a bound that is not consistent, which
// Query.Heuristic allows) makes cur hold every entry until reset. Either
// way pop returns the least entry under less, so the order of expansions,
// and with it every result, is that of one comparison heap.
type heap struct {
	cur  quad                // entries of f == last (all of them once flat)
	wait radix.Heap[waiting] // entries of f > last, keyed by f
	last Cost                // the plateau's f
	flat bool                // a push went below last: cur holds everything
}

// waiting is an entry in the radix heap, whose key is its f.
type waiting struct {
	g Cost
	n int32
}

func (h *heap) len() int { return len(h.cur.items) + h.wait.Len() }

// reset empties the heap, keeping its memory.
func (h *heap) reset() {
	h.cur.items = h.cur.items[:0]
	h.wait.Reset()
	h.last, h.flat = 0, false
}

func (h *heap) push(it item) {
	switch {
	case it.f == h.last || h.flat:
		h.cur.push(it)
	case it.f > h.last:
		h.wait.Push(uint64(it.f), waiting{it.g, it.n})
	default: // below the plateau: order everything by comparison
		h.flat = true
		for h.wait.Len() > 0 {
			h.cur.push(h.waited())
		}
		h.cur.push(it)
	}
}

// waited pops the radix heap's least entry.
func (h *heap) waited() item {
	e := h.wait.Pop()
	return item{Cost(e.Key), e.Val.g, e.Val.n}
}

// pop removes and returns the least entry under less; the heap must not
// be empty.
func (h *heap) pop() item {
	if len(h.cur.items) == 0 { // the next plateau
		it := h.waited()
		h.last = it.f
		h.cur.push(it)
		for h.wait.Tied() {
			h.cur.push(h.waited())
		}
	}
	return h.cur.pop()
}

// quad is a 4-ary min-heap of items under less: half the depth of a
// binary heap, and a node's children share a cache line or two.
type quad struct{ items []item }

func (hp *quad) push(it item) {
	h := append(hp.items, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !less(it, h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = it
	hp.items = h
}

func (hp *quad) pop() item {
	h := hp.items
	top := h[0]
	last := len(h) - 1
	x := h[last]
	h = h[:last]
	i := 0
	for {
		c := 4*i + 1
		if c >= last {
			break
		}
		m := c
		for k := c + 1; k < min(c+4, last); k++ {
			if less(h[k], h[m]) {
				m = k
			}
		}
		if !less(h[m], x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	if last > 0 {
		h[i] = x
	}
	hp.items = h
	return top
}
