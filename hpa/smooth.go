package hpa

import "github.com/rtspath/rtspath/grid"

// smoothCells replaces stretches of the path by the step line between
// their ends (see grid.Grid.StepLineCost) wherever it is legal and costs no
// more, and appends the result to dst. Every step stays a legal grid step
// and the cost never rises.
// From each anchor the reach of a shortcut is found by doubling and
// bisection, so smoothing costs O(n log n) cell checks.
func (q *Query) smoothCells(raw, dst []grid.Point) ([]grid.Point, grid.Cost) {
	g := q.p.g
	w, wt := g.Width(), g.Weights()
	pre := q.prefix[:0]
	var c grid.Cost
	pre = append(pre, 0)
	classed := q.who.Class > 0
	for i := 1; i < len(raw); i++ {
		a, b := raw[i-1], raw[i]
		wab := grid.Cost(wt[a.Y*w+a.X]) + grid.Cost(wt[b.Y*w+b.X])
		if classed { // cells weigh what the unit's class says
			wab = grid.Cost(g.UnitWeight(a, q.who)) + grid.Cost(g.UnitWeight(b, q.who))
		}
		if a.X != b.X && a.Y != b.Y {
			c += wab * (grid.Diagonal / 2)
		} else {
			c += wab * (grid.Straight / 2)
		}
		if q.pen != nil {
			c += q.pen.At(b.Y*w + b.X)
		}
		pre = append(pre, c)
	}
	q.prefix = pre
	if len(raw) < 3 {
		q.legs = 1
		return append(dst, raw...), c
	}
	dst = append(dst, raw[0])
	q.legs = 0
	var total grid.Cost
	for i := 0; i < len(raw)-1; {
		// The last shortcut reach accepts is the one it returns: it
		// only tries further once a nearer one succeeded.
		var line grid.Cost
		ok := func(k int) bool {
			lc, fine := g.UnitLineCost(raw[i], raw[k], q.who, pre[k]-pre[i]+1, q.penLine(raw[i], raw[k]))
			if fine {
				line = lc
			}
			return fine
		}
		best := reach(i, len(raw)-1, ok)
		if best > i+1 {
			dst = g.AppendStepLine(dst, raw[i], raw[best])
			total += line
		} else {
			dst = append(dst, raw[i+1])
			total += pre[i+1] - pre[i]
		}
		i = best
		q.legs++
	}
	return dst, total
}

// reach returns how far from i a shortcut can go: it doubles the stride
// while ok holds, then bisects between the last success and the first
// failure. O(log n) calls of ok. ok(i+1) is assumed.
func reach(i, last int, ok func(k int) bool) int {
	good, step := i+1, 2
	bad := -1
	for {
		k := min(i+step, last)
		if k <= good {
			return good
		}
		if !ok(k) {
			bad = k
			break
		}
		good = k
		if k == last {
			return good
		}
		step *= 2
	}
	for bad-good > 1 {
		m := (good + bad) / 2
		if ok(m) {
			good = m
		} else {
			bad = m
		}
	}
	return good
}

// corners appends to dst the corners of a cell path: from each corner,
// the furthest later cell with line of sight becomes the next corner.
// q.cidx records each corner's index in path.
func (q *Query) corners(path, dst []grid.Point) []grid.Point {
	g := q.p.g
	q.cidx = q.cidx[:0]
	if len(path) < 3 {
		for i := range path {
			q.cidx = append(q.cidx, int32(i))
		}
		return append(dst, path...)
	}
	dst = append(dst, path[0])
	q.cidx = append(q.cidx, 0)
	for i := 0; i < len(path)-1; {
		next := reach(i, len(path)-1, func(k int) bool {
			if q.who != (grid.Unit{}) { // a unit's corners are joined by its step lines
				_, ok := g.UnitLineCost(path[i], path[k], q.who, grid.Unreachable, nil)
				return ok
			}
			return g.LineOfSight(path[i], path[k])
		})
		dst = append(dst, path[next])
		q.cidx = append(q.cidx, int32(next))
		i = next
	}
	return dst
}
