package render_test

import (
	"errors"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/render"
)

// TestFogScene: the Fog layer veils exactly the cells the player has not
// seen and marks the seen cells it believes otherwise than the map; the
// Other layer draws the second path; a knowledge of another map is
// refused.
func TestFogScene(t *testing.T) {
	g, _ := grid.New(64, 48, grid.Octile)
	g.Fill(grid.R(30, 0, 32, 40), false)
	k, err := hpa.NewKnowledge(g, hpa.KnowledgeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.RevealCircle(g, grid.Pt(30, 20), 6); err != nil {
		t.Fatal(err)
	}
	g.SetPassable(grid.Pt(31, 20), true) // a gap the player has not seen open
	g.SetWeight(grid.Pt(28, 20), 5)      // mud it has not seen
	plain := &render.Scene{Grid: g, Layers: render.Terrain}
	fog := &render.Scene{Grid: g, Layers: render.Terrain | render.Fog, Knowledge: k}
	veiled, stale := 0, 0
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		open, w, _ := k.Believes(p)
		wantStale := k.Seen(p) && (open != g.Passable(p) || w != g.Weight(p))
		changed := plain.CellColor(p) != fog.CellColor(p)
		if changed != (!k.Seen(p) || wantStale) {
			t.Fatalf("%v (seen %v, stale %v): shaded %v", p, k.Seen(p), wantStale, changed)
		}
		if !k.Seen(p) {
			veiled++
		} else if wantStale {
			stale++
		}
	}
	if veiled != 64*48-k.SeenCells() || stale != 2 {
		t.Fatalf("%d veiled, %d stale", veiled, stale)
	}
	fog.Other = []grid.Point{grid.Pt(1, 1), grid.Pt(2, 2), grid.Pt(3, 3)}
	fog.Layers |= render.Other
	n := 0
	for _, l := range fog.Shapes().Lines {
		if l.Kind == render.OtherStep {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d steps of the other path drawn", n)
	}
	if _, err := fog.Draw(128); err != nil {
		t.Fatal(err)
	}
	small, _ := grid.New(10, 10, grid.Octile)
	bad := &render.Scene{Grid: small, Layers: render.Fog, Knowledge: k}
	if _, err := bad.Draw(64); !errors.Is(err, render.ErrMismatch) {
		t.Fatalf("a knowledge of another map: %v", err)
	}
	for _, z := range []*hpa.Knowledge{{}, nil} {
		zero := &render.Scene{Grid: g, Layers: render.All, Knowledge: z}
		if z == nil {
			continue // a nil pointer is no knowledge: drawn as without
		}
		if _, err := zero.Draw(64); !errors.Is(err, render.ErrMismatch) {
			t.Fatalf("a zero knowledge: %v", err)
		}
		zero.CellColor(grid.Pt(3, 3))
	}
}
