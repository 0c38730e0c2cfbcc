package preprocess

import (
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// edgeCosts are the costs of a cluster's intra edges, one per pair of
// its points of one region, in pair order (see eachPair): four bytes an
// edge while every cost fits, eight once one does not. The pairs are not
// stored: the points and their regions give them.
type edgeCosts struct {
	c    []uint32 // a cost each, or two (low, high) when wide
	wide bool
}

// reset empties e.
func (e *edgeCosts) reset() { e.c, e.wide = e.c[:0], false }

// len returns the number of edges.
func (e *edgeCosts) len() int {
	if e.wide {
		return len(e.c) / 2
	}
	return len(e.c)
}

// add appends the cost of the next pair.
func (e *edgeCosts) add(cost grid.Cost) {
	if !e.wide && uint64(cost) > 0xffffffff {
		wide := make([]uint32, 0, 2*cap(e.c))
		for _, c := range e.c {
			wide = append(wide, c, 0)
		}
		e.c, e.wide = wide, true
	}
	if e.wide {
		e.c = append(e.c, uint32(cost), uint32(uint64(cost)>>32))
		return
	}
	e.c = append(e.c, uint32(cost))
}

// trim gives back the room append left past the last edge: a bake
// keeps the costs of every cluster for good.
func (e *edgeCosts) trim() {
	if cap(e.c) > len(e.c) {
		e.c = slices.Clone(e.c)
	}
}

// at returns the cost of edge k.
func (e *edgeCosts) at(k int) grid.Cost {
	if e.wide {
		return grid.Cost(uint64(e.c[2*k]) | uint64(e.c[2*k+1])<<32)
	}
	return grid.Cost(e.c[k])
}

// size returns the memory e holds.
func (e *edgeCosts) size() int { return 4 * cap(e.c) }

// eachPair calls f with every pair of points (by local index, a < z) of
// cluster c that share a region, in pair order: by a, then z; k counts
// the pairs from 0, indexing c's edgeCosts.
func (b *Bake) eachPair(c int, f func(k int, a, z int32)) {
	cl := &b.cl[c]
	k := 0
	for a := 0; a < len(cl.points)-1; a++ {
		ra := b.regionAt(int(cl.points[a]))
		for z := a + 1; z < len(cl.points); z++ {
			if b.regionAt(int(cl.points[z])) == ra {
				f(k, int32(a), int32(z))
				k++
			}
		}
	}
}
