package grid

// The octile line from a to z is the grid path of max(|dx|,|dy|) steps
// whose min(|dx|,|dy|) diagonal steps are spread evenly among the straight
// ones (a Bresenham line in octile steps). When it is legal it is the
// straightest least-step path between the two cells, and on cells of the
// least weight it costs exactly OctileCost × MinWeight, the A* heuristic,
// so no path is cheaper.

// octileSteps yields the directions of the octile line.
type octileSteps struct {
	n, nd, acc int
	diag, str  Dir
}

func newOctileSteps(a, z Point) octileSteps {
	dx, dy := z.X-a.X, z.Y-a.Y
	ax, ay := abs(dx), abs(dy)
	sx, sy := sign(dx), sign(dy)
	s := octileSteps{n: max(ax, ay), nd: min(ax, ay)}
	s.diag, _ = DirOf(Point{}, Point{sx, sy})
	if ay > ax {
		s.str, _ = DirOf(Point{}, Point{0, sy})
	} else {
		s.str, _ = DirOf(Point{}, Point{sx, 0})
	}
	return s
}

// next returns the direction of the next step; call it n times.
func (s *octileSteps) next() Dir {
	s.acc += s.nd
	if 2*s.acc >= s.n {
		s.acc -= s.n
		return s.diag
	}
	return s.str
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

// OctileLineCost returns the cost of the octile line from a to z if every
// step of it is legal and its cost stays below limit. Both cells must be
// on the grid. O(|z-a|), no allocation. A result equal to
// OctileCost(a, z) × MinWeight means the line is a least-cost path.
func (g *Grid) OctileLineCost(a, z Point, limit Cost) (Cost, bool) {
	s := newOctileSteps(a, z)
	i := a.Y*g.w + a.X
	var c Cost
	for range s.n {
		d := s.next()
		if g.moves[i]&(1<<d) == 0 {
			return 0, false
		}
		dd := dirDelta[d]
		j := i + dd.Y*g.w + dd.X
		c += StepCost(d, g.wt[i], g.wt[j])
		if c >= limit {
			return 0, false
		}
		i = j
	}
	return c, true
}

// AppendOctileLine appends the cells of the octile line from a to z to
// dst, without a. It does not look at the grid: check the line with
// OctileLineCost first.
func AppendOctileLine(dst []Point, a, z Point) []Point {
	s := newOctileSteps(a, z)
	p := a
	for range s.n {
		p = p.Add(dirDelta[s.next()])
		dst = append(dst, p)
	}
	return dst
}
