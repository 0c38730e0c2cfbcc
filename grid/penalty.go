package grid

import (
	"errors"
	"fmt"
	"math"
)

// ErrPenalty is wrapped by the error for a Penalty that does not fit the
// grid.
var ErrPenalty = errors.New("grid: bad penalty")

// Penalty is an extra cost for entering cells, on top of their terrain:
// an influence map ("danger here"), the cells other units have claimed.
// Searches (Options.Penalty), StepLineCostWith and PathCostWith add it
// once per cell entered; the start cell is never entered, so it pays
// nothing.
//
// Cells holds one value per cell of the grid, by Grid.Index: 0 for none,
// a positive value is the penalty itself, and a negative value says the
// penalty depends on who asks (a unit's view of other units' claims):
// then Func(cell) returns it. Func is called for those cells only, so the
// common case is one array load; its results are cut to 0..MaxPenalty,
// and a negative cell counts as 0 when Func is nil.
//
// A cell's penalty is thus at most MaxPenalty, and one step costs at most
// 4140690+MaxPenalty < 2^31.01 (the dearest terrain step is a diagonal
// between cells of weight 255), so no sum wraps a Cost: a search's path
// enters each cell of the grid (at most MaxCells = 2^28) at most once and
// costs under 2^60, and PathCostWith adds up any path of up to 2^31 steps.
//
// Penalties are never negative, so LeastCost and every other lower bound
// on the plain grid stay lower bounds, and searches stay exact: a search
// under a penalty returns a path of least terrain-plus-penalty cost.
type Penalty struct {
	Cells []int32
	Func  func(cell int) Cost
}

// MaxPenalty bounds the penalty of one cell: the largest Cells value, and
// what a larger Func result counts as.
const MaxPenalty Cost = math.MaxInt32

// clampPenalty cuts a Func result to 0..MaxPenalty.
func clampPenalty(v Cost) Cost { return min(max(v, 0), MaxPenalty) }

// At returns the penalty for entering the cell of index i: 0 for an index
// outside Cells, and 0 for a negative value when Func is nil. O(1).
func (p *Penalty) At(i int) Cost {
	if uint(i) >= uint(len(p.Cells)) {
		return 0
	}
	v := p.Cells[i]
	if v >= 0 {
		return Cost(v)
	}
	if p.Func == nil {
		return 0
	}
	return clampPenalty(p.Func(i))
}

func (p *Penalty) check(g *Grid) error {
	if len(p.Cells) != g.w*g.h {
		return fmt.Errorf("%w: %d cells on a %d×%d grid", ErrPenalty, len(p.Cells), g.w, g.h)
	}
	return nil
}

// StepLineCostWith is StepLineCost with pen added for every cell the line
// enters (pen nil: no penalty). A pen that does not fit g gives no line.
func (g *Grid) StepLineCostWith(a, z Point, limit Cost, pen *Penalty) (Cost, bool) {
	return g.stepLine(a, z, Even, limit, pen, nil, 1, 0)
}

// UnitLineCost is StepLineCostWith for unit u, whose top-left corner
// follows the line: every step must be one UnitMoves allows, and cells
// weigh what they weigh for its class. The zero Unit is StepLineCostWith.
func (g *Grid) UnitLineCost(a, z Point, u Unit, limit Cost, pen *Penalty) (Cost, bool) {
	return g.UnitBentLineCost(a, z, u, Even, limit, pen)
}

// stepLine walks the line bent as b for a unit k cells across of class
// cl whose clearance is c (nil: one cell of no class).
func (g *Grid) stepLine(a, z Point, b Bend, limit Cost, pen *Penalty, c []uint8, k uint8, cl int) (Cost, bool) {
	if !g.Contains(a) || !g.Contains(z) || pen != nil && len(pen.Cells) != g.w*g.h {
		return 0, false
	}
	s := newLineSteps(a, z, g.rule)
	s.bend = b
	i := a.Y*g.w + a.X
	if g.Uniform() && !g.classWeighs(cl) { // one weight: the length, plus penalties
		lc := g.LeastCost(a, z)
		if lc >= limit {
			return 0, false
		}
		if pen == nil && c == nil { // legality alone: the smoothers' usual probe
			if od, os, bd, bs := g.lineOffsets(s); g.legalLine(i, s, od, os, bd, bs) {
				return lc, true
			}
			return 0, false
		}
		return g.lineWalk(i, s, pen, lc, limit, c, k)
	}
	var lc Cost
	for range s.n {
		d := s.next()
		if g.moves[i]&(1<<d) == 0 || c != nil && !g.unitCan(c, i, d, k) {
			return 0, false
		}
		dd := dirDelta[d]
		j := i + dd.Y*g.w + dd.X
		lc += StepCost(d, g.classWeight(cl, i), g.classWeight(cl, j))
		if pen != nil {
			lc += pen.At(j)
		}
		if lc >= limit {
			return 0, false
		}
		i = j
	}
	return lc, true
}

// PathCostWith is PathCost with pen added for every cell the path enters
// (pen nil: no penalty). A pen that does not fit g is an error.
func (g *Grid) PathCostWith(path []Point, pen *Penalty) (Cost, error) {
	c, err := g.PathCost(path)
	if err != nil || pen == nil {
		return c, err
	}
	if err := pen.check(g); err != nil {
		return 0, err
	}
	for _, p := range path[1:] {
		c += pen.At(p.Y*g.w + p.X)
	}
	return c, nil
}
