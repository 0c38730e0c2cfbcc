package navgraph

import "math/bits"

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
// ordered by less; the others wait, unordered, in the buckets of a radix
// heap (Ahuja, Mehlhorn, Orlin, Tarjan 1990) keyed by f: bucket k holds
// the entries whose f differs from the plateau's first at bit k. When the
// plateau is used up, the lowest bucket is split: its entries of the
// least f there make the new plateau, the others go to lower buckets. A
// push above the plateau costs O(1), an entry moves at most once a bit,
// and the comparison heap holds a plateau rather than the whole open
// list. The buckets are lists threaded through one pool of entries
// whose slots are reused, so the heap's memory follows the most entries
// it held at once, as one comparison heap's would, not the sum of each
// bucket's most.
//
// A push below the plateau (a bound that is not consistent, which
// Query.Heuristic allows) makes cur hold every entry until reset. Either
// way pop returns the least entry under less, so the order of expansions,
// and with it every result, is that of one comparison heap.
type heap struct {
	cur   quad      // entries of f == last (all of them once flat)
	pool  []pooled  // waiting entries, and free slots chained from free
	free  int32     // first free slot of pool (-1: none)
	head  [64]int32 // per bucket: its first entry, while its bit of full is set
	bmin  [64]Cost  // per bucket: its least f
	full  uint64    // bit k set when bucket k holds entries
	last  Cost      // the plateau's f
	nwait int       // entries in the buckets
	flat  bool      // a push went below last: cur holds everything
}

// pooled is a waiting entry and the next in its bucket (or free) list,
// the item's fields inline so that next takes the item's padding: 24
// bytes an entry, not 32.
type pooled struct {
	f, g    Cost
	n, next int32
}

// item returns the entry p holds.
func (p *pooled) item() item { return item{p.f, p.g, p.n} }

func (h *heap) len() int { return len(h.cur.items) + h.nwait }

// reset empties the heap, keeping its memory.
func (h *heap) reset() {
	h.cur.items = h.cur.items[:0]
	h.pool = h.pool[:0]
	h.free, h.full, h.nwait = -1, 0, 0
	h.last, h.flat = 0, false
}

func (h *heap) push(it item) {
	switch {
	case it.f == h.last || h.flat:
		h.cur.push(it)
	case it.f > h.last:
		x := h.free
		if x >= 0 {
			h.free = h.pool[x].next
		} else {
			x = int32(len(h.pool))
			h.pool = append(h.pool, pooled{})
		}
		h.pool[x].f, h.pool[x].g, h.pool[x].n = it.f, it.g, it.n
		h.file(x, it.f)
		h.nwait++
	default: // below the plateau: order everything by comparison
		h.flat = true
		for h.full != 0 {
			k := bits.TrailingZeros64(h.full)
			for x := h.head[k]; x >= 0; x = h.pool[x].next {
				h.cur.push(h.pool[x].item())
			}
			h.full &^= 1 << k
		}
		h.pool, h.free, h.nwait = h.pool[:0], -1, 0
		h.cur.push(it)
	}
}

// file puts slot x, of f above the plateau's, in its bucket.
func (h *heap) file(x int32, f Cost) {
	k := bits.Len64(uint64(f^h.last)) - 1
	if h.full&(1<<k) == 0 {
		h.full |= 1 << k
		h.head[k], h.bmin[k] = -1, f
	}
	h.pool[x].next = h.head[k]
	h.head[k] = x
	h.bmin[k] = min(h.bmin[k], f)
}

// pop removes and returns the least entry under less; the heap must not
// be empty.
func (h *heap) pop() item {
	if len(h.cur.items) == 0 { // the next plateau: split the lowest bucket
		k := bits.TrailingZeros64(h.full)
		h.full &^= 1 << k
		m := h.bmin[k]
		h.last = m
		for x := h.head[k]; x >= 0; {
			p := &h.pool[x]
			next := p.next
			if p.f == m {
				h.cur.push(p.item())
				p.next, h.free = h.free, x
				h.nwait--
			} else {
				h.file(x, p.f) // a lower bucket
			}
			x = next
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
