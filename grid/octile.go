package grid

import "math/bits"

// The step line from a to z is the grid path with the fewest steps whose
// two kinds of step are spread evenly (a Bresenham line in grid steps):
// under the octile rules, max(|dx|,|dy|) steps of which min(|dx|,|dy|)
// are diagonal; under Cardinal, |dx|+|dy| straight steps, those along
// the shorter axis spread among the others. When it is legal it is the
// straightest least-step path between the two cells, and on cells of the
// least weight it costs exactly LeastCost, the A* heuristic, so no path
// is cheaper.

// lineSteps yields the directions of a step line. It has four fields
// (its directions in one) so that the compiler keeps it in registers:
// with more, it lives on the stack, built by byte stores that the wider
// loads copying it cannot forward, a stall on every line checked (about
// 8% of a StarCraft query's time went to newLineSteps and its caller).
type lineSteps struct {
	n, nd int
	acc   int // the even spread's running remainder; steps taken on a bent line
	lineDirs
}

// lineDirs are a step line's two kinds of step and its bend.
type lineDirs struct {
	diag, str Dir // the rarer step (diagonal, or along the shorter axis) and the other
	bend      Bend
}

func newLineSteps(a, z Point, rule Movement) lineSteps {
	dx, dy := z.X-a.X, z.Y-a.Y
	ax, ay := abs(dx), abs(dy)
	sx, sy := sign(dx), sign(dy)
	s := lineSteps{n: max(ax, ay), nd: min(ax, ay)}
	// Table look-ups rather than branches: a smoother asks for lines in
	// every direction, and mispredicted branches cost more than the line.
	v := b2i(ay > ax) // the longer axis is y
	s.diag = lineDir[(sy+1)*3+sx+1]
	s.str = lineDir[(sy*v+1)*3+sx*(1-v)+1]
	if rule == Cardinal {
		s.diag = lineDir[(sy*(1-v)+1)*3+sx*v+1]
		s.n = ax + ay
	}
	return s
}

// lineDir maps (dy+1)*3 + dx+1 to the direction of the step (dx, dy), and
// no step to N (what DirOf's zero Dir is).
var lineDir = func() (t [9]Dir) {
	for i, d := range dirOf {
		t[i] = Dir(max(d, 0))
	}
	return t
}()

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// next returns the direction of the next step; call it n times.
func (s *lineSteps) next() Dir {
	switch s.bend {
	case RareFirst:
		s.acc++
		if s.acc <= s.nd {
			return s.diag
		}
		return s.str
	case RareLast:
		s.acc++
		if s.acc > s.n-s.nd {
			return s.diag
		}
		return s.str
	}
	s.acc += s.nd
	if 2*s.acc >= s.n {
		s.acc -= s.n
		return s.diag
	}
	return s.str
}

// lineOffsets returns how many cells the rarer step and the other move
// on g, and the bits of moves that make each legal.
func (g *Grid) lineOffsets(s lineSteps) (od, os int, bd, bs uint8) {
	return dirDelta[s.diag].Y*g.w + dirDelta[s.diag].X, dirDelta[s.str].Y*g.w + dirDelta[s.str].X, uint8(1) << s.diag, uint8(1) << s.str
}

// sign returns -1, 0 or 1 as v is negative, zero or positive, without a
// branch.
func sign(v int) int { return v>>(bits.UintSize-1) | int(uint(-v)>>(bits.UintSize-1)) }

// LeastCost returns the cost of the cheapest conceivable path from a to
// z on g: the unobstructed path over cells of the least weight (octile
// under the octile rules, Manhattan under Cardinal). It is the A*
// heuristic, and a path that costs it is a least-cost path.
func (g *Grid) LeastCost(a, z Point) Cost {
	if g.rule == Cardinal {
		return Straight * Cost(abs(a.X-z.X)+abs(a.Y-z.Y)) * Cost(g.minW)
	}
	return OctileCost(a, z) * Cost(g.minW)
}

// StepLineCost returns the cost of the step line from a to z if every
// step of it is legal and its cost stays below limit; a cell off the grid
// gives no line. O(|z-a|), no allocation. A result equal to
// LeastCost(a, z) means the line is a least-cost path.
func (g *Grid) StepLineCost(a, z Point, limit Cost) (Cost, bool) {
	return g.StepLineCostWith(a, z, limit, nil)
}

// lineWalk follows the line s from cell i, checking every step (for a
// unit size cells across), and adds to c the penalty of each cell entered
// (pen nil: none). It fails at an illegal step or once c reaches limit.
// A line with neither a penalty nor a unit's clearance (cl) is
// legalLine's, which stepLine calls itself.
func (g *Grid) lineWalk(i int, s lineSteps, pen *Penalty, c, limit Cost, cl []uint8, size uint8) (Cost, bool) {
	od, os, bd, bs := g.lineOffsets(s)
	moves := g.moves
	var cells []int32
	if pen != nil {
		cells = pen.Cells
	}
	if s.bend != Even {
		return g.bentWalk(i, s, pen, c, limit, cl, size)
	}
	n, nd, acc := s.n, s.nd, s.acc
	for range n {
		acc += nd
		m := moves[i]
		if 2*acc >= n {
			acc -= n
			if m&bd == 0 || cl != nil && !g.unitCan(cl, i, s.diag, size) {
				return 0, false
			}
			i += od
		} else {
			if m&bs == 0 || cl != nil && !g.unitCan(cl, i, s.str, size) {
				return 0, false
			}
			i += os
		}
		if cells == nil {
			continue
		}
		if v := cells[i]; v != 0 {
			if v > 0 {
				c += Cost(v)
			} else if pen.Func != nil {
				c += clampPenalty(pen.Func(i))
			}
			if c >= limit {
				return 0, false
			}
		}
	}
	return c, true
}

// legalLine reports whether every step of the line s from cell i is
// legal for a one-cell unit (moves), the rarer step going od cells and
// needing bit bd, the other os and bs. An even line picks each step
// without a branch, since its two kinds of step alternate in a pattern
// that a branch would mispredict; a bent line walks two runs.
func (g *Grid) legalLine(i int, s lineSteps, od, os int, bd, bs uint8) bool {
	moves := g.moves
	switch s.bend {
	case RareFirst:
		return run(moves, run(moves, i, s.nd, od, bd), s.n-s.nd, os, bs) >= 0
	case RareLast:
		return run(moves, run(moves, i, s.n-s.nd, os, bs), s.nd, od, bd) >= 0
	}
	n, nd, acc := s.n, s.nd, s.acc
	dd, db := od-os, bd^bs
	if n >= twoLanes {
		// Each step waits on the one before (acc), so the line is walked
		// as two halves side by side, whose chains the CPU overlaps. A
		// step adds nd to acc and, when 2·acc ≥ n then, is the rarer step
		// and takes n off, so acc stays within [-n/2, n/2) (from 0, as
		// newLineSteps starts it): after h steps the line has taken
		// r = ⌊(2(acc+h·nd)+n) / 2n⌋ rarer steps. The second half starts
		// h steps on, r of them rarer, with acc+h·nd−r·n (h·nd is below
		// 2^28 on any grid New makes, so no int overflows, 32-bit
		// included). The product below is 0 when either half's step is
		// illegal: one branch for both.
		h := n / 2
		a := acc + h*nd
		r := (2*a + n) / (2 * n)
		acc2, j := a-r*n, i+h*os+r*dd
		for range h {
			acc += nd
			m := (n - 1 - 2*acc) >> (bits.UintSize - 1)
			acc -= n & m
			acc2 += nd
			m2 := (n - 1 - 2*acc2) >> (bits.UintSize - 1)
			acc2 -= n & m2
			if int(moves[i]&(bs^db&uint8(m)))*int(moves[j]&(bs^db&uint8(m2))) == 0 {
				return false
			}
			i += os + dd&m
			j += os + dd&m2
		}
		if n&1 == 0 {
			return true
		}
		i, acc = j, acc2 // the second half's last step
		n = 1
	}
	for range n {
		acc += nd
		t := s.n - 1 - 2*acc // negative when the step is the rarer one
		m := t >> (bits.UintSize - 1)
		acc -= s.n & m
		if moves[i]&(bs^db&uint8(m)) == 0 {
			return false
		}
		i += os + dd&m
	}
	return true
}

// twoLanes is the length from which legalLine walks a line's two halves
// side by side: below it the division that finds the second half's start
// costs more than it saves.
const twoLanes = 32

// run takes n steps of off cells from cell i, each needing bit in moves,
// and returns the cell it ends on; -1 at an illegal step or when i is
// already -1.
func run(moves []uint8, i, n, off int, bit uint8) int {
	if i < 0 {
		return -1
	}
	for range n {
		if moves[i]&bit == 0 {
			return -1
		}
		i += off
	}
	return i
}

// bentWalk is lineWalk for a bent line.
func (g *Grid) bentWalk(i int, s lineSteps, pen *Penalty, c, limit Cost, cl []uint8, size uint8) (Cost, bool) {
	for range s.n {
		d := s.next()
		if g.moves[i]&(1<<d) == 0 || cl != nil && !g.unitCan(cl, i, d, size) {
			return 0, false
		}
		dd := dirDelta[d]
		i += dd.Y*g.w + dd.X
		if pen != nil {
			if c += pen.At(i); c >= limit {
				return 0, false
			}
		}
	}
	return c, true
}

// AppendStepLine appends the cells of the step line from a to z under
// g's movement rule to dst, without a. It does not look at the cells:
// check the line with StepLineCost first. With a or z off the grid it
// appends nothing. O(|z-a|).
func (g *Grid) AppendStepLine(dst []Point, a, z Point) []Point {
	return g.AppendBentLine(dst, a, z, Even)
}
