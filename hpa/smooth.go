package hpa

import "github.com/rtspath/rtspath/grid"

// smoothCells replaces stretches of the path by the plainest grid path
// between their ends (diagonal and straight steps interleaved evenly)
// wherever that path is legal and costs no more, and appends the result
// to dst. Every step stays a legal grid step and the cost never rises.
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
			_, fine := straightCost(g, raw[i], raw[k], pre[k]-pre[i]+1)
			return fine
		}
		best := reach(i, len(raw)-1, ok)
		if best > i+1 {
			dst = appendStraight(dst, raw[i], raw[best])
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

// straightCost walks the evenly interleaved octile path from a to z and
// returns its cost if every step is legal and it costs less than limit.
// It reads the grid's step masks and weights directly: smoothing calls it
// O(log n) times per shortcut.
func straightCost(g *grid.Grid, a, z grid.Point, limit grid.Cost) (grid.Cost, bool) {
	moves, wt, w := g.StepMasks(), g.Weights(), g.Width()
	dx, dy := z.X-a.X, z.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	n, nd := max(ax, ay), min(ax, ay)
	diag := dirOf(sx, sy)
	str := dirOf(sx, 0)
	if ay > ax {
		str = dirOf(0, sy)
	}
	dd, sd := diag.Delta(), str.Delta()
	dOff, sOff := dd.Y*w+dd.X, sd.Y*w+sd.X
	dUnit, sUnit := grid.StepCost(diag, 1, 0), grid.StepCost(str, 1, 0)
	i := a.Y*w + a.X
	var c grid.Cost
	acc := 0
	for range n {
		acc += nd
		d, off, unit := str, sOff, sUnit
		if 2*acc >= n {
			acc -= n
			d, off, unit = diag, dOff, dUnit
		}
		if moves[i]&(1<<d) == 0 {
			return 0, false
		}
		j := i + off
		c += unit * grid.Cost(int(wt[i])+int(wt[j]))
		if c >= limit {
			return 0, false
		}
		i = j
	}
	return c, true
}

// dirOf returns the step with the given signs (-1, 0 or 1 each).
func dirOf(sx, sy int) grid.Dir {
	d, _ := grid.DirOf(grid.Point{}, grid.Pt(sx, sy))
	return d
}

// appendStraight appends the cells of the interleaved octile path from a
// to z, without a.
func appendStraight(dst []grid.Point, a, z grid.Point) []grid.Point {
	walkStraight(a, z, func(_, q grid.Point) bool {
		dst = append(dst, q)
		return true
	})
	return dst
}

// walkStraight calls step for each step of the octile path from a to z
// whose diagonal steps are spread evenly among the straight ones (a
// Bresenham line in octile steps), until step returns false.
func walkStraight(a, z grid.Point, step func(p, q grid.Point) bool) bool {
	dx, dy := z.X-a.X, z.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	n, nd := max(ax, ay), min(ax, ay) // steps, of which nd diagonal
	p := a
	acc := 0
	for i := 0; i < n; i++ {
		acc += nd
		var q grid.Point
		if 2*acc >= n { // time for a diagonal step
			acc -= n
			q = grid.Pt(p.X+sx, p.Y+sy)
		} else if ax >= ay {
			q = grid.Pt(p.X+sx, p.Y)
		} else {
			q = grid.Pt(p.X, p.Y+sy)
		}
		if !step(p, q) {
			return false
		}
		p = q
	}
	return true
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
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
