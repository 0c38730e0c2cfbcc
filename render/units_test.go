package render_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

// TestUnitScene: with UnitSize 3 the Fit layer colours exactly the
// passable cells where a 3×3 unit's corner cannot stand, and the
// waypoints drawn are the unit layer's, each where the unit fits.
func TestUnitScene(t *testing.T) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 96, Seed: 3}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: []grid.Unit{{Size: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	plain := &render.Scene{Grid: g, Bake: b, Layers: render.Terrain}
	unit := &render.Scene{Grid: g, Bake: b, Layers: render.Terrain | render.Fit | render.Waypoints, Unit: grid.Unit{Size: 3}}
	tight := 0
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		want := g.Passable(p) && g.Clearance(p) < 3
		if got := plain.CellColor(p) != unit.CellColor(p); got != want {
			t.Fatalf("%v (clearance %d): shaded %v, want %v", p, g.Clearance(p), got, want)
		}
		if want {
			tight++
		}
	}
	marks := unit.Shapes().Marks
	if tight == 0 || len(marks) != b.Layer(grid.Unit{Size: 3}).Tier().Graph.Len() {
		t.Fatalf("%d tight cells; %d marks for %d points of the layer", tight, len(marks), b.Layer(grid.Unit{Size: 3}).Tier().Graph.Len())
	}
	for _, m := range marks {
		if !g.Fits(m.At, grid.Unit{Size: 3}) {
			t.Fatalf("waypoint %v: a 3×3 unit does not fit", m.At)
		}
	}
}
