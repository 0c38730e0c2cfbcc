package hpa

import "github.com/rtspath/rtspath/grid"

// maxLook bounds how far ahead along the path a shortcut is tried, which
// bounds smoothing work at O(path × maxLook).
const maxLook = 96

// smoothCells replaces stretches of the path by the plainest grid path
// between their ends (diagonal and straight steps interleaved evenly)
// wherever that path is legal and costs less, and appends the result to
// dst. Every step stays a legal grid step and the cost never rises.
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
		best, bestCost := i+1, grid.Cost(-1)
		miss := 0
		for k := min(len(raw)-1, i+maxLook); k > i+1; k-- {
			lc, ok := straightCost(g, raw[i], raw[k], pre[k]-pre[i])
			if ok {
				best, bestCost = k, lc
				break
			}
			if miss++; miss > 24 {
				break
			}
		}
		if bestCost >= 0 {
			dst = appendStraight(g, dst, raw[i], raw[best])
		} else {
			dst = append(dst, raw[i+1])
		}
		i = best
	}
	return dst
}

// straightCost walks the evenly interleaved octile path from a to z and
// returns its cost if every step is legal and it costs less than limit.
func straightCost(g *grid.Grid, a, z grid.Point, limit grid.Cost) (grid.Cost, bool) {
	var c grid.Cost
	ok := walkStraight(a, z, func(p, q grid.Point) bool {
		if !g.CanStep(p, q) {
			return false
		}
		d, _ := grid.DirOf(p, q)
		c += grid.StepCost(d, g.Weight(p), g.Weight(q))
		return c < limit
	})
	return c, ok
}

func appendStraight(g *grid.Grid, dst []grid.Point, a, z grid.Point) []grid.Point {
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
		next := i + 1
		miss := 0
		for k := min(len(path)-1, i+4*maxLook); k > i+1; k-- {
			if g.LineOfSight(path[i], path[k]) {
				next = k
				break
			}
			if miss++; miss > 32 {
				break
			}
		}
		dst = append(dst, path[next])
		i = next
	}
	return dst
}
