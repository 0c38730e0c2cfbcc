package hpa

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// TestApplyPricesEdgeInfluence: after an edit is applied to a planner in
// place (Bake.Update of one cluster and Planner.apply, as live maps and
// fog-of-war views do), every edge penalty of a layer equals that of a
// layer made afresh with the same writes on the updated planner (a
// review found the rewritten clusters' edges left at no influence).
func TestApplyPricesEdgeInfluence(t *testing.T) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 128, Height: 128, Seed: 3}, grid.MapOptions{SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlanner(b, Config{})
	hot := func(f *Penalties) {
		for y := 8; y < 128; y += 16 {
			for x := 8; x < 128; x += 16 {
				if err := f.AddInfluence(grid.Pt(x, y), 7, 30*grid.Straight); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	f := p.NewPenalties(PenaltyConfig{})
	hot(f)
	for k, pt := range []grid.Point{{X: 35, Y: 35}, {X: 70, Y: 90}, {X: 100, Y: 20}} {
		for !g.Passable(pt) {
			pt.X++
		}
		if err := g.SetWeight(pt, g.Weight(pt)%5+1); err != nil {
			t.Fatal(err)
		}
		if err := b.Update(grid.R(pt.X, pt.Y, pt.X+1, pt.Y+1), 1); err != nil {
			t.Fatal(err)
		}
		if err := p.apply(); err != nil {
			t.Fatal(err)
		}
		fresh := p.NewPenalties(PenaltyConfig{})
		hot(fresh)
		diff := 0
		for e := range f.edge {
			if f.edge[e] != fresh.edge[e] {
				if diff++; diff <= 3 {
					t.Errorf("edit %d: edge %d: applied layer %d, fresh layer %d", k, e, f.edge[e], fresh.edge[e])
				}
			}
		}
		if diff > 0 {
			t.Fatalf("edit %d: %d edges differ", k, diff)
		}
		fresh.Close()
	}
}
