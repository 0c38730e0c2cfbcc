package hpa_test

import (
	"errors"
	"flag"
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
)

var fogEvery = flag.Int("fog.every", 0, "TestFogStarCraft: every how many scenario lines to run (0: 64, 256 with -short)")

// TestFogStarCraft: on every StarCraft map, a player who has seen a
// random part of it (half of them knowing the terrain from the start; discs of radius 8 to 48 round random cells, the
// rest believed open ground) while the game put up buildings and long
// walls, some of them after the player last looked. On the scenario lines (every 64th;
// go test -run TestFogStarCraft ./hpa -fog.every 4 -v for more) the
// player's planner finds a path exactly when the oracle's flood fill of
// the player's view (the tests' own model, a plain grid) joins the ends;
// every step is legal on that view (oracle); the length is at most 1%
// over the view's optimum (exact A* on the plain grid, itself checked
// against the oracle's Dijkstra on every 4th map's first line) on average.
func TestFogStarCraft(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	maps := testmaps.All(t, "sc1")
	every := 64
	if testing.Short() {
		every = 256
	}
	if *fogEvery > 0 {
		every = *fogEvery
	}
	var over []float64
	n, none, blocked := 0, 0, 0
	worst, worstV := "", 0.0
	var buf []grid.Point
	for mi, m := range maps {
		truth, scens := testmaps.Load(t, m)
		w, h := truth.Width(), truth.Height()
		// Half the players know the terrain from the start (the map as
		// published), half believe unexplored land open.
		var prior *grid.Grid
		if mi%2 == 1 {
			prior = truth.Clone()
		}
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: prior})
		if err != nil {
			t.Fatal(err)
		}
		model := newBelief(w, h, prior)
		r := mapgen.NewRand(uint64(mi) + 1)
		for round := range 4 {
			// Buildings up, some razed, in the player's sight or not.
			for range 20 {
				x, y := r.Intn(w), r.Intn(h)
				truth.Fill(grid.R(x, y, x+2+r.Intn(5), y+2+r.Intn(5)), round%2 == 1 && r.Intn(2) == 0)
			}
			// Walls across the map, which cut some places off.
			for range 6 {
				x, y, n := r.Intn(w), r.Intn(h), 40+r.Intn(200)
				if r.Intn(2) == 0 {
					truth.Fill(grid.R(x, y, x+n, y+2), false)
				} else {
					truth.Fill(grid.R(x, y, x+2, y+n), false)
				}
			}
			var cs []grid.Point
			for range 12 {
				cs = append(cs, grid.Pt(r.Intn(w), r.Intn(h)))
			}
			rad := 8 + r.Intn(41)
			if _, err := k.RevealCircles(truth, cs, rad); err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				model.disc(truth, c, rad)
			}
		}
		model.same(t, k)
		view := model.grid(t, truth.Movement())
		o := oracle.Graph{G: view}
		comp := o.Components()
		s := grid.NewSearcher(view)
		q := k.Planner().NewQuery()
		checked := false
		for i, sc := range scens {
			if i%every != 0 {
				continue
			}
			name := fmt.Sprintf("%s line %d %v→%v", m.Name, i, sc.Start, sc.Goal)
			res, err := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, buf)
			buf = res.Path
			if !view.Passable(sc.Start) || !view.Passable(sc.Goal) {
				blocked++
				if !errors.Is(err, grid.ErrBlocked) {
					t.Fatalf("%s: an end the player believes blocked: %v %v", name, res.Status, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n++
			if comp[view.Index(sc.Start)] != comp[view.Index(sc.Goal)] {
				none++
				if res.Status != hpa.NoPath {
					t.Fatalf("%s: %v; the player's view does not join them", name, res.Status)
				}
				continue
			}
			if res.Status != hpa.Found {
				t.Fatalf("%s: %v; the player's view joins them", name, res.Status)
			}
			p := res.Path
			if p[0] != sc.Start || p[len(p)-1] != sc.Goal {
				t.Fatalf("%s: path runs %v→%v", name, p[0], p[len(p)-1])
			}
			cost, ok := oracle.PathCost(o, p)
			if !ok || cost != res.Cost {
				t.Fatalf("%s: path legal on the view %v, cost %d, answered %d", name, ok, cost, res.Cost)
			}
			best, err := s.FindPath(sc.Start, sc.Goal, grid.Options{}, nil)
			if err != nil || best.Status != grid.Found {
				t.Fatalf("%s: exact search %v %v", name, best.Status, err)
			}
			if !checked && mi%4 == 0 {
				checked = true
				dist, _ := o.ShortestFrom(sc.Start)
				if d := dist[view.Index(sc.Goal)]; d != best.Cost {
					t.Fatalf("%s: exact search %d, the oracle's Dijkstra %d", name, best.Cost, d)
				}
			}
			if res.Cost < best.Cost {
				t.Fatalf("%s: cost %d below the optimum %d", name, res.Cost, best.Cost)
			}
			if best.Cost > 0 {
				v := 100 * float64(res.Cost-best.Cost) / float64(best.Cost)
				over = append(over, v)
				if v > worstV {
					worstV, worst = v, name
				}
			}
		}
	}
	if len(over) == 0 || none == 0 {
		t.Fatalf("%d paths compared, %d queries without a path: the test checks too little", len(over), none)
	}
	mean, p99, _ := summary(over)
	t.Logf("every %d line: %d queries (%d without a path on the player's view), %d with an end the player believes blocked; Cells length over the view's optimum: mean %.3f%%, p99 %.3f%%, worst %.3f%% (%s)",
		every, n, none, blocked, mean, p99, worstV, worst)
	if mean > 1 {
		t.Fatalf("mean %.3f%% over the optimum, want ≤ 1%%", mean)
	}
}
