package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// TestStaleGrid: after each kind of grid edit, a query refuses with
// ErrStale (never a path through the new wall) until Bake.Update and
// Planner.Sync, whatever rectangle Update is given (the edit's, an empty
// one, one elsewhere, one off the map); Sync before Update says the bake
// is stale; once synced, the planner agrees with exact A* on the edited
// grid.
func TestStaleGrid(t *testing.T) {
	edits := []struct {
		name string
		do   func(g *grid.Grid)
	}{
		{"Fill", func(g *grid.Grid) { g.Fill(grid.R(64, 0, 66, 128), false) }},
		{"SetPassable", func(g *grid.Grid) {
			for y := range 128 {
				g.SetPassable(grid.Pt(64, y), false)
			}
		}},
		{"FillWeight", func(g *grid.Grid) { g.FillWeight(grid.R(60, 0, 70, 128), 200) }},
		{"SetWeight", func(g *grid.Grid) {
			for y := range 128 {
				g.SetWeight(grid.Pt(64, y), 255)
			}
		}},
	}
	rects := []grid.Rect{grid.R(64, 0, 66, 128), {}, grid.R(5, 5, 6, 6), grid.R(-40, 300, -10, 320)}
	a, z := grid.Pt(10, 60), grid.Pt(120, 70)
	for _, e := range edits {
		for _, up := range rects {
			t.Run(fmt.Sprintf("%s/update%v", e.name, up), func(t *testing.T) {
				g, _ := grid.New(128, 128, grid.Octile)
				b, err := preprocess.Build(g, preprocess.Config{})
				if err != nil {
					t.Fatal(err)
				}
				pl := hpa.NewPlanner(b, hpa.Config{})
				q := pl.NewQuery()
				if _, err := q.Find(a, z, hpa.Options{}, nil); err != nil {
					t.Fatal(err)
				}
				e.do(g)
				for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
					res, err := q.Find(a, z, hpa.Options{Smooth: sm}, nil)
					if !errors.Is(err, hpa.ErrStale) || res.Status != hpa.NoPath || len(res.Path) != 0 {
						t.Fatalf("query after the edit: %v, %d cells, %v", res.Status, len(res.Path), err)
					}
				}
				if err := pl.Sync(); !errors.Is(err, hpa.ErrStale) {
					t.Errorf("Sync before Update: %v", err)
				}
				if _, err := q.Find(a, z, hpa.Options{}, nil); !errors.Is(err, hpa.ErrStale) {
					t.Fatalf("query after Sync without Update: %v", err)
				}
				if err := b.Update(up, 0); err != nil {
					t.Fatal(err)
				}
				if _, err := q.Find(a, z, hpa.Options{}, nil); !errors.Is(err, hpa.ErrStale) {
					t.Fatalf("query after Update without Sync: %v", err)
				}
				if err := pl.Sync(); err != nil {
					t.Fatal(err)
				}
				want, _ := grid.NewSearcher(g).FindPath(a, z, grid.Options{}, nil)
				res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
				if err != nil {
					t.Fatal(err)
				}
				agrees(t, g, nil, res, want, a, z, "after Update and Sync")
				fresh, _ := preprocess.Build(g, preprocess.Config{})
				if string(fresh.AppendBinary(nil)) != string(b.AppendBinary(nil)) {
					t.Error("updated bake differs from a fresh build")
				}
			})
		}
	}
}

// TestWrongRectsThenSync: random edits, each followed by an Update with a
// rectangle that misses it (elsewhere, empty or off the map) and a Sync.
// Before the grid recorded its edits, such updates panicked in
// preprocess, or left waypoints on blocked cells that made Sync index
// region NoRegion and panic. Now Update and Sync succeed and every answer
// agrees with exact A* on the edited grid.
func TestWrongRectsThenSync(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	maps := 40
	if testing.Short() {
		maps = 12
	}
	checked := 0
	for m := range maps {
		g, b := genBake(t, 64+r.IntN(100), 64+r.IntN(100), uint64(m), grid.Movement(m%3), 16)
		pl := hpa.NewPlanner(b, hpa.Config{})
		q := pl.NewQuery()
		s := grid.NewSearcher(g)
		w, h := g.Width(), g.Height()
		rect := func() grid.Rect {
			x, y := r.IntN(w), r.IntN(h)
			return grid.R(x, y, x+1+r.IntN(10), y+1+r.IntN(10))
		}
		for range 10 {
			g.Fill(rect(), r.IntN(2) == 0)
			wrong := []grid.Rect{rect(), {}, grid.R(w+3, 0, w+9, 5)}[r.IntN(3)]
			if err := b.Update(wrong, 1); err != nil {
				t.Fatal(err)
			}
			if err := pl.Sync(); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				a, z := g.PointAt(r.IntN(w*h)), g.PointAt(r.IntN(w*h))
				if !g.Passable(a) || !g.Passable(z) {
					continue
				}
				want, _ := s.FindPath(a, z, grid.Options{}, nil)
				res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
				if err != nil {
					t.Fatal(err)
				}
				agrees(t, g, nil, res, want, a, z, fmt.Sprintf("map %d", m))
				checked++
			}
		}
	}
	if checked < 100*maps/40 {
		t.Errorf("only %d queries checked", checked)
	}
}
