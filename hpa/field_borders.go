package hpa

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// Steps leaving a cluster's rectangle through each side.
const (
	outWest  = 1<<grid.West | 1<<grid.NorthWest | 1<<grid.SouthWest
	outEast  = 1<<grid.East | 1<<grid.NorthEast | 1<<grid.SouthEast
	outNorth = 1<<grid.North | 1<<grid.NorthEast | 1<<grid.NorthWest
	outSouth = 1<<grid.South | 1<<grid.SouthEast | 1<<grid.SouthWest
)

// seedBorders seeds the cells along the borders of cluster c (rect r,
// its tile t) with the costs of the built neighbours that from accepts
// (nil: all): a step out of c into a neighbour's cell costs that cell's
// cost plus the step (plus its influence under a penalty layer); each
// border cell takes its cheapest such step.
func (f *Field) seedBorders(c int, r grid.Rect, t *fieldTile, from func(n int) bool) {
	g := f.p.g
	cx, cy := c%f.cw, c/f.cw
	ch := f.tier.ClustersY()
	// The eight neighbours, by (dy+1)*3 + dx+1: their tiles (nil: not
	// built or not accepted) and top-left cells.
	var nb [9]*fieldTile
	var org [9]grid.Point
	var out uint8 // the steps out of c that land in a neighbour in nb
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			x, y := cx+dx, cy+dy
			if dx == 0 && dy == 0 || x < 0 || y < 0 || x >= f.cw || y >= ch {
				continue
			}
			n := y*f.cw + x
			if nt := f.tiles[n]; nt != nil && (from == nil || from(n)) {
				k := (dy+1)*3 + dx + 1
				nb[k], org[k] = nt, grid.Pt(x*f.cs, y*f.cs)
				for d := range grid.Dir(8) {
					if dd := d.Delta(); dd.X == dx && dd.Y == dy || dx == 0 && dd.Y == dy || dy == 0 && dd.X == dx {
						out |= 1 << d
					}
				}
			}
		}
	}
	if out == 0 {
		return
	}
	plain := f.unit == grid.Unit{Size: 1}
	uniform := plain && g.Uniform()
	masks, gw := g.StepMasks(), g.Width()
	var step [8]grid.Cost // per step on a map of one weight
	var delta [8]grid.Point
	for d := range grid.Dir(8) {
		delta[d] = d.Delta()
		if uniform {
			w := g.Weight(grid.Point{})
			step[d] = grid.StepCost(d, w, w)
		}
	}
	ts := f.ts
	cell := func(x, y int) {
		var m, wp uint8
		switch {
		case uniform:
			m = masks[y*gw+x]
		case plain:
			m, wp = masks[y*gw+x], g.WeightAt(y*gw+x)
		default:
			pt := grid.Pt(x, y)
			m, wp = g.UnitMoves(pt, f.unit), g.UnitWeight(pt, f.unit)
		}
		side := uint8(0)
		if x == r.Min.X {
			side |= outWest
		}
		if x == r.Max.X-1 {
			side |= outEast
		}
		if y == r.Min.Y {
			side |= outNorth
		}
		if y == r.Max.Y-1 {
			side |= outSouth
		}
		m &= side & out
		best, bestD := grid.Unreachable, uint8(0)
		for m != 0 {
			d := bits.TrailingZeros8(m)
			m &= m - 1
			qx, qy := x+delta[d].X, y+delta[d].Y
			k := 4
			if qx < r.Min.X {
				k--
			} else if qx >= r.Max.X {
				k++
			}
			if qy < r.Min.Y {
				k -= 3
			} else if qy >= r.Max.Y {
				k += 3
			}
			nt := nb[k]
			if nt == nil {
				continue
			}
			cost := nt.costAt((qy-org[k].Y)*nt.w + qx - org[k].X)
			if cost == grid.Unreachable {
				continue
			}
			switch {
			case uniform:
				cost += step[d]
			case plain:
				cost += grid.StepCost(grid.Dir(d), wp, g.WeightAt(qy*gw+qx))
			default:
				cost += grid.StepCost(grid.Dir(d), wp, g.UnitWeight(grid.Pt(qx, qy), f.unit))
			}
			cost += nt.shift
			if f.pen != nil {
				cost += f.pen.Influence(grid.Pt(qx, qy))
			}
			if cost < best {
				best, bestD = cost, uint8(d)
			}
		}
		if best < grid.Unreachable {
			ts.seeds = append(ts.seeds, tileSeed{best, int32(t.index(grid.Pt(x, y), r)), bestD})
		}
	}
	tw, th := r.Dx(), r.Dy()
	if uniform && f.pen == nil && tw >= 3 && th >= 3 {
		// A side's cells but its ends step out only across it, into the
		// one neighbour there: the four sides in a loop each, the
		// corners cell by cell.
		st, dg := step[grid.North], step[grid.NorthEast]
		g0 := r.Min.Y*gw + r.Min.X
		if nt := nb[1]; nt != nil { // north: the neighbour's last row
			ts.seeds = seedSide(ts.seeds, masks, tw, 0, 1, g0, 1, nt, (len(nt.cost)/nt.w-1)*nt.w, 1, grid.North, grid.NorthEast, grid.NorthWest, st, dg)
		}
		if nt := nb[7]; nt != nil { // south: its first row
			ts.seeds = seedSide(ts.seeds, masks, tw, (th-1)*tw, 1, g0+(th-1)*gw, 1, nt, 0, 1, grid.South, grid.SouthEast, grid.SouthWest, st, dg)
		}
		if nt := nb[3]; nt != nil { // west: its last column
			ts.seeds = seedSide(ts.seeds, masks, th, 0, tw, g0, gw, nt, nt.w-1, nt.w, grid.West, grid.SouthWest, grid.NorthWest, st, dg)
		}
		if nt := nb[5]; nt != nil { // east: its first column
			ts.seeds = seedSide(ts.seeds, masks, th, tw-1, tw, g0+tw-1, gw, nt, 0, nt.w, grid.East, grid.SouthEast, grid.NorthEast, st, dg)
		}
		cell(r.Min.X, r.Min.Y)
		cell(r.Max.X-1, r.Min.Y)
		cell(r.Min.X, r.Max.Y-1)
		cell(r.Max.X-1, r.Max.Y-1)
		return
	}
	for x := r.Min.X; x < r.Max.X; x++ {
		cell(x, r.Min.Y)
	}
	for y := r.Min.Y + 1; y < r.Max.Y-1; y++ {
		cell(r.Min.X, y)
		if r.Max.X-1 > r.Min.X {
			cell(r.Max.X-1, y)
		}
	}
	if r.Max.Y-1 > r.Min.Y {
		for x := r.Min.X; x < r.Max.X; x++ {
			cell(x, r.Max.Y-1)
		}
	}
}

// seedSide appends to seeds those of the cells of one side of a tile
// but its two ends, from the built neighbour nt across it, on a map of
// one weight (straight steps cost st, diagonal dg) without influence:
// cell i of the side (tile index li+i*lstep, grid index gi+i*gstep) may
// step across to nt's cell ni+i*nstep (straight), or diagonally to the
// next one (plus) or the one before (minus), as its step mask allows.
// Each cell takes its cheapest step, the lowest-numbered of equals, as
// seedBorders' cell by cell does. From a tile of keys (packed) it
// compares keys, without a branch: see seedSideKeys.
func seedSide(seeds []tileSeed, masks []uint8, n, li, lstep, gi, gstep int, nt *fieldTile, ni, nstep int,
	straight, plus, minus grid.Dir, st, dg grid.Cost) []tileSeed {
	type cand struct {
		d  grid.Dir
		at int // nt's cell, as a multiple of nstep from the straight one
		c  grid.Cost
	}
	cs := [3]cand{{straight, 0, st}, {plus, 1, dg}, {minus, -1, dg}}
	slices.SortFunc(cs[:], func(a, b cand) int { return cmp.Compare(a.d, b.d) })
	if nt.packed && nt.shift+dg < keyMaxSeed {
		var at [3]int
		var step [3]grid.Cost
		var bit [3]uint8
		for j, k := range cs {
			at[j], bit[j] = k.at*nstep, uint8(k.d)
			step[j] = (k.c+nt.shift)<<keyBits | grid.Cost(k.d)
		}
		return seedSideKeys(seeds, masks, n, li, lstep, gi, gstep, nt.cost, ni, nstep, at, step, bit)
	}
	for i := 1; i < n-1; i++ {
		m := masks[gi+i*gstep]
		best, bestD := grid.Unreachable, uint8(0)
		for _, k := range cs {
			if m&(1<<k.d) == 0 {
				continue
			}
			if c := nt.costAt(ni + (i+k.at)*nstep); c != grid.Unreachable && c+k.c+nt.shift < best {
				best, bestD = c+k.c+nt.shift, uint8(k.d)
			}
		}
		if best < grid.Unreachable {
			seeds = append(seeds, tileSeed{best, int32(li + i*lstep), bestD})
		}
	}
	return seeds
}

// seedSideKeys is seedSide from a neighbour of keys (key: its cost
// array): the three steps, lowest-numbered first, land at offsets at
// from the straight one and cost step as keys (the step's cost and the
// neighbour's shift, and the step in the low bits); the mask's bit for
// a step, when clear, adds keyNone. The least key is the cheapest step,
// the lowest-numbered of equals; from a cell not reached (keyNone or
// more) or by no step allowed, it is keyNone or more and seeds nothing.
func seedSideKeys(seeds []tileSeed, masks []uint8, n, li, lstep, gi, gstep int, key []grid.Cost, ni, nstep int,
	at [3]int, step [3]grid.Cost, bit [3]uint8) []tileSeed {
	for i := 1; i < n-1; i++ {
		m := masks[gi+i*gstep]
		q := ni + i*nstep
		best := keyNone
		for j := range 3 {
			k := key[q+at[j]]&^keyLow + step[j] + grid.Cost(^m>>bit[j]&1)*keyNone
			best = min(best, k)
		}
		if best < keyNone {
			seeds = append(seeds, tileSeed{best >> keyBits, int32(li + i*lstep), uint8(best & keyLow)})
		}
	}
	return seeds
}
