package grid_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// FuzzSearch drives a Searcher's public calls with arbitrary bytes: a
// small map (walls, weights, movement rule), then searches one after the
// other on one searcher, each with its own window, start, goal and
// targets (duplicates and cells off the window or blocked among them).
// Every answer must match the oracle's plain Dijkstra over the window:
// FindPath's cost and path, FindNearest's cost and target (the first
// index listed at that cell), FindAll's every cost; bad input must give
// an error of the package, never a panic. Reusing the searcher checks
// that nothing of a search (stamps, marked targets) leaks into the next.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{5, 4, 0, 0x12, 0x34, 0x56, 0, 1, 2, 3, 9, 0, 0, 4, 3, 3, 1, 1, 3, 0, 0, 2, 2})
	f.Add([]byte{16, 16, 1, 0xff, 0, 0xf0, 0x0f, 0x81, 7, 7, 0, 0, 15, 15, 0, 0, 5, 15, 15, 15, 15, 0, 15, 8, 8})
	f.Add([]byte{3, 3, 2, 0x10, 40, 255, 1, 1, 0, 0, 2, 2, 2, 2, 4, 2, 0, 2, 0, 0, 2, 1, 1, 0, 2, 2, 0, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		w, h := 1+next()%16, 1+next()%16
		g, err := grid.New(w, h, grid.Movement(next()%3))
		if err != nil {
			t.Fatal(err)
		}
		// walls: a bit a cell from the bytes that follow, in turn
		bits := next()
		for i := range w * h {
			if i%8 == 7 {
				bits = next()
			}
			if bits>>(i%8)&1 == 1 && i%3 == 0 {
				g.SetPassable(g.PointAt(i), false)
			}
		}
		weights := []uint8{1, 2, 3, 9, 40, 255}
		for range next() % 8 {
			g.SetWeight(g.PointAt(next()*w*h/256), weights[next()%len(weights)])
		}
		pt := func() grid.Point { return grid.Pt(next()%(w+1)-next()%2, next()%(h+1)) } // off the map at times
		s := grid.NewSearcher(g)
		var buf []grid.Point
		for len(data) > 0 {
			x0, y0 := next()%w, next()%h
			win := grid.R(x0, y0, x0+1+next()%(w-x0), y0+1+next()%(h-y0))
			if next()%2 == 0 {
				win = grid.Rect{} // the whole map
			}
			start, goal := pt(), pt()
			targets := make([]grid.Point, next()%6)
			for i := range targets {
				targets[i] = pt()
				if i > 0 && next()%3 == 0 {
					targets[i] = targets[next()%i]
				}
			}
			opt := grid.Options{Window: win}
			o := oracle.Graph{G: g, Win: win}
			if win == (grid.Rect{}) {
				win = g.Bounds()
			}
			startOK := g.Contains(start) && g.Passable(start) && start.In(win)
			var dist []grid.Cost
			if startOK {
				dist, _ = o.ShortestFrom(start)
			}
			cost := func(p grid.Point) grid.Cost {
				if !g.Contains(p) || !p.In(win) || !g.Passable(p) {
					return grid.Unreachable
				}
				return dist[p.Y*w+p.X]
			}
			pkgErr := func(what string, err error) {
				t.Helper()
				for _, e := range []error{grid.ErrOutOfBounds, grid.ErrBlocked, grid.ErrWindow} {
					if errors.Is(err, e) {
						return
					}
				}
				t.Fatalf("%s: %v is no error of the package's", what, err)
			}

			res, err := s.FindPath(start, goal, opt, buf)
			buf = res.Path
			goalOK := g.Contains(goal) && g.Passable(goal) && goal.In(win)
			switch {
			case err != nil:
				if startOK && goalOK {
					t.Fatalf("FindPath %v→%v in %v: %v", start, goal, win, err)
				}
				pkgErr("FindPath", err)
			case !startOK || !goalOK:
				t.Fatalf("FindPath %v→%v in %v: no error", start, goal, win)
			case cost(goal) == grid.Unreachable:
				if res.Status != grid.NoPath {
					t.Fatalf("FindPath %v→%v in %v: %v, the oracle has no path", start, goal, win, res.Status)
				}
			default:
				if res.Status != grid.Found || res.Cost != cost(goal) {
					t.Fatalf("FindPath %v→%v in %v: %v at %d, the oracle %d", start, goal, win, res.Status, res.Cost, cost(goal))
				}
				checkPath(t, g, res.Path, start, goal, res.Cost, win)
			}

			offMap := slices.ContainsFunc(targets, func(p grid.Point) bool { return !g.Contains(p) })
			res, err = s.FindNearest(start, targets, opt, buf)
			buf = res.Path
			if err != nil {
				if startOK && !offMap {
					t.Fatalf("FindNearest from %v in %v to %v: %v", start, win, targets, err)
				}
				pkgErr("FindNearest", err)
			} else {
				if !startOK || offMap {
					t.Fatalf("FindNearest from %v in %v to %v: no error", start, win, targets)
				}
				best, bestI := grid.Unreachable, -1
				for i, p := range targets {
					if c := cost(p); c < best {
						best, bestI = c, i
					}
				}
				switch {
				case bestI < 0:
					if res.Status != grid.NoPath || res.Target != -1 {
						t.Fatalf("FindNearest from %v in %v to %v: %v, target %d; the oracle reaches none", start, win, targets, res.Status, res.Target)
					}
				case res.Status != grid.Found || res.Target < 0 || res.Cost != best || cost(targets[res.Target]) != best:
					t.Fatalf("FindNearest from %v in %v to %v: %v, target %d at %d; the oracle %d (target %d)", start, win, targets, res.Status, res.Target, res.Cost, best, bestI)
				case slices.Index(targets, targets[res.Target]) != res.Target:
					t.Fatalf("FindNearest to %v: target %d, listed first as %d", targets, res.Target, slices.Index(targets, targets[res.Target]))
				default:
					checkPath(t, g, res.Path, start, targets[res.Target], best, win)
				}
			}

			costs := make([]grid.Cost, len(targets))
			if _, err := s.FindAll(start, targets, opt, costs); err != nil {
				if startOK && !offMap {
					t.Fatalf("FindAll from %v in %v to %v: %v", start, win, targets, err)
				}
				pkgErr("FindAll", err)
				continue
			}
			if !startOK || offMap {
				t.Fatalf("FindAll from %v in %v to %v: no error", start, win, targets)
			}
			for i, p := range targets {
				if costs[i] != cost(p) {
					t.Fatalf("FindAll from %v in %v: target %d at %v costs %d, the oracle %d", start, win, i, p, costs[i], cost(p))
				}
				if costs[i] != grid.Unreachable {
					if path, ok := s.PathTo(p, nil); !ok {
						t.Fatalf("FindAll from %v: no PathTo %v", start, p)
					} else {
						checkPath(t, g, path, start, p, costs[i], win)
					}
				}
			}
		}
	})
}
