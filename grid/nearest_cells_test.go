package grid_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestNearestCellsAgainstOracle: on random maps (walls, weights, every
// movement rule, units of 1 to 3 cells) and generated ones, the cells
// NearestCells returns are distinct, reachable from p, in order of cost,
// and their costs are the n least of the oracle's Dijkstra from p (all
// the reachable cells when fewer), whether the window grows by itself or
// the map is small.
func TestNearestCellsAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	grown := 0
	for it := range 600 {
		var g *grid.Grid
		if it%4 == 3 {
			var err error
			if g, err = mapgen.NewGrid(mapgen.Config{Width: 96 + r.IntN(64), Height: 80 + r.IntN(64), Seed: uint64(it)}, grid.MapOptions{SwampWeight: 3}); err != nil {
				t.Fatal(err)
			}
		} else {
			g = randomGrid(r)
		}
		size := 1
		if it%3 == 2 {
			size = 1 + r.IntN(3)
		}
		o := oracle.Graph{G: g, Size: size}
		var p grid.Point
		found := false
		for range 50 {
			p = grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			if o.Fits(p) {
				found = true
				break
			}
		}
		if !found {
			continue
		}
		dist, _ := o.ShortestFrom(p)
		var want []grid.Cost
		for _, d := range dist {
			if d != grid.Unreachable {
				want = append(want, d)
			}
		}
		slices.Sort(want)
		n := 1 + r.IntN(len(want)+len(want)/4+1)
		s := grid.NewSearcher(g)
		got, err := s.NearestCells(p, n, grid.Options{Size: size}, nil)
		if err != nil {
			t.Fatalf("it %d: %v", it, err)
		}
		if len(got) != min(n, len(want)) || got[0] != p {
			t.Fatalf("it %d: %d cells from %v (first %v), want %d", it, len(got), p, got[0], min(n, len(want)))
		}
		seen := map[grid.Point]bool{}
		for k, c := range got {
			d := dist[g.Index(c)]
			if seen[c] || d == grid.Unreachable || d != want[k] {
				t.Fatalf("it %d: cell %d %v: repeated %v, cost %d, want the %d-th least %d", it, k, c, seen[c], d, k, want[k])
			}
			seen[c] = true
		}
		if len(got) > 64 && g.Width()*g.Height() > 4*len(got) {
			grown++
		}
		// The same again, deterministically.
		again, _ := s.NearestCells(p, n, grid.Options{Size: size}, nil)
		if !slices.Equal(got, again) {
			t.Fatalf("it %d: another answer the second time", it)
		}
	}
	if grown < 20 {
		t.Fatalf("only %d searches on maps much larger than their answer: the window's growth is not tested", grown)
	}
}

// TestNearestCellsMisuse: errors, never a panic.
func TestNearestCellsMisuse(t *testing.T) {
	g, _ := grid.New(10, 10, grid.Octile)
	g.SetPassable(grid.Pt(3, 3), false)
	s := grid.NewSearcher(g)
	for _, c := range []struct {
		p    grid.Point
		n    int
		opt  grid.Options
		want error
	}{
		{grid.Pt(-1, 0), 3, grid.Options{}, grid.ErrOutOfBounds},
		{grid.Pt(3, 3), 3, grid.Options{}, grid.ErrBlocked},
		{grid.Pt(1, 1), -1, grid.Options{}, grid.ErrLength},
		{grid.Pt(9, 9), 3, grid.Options{Size: 2}, grid.ErrBlocked},
		{grid.Pt(1, 1), 3, grid.Options{Class: 4}, grid.ErrUnit},
		{grid.Pt(1, 1), 3, grid.Options{Window: grid.R(5, 5, 8, 8)}, grid.ErrWindow},
	} {
		if _, err := s.NearestCells(c.p, c.n, c.opt, nil); !errors.Is(err, c.want) {
			t.Fatalf("%+v: %v, want %v", c, err, c.want)
		}
	}
	if got, err := s.NearestCells(grid.Pt(1, 1), 0, grid.Options{}, nil); err != nil || len(got) != 0 {
		t.Fatal(got, err)
	}
	if got, err := s.NearestCells(grid.Pt(1, 1), 1000, grid.Options{}, nil); err != nil || len(got) != 99 {
		t.Fatal(len(got), err)
	}
	if got, err := s.NearestCells(grid.Pt(1, 1), 1000, grid.Options{Window: grid.R(0, 0, 3, 3)}, nil); err != nil || len(got) != 9 {
		t.Fatal(len(got), err)
	}
	var none *grid.Searcher
	if _, err := none.NearestCells(grid.Pt(1, 1), 3, grid.Options{}, nil); err == nil {
		t.Fatal("a nil searcher answered")
	}
}

// TestNearestCellsStaysSmall: a pocket smaller than n, heavy ground round
// p, a class that weighs every cell 200 and n = math.MaxInt on a big map:
// the answers are right and the window stays near p (the searcher's
// scratch is not sized by the map), or covers the map only when the
// cells asked for are there.
func TestNearestCellsStaysSmall(t *testing.T) {
	g, _ := grid.New(2048, 2048, grid.Octile)
	g.Fill(grid.R(0, 3, 4, 4), false) // a pocket of 9 cells in the corner
	g.Fill(grid.R(3, 0, 4, 3), false)
	if err := g.SetClasses([]grid.Class{{Name: "slow", Enter: 1, Weight: [grid.MaxTerrains]uint8{200}}}); err != nil {
		t.Fatal(err)
	}
	// Each call on a searcher of its own: scratch for a window near p is
	// far below the 80 MB a map-sized one takes on 2048².
	for _, c := range []struct {
		p    grid.Point
		n    int
		opt  grid.Options
		want int
	}{
		{grid.Pt(1, 1), 10, grid.Options{}, 9},
		{grid.Pt(1, 1), math.MaxInt, grid.Options{}, 9},
		{grid.Pt(1000, 1000), 100, grid.Options{Class: 1}, 100},
	} {
		s := grid.NewSearcher(g)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := s.NearestCells(c.p, c.n, c.opt, nil)
		runtime.ReadMemStats(&after)
		if err != nil || len(got) != c.want {
			t.Fatalf("%+v: %d cells, %v", c, len(got), err)
		}
		if b := after.TotalAlloc - before.TotalAlloc; b > 4<<20 {
			t.Fatalf("%+v: %d bytes allocated on a 2048² map", c, b)
		}
	}
}
