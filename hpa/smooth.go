package hpa

import "github.com/rtspath/rtspath/grid"

// smoothCells replaces stretches of the path by the octile line between
// their ends (see grid.OctileLineCost) wherever it is legal and costs no
// more, and appends the result to dst. Every step stays a legal grid step
// and the cost never rises.
// From each anchor the reach of a shortcut is found by doubling and
// bisection, so smoothing costs O(n log n) cell checks.
func (q *Query) smoothCells(raw, dst []grid.Point) []grid.Point {
	g := q.p.g
	if len(raw) < 3 {
		return append(dst, raw...)
	}
	pre := q.prefix[:0]
	var c grid.Cost
	pre = append(pre, 0)
	for i := 1; i < len(raw); i++ {
		d, _ := grid.DirOf(raw[i-1], raw[i])
		c += grid.StepCost(d, g.Weight(raw[i-1]), g.Weight(raw[i]))
		pre = append(pre, c)
	}
	q.prefix = pre
	dst = append(dst, raw[0])
	for i := 0; i < len(raw)-1; {
		ok := func(k int) bool {
			_, fine := g.OctileLineCost(raw[i], raw[k], pre[k]-pre[i]+1)
			return fine
		}
		best := reach(i, len(raw)-1, ok)
		if best > i+1 {
			dst = grid.AppendOctileLine(dst, raw[i], raw[best])
		} else {
			dst = append(dst, raw[i+1])
		}
		i = best
	}
	return dst
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
func (q *Query) corners(path, dst []grid.Point) []grid.Point {
	g := q.p.g
	if len(path) < 3 {
		return append(dst, path...)
	}
	dst = append(dst, path[0])
	for i := 0; i < len(path)-1; {
		next := reach(i, len(path)-1, func(k int) bool { return g.LineOfSight(path[i], path[k]) })
		dst = append(dst, path[next])
		i = next
	}
	return dst
}
