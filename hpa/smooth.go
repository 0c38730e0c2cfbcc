package hpa

import (
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// smoothCells replaces stretches of the path by the step line between
// their ends (see grid.Grid.StepLineCost) wherever it is legal and costs
// no more, and appends the result to dst. Then, where that left a bend,
// it goes over the result again with the line's bends (the rarer steps
// first or last, grid.Bend), which pass an obstacle beside the
// even line: a path bending round a waypoint where a straight run and a
// diagonal one would do. Every step stays a legal grid step and the
// cost never rises; the second pass starts from the first's result
// rather than choosing its own anchors on the raw path, where a longer
// bent shortcut can leave the rest of the path worse off.
// From each anchor the reach of a shortcut is found by doubling and
// bisection, so smoothing costs O(n log n) cell checks.
func (q *Query) smoothCells(raw, dst []grid.Point) ([]grid.Point, grid.Cost) {
	base := len(dst)
	dst, c := q.smoothPass(raw, dst)
	if q.legs <= 1 || c <= q.p.g.UnitLeastCost(raw[0], raw[len(raw)-1], q.who) { // nothing to gain
		return dst, c
	}
	q.prefix = q.prefixCosts(dst[base:], q.prefix[:0])
	return q.bendPass(dst[base:], q.prefix, dst[:base])
}

// smoothed appends to dst the Cells answer on raw: smoothCells, then
// again while passes allow (Options.SmoothPasses) and a pass changes
// something, each pass starting its shortcuts from the last one's
// anchors and straightening what that left bent (a single straight leg
// leaves nothing for the next). It returns dst and the path's cost.
func (q *Query) smoothed(raw, dst []grid.Point, passes int) ([]grid.Point, grid.Cost) {
	base := len(dst)
	dst, c := q.smoothCells(raw, dst)
	for pass := 1; pass < passes && q.legs > 1; pass++ {
		q.tmp = append(q.tmp[:0], dst[base:]...)
		dst, c = q.smoothCells(q.tmp, dst[:base])
		if slices.Equal(q.tmp, dst[base:]) {
			break
		}
	}
	return dst, c
}

// prefixCosts appends to pre the cost of path up to each of its cells
// (0 first): weights for the unit, penalties included.
func (q *Query) prefixCosts(path []grid.Point, pre []grid.Cost) []grid.Cost {
	g := q.p.g
	w := g.Width()
	var c grid.Cost
	pre = append(pre, 0)
	classed := q.who.Class > 0
	if g.Uniform() && !classed && q.pen == nil && len(path) > 0 { // steps of one price each
		wt := grid.Cost(g.Weight(path[0]))
		step := [2]grid.Cost{wt * grid.Straight, wt * grid.Diagonal}
		n0 := len(pre)
		pre = slices.Grow(pre, len(path)-1)[:n0+len(path)-1]
		rest := path[1:]
		out := pre[n0:][:len(rest)]
		prev := path[0]
		for i, p := range rest {
			// A step along both axes is diagonal: dx&dy&1 is 1 for it
			// and 0 for a straight one (|dx|, |dy| ≤ 1), with no branch
			// to mispredict on a path that zigzags.
			c += step[(p.X-prev.X)&(p.Y-prev.Y)&1]
			out[i] = c
			prev = p
		}
		return pre
	}
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		wab := grid.Cost(g.WeightAt(a.Y*w+a.X)) + grid.Cost(g.WeightAt(b.Y*w+b.X))
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
	return pre
}

// smoothPass is smoothCells' first pass, into dst.
func (q *Query) smoothPass(raw, dst []grid.Point) ([]grid.Point, grid.Cost) {
	g := q.p.g
	pre := q.prefixCosts(raw, q.prefix[:0])
	q.prefix = pre
	c := pre[len(pre)-1]
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

// bendPass is smoothCells' second pass over path (pre: its prefix
// costs), appended to dst, which may end where path starts in the same
// array (smoothCells rewrites its first pass in place): a line takes
// no more steps than any path between its ends, so the cells written
// never overtake the cells still to read. From each anchor it goes as
// far as reach finds: to a later cell that one of the step line's bends
// (grid.RareFirst, grid.RareLast) reaches legally at no more cost, or
// along a stretch kept as it is because it already costs the least
// conceivable for the unit (grid.Grid.UnitLeastCost): no line beats it,
// and no walk is needed to know. The first pass has tried the even
// line.
func (q *Query) bendPass(path []grid.Point, pre []grid.Cost, dst []grid.Point) ([]grid.Point, grid.Cost) {
	g := q.p.g
	last := len(path) - 1
	dst = append(dst, path[0])
	q.legs = 0
	var total grid.Cost
	for i := 0; i < last; {
		a := path[i]
		var line grid.Cost
		var bend grid.Bend
		keep := false
		ok := func(k int) bool {
			z := path[k]
			have := pre[k] - pre[i]
			if have <= g.UnitLeastCost(a, z, q.who) {
				line, keep = have, true
				return true
			}
			pen := q.penLine(a, z)
			for b := grid.RareFirst; b <= grid.RareLast; b++ {
				if lc, fine := g.UnitBentLineCost(a, z, q.who, b, have+1, pen); fine {
					line, bend, keep = lc, b, false
					return true
				}
			}
			return false
		}
		best := reach(i, last, ok)
		switch {
		case best == i+1 || keep:
			// In place, copy rather than append: the spec lets copy's
			// slices overlap.
			if n := len(dst); n+best-i <= cap(dst) {
				dst = dst[:n+best-i]
				copy(dst[n:], path[i+1:best+1])
			} else {
				dst = append(dst, path[i+1:best+1]...)
			}
			total += pre[best] - pre[i]
		default:
			dst = g.AppendBentLine(dst, a, path[best], bend)
			total += line
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
