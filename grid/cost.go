package grid

import (
	"fmt"
	"math"
)

// Cost is an integer path cost; see the package documentation for units.
type Cost int64

// Step costs on plain ground (weight 1 at both ends). A step between cells
// of weights a and b costs (a+b)/2 times these.
const (
	Straight Cost = 2 * halfStraight // 11482
	Diagonal Cost = 2 * halfDiagonal // 16238

	halfStraight = 5741 // 8119/5741 ≈ √2, relative error 1.1e-8
	halfDiagonal = 8119
)

// Unreachable is the cost reported when there is no path.
const Unreachable Cost = math.MaxInt64

// StepCost returns the cost of one step in direction d between cells of
// weights wa and wb.
func StepCost(d Dir, wa, wb uint8) Cost {
	if d.Diagonal() {
		return Cost(halfDiagonal) * Cost(int(wa)+int(wb))
	}
	return Cost(halfStraight) * Cost(int(wa)+int(wb))
}

// OctileCost returns the cost of the cheapest unobstructed 8-connected path
// between a and b on plain ground: the A* heuristic.
func OctileCost(a, b Point) Cost {
	dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
	lo, hi := min(dx, dy), max(dx, dy)
	return Straight*Cost(hi-lo) + Diagonal*Cost(lo)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Length returns the geometric length of a cell path: 1 per straight step
// and √2 per diagonal step, ignoring terrain. Points further apart than one
// step (a smoothed path's corners) count their Euclidean distance.
func Length(path []Point) float64 {
	var straight, diag int
	var other float64
	for i := 1; i < len(path); i++ {
		d := path[i].Sub(path[i-1])
		dx, dy := abs(d.X), abs(d.Y)
		switch {
		case dx+dy == 1:
			straight++
		case dx == 1 && dy == 1:
			diag++
		default:
			other += math.Hypot(float64(dx), float64(dy))
		}
	}
	return float64(straight) + float64(diag)*math.Sqrt2 + other
}

// PathCost returns the cost of a cell path on g and nil, or an error
// wrapping ErrPath that names the first step that is not a legal move (not
// a unit step, off the grid, blocked, or cutting a corner the grid's rule
// forbids). An empty path is invalid; a one-cell path costs 0 if its cell
// is passable (else ErrOutOfBounds or ErrBlocked). O(len(path)).
func (g *Grid) PathCost(path []Point) (Cost, error) {
	if len(path) == 0 {
		return 0, fmt.Errorf("%w: empty path", ErrPath)
	}
	if err := g.check(path[0], "path start"); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrPath, err)
	}
	var c Cost
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		d, ok := DirOf(a, b)
		if !ok {
			return 0, fmt.Errorf("%w: step %d from %v to %v is not a unit step", ErrPath, i, a, b)
		}
		if g.Moves(a)&(1<<d) == 0 {
			return 0, fmt.Errorf("%w: step %d from %v to %v is not a legal move under %v", ErrPath, i, a, b, g.rule)
		}
		c += StepCost(d, g.Weight(a), g.Weight(b))
	}
	return c, nil
}
