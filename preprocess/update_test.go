package preprocess_test

import (
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// TestUpdateMissedEdit: Update with a rectangle that misses the edit
// (the case of issue 13: a wall on the first column of the second
// cluster, then an update of a cell inside that cluster), an empty one or
// one off the map gives the bake a fresh Build gives, without a panic:
// the grid's own record of its edits is rebuilt too.
func TestUpdateMissedEdit(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    grid.Rect
	}{
		{"elsewhere", grid.R(40, 10, 41, 11)},
		{"empty", grid.Rect{}},
		{"off the map", grid.R(500, 500, 510, 510)},
		{"inverted", grid.R(60, 60, 20, 20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := grid.New(128, 128, grid.Octile)
			b, err := preprocess.Build(g, preprocess.Config{})
			if err != nil {
				t.Fatal(err)
			}
			g.Fill(grid.R(32, 0, 33, 128), false)
			if err := b.Update(tc.r, 0); err != nil {
				t.Fatal(err)
			}
			fresh, _ := preprocess.Build(g, preprocess.Config{})
			equalBakes(t, fresh, b)
			if b.SameIsland(grid.Pt(0, 0), grid.Pt(127, 0)) {
				t.Error("a wall across the map left one island")
			}
		})
	}
}

// TestUpdateWrongRects: rounds of random edits of every kind, each
// followed by an Update with the right rectangle, a wrong one, an empty
// one or none at all (several edits, one Update); after every Update the
// bake equals a fresh Build of the edited grid.
func TestUpdateWrongRects(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	maps, edits := 8, 30
	if testing.Short() {
		maps, edits = 3, 20
	}
	for m := range maps {
		rule := grid.Movement(m % 3)
		g := genGrid(t, 50+r.IntN(100), 50+r.IntN(100), uint64(300+m), rule)
		cs := []int{8, 16, 32}[m%3]
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		w, h := g.Width(), g.Height()
		rect := func() grid.Rect {
			x, y := r.IntN(w), r.IntN(h)
			return grid.R(x, y, x+1+r.IntN(12), y+1+r.IntN(12))
		}
		for e := range edits {
			edit := rect()
			p := grid.Pt(r.IntN(w), r.IntN(h))
			switch r.IntN(5) {
			case 0:
				g.Fill(edit, false)
			case 1:
				g.Fill(edit, true)
			case 2:
				g.FillWeight(edit, uint8(1+r.IntN(5)))
			case 3:
				g.SetPassable(p, r.IntN(3) == 0)
			default:
				g.SetWeight(p, uint8(1+r.IntN(5)))
			}
			var up grid.Rect
			switch r.IntN(4) {
			case 0:
				up = edit
			case 1:
				up = rect()
			case 2:
				up = grid.R(-20, -20, -5, -5)
			default:
				continue // the next Update applies this edit too
			}
			if err := b.Update(up, 2); err != nil {
				t.Fatal(err)
			}
			fresh, _ := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
			func() {
				defer func() {
					if t.Failed() {
						t.Logf("map %d edit %d: Update(%v) after an edit of %v or %v", m, e, up, edit, p)
					}
				}()
				equalBakes(t, fresh, b)
			}()
		}
		if err := b.Update(grid.Rect{}, 0); err != nil {
			t.Fatal(err)
		}
		verify(t, g, b, false)
	}
}

// TestStaleAndSharedGrid: a bake knows when its grid has edits it has not
// applied, refuses to write itself then, stays stale when an Update fails,
// and two bakes on one grid both catch up with an edit whichever updates
// first (the second rebuilds the whole map).
func TestStaleAndSharedGrid(t *testing.T) {
	g := genGrid(t, 120, 90, 51, grid.Octile)
	placed := grid.Pt(-1, -1)
	for i := range 120 * 90 {
		if p := g.PointAt(i); g.Passable(p) && p.X > 40 {
			placed = p
			break
		}
	}
	a, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Placed: []grid.Point{placed}})
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 32})
	if a.Stale() || b.Stale() {
		t.Fatal("fresh bakes are stale")
	}
	g.Fill(grid.R(20, 0, 22, 90), false)
	g.SetPassable(placed, false)
	if !a.Stale() || !b.Stale() {
		t.Fatal("an edit left the bakes in step")
	}
	if _, err := a.WriteTo(io.Discard); !errors.Is(err, preprocess.ErrStale) {
		t.Errorf("WriteTo on a stale bake: %v", err)
	}
	if err := a.Update(grid.Rect{}, 0); !errors.Is(err, preprocess.ErrConfig) || !a.Stale() {
		t.Errorf("Update with the placed point blocked: %v, stale %v", err, a.Stale())
	}
	g.SetPassable(placed, true)
	for _, x := range []*preprocess.Bake{b, a} {
		if err := x.Update(grid.Rect{}, 0); err != nil {
			t.Fatal(err)
		}
		if x.Stale() {
			t.Error("Update left the bake stale")
		}
	}
	freshA, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Placed: []grid.Point{placed}})
	freshB, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 32})
	equalBakes(t, freshA, a)
	equalBakes(t, freshB, b)
	if _, err := a.WriteTo(io.Discard); err != nil {
		t.Errorf("WriteTo after Update: %v", err)
	}
}

// TestUpdateWithoutEdits: an Update with nothing to apply (no edit since
// the bake caught up, and an empty rectangle or one off the map) rebuilds
// nothing: the bake's Version and every ClusterVersion stay as they were,
// so planners on it need no Sync. A game may call Update(grid.Rect{}, 0)
// every tick.
func TestUpdateWithoutEdits(t *testing.T) {
	g, _ := grid.New(96, 96, grid.Octile)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []grid.Rect{{}, grid.R(500, 500, 510, 510), grid.R(-9, -9, -1, -1), grid.R(60, 60, 20, 20)} {
		if err := b.Update(r, 0); err != nil {
			t.Fatal(err)
		}
		if b.Version() != 0 {
			t.Fatalf("Update(%v) without edits: bake version %d, want 0", r, b.Version())
		}
		for c := range b.Clusters() {
			if v := b.ClusterVersion(c); v != 0 {
				t.Fatalf("Update(%v) without edits rebuilt cluster %d (version %d)", r, c, v)
			}
		}
	}
	// A real edit still counts.
	g.SetPassable(grid.Pt(50, 50), false)
	if err := b.Update(grid.Rect{}, 0); err != nil {
		t.Fatal(err)
	}
	if b.Version() != 1 || b.ClusterVersion(3*6+3) != 1 || b.ClusterVersion(0) != 0 {
		t.Fatalf("after an edit at 50,50: version %d, cluster 21 %d, cluster 0 %d", b.Version(), b.ClusterVersion(21), b.ClusterVersion(0))
	}
}

// TestSlack: Config.Slack gives every cluster that many more waypoint
// slots, so that an update adding points to a cluster keeps the tier's
// layout where the default slack would lay it out again; and the slack
// out of range is an error.
func TestSlack(t *testing.T) {
	build := func(slack int) *preprocess.Bake {
		g, _ := grid.New(64, 64, grid.Octile)
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Slack: slack})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain, roomy := build(0), build(16)
	if d := roomy.Tier().Graph.Len() - plain.Tier().Graph.Len(); d != 16*16 {
		t.Fatalf("16 clusters with 16 more slots each: %d more", d)
	}
	for _, b := range []*preprocess.Bake{plain, roomy} {
		// Posts along the borders of cluster (1,1) split its entrances.
		g := b.Grid()
		for i := 17; i < 32; i += 2 {
			g.SetPassable(grid.Pt(i, 16), false)
			g.SetPassable(grid.Pt(16, i), false)
		}
		if err := b.Update(grid.Rect{}, 1); err != nil {
			t.Fatal(err)
		}
	}
	if !plain.LastUpdate().Layout || roomy.LastUpdate().Layout {
		t.Fatalf("laid out again: default slack %v, slack 16 %v", plain.LastUpdate().Layout, roomy.LastUpdate().Layout)
	}
	if _, err := preprocess.Build(plain.Grid(), preprocess.Config{Slack: -1}); !errors.Is(err, preprocess.ErrConfig) {
		t.Fatal(err)
	}
	if _, err := preprocess.Build(plain.Grid(), preprocess.Config{Slack: preprocess.MaxSlack + 1}); !errors.Is(err, preprocess.ErrConfig) {
		t.Fatal(err)
	}
	// Within MaxSlack, but too many slots over a map of small clusters.
	big, _ := grid.New(2048, 2048, grid.Octile)
	if _, err := preprocess.Build(big, preprocess.Config{ClusterSize: 4, Slack: preprocess.MaxSlack}); !errors.Is(err, preprocess.ErrConfig) {
		t.Fatal(err)
	}
}
