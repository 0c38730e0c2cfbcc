package grid

import "fmt"

// NearestCells writes into dst the n cells reachable from p at the least
// path cost from it, in order of that cost (p first; cells of equal cost
// in the order the search settles them, which is fixed), or every cell
// reachable from p when fewer are: the spots round a clicked cell where n
// units can stop, all on p's island. Options.Size and Class make them the
// cells where that unit fits and reaches; Avoid and Penalty are heeded;
// Dijkstra, Nearest, MaxExpansions, Pause and Visit are not used.
//
// With the zero Window the search runs in a window round p that grows
// (doubling) until it holds n cells whose costs no path leaving it could
// beat (Result.Outside), or every cell reachable from p, so its work and
// scratch follow n and the ground round p, not the map; a Window given
// bounds it instead (the cells nearest within it). n may be as large as
// you like (math.MaxInt: every reachable cell).
// Errors: p off the grid (ErrOutOfBounds) or blocked for the unit
// (ErrBlocked), n negative (ErrLength), as the search's otherwise.
//
// Cost: about O(N log N) for N the cells settled, a small multiple of n
// on open ground. It allocates a little per call (a closure).
func (s *Searcher) NearestCells(p Point, n int, opt Options, dst []Point) ([]Point, error) {
	dst = dst[:0]
	if s == nil || s.g == nil {
		return dst, errNoGrid
	}
	if n < 0 {
		return dst, fmt.Errorf("%w: NearestCells of %d cells", ErrLength, n)
	}
	g := s.g
	if err := g.checkFit(p, "cell", Unit{opt.Size, opt.Class}); err != nil {
		return dst, err
	}
	if n == 0 {
		return dst, nil
	}
	fixed := opt.Window != Rect{}
	opt.Dijkstra, opt.Nearest, opt.MaxExpansions, opt.Pause = true, false, n, nil
	opt.Visit = func(q Point) { dst = append(dst, q) }
	// The first window holds about n cells, at most 129×129 (a pocket
	// round p is found small, however many cells were asked for); each
	// retry doubles it, so the work is within a small factor of the last
	// window's.
	r := 4
	for r < 64 && r*r < n {
		r *= 2
	}
	for {
		if !fixed {
			opt.Window = R(p.X-r, p.Y-r, p.X+r+1, p.Y+r+1).Intersect(g.Bounds())
		}
		dst = dst[:0]
		res, err := s.FindNearest(p, nil, opt, nil)
		if err != nil {
			return dst[:0], err
		}
		if fixed || s.win == g.Bounds() {
			return dst, nil
		}
		// res.Outside bounds from below every path that leaves the
		// window (from an expanded cell; one from a cell not expanded
		// costs at least the last cell's cost).
		if len(dst) < n && res.Outside == Unreachable || len(dst) == n && s.cost[s.local(dst[n-1])] <= res.Outside {
			return dst, nil
		}
		r *= 2
	}
}
