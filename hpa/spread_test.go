package hpa_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// TestSpreadNearestDistinct: 100 units ordered to one cell end on 100
// distinct cells, the 100 nearest the goal by path cost (the oracle's
// Dijkstra from the goal), all on the goal's island; the same again
// gives the same cells; no two units would gain by swapping their cells
// (the sum of squared distances, as the test computes it); and for units
// of 2×2 cells, corners where they fit whose footprints do not overlap,
// with no free corner nearer than the farthest taken.
func TestSpreadNearestDistinct(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checked := 0
	defer func() {
		if checked < 4 {
			t.Fatalf("only %d maps checked", checked)
		}
	}()
	for seed := range uint64(6) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 192, Height: 160, Seed: seed + 60}, grid.MapOptions{SwampWeight: 4})
		if err != nil {
			t.Fatal(err)
		}
		size := 1 + int(seed%2)
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: []grid.Unit{{Size: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		o := oracle.Graph{G: g, Size: size}
		var goal grid.Point
		for !o.Fits(goal) {
			goal = grid.Pt(r.IntN(192), r.IntN(160))
		}
		dist, _ := o.ShortestFrom(goal)
		var reach []grid.Cost
		for _, d := range dist {
			if d != grid.Unreachable {
				reach = append(reach, d)
			}
		}
		if len(reach) < 200 {
			continue
		}
		slices.Sort(reach)
		units := make([]grid.Point, 100)
		for i := range units {
			units[i] = grid.Pt(r.IntN(192), r.IntN(160))
		}
		got, err := q.Spread(goal, units, hpa.Options{Size: size}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(units) {
			t.Fatalf("seed %d: %d destinations for %d units", seed, len(got), len(units))
		}
		costs := make([]grid.Cost, len(got))
		seen := map[grid.Point]bool{}
		foot := map[grid.Point]bool{} // cells under the chosen footprints
		for i, c := range got {
			if seen[c] || dist[g.Index(c)] == grid.Unreachable {
				t.Fatalf("seed %d: unit %d's cell %v repeated %v or off the goal's island", seed, i, c, seen[c])
			}
			seen[c] = true
			costs[i] = dist[g.Index(c)]
			for y := range size {
				for x := range size {
					if foot[c.Add(grid.Pt(x, y))] {
						t.Fatalf("seed %d: unit %d's footprint at %v overlaps another", seed, i, c)
					}
					foot[c.Add(grid.Pt(x, y))] = true
				}
			}
		}
		slices.Sort(costs)
		if size == 1 && !slices.Equal(costs, reach[:100]) {
			t.Fatalf("seed %d: the cells are not the 100 nearest the goal", seed)
		}
		// No corner left out is nearer than the farthest taken and free
		// of every taken footprint.
		for i, d := range dist {
			c := g.PointAt(i)
			if d == grid.Unreachable || seen[c] || d >= costs[len(costs)-1] {
				continue
			}
			free := true
			for y := range size {
				for x := range size {
					free = free && !foot[c.Add(grid.Pt(x, y))]
				}
			}
			if free {
				t.Fatalf("seed %d: corner %v (cost %d) is free and nearer than the farthest taken (%d)", seed, c, d, costs[len(costs)-1])
			}
		}
		checked++
		again, _ := q.Spread(goal, units, hpa.Options{Size: size}, nil)
		if !slices.Equal(got, again) {
			t.Fatalf("seed %d: another answer the second time", seed)
		}
		d2 := func(a, b grid.Point) int { return (a.X-b.X)*(a.X-b.X) + (a.Y-b.Y)*(a.Y-b.Y) }
		for i := range units {
			for j := i + 1; j < len(units); j++ {
				if d2(units[i], got[j])+d2(units[j], got[i]) < d2(units[i], got[i])+d2(units[j], got[j]) {
					t.Fatalf("seed %d: units %d and %d would gain by swapping their cells", seed, i, j)
				}
			}
		}
	}
}

// TestSpreadSides: a squad west of the goal and one east of it: the
// western squad ends on the western cells.
func TestSpreadSides(t *testing.T) {
	g, _ := grid.New(200, 100, grid.Octile)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	var units []grid.Point
	for i := range 20 {
		units = append(units, grid.Pt(5+i%4, 40+i/4), grid.Pt(190+i%4, 40+i/4))
	}
	got, err := q.Spread(grid.Pt(100, 50), units, hpa.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(units); i += 2 {
		for j := 1; j < len(units); j += 2 {
			if got[i].X > got[j].X {
				t.Fatalf("western unit %d at %v ends east of eastern unit %d at %v", i, got[i], j, got[j])
			}
		}
	}
}

// TestSpreadMisuse: errors, never a panic; more units than the goal's
// island holds get the goal.
func TestSpreadMisuse(t *testing.T) {
	g, _ := grid.New(40, 40, grid.Octile)
	g.Fill(grid.R(0, 3, 3, 4), false) // a pocket of 9 cells in the corner
	g.Fill(grid.R(3, 0, 4, 4), false)
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	if _, err := q.Spread(grid.Pt(3, 3), []grid.Point{grid.Pt(1, 1)}, hpa.Options{}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatal(err)
	}
	if _, err := q.Spread(grid.Pt(1, 1), []grid.Point{grid.Pt(-1, 1)}, hpa.Options{}, nil); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatal(err)
	}
	if _, err := q.Spread(grid.Pt(-1, 1), nil, hpa.Options{}, nil); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatal(err)
	}
	if _, err := q.Spread(grid.Pt(1, 1), []grid.Point{grid.Pt(1, 1)}, hpa.Options{Size: 99}, nil); err == nil {
		t.Fatal("a unit of 99 cells spread")
	}
	for _, o := range []hpa.Options{{Size: 2}, {Class: 1}} {
		if _, err := q.Spread(grid.Pt(1, 1), []grid.Point{grid.Pt(1, 1)}, o, nil); !errors.Is(err, hpa.ErrOptions) {
			t.Fatalf("%+v without a layer: %v", o, err)
		}
	}
	if _, err := q.Spread(grid.Pt(3, 3), nil, hpa.Options{}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatalf("no units, a blocked goal: %v", err)
	}
	units := make([]grid.Point, 12)
	got, err := q.Spread(grid.Pt(1, 1), units, hpa.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[grid.Point]int{}
	for _, c := range got {
		distinct[c]++
		if !c.In(grid.R(0, 0, 3, 3)) {
			t.Fatalf("a cell %v off the pocket", c)
		}
	}
	if len(distinct) != 9 || distinct[grid.Pt(1, 1)] != 4 {
		t.Fatalf("12 units in a pocket of 9: %v", distinct)
	}
	g.SetPassable(grid.Pt(20, 20), false) // not applied: stale
	if _, err := q.Spread(grid.Pt(1, 1), units, hpa.Options{}, nil); !errors.Is(err, hpa.ErrStale) {
		t.Fatal(err)
	}
	if _, err := hpa.NewPlanner(nil, hpa.Config{}).NewQuery().Spread(grid.Pt(1, 1), units, hpa.Options{}, nil); !errors.Is(err, hpa.ErrNoBake) {
		t.Fatal(err)
	}
}

// BenchmarkSpread: 1,000 units on random cells of a generated 1024² map
// ordered to one cell (go test -run '^$' -bench Spread ./hpa).
func BenchmarkSpread(b *testing.B) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 1024, Height: 1024, Seed: 17}, grid.MapOptions{})
	if err != nil {
		b.Fatal(err)
	}
	bk, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	q := hpa.NewPlanner(bk, hpa.Config{}).NewQuery()
	r := rand.New(rand.NewPCG(1, 2))
	units := make([]grid.Point, 1000)
	for i := range units {
		units[i] = grid.Pt(r.IntN(1024), r.IntN(1024))
	}
	goal := grid.Pt(512, 512)
	for !g.Passable(goal) {
		goal.X++
	}
	var dst []grid.Point
	b.ResetTimer()
	for range b.N {
		if dst, err = q.Spread(goal, units, hpa.Options{}, dst); err != nil || len(dst) != len(units) {
			b.Fatal(len(dst), err)
		}
	}
}
