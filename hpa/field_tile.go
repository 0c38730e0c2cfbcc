package hpa

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// tileSeed is a cell the tile search starts from, at a cost.
type tileSeed struct {
	c  grid.Cost
	li int32
	d  uint8
}

// ringSize is the number of buckets of the tile search's ring: more
// than the costliest step (a diagonal between cells of weight 255)
// divided by the cheapest (a straight step on the least weight). A step
// that also pays influence may reach beyond; its cell waits in a heap.
const ringSize = 512

// tileSearcher is the scratch of the tile search: a ring of buckets of
// cells, each bucket as wide as the cheapest step, so that a cell's
// neighbours always land in later buckets and the cells of a bucket are
// final when it is reached (Dial's algorithm with wide buckets): no heap.
type tileSearcher struct {
	ring  [ringSize][]int32
	seeds []tileSeed
	keys  []uint64
	done  []bool
	// far holds the cells whose bucket lies beyond the ring (a step that
	// pays heavy influence), by cost, until their bucket comes round
	far treeHeap // f: the cost, n: the cell
	// per cell of the tile: the unit's steps that stay inside it, its
	// weight for the unit, and its influence under a penalty layer
	moves, weights []uint8
	infl           []grid.Cost
	rows           rowsScratch // searchRows' state
}

// search sets every cell of tile t (rect r) by Dijkstra from the
// seeds (each giving its cell its cost and step when lowest), over the
// steps unit u may take, each costing what grid.StepCost says for the
// cells' weights (the unit's class's). Each cell ends with its least
// cost to a seed inside r plus the seed's cost, and the step towards it;
// cells no seed reaches get grid.Unreachable and dirNone. Seeds' costs
// must not be below 0. Steps are symmetric (a unit may step from a to b
// exactly when it may from b to a, at the same cost), so the search runs
// from the seeds; with pen (not nil: a cost per cell of the grid, by
// index) a step also pays pen of the cell it enters, the cell nearer the
// seeds. With rows (see load) only the cells of each
// row's span expand: a cell outside is reached at most, as a dead end.
// O(cells + seeds log seeds) by Dijkstra; the row search (searchRows),
// which stands in on maps of one weight, takes each row about once.
// With until ≥ 0 (a cell of t, by index) Dijkstra may stop once that
// cell's cost is final: then it and the cells its steps lead through to
// a seed are set as a whole search would set them, the rest of t not.
func (s *tileSearcher) search(g *grid.Grid, u grid.Unit, r grid.Rect, t *fieldTile, pen func(cell int) grid.Cost, rows []span, until int) {
	if rowsFits(g, u, r, pen, rows, s.seeds) {
		s.searchRows(g, r, t)
		return
	}
	t.packed = false
	fill(t.cost, grid.Unreachable)
	fill(t.dir, dirNone)
	if len(s.seeds) == 0 {
		return
	}
	s.sortSeeds()
	tw := r.Dx()
	n := len(t.cost)
	least, uniform := s.load(g, u, r, n, rows)
	var infl []grid.Cost // per cell: what a unit pays to enter it
	if pen != nil {
		// The cells that expand: those of the spans (load leaves the
		// others no step out, so their influence, read when they pop,
		// leads nowhere).
		s.infl = resize(s.infl, n)
		w := g.Width()
		for y := range r.Dy() {
			x0, x1 := r.Min.X, r.Max.X
			if rows != nil {
				x0, x1 = max(x0, int(rows[y].lo)), min(x1, int(rows[y].hi))
			}
			gi, li := (r.Min.Y+y)*w, y*tw-r.Min.X
			for x := x0; x < x1; x++ {
				s.infl[li+x] = pen(gi + x)
			}
		}
		infl = s.infl
	}
	// Buckets 2^shift wide, at most the cheapest step: at least half of
	// it, so the costliest step (8119·510) spans at most 505 of them.
	shift := uint(bits.Len64(uint64(least)) - 1)
	base := s.seeds[0].c
	s.done = resize(s.done, n)
	clear(s.done)
	var delta [8]int
	var half, step [8]grid.Cost // half a step on weight 1; a step when uniform
	for d := range delta {
		dd := grid.Dir(d).Delta()
		delta[d] = dd.Y*tw + dd.X
		half[d] = grid.StepCost(grid.Dir(d), 1, 0)
		step[d] = grid.StepCost(grid.Dir(d), uniform, uniform)
	}
	moves, weights, done, cost, dir := s.moves[:n], s.weights[:n], s.done[:n], t.cost[:n], t.dir[:n]
	s.far = s.far[:0]
	items, next := 0, 0 // cells in the ring; the next seed to place
	for k := int64(0); items > 0 || next < len(s.seeds) || len(s.far) > 0; k++ {
		if items == 0 { // skip empty buckets
			k = math.MaxInt64
			if next < len(s.seeds) {
				k = int64((s.seeds[next].c - base) >> shift)
			}
			if len(s.far) > 0 {
				k = min(k, int64((grid.Cost(s.far[0].f)-base)>>shift))
			}
		}
		top := base + grid.Cost(k+1)<<shift
		b := &s.ring[k&(ringSize-1)]
		for ; next < len(s.seeds) && s.seeds[next].c < top; next++ {
			sd := s.seeds[next]
			if sd.c < cost[sd.li] {
				cost[sd.li], dir[sd.li] = sd.c, sd.d
				*b = append(*b, sd.li)
				items++
			}
		}
		for len(s.far) > 0 && grid.Cost(s.far[0].f) < top {
			if it := s.far.pop(); grid.Cost(it.f) == cost[it.n] {
				*b = append(*b, it.n) // its cost, if still its best
				items++
			}
		}
		for len(*b) > 0 {
			li := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			items--
			if done[li] {
				continue // a cell pushed again: expanded already
			}
			if int(li) == until {
				// Its cost is final, and so are those of the cells its
				// steps lead through: all are below its bucket, and
				// nothing left lowers a cell of it (a step costs at least
				// a bucket's width).
				s.stop()
				return
			}
			done[li] = true
			c := cost[li]
			if infl != nil {
				c += infl[li] // a step into li pays its influence
			}
			m := moves[li]
			wa := grid.Cost(weights[li])
			for m != 0 {
				d := bits.TrailingZeros8(m)
				m &= m - 1
				lj := int(li) + delta[d]
				var nc grid.Cost
				if uniform != 0 {
					nc = c + step[d]
				} else {
					nc = c + half[d]*(wa+grid.Cost(weights[lj]))
				}
				if nc < cost[lj] {
					cost[lj] = nc
					dir[lj] = back[d]
					kb := int64((nc - base) >> shift)
					if kb-k >= ringSize { // beyond the ring (heavy influence): wait in far
						s.far.push(treeItem{f: navgraph.Cost(nc), n: int32(lj)})
						continue
					}
					s.ring[kb&(ringSize-1)] = append(s.ring[kb&(ringSize-1)], int32(lj))
					items++
				}
			}
		}
	}
	s.seeds = s.seeds[:0]
}

// stop empties the ring and far for the next search, when one ends
// before it has expanded every cell.
func (s *tileSearcher) stop() {
	for i := range s.ring {
		s.ring[i] = s.ring[i][:0]
	}
	s.far = s.far[:0]
	s.seeds = s.seeds[:0]
}

// bytes returns the memory the searcher's scratch holds.
func (s *tileSearcher) bytes() int {
	n := 16*cap(s.seeds) + 8*cap(s.keys) + cap(s.done) + 24*cap(s.far) + cap(s.moves) + cap(s.weights) + 8*cap(s.infl)
	for _, b := range s.ring {
		n += 4 * cap(b)
	}
	if s.rows.price != nil {
		n += len(s.rows.price) * len(s.rows.price[0]) * 8
	}
	return n
}

// back[d] is the step opposite d.
var back = func() (b [8]uint8) {
	for d := range b {
		b[d] = uint8(opposite(grid.Dir(d)))
	}
	return b
}()

// span is the columns [lo, hi) of one row that a search may expand.
type span struct{ lo, hi int32 }

// load copies the steps unit u may take inside rect r (n cells) and the
// cells' weights for it into s.moves and s.weights, and returns the
// cheapest step the unit can take anywhere (a straight one on its least
// weight) and the weight every cell loaded has (0: they differ). With
// rows (one span a row of r, in grid columns) it loads only the cells of
// each row's span; the others take no step and weigh 0.
func (s *tileSearcher) load(g *grid.Grid, u grid.Unit, r grid.Rect, n int, rows []span) (least grid.Cost, uniform uint8) {
	s.moves, s.weights = resize(s.moves, n), resize(s.weights, n)
	w := g.Width()
	masks := g.StepMasks()
	plain := u.Size <= 1 && u.Class == 0
	const (
		noW = ^uint8(1<<grid.West | 1<<grid.NorthWest | 1<<grid.SouthWest)
		noE = ^uint8(1<<grid.East | 1<<grid.NorthEast | 1<<grid.SouthEast)
		noN = ^uint8(1<<grid.North | 1<<grid.NorthEast | 1<<grid.NorthWest)
		noS = ^uint8(1<<grid.South | 1<<grid.SouthEast | 1<<grid.SouthWest)
	)
	li := 0
	uniform = 0
	first := true
	same := true
	if rows != nil {
		clear(s.moves[:n])
		clear(s.weights[:n])
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		x0, x1 := r.Min.X, r.Max.X
		if rows != nil {
			sp := rows[y-r.Min.Y]
			x0, x1 = max(x0, int(sp.lo)), min(x1, int(sp.hi))
			li = (y-r.Min.Y)*r.Dx() + x0 - r.Min.X
		}
		edge := uint8(0xff)
		if y == r.Min.Y {
			edge &= noN
		}
		if y == r.Max.Y-1 {
			edge &= noS
		}
		for x := x0; x < x1; x++ {
			var m, wt uint8
			if plain {
				gi := y*w + x
				m, wt = masks[gi], g.WeightAt(gi)
			} else {
				pt := grid.Pt(x, y)
				m, wt = g.UnitMoves(pt, u), g.UnitWeight(pt, u)
			}
			m &= edge
			if x == r.Min.X {
				m &= noW
			}
			if x == r.Max.X-1 {
				m &= noE
			}
			s.moves[li], s.weights[li] = m, wt
			li++
			if first {
				uniform, first = wt, false
			} else if wt != uniform {
				same = false
			}
		}
	}
	if !same {
		uniform = 0
	}
	least = grid.Straight * grid.Cost(max(g.MinWeight(), 1))
	if !plain {
		least = max(g.UnitLeastCost(grid.Point{}, grid.Pt(1, 0), u), 1)
	}
	return least, uniform
}

// sortSeeds sorts the seeds by cost, then cell, then step: as packed
// integers when the costs allow (below 2^39: without influence, on any
// map of less than 2^32 cells, they do), else with a comparison.
func (s *tileSearcher) sortSeeds() {
	const low = 24 // 16 bits of cell (at most 256² a tile), 8 of step
	s.keys = s.keys[:0]
	for _, sd := range s.seeds {
		if sd.c >= 1<<(63-low) || sd.li >= 1<<16 {
			slices.SortFunc(s.seeds, func(a, b tileSeed) int {
				return cmp.Or(cmp.Compare(a.c, b.c), cmp.Compare(a.li, b.li), cmp.Compare(a.d, b.d))
			})
			return
		}
		s.keys = append(s.keys, uint64(sd.c)<<low|uint64(sd.li)<<8|uint64(sd.d))
	}
	slices.Sort(s.keys)
	for i, k := range s.keys {
		s.seeds[i] = tileSeed{grid.Cost(k >> low), int32(k >> 8 & 0xffff), uint8(k)}
	}
}

// opposite returns the step back.
func opposite(d grid.Dir) grid.Dir {
	if d < grid.NorthEast {
		return (d + 2) & 3
	}
	return grid.NorthEast + (d-grid.NorthEast+2)&3
}
