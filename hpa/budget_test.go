package hpa_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestMaxExpansionsBound: on random generated maps (every movement rule,
// clusters of 8 to 32) and random budgets, with and without Nearest,
// for goals on the start's island, on other islands and on blocked
// cells:
//   - Result.Expanded never exceeds MaxExpansions;
//   - a budget below what the unbounded call expands (once the route
//     cache knows its routes) ends Exhausted, one at least as large
//     changes nothing;
//   - an exhausted call returns no path without Nearest; with Nearest,
//     as grid's searcher does, a legal path (checked step by step by the
//     oracle) from the start to a cell no farther from the goal than the
//     start, costing what Find reports;
//   - a finished call's path is legal and ends at the goal (Found) or at
//     the nearest reachable cell (Partial, brute force over the flood
//     fill).
func TestMaxExpansionsBound(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	maps := 150
	if testing.Short() {
		maps = 40
	}
	var calls, exhausted, moved, gridMoved int
	for i := range maps {
		rule := grid.Movement(i % 3)
		g, b := genBake(t, 32+r.IntN(130), 32+r.IntN(130), uint64(2000+i), rule, []int{8, 16, 32}[i/3%3])
		label := oracle.Components(g)
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		s := grid.NewSearcher(g)
		n := g.Width() * g.Height()
		for range 10 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if !g.Passable(a) {
				continue
			}
			nearest := r.IntN(3) > 0
			if !g.Passable(z) && !nearest {
				continue
			}
			opt := hpa.Options{Nearest: nearest, Smooth: hpa.Smoothing(r.IntN(2))}
			// Asked twice: the first call may teach the route cache routes
			// that later calls decode without expanding anything.
			q.Find(a, z, opt, nil)
			full, err := q.Find(a, z, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			need := full.Expanded
			budgets := []int{1, max(1, need-1), need, need + 1 + r.IntN(50), 1 + r.IntN(need+1), 1 + r.IntN(need+1)}
			for _, budget := range budgets {
				calls++
				what := fmt.Sprintf("map %d (%v) %v→%v nearest %v budget %d of %d", i, rule, a, z, nearest, budget, need)
				o := opt
				o.MaxExpansions = budget
				res, err := q.Find(a, z, o, nil)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if res.Expanded > budget {
					t.Fatalf("%s: expanded %d", what, res.Expanded)
				}
				if budget >= need {
					if res.Status != full.Status || !slices.Equal(res.Path, full.Path) || res.Cost != full.Cost {
						t.Fatalf("%s: %v %v, unbounded %v %v", what, res.Status, res.Path, full.Status, full.Path)
					}
				} else if res.Status != hpa.Exhausted {
					t.Fatalf("%s: %v below the unbounded call's expansions", what, res.Status)
				}
				p := res.Path
				switch res.Status {
				case hpa.Exhausted:
					exhausted++
					if !nearest {
						if len(p) != 0 {
							t.Fatalf("%s: exhausted without Nearest returned %d cells", what, len(p))
						}
						continue
					}
					if len(p) == 0 || p[0] != a {
						t.Fatalf("%s: exhausted with Nearest returned %v", what, p)
					}
					if octile(p[len(p)-1], z) > octile(a, z) {
						t.Fatalf("%s: partial path ends at %v, farther from the goal than the start", what, p[len(p)-1])
					}
					if p[len(p)-1] != a {
						moved++
					}
					// grid's searcher under the same budget also answers
					// with a partial path from the start.
					if g.Passable(z) {
						ref, err := s.FindPath(a, z, grid.Options{Nearest: true, MaxExpansions: budget}, nil)
						if err != nil || len(ref.Path) == 0 || ref.Path[0] != a {
							t.Fatalf("%s: grid %v %v %v", what, ref.Status, ref.Path, err)
						}
						if ref.Status == grid.Exhausted && ref.Path[len(ref.Path)-1] != a {
							gridMoved++
						}
					}
				case hpa.Found:
					if p[0] != a || p[len(p)-1] != z {
						t.Fatalf("%s: found path %v", what, p)
					}
				case hpa.Partial:
					if want := nearestRef(g, label, a, z); p[0] != a || p[len(p)-1] != want {
						t.Fatalf("%s: partial path ends at %v, nearest reachable %v", what, p[len(p)-1], want)
					}
				case hpa.NoPath:
					if nearest || label[g.Index(a)] == label[g.Index(z)] {
						t.Fatalf("%s: no path", what)
					}
					continue
				}
				if c := legalPath(t, g, p, what); c != res.Cost {
					t.Fatalf("%s: path costs %d, Find says %d", what, c, res.Cost)
				}
			}
		}
	}
	t.Logf("%d bounded calls, %d exhausted; with Nearest, %d exhausted calls moved off the start (grid's searcher: %d)", calls, exhausted, moved, gridMoved)
	if exhausted < calls/4 || moved < exhausted/8 {
		t.Errorf("too few exhausted calls (%d of %d) or partial paths that lead anywhere (%d)", exhausted, calls, moved)
	}
}

// TestBoundedQueriesDoNotAllocate: budgets, partial paths and Nearest
// keep the zero-allocation promise of warm queries.
func TestBoundedQueriesDoNotAllocate(t *testing.T) {
	g, b := genBake(t, 200, 200, 9, grid.Octile, 32)
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	r := rand.New(rand.NewPCG(2, 2))
	var pairs [][2]grid.Point
	for len(pairs) < 30 {
		a, z := g.PointAt(r.IntN(40000)), g.PointAt(r.IntN(40000))
		if g.Passable(a) {
			pairs = append(pairs, [2]grid.Point{a, z}) // z: any cell, blocked or on any island
		}
	}
	buf := make([]grid.Point, 0, 4096)
	for _, opt := range []hpa.Options{
		{Nearest: true},
		{Nearest: true, Smooth: hpa.Cells, MaxExpansions: 150},
		{Nearest: true, Smooth: hpa.Corners, MaxExpansions: 1500},
		{Nearest: true, Smooth: hpa.Cells, FirstSteps: 8},
	} {
		for range 2 { // warm up
			for _, pr := range pairs {
				q.Find(pr[0], pr[1], opt, buf)
			}
		}
		i := 0
		if n := testing.AllocsPerRun(200, func() {
			pr := pairs[i%len(pairs)]
			i++
			q.Find(pr[0], pr[1], opt, buf)
		}); n != 0 {
			t.Errorf("%+v: %v allocations per query", opt, n)
		}
	}
}
