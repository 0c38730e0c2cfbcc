package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// walkMove steps every unit of m with Step until it stops, checking
// each step against the oracle, and returns where each ended.
func walkMove(t *testing.T, o oracle.Graph, m *hpa.Move, units []grid.Point, what string) []grid.Point {
	t.Helper()
	end := make([]grid.Point, len(units))
	for i, u := range units {
		for n := 0; ; n++ {
			nx, ok := m.Step(i, u)
			if !ok {
				break
			}
			if !o.Legal(u, nx) || n > o.G.Width()*o.G.Height() {
				t.Fatalf("%s: unit %d: step %v→%v illegal or endless (%d steps)", what, i, u, nx, n)
			}
			u = nx
		}
		end[i] = u
	}
	return end
}

// TestMove: a group ordered to one cell. Spread over the map, 150 units
// share a field (Auto chooses it) and each ends on its own destination,
// 150 distinct cells, every step legal (oracle); three units side by side
// far from the goal get paths (Auto); a penalty forces paths; a formation puts each unit at
// the goal plus its offset where that cell is free, and the others on
// spread cells no formation cell took. Deterministic.
func TestMove(t *testing.T) {
	for seed := range uint64(4) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 192, Height: 160, Seed: seed + 500}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
		if err != nil {
			t.Fatal(err)
		}
		p := hpa.NewPlanner(b, hpa.Config{})
		q := p.NewQuery()
		o := oracle.Graph{G: g}
		comp := o.Components()
		r := rand.New(rand.NewPCG(seed, 1))
		goal := grid.Pt(r.IntN(192), r.IntN(160))
		for comp[g.Index(goal)] == 0 {
			goal = grid.Pt(r.IntN(192), r.IntN(160))
		}
		island := func(n int) []grid.Point {
			var us []grid.Point
			for len(us) < n {
				if u := grid.Pt(r.IntN(192), r.IntN(160)); comp[g.Index(u)] == comp[g.Index(goal)] {
					us = append(us, u)
				}
			}
			return us
		}
		what := fmt.Sprintf("seed %d goal %v", seed, goal)

		units := island(150)
		var m hpa.Move
		if err := q.Move(goal, units, hpa.MoveOptions{Spread: true}, &m); err != nil {
			t.Fatal(err)
		}
		if m.Field == nil {
			t.Fatalf("%s: 150 units over the map got paths, not a field", what)
		}
		end := walkMove(t, o, &m, units, what)
		seen := map[grid.Point]bool{}
		for i, e := range end {
			if e != m.Dest[i] || seen[e] {
				t.Fatalf("%s: unit %d ended at %v, its destination %v (repeated %v)", what, i, e, m.Dest[i], seen[e])
			}
			seen[e] = true
		}
		var again hpa.Move
		if err := q.Move(goal, units, hpa.MoveOptions{Spread: true}, &again); err != nil {
			t.Fatal(err)
		}
		for i := range units {
			if again.Dest[i] != m.Dest[i] {
				t.Fatalf("%s: not deterministic", what)
			}
		}

		// Three units side by side far from the goal: paths.
		var few []grid.Point
		for _, u := range island(2000) {
			if len(few) < 3 && max(abs(u.X-goal.X), abs(u.Y-goal.Y)) > 100 && (len(few) == 0 || max(abs(u.X-few[0].X), abs(u.Y-few[0].Y)) < 8) {
				few = append(few, u)
			}
		}
		if len(few) < 2 {
			t.Fatalf("%s: no units side by side far from the goal", what)
		}
		if err := q.Move(goal, few, hpa.MoveOptions{Spread: true}, &m); err != nil {
			t.Fatal(err)
		}
		if m.Field != nil {
			t.Fatalf("%s: %d units side by side got a field", what, len(few))
		}
		for i, e := range walkMove(t, o, &m, few, what+" few") {
			if e != m.Dest[i] {
				t.Fatalf("%s: unit %d ended at %v, not %v", what, i, e, m.Dest[i])
			}
		}

		// A penalty: paths even when a field is asked for.
		layer := p.NewPenalties(hpa.PenaltyConfig{})
		if err := q.Move(goal, units[:20], hpa.MoveOptions{Guide: hpa.ByField, Options: hpa.Options{Penalty: layer.For(hpa.NoUnit)}}, &m); err != nil {
			t.Fatal(err)
		}
		if m.Field != nil {
			t.Fatalf("%s: a field under a penalty", what)
		}
		for i, e := range walkMove(t, o, &m, units[:20], what+" penalty") {
			if e != goal || m.Dest[i] != goal {
				t.Fatalf("%s: unit %d ended at %v, not the goal", what, i, e)
			}
		}

		// A formation: a 5×4 block round the goal.
		form := make([]grid.Point, 20)
		for i := range form {
			form[i] = grid.Pt(i%5-2, i/5-2)
		}
		if err := q.Move(goal, units[:20], hpa.MoveOptions{Guide: hpa.ByField, Formation: form}, &m); err != nil {
			t.Fatal(err)
		}
		seen = map[grid.Point]bool{}
		for i, e := range walkMove(t, o, &m, units[:20], what+" formation") {
			c := goal.Add(form[i])
			free := g.Contains(c) && comp[g.Index(c)] == comp[g.Index(goal)]
			if e != m.Dest[i] || seen[e] || free && e != c || comp[g.Index(e)] != comp[g.Index(goal)] {
				t.Fatalf("%s: unit %d (offset %v, free %v) ended at %v, destination %v", what, i, form[i], free, e, m.Dest[i])
			}
			seen[e] = true
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestMoveMisuse: bad input is an error, never a panic.
func TestMoveMisuse(t *testing.T) {
	g, b := unitBake(t, 64, 64, 9, grid.Octile, 16)
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	goal := openCell(t, g, 10, 10)
	var m hpa.Move
	for _, c := range []struct {
		name  string
		goal  grid.Point
		units []grid.Point
		opt   hpa.MoveOptions
		want  error
	}{
		{"goal off", grid.Pt(-1, 0), []grid.Point{goal}, hpa.MoveOptions{}, grid.ErrOutOfBounds},
		{"unit off", goal, []grid.Point{grid.Pt(0, 99)}, hpa.MoveOptions{}, grid.ErrOutOfBounds},
		{"guide", goal, []grid.Point{goal}, hpa.MoveOptions{Guide: 7}, hpa.ErrOptions},
		{"formation", goal, []grid.Point{goal}, hpa.MoveOptions{Formation: make([]grid.Point, 2)}, hpa.ErrOptions},
		{"layer", goal, []grid.Point{goal}, hpa.MoveOptions{Options: hpa.Options{Size: 9}}, hpa.ErrOptions},
	} {
		if err := q.Move(c.goal, c.units, c.opt, &m); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if err := q.Move(goal, nil, hpa.MoveOptions{}, nil); !errors.Is(err, hpa.ErrOptions) {
		t.Errorf("nil Move: %v", err)
	}
	var zero hpa.Move
	if _, ok := zero.Step(0, goal); ok {
		t.Error("a zero Move steps")
	}
	if err := q.Move(goal, []grid.Point{goal}, hpa.MoveOptions{}, &m); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{-1, 1, 99} {
		if _, ok := m.Step(i, goal); ok {
			t.Errorf("unit %d steps", i)
		}
	}
}

// TestMoveFormationUnits: formation cells a unit cannot reach from the
// goal (across a lake for a tank, which the one-cell island joins) give
// way to spread cells; 2×2 units in a formation whose footprints would
// overlap get footprints apart. Every unit reaches its destination.
func TestMoveFormationUnits(t *testing.T) {
	g, _ := grid.New(48, 16, grid.Octile)
	if err := g.FillTerrain(grid.R(20, 0, 24, 16), 2); err != nil { // water
		t.Fatal(err)
	}
	if err := g.SetClasses(testClasses); err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8, Units: []grid.Unit{{Size: 1, Class: 1}, {Size: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	goal := grid.Pt(10, 8)
	units := []grid.Point{grid.Pt(2, 2), grid.Pt(2, 5), grid.Pt(2, 9), grid.Pt(2, 12)}
	var m hpa.Move
	tank := hpa.MoveOptions{Options: hpa.Options{Class: 1}, Formation: []grid.Point{grid.Pt(0, 1), grid.Pt(30, 0), grid.Pt(0, -1), grid.Pt(1, 1)}}
	if err := q.Move(goal, units, tank, &m); err != nil {
		t.Fatal(err)
	}
	o := oracle.Graph{G: g, Class: &testClasses[0]}
	end := walkMove(t, o, &m, units, "tank")
	for i, e := range end {
		if e != m.Dest[i] || e.X >= 20 {
			t.Fatalf("tank %d ended at %v, destination %v", i, e, m.Dest[i])
		}
	}
	if m.Dest[0] != goal.Add(grid.Pt(0, 1)) || m.Dest[2] != goal.Add(grid.Pt(0, -1)) {
		t.Fatalf("reachable formation cells not kept: %v", m.Dest)
	}
	// 2×2 units at offsets one cell apart: their footprints would overlap.
	big := hpa.MoveOptions{Options: hpa.Options{Size: 2}, Formation: []grid.Point{grid.Pt(0, 0), grid.Pt(1, 0), grid.Pt(0, 1), grid.Pt(3, 3)}}
	if err := q.Move(goal, units, big, &m); err != nil {
		t.Fatal(err)
	}
	end = walkMove(t, oracle.Graph{G: g, Size: 2}, &m, units, "2×2")
	for i := range end {
		for j := range i {
			if d := end[i].Sub(end[j]); abs(d.X) < 2 && abs(d.Y) < 2 {
				t.Fatalf("2×2 units %d and %d end at %v and %v: footprints overlap", j, i, end[j], end[i])
			}
		}
		if end[i] != m.Dest[i] {
			t.Fatalf("2×2 unit %d ended at %v, not %v", i, end[i], m.Dest[i])
		}
	}
}
