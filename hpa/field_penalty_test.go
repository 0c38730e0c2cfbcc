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

// TestFieldInfluence: a field under an influence layer pays the
// influence of every cell entered, as the independent model of the
// penalty rules prices it. Two roads between two bases, the northern one
// shorter: with no hot spot the field leads north; with one on the
// northern road costing more than the detour it leads south, as the exact
// search under the model does. On generated maps with random hot spots,
// walks from sampled cells are legal, priced by the model at no less than
// the exact search under the model, and close to it on average.
func TestFieldInfluence(t *testing.T) {
	g, b := roads(t, 160, 96, 5, 14, 70)
	pl := hpa.NewPlanner(b, hpa.Config{})
	x := newMirror(t, pl, g, hpa.PenaltyConfig{})
	from, to := grid.Pt(18, 40), grid.Pt(142, 40)
	walk := func() []grid.Point {
		t.Helper()
		f, err := pl.NewField(to, hpa.Options{Penalty: x.f.For(nobody)})
		if err != nil {
			t.Fatal(err)
		}
		path, ok := f.Path(from, nil)
		if !ok {
			t.Fatal("the field leads nowhere")
		}
		return path
	}
	if road(g, walk()) >= 48 {
		t.Fatal("no hot spot: the field takes the southern road")
	}
	x.add(grid.Pt(80, 16), 6, 40*grid.Straight)
	_, best, _ := exact(g, x.m, oracle.NoUnit, from, to, nil)
	if p := walk(); road(g, p) < 48 || road(g, best) < 48 {
		t.Fatalf("hot spot on the northern road: the field takes row %d, the exact search row %d", road(g, p), road(g, best))
	}

	var sum float64
	n := 0
	for seed := range uint64(4) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 80, Seed: seed + 40}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
		if err != nil {
			t.Fatal(err)
		}
		pl := hpa.NewPlanner(b, hpa.Config{})
		x := newMirror(t, pl, g, hpa.PenaltyConfig{})
		r := rand.New(rand.NewPCG(seed, 9))
		for range 6 {
			x.add(grid.Pt(r.IntN(96), r.IntN(80)), 3+r.IntN(10), grid.Cost(1+r.IntN(30))*grid.Straight)
		}
		comp := oracle.Components(g)
		goal := grid.Pt(r.IntN(96), r.IntN(80))
		for comp[g.Index(goal)] == 0 {
			goal = grid.Pt(r.IntN(96), r.IntN(80))
		}
		f, err := pl.NewField(goal, hpa.Options{Penalty: x.f.For(nobody)})
		if err != nil {
			t.Fatal(err)
		}
		for range 40 {
			a := grid.Pt(r.IntN(96), r.IntN(80))
			if comp[g.Index(a)] != comp[g.Index(goal)] || a == goal {
				continue
			}
			o := oracle.Graph{G: g, Penalty: x.m.Pricer(oracle.NoUnit, a)}
			path, ok := f.Path(a, nil)
			if !ok {
				t.Fatalf("seed %d: no walk from %v", seed, a)
			}
			c, legal := oracle.PathCost(o, path)
			opt, _, _ := exact(g, x.m, oracle.NoUnit, a, goal, nil)
			what := fmt.Sprintf("seed %d %v→%v", seed, a, goal)
			if !legal || c < opt || c > f.Cost(a) {
				t.Fatalf("%s: walk legal %v, cost %d by the model, field says %d, least %d", what, legal, c, f.Cost(a), opt)
			}
			sum += float64(c-opt) / float64(opt)
			n++
		}
	}
	mean := 100 * sum / float64(n)
	t.Logf("%d walks under influence, mean excess %.3f%%", n, mean)
	if n < 100 || mean > 3 {
		t.Fatalf("%d walks, mean excess %.3f%%", n, mean)
	}
}

// TestFieldHeavyInfluence: influence far above a step (up to
// MaxInfluence on single cells, so that one step spans many turns of the
// tile search's bucket ring) is still paid in cost order: a corridor
// with a hot cell next to the goal and a bypass round it leads by the
// bypass, as the exact search under the model does; on generated maps
// with heavy hot cells every walk is legal, ends at the goal and costs
// no less than the model's optimum and no more than the field's Cost.
func TestFieldHeavyInfluence(t *testing.T) {
	g, err := grid.New(32, 32, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	g.Fill(g.Bounds(), false)
	g.Fill(grid.R(5, 5, 31, 6), true) // the corridor, row 5
	g.Fill(grid.R(5, 6, 6, 8), true)  // a bypass under (6,5)
	g.Fill(grid.R(5, 7, 8, 8), true)
	g.Fill(grid.R(7, 6, 8, 8), true)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 32})
	if err != nil {
		t.Fatal(err)
	}
	pl := hpa.NewPlanner(b, hpa.Config{})
	for _, hot := range []grid.Cost{512*8192*127 - grid.Straight, hpa.MaxInfluence} {
		x := newMirror(t, pl, g, hpa.PenaltyConfig{})
		x.set(grid.Pt(6, 5), hot)
		goal, a := grid.Pt(5, 5), grid.Pt(30, 5)
		f, err := pl.NewField(goal, hpa.Options{Penalty: x.f.For(nobody)})
		if err != nil {
			t.Fatal(err)
		}
		opt, _, _ := exact(g, x.m, oracle.NoUnit, a, goal, nil)
		path, _ := f.Path(a, nil)
		if c, ok := oracle.PathCost(oracle.Graph{G: g, Penalty: x.m.Pricer(oracle.NoUnit, a)}, path); !ok || c != opt {
			t.Fatalf("hot cell %d: walk %v costs %d (legal %v), the least %d", hot, path, c, ok, opt)
		}
		x.f.Close()
	}
	for seed := range uint64(4) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 80, Height: 64, Seed: seed + 70}, grid.MapOptions{SwampWeight: 2})
		if err != nil {
			t.Fatal(err)
		}
		cs := []int{8, 16, 12, 32}[seed]
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		pl := hpa.NewPlanner(b, hpa.Config{})
		x := newMirror(t, pl, g, hpa.PenaltyConfig{})
		r := rand.New(rand.NewPCG(seed, 10))
		for range 300 {
			x.set(grid.Pt(r.IntN(80), r.IntN(64)), grid.Cost(r.Int64N(int64(hpa.MaxInfluence))+1))
		}
		comp := oracle.Components(g)
		goal := grid.Pt(r.IntN(80), r.IntN(64))
		for comp[g.Index(goal)] == 0 {
			goal = grid.Pt(r.IntN(80), r.IntN(64))
		}
		f, err := pl.NewField(goal, hpa.Options{Penalty: x.f.For(nobody)})
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			a := grid.Pt(r.IntN(80), r.IntN(64))
			if comp[g.Index(a)] != comp[g.Index(goal)] || a == goal {
				continue
			}
			path, ok := f.Path(a, nil)
			c, legal := oracle.PathCost(oracle.Graph{G: g, Penalty: x.m.Pricer(oracle.NoUnit, a)}, path)
			opt, _, _ := exact(g, x.m, oracle.NoUnit, a, goal, nil)
			if !ok || !legal || c < opt || c > f.Cost(a) {
				t.Fatalf("seed %d cs %d %v→%v: walk %v legal %v, cost %d, field %d, least %d", seed, cs, a, goal, ok, legal, c, f.Cost(a), opt)
			}
		}
	}
}

// TestFieldPenaltyStale: a write to the layer makes a field made on it
// lead nowhere until Reset; a field for a unit of another size or class
// takes no layer.
func TestFieldPenaltyStale(t *testing.T) {
	g, b := unitBake(t, 96, 64, 31, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	layer := pl.NewPenalties(hpa.PenaltyConfig{})
	goal, a := openCell(t, g, 80, 32), openCell(t, g, 10, 32)
	f, err := pl.NewField(goal, hpa.Options{Penalty: layer.For(hpa.NoUnit)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Next(a); !ok {
		t.Fatal("a fresh field leads nowhere")
	}
	if err := layer.AddInfluence(grid.Pt(40, 32), 6, 20*grid.Straight); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Next(a); ok || f.Cost(a) != grid.Unreachable {
		t.Fatal("a field leads on after its layer was written")
	}
	if err := f.Reset(pl, goal, hpa.Options{Penalty: layer.For(hpa.NoUnit)}); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Path(a, nil); !ok {
		t.Fatal("a reset field leads nowhere")
	}
	for _, u := range []hpa.Options{{Size: 2}, {Class: 1}} {
		u.Penalty = layer.For(hpa.NoUnit)
		if _, err := pl.NewField(goal, u); !errors.Is(err, hpa.ErrOptions) {
			t.Errorf("unit %+v with a layer: %v", u, err)
		}
	}
}
