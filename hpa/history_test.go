package hpa_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// TestHistoryIndependence: a planner that lives through many rounds of
// random edits (walls, clearings, terrain weights), each applied with
// Bake.Update and Planner.Sync, answers every query after every round
// exactly as a fresh planner on a bake loaded from the updated bake's
// file: same status, cells, cost and work, for every smoothing, under a
// penalty layer (the same hot spot on each planner) and under a budget of
// expansions (Nearest), with and without FirstSteps. Its queries fill its
// route cache as the rounds go.
// The updated bake's file must equal a fresh Build's of the edited grid,
// and the answers must agree with exact A* on the edited grid.
func TestHistoryIndependence(t *testing.T) {
	t.Run("generated", func(t *testing.T) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 200, Height: 180, Seed: 77}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		// Terrain of weight 2 everywhere: the patch of weight 1 laid half
		// way lowers the grid's least weight, which scales the heuristic
		// of every search.
		if err := g.FillWeight(g.Bounds(), 2); err != nil {
			t.Fatal(err)
		}
		checkHistory(t, g, 16, 7)
	})
	// Three Dragon Age maps: a kept landmark changes answers only where
	// the edits moved the farthest points, which one map may not see.
	for k, name := range []string{"brc000d", "den011d", "lak303d"} {
		t.Run("dao/"+name, func(t *testing.T) {
			checkHistory(t, testmaps.Grid(t, "dao", name), 0, uint64(8+k))
		})
	}
}

// Beside the three smoothings, the history test asks for Cells under the
// hot spot's penalty (penalized) and Cells with Nearest under a budget of
// expansions that some queries exhaust (budgeted).
const (
	penalized = hpa.Corners + 1 + iota
	budgeted
	budget = 600
)

// checkHistory runs the rounds of TestHistoryIndependence on g with
// clusters of cs cells (0: the default).
func checkHistory(t *testing.T, g *grid.Grid, cs int, seed uint64) {
	rounds, pairs := 12, 40
	if testing.Short() {
		rounds, pairs = 6, 20
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	// A penalty layer with a hot spot: its refreshes fill the route cache
	// too, and queries that pay it are compared with queries that pay the
	// same layer made on the fresh planner.
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	r := rand.New(rand.NewPCG(seed, 99))
	w, h := g.Width(), g.Height()
	pair := func() (grid.Point, grid.Point) {
		for {
			a, z := grid.Pt(r.IntN(w), r.IntN(h)), grid.Pt(r.IntN(w), r.IntN(h))
			if g.Passable(a) && g.Passable(z) {
				return a, z
			}
		}
	}
	hot, _ := pair()
	if err := f.AddInfluence(hot, 5, 4*grid.Straight); err != nil {
		t.Fatal(err)
	}
	s := grid.NewSearcher(g)
	var buf, fbuf []grid.Point
	diff, compared, exhausted := 0, 0, 0
	for round := range rounds {
		for range 1 + r.IntN(4) {
			x, y := r.IntN(w), r.IntN(h)
			rect := grid.R(x, y, x+1+r.IntN(12), y+1+r.IntN(12))
			switch r.IntN(4) {
			case 0, 1:
				g.Fill(rect, false)
			case 2:
				g.Fill(rect, true)
			default:
				if err := g.FillWeight(rect, uint8(2+r.IntN(5))); err != nil {
					t.Fatal(err)
				}
			}
			if err := b.Update(rect, 0); err != nil {
				t.Fatal(err)
			}
		}
		if round == rounds/2 {
			x, y := r.IntN(w), r.IntN(h)
			if err := g.FillWeight(grid.R(x, y, x+2, y+2), 1); err != nil {
				t.Fatal(err)
			}
			if err := b.Update(grid.Rect{}, 0); err != nil {
				t.Fatal(err)
			}
		}
		if err := pl.Sync(); err != nil {
			t.Fatal(err)
		}
		data := b.AppendBinary(nil)
		built, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, built.AppendBinary(nil)) {
			t.Fatalf("round %d: the updated bake's file differs from a fresh build's", round)
		}
		loaded, err := preprocess.Load(data, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		fresh := hpa.NewPlanner(loaded, hpa.Config{})
		fq := fresh.NewQuery()
		ff := fresh.NewPenalties(hpa.PenaltyConfig{})
		if err := ff.AddInfluence(hot, 5, 4*grid.Straight); err != nil {
			t.Fatal(err)
		}
		for i := range pairs {
			a, z := pair()
			want, _ := s.FindPath(a, z, grid.Options{}, nil)
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners, penalized, budgeted} {
				for _, first := range []int{0, 9} {
					opt := hpa.Options{Smooth: sm, FirstSteps: first}
					fopt := opt
					switch sm {
					case penalized:
						opt.Smooth, opt.Penalty = hpa.Cells, f.For(1)
						fopt.Smooth, fopt.Penalty = hpa.Cells, ff.For(1)
					case budgeted:
						opt.Smooth, opt.MaxExpansions, opt.Nearest = hpa.Cells, budget, true
						fopt = opt
					}
					got, err := q.Find(a, z, opt, buf)
					if err != nil {
						t.Fatal(err)
					}
					buf = got.Path
					ref, err := fq.Find(a, z, fopt, fbuf)
					if err != nil {
						t.Fatal(err)
					}
					fbuf = ref.Path
					compared++
					if got.Status != ref.Status || got.Cost != ref.Cost || !slices.Equal(got.Path, ref.Path) ||
						got.Expanded != ref.Expanded || got.Waypoints != ref.Waypoints || got.Coarse != ref.Coarse {
						if diff++; diff <= 5 {
							t.Errorf("round %d query %d %v→%v smooth %d first %d: synced planner %v cost %d, %d cells, %d expanded; fresh %v cost %d, %d cells, %d expanded",
								round, i, a, z, sm, first, got.Status, got.Cost, len(got.Path), got.Expanded, ref.Status, ref.Cost, len(ref.Path), ref.Expanded)
						}
					}
					if got.Status == hpa.Exhausted {
						exhausted++
					}
					if sm == hpa.Cells && first == 0 {
						agrees(t, g, nil, got, want, a, z, fmt.Sprintf("round %d query %d", round, i))
					}
				}
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d of %d answers differ from a fresh planner's", diff, compared)
	}
	if exhausted == 0 {
		t.Errorf("weak test: no query ran out of its budget of %d", budget)
	}
}
