package hpa

import (
	"math/bits"

	"github.com/rtspath/rtspath/grid"
)

// maxRowsSide is the widest and tallest tile searchRows takes: its
// rows fit the bits of one uint64 and a row the spare row of its scratch.
const maxRowsSide = 64

// A key is a cell's cost and step in one integer, cost<<keyBits | step,
// so that one min picks the cheaper of two and, between equal costs, the
// lower step code: searchRows compares and updates without branches.
const (
	keyBits = 4
	keyLow  = 1<<keyBits - 1
	// keyNone marks a cell not reached; it is also added to the price
	// of a step the cell's mask does not allow, which then never wins.
	keyNone grid.Cost = 1 << 58
	// keyMaxSeed bounds the seeds' costs searchRows takes (search
	// takes the others), so that no key reaches keyNone and no sum of
	// two keys and a step wraps. Seeds' costs are never below 0 (see
	// search), so a step priced keyNone or more never wins.
	keyMaxSeed grid.Cost = 1 << 50
)

// rowsScratch is searchRows' state: per row of the tile, the least key
// of its cells that fell since the row was last taken (keyNone: none);
// and the price of each step as a key, by the step and the step mask of
// the cell it leaves, for cells of weight priceWt (0: not set yet).
type rowsScratch struct {
	key     [maxRowsSide]grid.Cost
	spare   [maxRowsSide]grid.Cost // a row beyond the tile's edge
	price   *[8][256]grid.Cost     // made on first use (16 KiB)
	priceWt uint8
	step    [8]grid.Cost // price[d][0xff]: step d allowed (takeRowAVX2)
}

// prices sets s.price for cells of weight wt: the price of step d from a
// cell of mask m is its cost and the step back (the one stored in the
// cell it reaches) as a key, plus keyNone when m forbids d, which then
// never wins. A table lookup by the whole mask byte spares the loops a
// shift by a variable count per step.
func (s *rowsScratch) prices(wt uint8) {
	if s.priceWt == wt {
		return
	}
	if s.price == nil {
		s.price = new([8][256]grid.Cost)
	}
	s.priceWt = wt
	for d := range grid.Dir(8) {
		k := grid.StepCost(d, wt, wt)<<keyBits | grid.Cost(back[d])
		s.step[d] = k
		for m := range 256 {
			s.price[d][m] = k
			if m>>d&1 == 0 {
				s.price[d][m] += keyNone
			}
		}
	}
}

// rowsFits reports whether searchRows may stand in for search: a plain
// unit on a map of one weight, without influence or spans, on a tile of
// at most maxRowsSide a side, from seeds below keyMaxSeed whose steps
// fit a key.
func rowsFits(g *grid.Grid, u grid.Unit, r grid.Rect, pen func(int) grid.Cost, rows []span, seeds []tileSeed) bool {
	if pen != nil || rows != nil || u.Size > 1 || u.Class != 0 || !g.Uniform() ||
		r.Dx() > maxRowsSide || r.Dy() > maxRowsSide {
		return false
	}
	for _, sd := range seeds {
		if sd.c >= keyMaxSeed || sd.d > keyLow {
			return false
		}
	}
	return true
}

// searchRows gives the cells of rect r the costs search would (the least
// cost to a seed inside r plus the seed's cost) on a map whose cells all
// weigh the same, for a plain unit, setting every cell of t. It
// corrects labels over whole rows rather than running Dijkstra over
// cells: the row holding the cheapest cell that fell is taken next; a
// pass east and one west along it carry its costs as far as they lower
// them, and one pass over each row beside it lowers the cells a step
// from it may. Each pass runs over the whole row
// without a branch on the costs (keys, see keyBits), so a row costs the
// same whether one cell fell or all did; rows are taken about once each.
// A cell may fall more than once, but every fall is passed on, so the
// costs end at the least fixed point, which is the least cost; the step
// stored with a cost is the one that gave it, so costs fall along the
// steps. The steps may differ from search's where two are equally cheap.
func (s *tileSearcher) searchRows(g *grid.Grid, r grid.Rect, t *fieldTile) {
	tw, th := r.Dx(), r.Dy()
	n := tw * th
	key := t.cost[:n] // keys until the end
	fill(key, keyNone)
	rk := s.rows.key[:th]
	fill(rk, keyNone)
	var dirty uint64 // bit y: row y has a cell to pass on (th ≤ maxRowsSide = 64)
	for _, sd := range s.seeds {
		if k := sd.c<<keyBits | grid.Cost(sd.d); k < key[sd.li] {
			key[sd.li] = k
			y := int(sd.li) / tw
			rk[y] = min(rk[y], k)
			dirty |= 1 << y
		}
	}
	s.seeds = s.seeds[:0]
	wt := g.Weight(r.Min)
	s.rows.prices(wt)
	masks, gw := g.StepMasks(), g.Width()
	for dirty != 0 {
		y, least := 0, keyNone
		for b := dirty; b != 0; b &= b - 1 {
			if i := bits.TrailingZeros64(b); rk[i] < least {
				y, least = i, rk[i]
			}
		}
		rk[y] = keyNone
		dirty &^= 1 << y
		row := key[y*tw : y*tw+tw]
		m := masks[(r.Min.Y+y)*gw+r.Min.X:][:tw]
		// To the rows above and below (at the tile's edges, a spare row).
		up, down := s.rows.spare[:tw], s.rows.spare[:tw]
		if y > 0 {
			up = key[(y-1)*tw : y*tw]
		}
		if y+1 < th {
			down = key[(y+1)*tw : (y+2)*tw]
		}
		ku, kd := takeRow(row, m, up, down, &s.rows)
		if y > 0 && ku < rk[y-1] {
			rk[y-1] = ku
			dirty |= 1 << (y - 1)
		}
		if y+1 < th && kd < rk[y+1] {
			rk[y+1] = kd
			dirty |= 1 << (y + 1)
		}
	}
	t.packed = true // the keys stay: see fieldTile
}

// takeRowGo lowers row's keys by the steps along it (scanRow), then
// the keys of the rows up and down, beside it, by the steps from row's
// cells straight towards each, diagonally east and diagonally west
// (passCells), and returns the least key that fell in each (keyNone:
// none). m holds the step masks of row's cells.
func takeRowGo(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) (fellUp, fellDown grid.Cost) {
	scanRow(row, m, &s.price[grid.East], &s.price[grid.West])
	return passCells(row, m, up, down, s.price)
}

// scanRow lowers row's keys by the steps along it (m: the step masks
// of its cells; pE and pW the prices of steps east and west by mask): a
// pass east from its west end and one west from its east end at once
// (two chains of dependent steps the core runs side by side). Where
// they cross, each takes the other's costs; a cell ends with the least
// of the two, which is the least over the row, as no way along a row
// turns back. A function of its own, so that the loop keeps its
// variables in registers.
func scanRow(row []grid.Cost, m []uint8, pE, pW *[256]grid.Cost) {
	tw := len(row)
	m = m[:tw]
	pe, pw := row[0], row[tw-1]
	for xe, xw := 1, tw-2; xe < tw && xw >= 0; xe, xw = xe+1, xw-1 {
		pe = min(row[xe], pe&^keyLow+pE[m[xe-1]])
		row[xe] = pe
		pw = min(row[xw], pw&^keyLow+pW[m[xw+1]])
		row[xw] = pw
	}
}

// passCells lowers the keys of the cells of up and down a step from
// row's cells reaches, and returns the least key that fell in
// each (keyNone: none). One loop serves both rows: they share the loads
// of row and m.
func passCells(row []grid.Cost, m []uint8, up, down []grid.Cost, pr *[8][256]grid.Cost) (fellUp, fellDown grid.Cost) {
	tw := len(row)
	m, up, down = m[:tw], up[:tw], down[:tw]
	pN, pNE, pNW := &pr[grid.North], &pr[grid.NorthEast], &pr[grid.NorthWest]
	pS, pSE, pSW := &pr[grid.South], &pr[grid.SouthEast], &pr[grid.SouthWest]
	fellUp, fellDown = keyNone, keyNone
	for x := range tw {
		c, mc := row[x]&^keyLow, m[x]
		oldU, oldD := up[x], down[x]
		ku, kd := min(oldU, c+pN[mc]), min(oldD, c+pS[mc])
		if x > 0 { // from the cell west: a step north-east, south-east
			w, mw := row[x-1]&^keyLow, m[x-1]
			ku, kd = min(ku, w+pNE[mw]), min(kd, w+pSE[mw])
		}
		if x+1 < tw { // from the cell east: north-west, south-west
			e, me := row[x+1]&^keyLow, m[x+1]
			ku, kd = min(ku, e+pNW[me]), min(kd, e+pSW[me])
		}
		up[x], down[x] = ku, kd
		if ku < oldU {
			fellUp = min(fellUp, ku)
		}
		if kd < oldD {
			fellDown = min(fellDown, kd)
		}
	}
	return fellUp, fellDown
}
