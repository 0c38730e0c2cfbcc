package hpa

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// tileSeed is a cell the tile search starts from, at a cost.
type tileSeed struct {
	c  grid.Cost
	li int32
	d  uint8
}

// ringSize is the number of buckets of the tile search's ring: more
// than the costliest step (a diagonal between cells of weight 255)
// divided by the cheapest (a straight step on the least weight).
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
	// col, row: a cell's place in the tile, by index (for the tile
	// width tw)
	col, row []uint16
	tw       int
}

// search runs Dijkstra over the cells of rect r from seeds (each
// setting its cell's cost and step when lower than the tile's), over the
// steps unit u may take, each costing what grid.StepCost says for the
// cells' weights (the unit's class's). Each cell ends with its least
// cost to a seed inside r plus the seed's cost, and the step towards it;
// cells no seed reaches keep dirNone. Steps are symmetric (a unit may
// step from a to b exactly when it may from b to a, at the same cost),
// so the search runs from the seeds. O(cells + seeds log seeds).
func (s *tileSearcher) search(g *grid.Grid, u grid.Unit, r grid.Rect, t *fieldTile) {
	if len(s.seeds) == 0 {
		return
	}
	s.sortSeeds()
	w := g.Width()
	tw := r.Dx()
	masks, weights := g.StepMasks(), g.Weights()
	plain := u.Size <= 1 && u.Class == 0
	least := grid.Straight * grid.Cost(max(g.MinWeight(), 1))
	if !plain {
		least = max(g.UnitLeastCost(grid.Point{}, grid.Pt(1, 0), u), 1)
	}
	// Buckets 2^shift wide, at most the cheapest step: at least half of
	// it, so the costliest step (8119·510) spans at most 505 of them.
	shift := uint(bits.Len64(uint64(least)) - 1)
	base := s.seeds[0].c
	s.done = resize(s.done, len(t.cost))
	clear(s.done)
	if tw := r.Dx(); s.tw != tw || len(s.col) < len(t.cost) {
		s.tw = tw
		s.col, s.row = resize(s.col, len(t.cost)), resize(s.row, len(t.cost))
		for i := range s.col {
			s.col[i], s.row[i] = uint16(i%tw), uint16(i/tw)
		}
	}
	// The steps that stay inside r, by the cell's place: bit d of
	// inX[col] and inY[row].
	const (
		noW = ^uint8(1<<grid.West | 1<<grid.NorthWest | 1<<grid.SouthWest)
		noE = ^uint8(1<<grid.East | 1<<grid.NorthEast | 1<<grid.SouthEast)
		noN = ^uint8(1<<grid.North | 1<<grid.NorthEast | 1<<grid.NorthWest)
		noS = ^uint8(1<<grid.South | 1<<grid.SouthEast | 1<<grid.SouthWest)
	)
	var delta [8]int
	var step [8]grid.Cost // the step costs when every cell weighs w1
	w1 := uint8(0)
	if plain {
		w1 = uniformWeight(weights, w, r)
	}
	for d := range delta {
		dd := grid.Dir(d).Delta()
		delta[d] = dd.Y*tw + dd.X
		step[d] = grid.StepCost(grid.Dir(d), w1, w1)
	}
	items, next := 0, 0 // cells in the ring; the next seed to place
	for k := int64(0); items > 0 || next < len(s.seeds); k++ {
		if items == 0 {
			k = int64((s.seeds[next].c - base) >> shift) // skip empty buckets
		}
		top := base + grid.Cost(k+1)<<shift
		b := &s.ring[k&(ringSize-1)]
		for ; next < len(s.seeds) && s.seeds[next].c < top; next++ {
			sd := s.seeds[next]
			if sd.c < t.cost[sd.li] {
				t.cost[sd.li], t.dir[sd.li] = sd.c, sd.d
				*b = append(*b, sd.li)
				items++
			}
		}
		for len(*b) > 0 {
			li := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			items--
			if s.done[li] {
				continue
			}
			s.done[li] = true
			c := t.cost[li]
			x, y := r.Min.X+int(s.col[li]), r.Min.Y+int(s.row[li])
			gi := y*w + x
			var m, wa uint8
			if plain {
				m, wa = masks[gi], weights[gi]
			} else {
				pt := grid.Pt(x, y)
				m, wa = g.UnitMoves(pt, u), g.UnitWeight(pt, u)
			}
			if x == r.Min.X {
				m &= noW
			}
			if x == r.Max.X-1 {
				m &= noE
			}
			if y == r.Min.Y {
				m &= noN
			}
			if y == r.Max.Y-1 {
				m &= noS
			}
			for m != 0 {
				d := grid.Dir(bits.TrailingZeros8(m))
				m &= m - 1
				lj := int(li) + delta[d]
				var wb uint8
				switch {
				case w1 != 0:
					nc := c + step[d]
					if nc < t.cost[lj] {
						t.cost[lj] = nc
						t.dir[lj] = uint8(opposite(d))
						kb := int64((nc - base) >> shift)
						s.ring[kb&(ringSize-1)] = append(s.ring[kb&(ringSize-1)], int32(lj))
						items++
					}
					continue
				case plain:
					dd := d.Delta()
					wb = weights[gi+dd.Y*w+dd.X]
				default:
					wb = g.UnitWeight(grid.Pt(r.Min.X+int(s.col[lj]), r.Min.Y+int(s.row[lj])), u)
				}
				nc := c + grid.StepCost(d, wa, wb)
				if nc < t.cost[lj] {
					// A cell already in a later bucket is pushed again;
					// the entry found first expands it, the other is
					// skipped.
					t.cost[lj] = nc
					t.dir[lj] = uint8(opposite(d))
					kb := int64((nc - base) >> shift)
					s.ring[kb&(ringSize-1)] = append(s.ring[kb&(ringSize-1)], int32(lj))
					items++
				}
			}
		}
	}
	s.seeds = s.seeds[:0]
}

// sortSeeds sorts the seeds by cost, then cell, then step: as packed
// integers when the costs allow (below 2^39: on any map of less than
// 2^32 cells at most 255 times plain ground, they do).
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

// uniformWeight returns the weight every cell of r has, or 0 when they
// differ.
func uniformWeight(weights []uint8, w int, r grid.Rect) uint8 {
	w1 := weights[r.Min.Y*w+r.Min.X]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, x := range weights[y*w+r.Min.X : y*w+r.Max.X] {
			if x != w1 {
				return 0
			}
		}
	}
	return w1
}
