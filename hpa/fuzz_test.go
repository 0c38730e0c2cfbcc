package hpa_test

import (
	"errors"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// FuzzFind throws arbitrary endpoints and options at the planner: it must
// never panic, must reject bad endpoints and options with an error, must
// keep within its budget, and whatever path it returns must be legal and
// end where its status says.
func FuzzFind(f *testing.F) {
	g, b := genBake(f, 96, 80, 5, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	s := grid.NewSearcher(g)
	// A penalty layer: a hot spot and a unit's claims across the middle.
	pen := pl.NewPenalties(hpa.PenaltyConfig{})
	pen.AddInfluence(grid.Pt(48, 40), 10, 20*grid.Straight)
	if res, _ := q.Find(grid.Pt(3, 40), grid.Pt(92, 40), hpa.Options{}, nil); res.Status == hpa.Found {
		pen.Claim(0, res.Path)
	}
	f.Add(3, 4, 90, 70, uint8(1), 0, false, 0)
	f.Add(-1, 4, 900, 70, uint8(2), 5, true, 10)
	f.Add(40, 40, 41, 41, uint8(0), 1, true, 1)
	f.Add(3, 40, 92, 40, uint8(4), 0, false, 0)
	f.Add(3, 40, 92, 40, uint8(1), -1, true, -3)
	f.Add(3, 4, 0, 0, uint8(1), 0, true, 50)
	f.Add(3, 40, 92, 40, uint8(0x35), 0, false, 0)   // band 6 under the penalty
	f.Add(3, 40, 92, 40, uint8(0xf1), 0, false, 0)   // band 42: ErrOptions
	f.Add(3, 40, 92, 40, uint8(0x25), 0, false, 900) // band 3, a budget
	f.Fuzz(func(t *testing.T, ax, ay, zx, zy int, smooth uint8, first int, nearest bool, budget int) {
		a, z := grid.Pt(ax, ay), grid.Pt(zx, zy)
		opt := hpa.Options{Smooth: hpa.Smoothing(smooth % 3), FirstSteps: first, Nearest: nearest, MaxExpansions: budget}
		// The band: -3 to 42 (negative: none, 0: the default, above MaxBand
		// an error).
		opt.Band = int(smooth>>4)*3 - 3
		if smooth&4 != 0 { // the penalty layer, seen by nobody or by unit 1
			unit := hpa.NoUnit
			if smooth&8 != 0 {
				unit = 1
			}
			opt.Penalty = pen.For(unit)
		}
		res, err := q.Find(a, z, opt, nil)
		if first < 0 || budget < 0 || opt.Band > hpa.MaxBand {
			if !errors.Is(err, hpa.ErrOptions) {
				t.Fatalf("%+v: answered %v, %v", opt, res.Status, err)
			}
			return
		}
		// A blocked goal is no error with Nearest: the path heads for the
		// nearest reachable cell.
		bad := !g.Contains(a) || !g.Contains(z) || !g.Passable(a) || !g.Passable(z) && !nearest
		if bad {
			if !errors.Is(err, grid.ErrOutOfBounds) && !errors.Is(err, grid.ErrBlocked) {
				t.Fatalf("%v→%v: bad endpoint answered %v, %v", a, z, res.Status, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%v→%v: %v", a, z, err)
		}
		if budget > 0 && res.Expanded > budget {
			t.Fatalf("%v→%v: %d expansions, budget %d", a, z, res.Expanded, budget)
		}
		if res.Status == hpa.NoPath && nearest {
			t.Fatalf("%v→%v: no path with Nearest", a, z)
		}
		if res.Status == hpa.NoPath || res.Status == hpa.Exhausted && !nearest {
			if len(res.Path) != 0 {
				t.Fatalf("%v→%v: %v with %d cells", a, z, res.Status, len(res.Path))
			}
			if res.Status == hpa.NoPath && !nearest {
				if want, _ := s.FindPath(a, z, grid.Options{}, nil); want.Status == grid.Found {
					t.Fatalf("%v→%v: no path, A* found one", a, z)
				}
			}
			return
		}
		p := res.Path
		if len(p) == 0 || p[0] != a {
			t.Fatalf("%v→%v: path %v", a, z, p)
		}
		if res.Status == hpa.Found && res.Truncated == (p[len(p)-1] == z) {
			t.Fatalf("%v→%v: found path ends at %v, Truncated %v", a, z, p[len(p)-1], res.Truncated)
		}
		if opt.Smooth == hpa.Corners {
			for k := 1; k < len(p); k++ {
				if !g.LineOfSight(p[k-1], p[k]) {
					t.Fatalf("corners %v→%v without line of sight", p[k-1], p[k])
				}
			}
			return
		}
		if _, err := g.PathCost(p); err != nil {
			t.Fatalf("%v→%v %+v: %v", a, z, opt, err)
		}
		if first > 0 && len(p) > first+1 {
			t.Fatalf("FirstSteps %d: %d cells", first, len(p))
		}
	})
}
