package hpa_test

import (
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
