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

// TestLiveEdits: a live map lives through rounds of random edits (walls,
// clearings, terrain, a hot spot and claims), each published as one
// version. After every publish, its bake's file equals a fresh Build's of
// the test's own copy of the edited grid; every query through it agrees
// with exact A* on that copy (status, a legal path, cost no less than
// the optimum); and every copy of the map (once caught up) answers every
// query exactly alike and has the same Checksum, which changes when the
// map does.
func TestLiveEdits(t *testing.T) {
	t.Run("generated", func(t *testing.T) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 200, Height: 180, Seed: 77}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		checkLive(t, g, 16, 3, 5, hpa.Config{})
	})
	t.Run("generated/three tiers", func(t *testing.T) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 200, Height: 180, Seed: 78}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		checkLive(t, g, 8, 2, 9, hpa.Config{Tiers: 3, GroupClusters: 3})
	})
	t.Run("dao/den011d", func(t *testing.T) {
		checkLive(t, testmaps.Grid(t, "dao", "den011d"), 0, 2, 6, hpa.Config{})
	})
}

func checkLive(t *testing.T, g *grid.Grid, cs, replicas int, seed uint64, cfg hpa.Config) {
	rounds, pairs := 14, 25
	if testing.Short() {
		rounds, pairs = 7, 12
	}
	b, err := preprocess.Build(g.Clone(), preprocess.Config{ClusterSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: replicas, RefreshEvery: 3, RefreshLag: replicas - 1, Planner: cfg})
	if err != nil {
		t.Fatal(err)
	}
	f := l.NewPenalties(hpa.PenaltyConfig{})
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	w, h := g.Width(), g.Height()
	pair := func() (grid.Point, grid.Point) {
		for {
			a, z := grid.Pt(r.IntN(w), r.IntN(h)), grid.Pt(r.IntN(w), r.IntN(h))
			if g.Passable(a) && g.Passable(z) {
				return a, z
			}
		}
	}
	s := grid.NewSearcher(g)
	lq := l.NewQuery()
	var buf []grid.Point
	sums := map[uint64]bool{}
	for round := range rounds {
		before := l.Version()
		for range 1 + r.IntN(4) {
			x, y := r.IntN(w), r.IntN(h)
			rect := grid.R(x, y, x+1+r.IntN(10), y+1+r.IntN(10))
			switch r.IntN(4) {
			case 0, 1:
				g.Fill(rect, false)
				if err := l.Fill(rect, false); err != nil {
					t.Fatal(err)
				}
			case 2:
				g.Fill(rect, true)
				if err := l.Fill(rect, true); err != nil {
					t.Fatal(err)
				}
			default:
				wt := uint8(1 + r.IntN(5))
				if err := g.FillWeight(rect, wt); err != nil {
					t.Fatal(err)
				}
				if err := l.FillWeight(rect, wt); err != nil {
					t.Fatal(err)
				}
			}
		}
		hot, _ := pair()
		if err := f.AddInfluence(hot, 4, 3*grid.Straight); err != nil {
			t.Fatal(err)
		}
		a, z := pair()
		if err := f.Claim(uint64(round%3+1), []grid.Point{a, z}); err != nil {
			t.Fatal(err)
		}
		v, err := l.Publish()
		if err != nil {
			t.Fatal(err)
		}
		if v != before+1 || l.Version() != v {
			t.Fatalf("round %d: Publish gave version %d after %d (Version %d)", round, v, before, l.Version())
		}
		if again, _ := l.Publish(); again != v {
			t.Fatalf("round %d: a Publish with nothing written moved the version to %d", round, again)
		}
		built, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		view := l.Acquire()
		if !bytes.Equal(view.Bake().AppendBinary(nil), built.AppendBinary(nil)) {
			t.Fatalf("round %d: the live bake's file differs from a fresh build's of the edited map", round)
		}
		view.Release()
		type ask struct {
			a, z grid.Point
			opt  hpa.Options
		}
		var asks []ask
		for range pairs {
			a, z := pair()
			want, _ := s.FindPath(a, z, grid.Options{}, nil)
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
				asks = append(asks, ask{a, z, hpa.Options{Smooth: sm}})
			}
			asks = append(asks, ask{a, z, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(1)}})
			got, err := lq.Find(a, z, hpa.Options{Smooth: hpa.Cells}, buf)
			if err != nil {
				t.Fatal(err)
			}
			buf = got.Path
			if got.Version != v {
				t.Fatalf("round %d: answer on version %d, published %d", round, got.Version, v)
			}
			agrees(t, g, nil, got, want, a, z, fmt.Sprintf("round %d", round))
		}
		// Every copy, caught up, answers alike and has the same checksum.
		copies, err := hpa.LiveCopies(l)
		if err != nil {
			t.Fatal(err)
		}
		sum := copies[0].Checksum()
		if sums[sum] {
			t.Fatalf("round %d: the checksum %x of an edited map repeats an earlier version's", round, sum)
		}
		sums[sum] = true
		var first []hpa.Result
		for k, cv := range copies {
			if cv.Version() != v {
				t.Fatalf("round %d: copy %d at version %d, want %d", round, k, cv.Version(), v)
			}
			if cs := cv.Checksum(); cs != sum {
				t.Fatalf("round %d: copy %d checksum %x, copy 0 %x", round, k, cs, sum)
			}
			q := l.NewQuery()
			for i, as := range asks {
				got, err := q.FindIn(cv, as.a, as.z, as.opt, nil)
				if err != nil {
					t.Fatal(err)
				}
				if k == 0 {
					first = append(first, got)
					continue
				}
				ref := first[i]
				if got.Status != ref.Status || got.Cost != ref.Cost || !slices.Equal(got.Path, ref.Path) || got.Expanded != ref.Expanded {
					t.Fatalf("round %d: copy %d answers %v→%v (%+v) with %v cost %d expanded %d, copy 0 with %v cost %d expanded %d",
						round, k, as.a, as.z, as.opt.Smooth, got.Status, got.Cost, got.Expanded, ref.Status, ref.Cost, ref.Expanded)
				}
			}
			cv.Release()
		}
	}
	if hpa.LiveRefreshes(l) == 0 {
		t.Error("weak test: no landmark refresh was installed")
	}
}
