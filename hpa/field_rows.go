package hpa

import (
	"math/bits"

	"github.com/rtspath/rtspath/grid"
)

// maxRowsSide is the widest and tallest tile searchRows takes: a row's
// pending cells fit in one uint64.
const maxRowsSide = 64

// rowsScratch is searchRows' state per row of the tile: the cells whose
// cost fell since the row last passed it on, and the least such cost.
type rowsScratch struct {
	dirty [maxRowsSide]uint64
	key   [maxRowsSide]grid.Cost
}

// rowsFits reports whether searchRows may stand in for search: a plain
// unit on a map of one weight, without influence or spans, on a tile of
// at most maxRowsSide a side.
func rowsFits(g *grid.Grid, u grid.Unit, r grid.Rect, pen func(int) grid.Cost, rows []span) bool {
	return pen == nil && rows == nil && u.Size <= 1 && u.Class == 0 && g.Uniform() &&
		r.Dx() <= maxRowsSide && r.Dy() <= maxRowsSide
}

// searchRows gives the cells of rect r the costs search would (the least
// cost to a seed inside r plus the seed's cost) on a map whose cells all
// weigh the same, for a plain unit, by label correcting over whole rows
// rather than Dijkstra over cells: the row holding the cheapest cell
// whose cost fell is taken next, its fallen cells pass their costs along
// the row as far as they lower them, then to the rows above and below.
// No cell waits in a queue: a row's pending cells are bits of a word.
// A cell may fall more than once (a row is taken while cells dearer than
// its least are pending), but every fall is passed on, so the costs end
// at the least fixed point, which is the least cost; the step stored
// with a cost is the one that gave it, so costs fall along the steps.
// The steps may differ from search's where two are equally cheap.
func (s *tileSearcher) searchRows(g *grid.Grid, r grid.Rect, t *fieldTile) {
	rs := &s.rows
	tw, th := r.Dx(), r.Dy()
	cost, dir := t.cost, t.dir
	for y := range th {
		rs.dirty[y], rs.key[y] = 0, grid.Unreachable
	}
	for _, sd := range s.seeds {
		if sd.c < cost[sd.li] {
			cost[sd.li], dir[sd.li] = sd.c, sd.d
			y := int(sd.li) / tw
			rs.dirty[y] |= 1 << (int(sd.li) - y*tw)
			rs.key[y] = min(rs.key[y], sd.c)
		}
	}
	s.seeds = s.seeds[:0]
	wt := g.Weights()[r.Min.Y*g.Width()+r.Min.X]
	st, dg := grid.StepCost(grid.North, wt, wt), grid.StepCost(grid.NorthEast, wt, wt)
	masks, gw := g.StepMasks(), g.Width()
	for {
		y, least := -1, grid.Unreachable
		for i := range th {
			if rs.key[i] < least {
				y, least = i, rs.key[i]
			}
		}
		if y < 0 {
			return
		}
		pend := rs.dirty[y]
		rs.dirty[y], rs.key[y] = 0, grid.Unreachable
		row := cost[y*tw : y*tw+tw]
		rdir := dir[y*tw : y*tw+tw]
		m := masks[(r.Min.Y+y)*gw+r.Min.X:][:tw]
		// Along the row: east from each fallen cell, west likewise.
		fell := pend
		for b := pend; b != 0; b &= b - 1 {
			x := bits.TrailingZeros64(b)
			for c := row[x]; x+1 < tw && m[x]&(1<<grid.East) != 0; x++ {
				c += st
				if c >= row[x+1] {
					break
				}
				row[x+1], rdir[x+1] = c, uint8(grid.West)
				fell |= 1 << (x + 1)
			}
		}
		for b := fell; b != 0; b &^= 1 << (63 - bits.LeadingZeros64(b)) {
			x := 63 - bits.LeadingZeros64(b)
			for c := row[x]; x > 0 && m[x]&(1<<grid.West) != 0; x-- {
				c += st
				if c >= row[x-1] {
					break
				}
				row[x-1], rdir[x-1] = c, uint8(grid.East)
				fell |= 1 << (x - 1)
			}
		}
		// To the rows above and below.
		var up, down []grid.Cost
		var upDir, downDir []uint8
		if y > 0 {
			up, upDir = cost[(y-1)*tw:y*tw], dir[(y-1)*tw:y*tw]
		}
		if y+1 < th {
			down, downDir = cost[(y+1)*tw:(y+2)*tw], dir[(y+1)*tw:(y+2)*tw]
		}
		if up != nil {
			passRow(fell, row, m, up, upDir, &rs.dirty[y-1], &rs.key[y-1], st, dg, grid.North, grid.NorthEast, grid.NorthWest)
		}
		if down != nil {
			passRow(fell, row, m, down, downDir, &rs.dirty[y+1], &rs.key[y+1], st, dg, grid.South, grid.SouthEast, grid.SouthWest)
		}
	}
}

// passRow passes the costs of row's fallen cells to the next row (to,
// with its steps tdir, pending cells dirty and their least cost key),
// over the steps straight, east-diagonal and west-diagonal towards it
// that each cell's mask m allows.
func passRow(fell uint64, row []grid.Cost, m []uint8, to []grid.Cost, tdir []uint8, dirty *uint64, key *grid.Cost,
	st, dg grid.Cost, straight, east, west grid.Dir) {
	tw := len(row)
	m, to, tdir = m[:tw], to[:tw], tdir[:tw]
	d, k := *dirty, *key
	bs, be, bw := uint8(1)<<straight, uint8(1)<<east, uint8(1)<<west
	rs, re, rw := uint8(opposite(straight)), uint8(opposite(east)), uint8(opposite(west))
	for b := fell; b != 0; b &= b - 1 {
		x := bits.TrailingZeros64(b) & (maxRowsSide - 1)
		if x >= tw {
			break
		}
		c, mx := row[x], m[x]
		if mx&bs != 0 {
			if nc := c + st; nc < to[x] {
				to[x], tdir[x] = nc, rs
				d |= 1 << x
				k = min(k, nc)
			}
		}
		nc := c + dg
		if mx&be != 0 && x+1 < tw && nc < to[x+1] {
			to[x+1], tdir[x+1] = nc, re
			d |= 1 << (x + 1)
			k = min(k, nc)
		}
		if mx&bw != 0 && x > 0 && nc < to[x-1] {
			to[x-1], tdir[x-1] = nc, rw
			d |= 1 << (x - 1)
			k = min(k, nc)
		}
	}
	*dirty, *key = d, k
}
