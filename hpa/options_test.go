package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// TestOptionsRejected: out-of-range options are an error wrapping
// ErrOptions (never "found" with an empty path, never minutes of
// smoothing), and the largest accepted values work.
func TestOptionsRejected(t *testing.T) {
	g, b := genBake(t, 120, 120, 3, grid.Octile, 16)
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	a, z := grid.Pt(-1, -1), grid.Pt(-1, -1)
	for i := range g.Width() * g.Height() {
		if p := g.PointAt(i); g.Passable(p) {
			if a.X < 0 {
				a = p
			} else if b.SameIsland(a, p) {
				z = p // the last cell on a's island
			}
		}
	}
	for _, opt := range []hpa.Options{
		{Smooth: hpa.Corners + 1},
		{Smooth: 7},
		{Smooth: 255, Nearest: true},
		{SmoothPasses: -1},
		{Smooth: hpa.Cells, SmoothPasses: hpa.MaxSmoothPasses + 1},
		{Smooth: hpa.Cells, SmoothPasses: 1 << 30},
		{FirstSteps: -1},
		{MaxExpansions: -1},
		{MaxExpansions: -5, Nearest: true},
	} {
		start := time.Now()
		res, err := q.Find(a, z, opt, nil)
		if !errors.Is(err, hpa.ErrOptions) || res.Status != hpa.NoPath || len(res.Path) != 0 {
			t.Errorf("%+v: %v with %d cells, %v", opt, res.Status, len(res.Path), err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%+v: rejected after %v", opt, d)
		}
	}
	for _, opt := range []hpa.Options{
		{Smooth: hpa.Corners},
		{Smooth: hpa.Cells, SmoothPasses: hpa.MaxSmoothPasses},
		{FirstSteps: 0, MaxExpansions: 0},
	} {
		res, err := q.Find(a, z, opt, nil)
		if err != nil || res.Status != hpa.Found || res.Path[len(res.Path)-1] != z {
			t.Errorf("%+v: %v %v", opt, res.Status, err)
		}
	}
}

// TestFirstStepsTruncated: a path cut by FirstSteps says so. On random
// maps, for every smoothing, Truncated is set exactly when the returned
// path stops short of the goal; a goal more than FirstSteps steps away
// (Chebyshev distance, a lower bound on any path's steps) is always
// truncated; a cut path has FirstSteps+1 cells (or corners), and Cost is
// what the returned path costs as the oracle prices it: the prefix's,
// or for Corners the cell path's up to the last corner, which is at
// least the straight octile distance along the corners.
func TestFirstStepsTruncated(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	maps := 60
	if testing.Short() {
		maps = 20
	}
	var cut, whole int
	for i := range maps {
		g, b := genBake(t, 40+r.IntN(120), 40+r.IntN(120), uint64(3000+i), grid.Octile, 16)
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		n := g.Width() * g.Height()
		for range 12 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if !g.Passable(a) || !g.Passable(z) || !b.SameIsland(a, z) {
				continue
			}
			k := 1 + r.IntN(60)
			cheb := max(a.X-z.X, z.X-a.X, a.Y-z.Y, z.Y-a.Y)
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
				what := fmt.Sprintf("map %d %v→%v smooth %d FirstSteps %d", i, a, z, sm, k)
				res, err := q.Find(a, z, hpa.Options{Smooth: sm, FirstSteps: k}, nil)
				if err != nil || res.Status != hpa.Found {
					t.Fatalf("%s: %v %v", what, res.Status, err)
				}
				p := res.Path
				end := p[len(p)-1]
				switch {
				case p[0] != a || len(p) > k+1:
					t.Fatalf("%s: %d cells from %v", what, len(p), p[0])
				case res.Truncated != (end != z):
					t.Fatalf("%s: Truncated %v, path ends at %v", what, res.Truncated, end)
				case sm != hpa.Corners && cheb > k && !res.Truncated:
					t.Fatalf("%s: goal %d steps away, not truncated", what, cheb)
				case res.Truncated && len(p) != k+1:
					t.Fatalf("%s: truncated to %d cells", what, len(p))
				}
				if res.Truncated {
					cut++
				} else {
					whole++
				}
				if sm == hpa.Corners {
					var line grid.Cost
					for j := 1; j < len(p); j++ {
						if !g.LineOfSight(p[j-1], p[j]) {
							t.Fatalf("%s: corners %v→%v without line of sight", what, p[j-1], p[j])
						}
						line += octile(p[j-1], p[j])
					}
					if res.Cost < line*grid.Cost(g.MinWeight()) {
						t.Fatalf("%s: Cost %d below the corners' straight length %d", what, res.Cost, line)
					}
					continue
				}
				if c := legalPath(t, g, p, what); c != res.Cost {
					t.Fatalf("%s: the returned path costs %d, Find says %d", what, c, res.Cost)
				}
			}
		}
	}
	t.Logf("%d truncated paths, %d whole", cut, whole)
	if cut < 100 || whole < 100 {
		t.Errorf("too few truncated (%d) or whole (%d) paths", cut, whole)
	}
}
