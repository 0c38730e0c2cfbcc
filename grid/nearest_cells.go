package grid

import "fmt"

// NearestCells writes into dst the n cells reachable from p at the least
// path cost from it, in order of that cost (p first; cells of equal cost
// in the order the search settles them, which is fixed), or every cell
// reachable from p when fewer are: the spots round a clicked cell where n
// units can stop, all on p's island. Options.Size and Class make them the
// cells where that unit fits and reaches; Avoid and Penalty are heeded;
// Dijkstra, Nearest, MaxExpansions and Pause are not used.
//
// With the zero Window the search runs in a window round p that grows
// (doubling) until it holds n cells whose costs no path leaving it could
// beat, so its work and scratch follow n and the ground round p, not the
// map; a Window given bounds it instead (the cells nearest within it).
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
	minW := Cost(g.classMinWeight(opt.Class))
	r := 4
	for r*r < n {
		r *= 2
	}
	for {
		if !fixed {
			opt.Window = R(p.X-r, p.Y-r, p.X+r+1, p.Y+r+1).Intersect(g.Bounds())
		}
		dst = dst[:0]
		if _, err := s.FindNearest(p, nil, opt, nil); err != nil {
			return dst[:0], err
		}
		win := s.win
		if fixed || win == g.Bounds() {
			return dst, nil
		}
		if len(dst) == n {
			// Exact when no path that leaves the window could reach a
			// cell at less than the last cell's cost: such a path takes
			// at least d steps of at least Straight×minW each, d the
			// fewest steps from p to a cell outside.
			d := 1 << 30
			if win.Min.X > 0 {
				d = min(d, p.X-win.Min.X+1)
			}
			if win.Min.Y > 0 {
				d = min(d, p.Y-win.Min.Y+1)
			}
			if win.Max.X < g.w {
				d = min(d, win.Max.X-p.X)
			}
			if win.Max.Y < g.h {
				d = min(d, win.Max.Y-p.Y)
			}
			if s.cost[s.local(dst[n-1])] <= Cost(d)*Straight*minW {
				return dst, nil
			}
		}
		r *= 2
	}
}
