package grid

import "slices"

// Bend says how a step line orders its two kinds of steps. Every order
// takes the same steps, so on a map of one weight every bend of a line
// costs the same, LeastCost; where an obstacle stands beside the even
// line, a bent one may pass it. A path smoother tries the even line
// first, then the bends.
type Bend uint8

const (
	// Even spreads the rarer steps evenly along the line: the step
	// line of StepLineCost and AppendStepLine.
	Even Bend = iota
	// RareFirst takes the rarer steps first (the diagonal ones under the
	// octile rules, those along the shorter axis under Cardinal, the
	// vertical ones when both axes are as long), then the others.
	RareFirst
	// RareLast takes the commoner steps first, the rarer ones last.
	RareLast
	nBends
)

// Bends is the number of Bend values: Even, RareFirst and RareLast.
const Bends = int(nBends)

// UnitBentLineCost is UnitLineCost for the line from a to z bent as b
// says: the cost of its steps for unit u, pen included, when every step
// is legal and the cost stays below limit. A bend out of range gives no
// line. O(|z-a|).
func (g *Grid) UnitBentLineCost(a, z Point, u Unit, b Bend, limit Cost, pen *Penalty) (Cost, bool) {
	if b >= nBends {
		return 0, false
	}
	if u == (Unit{}) || u == (Unit{Size: 1}) {
		return g.stepLine(a, z, b, limit, pen, nil, 1, 0)
	}
	if !g.Fits(a, u) {
		return 0, false
	}
	return g.stepLine(a, z, b, limit, pen, g.clearFor(u.Class), uint8(max(u.Size, 1)), u.Class)
}

// AppendBentLine is AppendStepLine for the line bent as b says (a bend
// out of range appends nothing). Check the line with UnitBentLineCost
// first.
func (g *Grid) AppendBentLine(dst []Point, a, z Point, b Bend) []Point {
	if !g.Contains(a) || !g.Contains(z) || b >= nBends {
		return dst
	}
	s := newLineSteps(a, z, g.rule)
	rare, other := dirDelta[s.diag], dirDelta[s.str]
	n0 := len(dst)
	dst = slices.Grow(dst, s.n)[:n0+s.n]
	out := dst[n0:]
	p := a
	switch b {
	case RareFirst:
		for k := range out {
			if k < s.nd {
				p = p.Add(rare)
			} else {
				p = p.Add(other)
			}
			out[k] = p
		}
	case RareLast:
		for k := range out {
			if k >= s.n-s.nd {
				p = p.Add(rare)
			} else {
				p = p.Add(other)
			}
			out[k] = p
		}
	default: // lineSteps.next's even spread, without the call
		acc := 0
		for k := range out {
			if acc += s.nd; 2*acc >= s.n {
				acc -= s.n
				p = p.Add(rare)
			} else {
				p = p.Add(other)
			}
			out[k] = p
		}
	}
	return dst
}
