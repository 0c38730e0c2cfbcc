package render_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

// TestFlowLayer: on an open map with the goal at its east edge, the Flow
// layer tints cells by their step (the same tint for cells stepping the
// same way, another for another way, none where the field leads
// nowhere), and draws each unit's walk along the field step by step,
// from the unit to the goal.
func TestFlowLayer(t *testing.T) {
	g, err := grid.New(64, 32, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	g.Fill(grid.R(0, 20, 10, 21), false) // a wall cutting off a pocket
	g.Fill(grid.R(10, 20, 11, 32), false)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	f, err := hpa.NewPlanner(b, hpa.Config{}).NewField(grid.Pt(63, 10), hpa.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units := []grid.Point{grid.Pt(2, 10), grid.Pt(30, 2)}
	sc := &render.Scene{Grid: g, Bake: b, Layers: render.Terrain | render.Flow, Field: f, Units: units}
	plain := &render.Scene{Grid: g, Layers: render.Terrain}
	east, east2 := sc.CellColor(grid.Pt(20, 10)), sc.CellColor(grid.Pt(40, 10))
	if east != east2 || east == plain.CellColor(grid.Pt(20, 10)) {
		t.Errorf("cells stepping east: %v and %v, untinted %v", east, east2, plain.CellColor(grid.Pt(20, 10)))
	}
	if se := sc.CellColor(grid.Pt(53, 0)); se == east {
		t.Errorf("a cell stepping south-east has the east tint %v", se)
	}
	if pocket := sc.CellColor(grid.Pt(2, 28)); pocket != plain.CellColor(grid.Pt(2, 28)) {
		t.Errorf("a cell the field does not reach is tinted: %v", pocket)
	}
	sh := sc.Shapes()
	steps := 0
	for _, l := range sh.Lines {
		if l.Kind == render.WalkStep {
			if n, ok := f.Next(l.A); !ok || n != l.B {
				t.Fatalf("walk step %v→%v is not the field's (%v)", l.A, l.B, n)
			}
			steps++
		}
	}
	want := 0
	for _, u := range units {
		p, _ := f.Path(u, nil)
		want += len(p) - 1
	}
	if steps != want || want == 0 {
		t.Fatalf("%d walk steps drawn, want %d", steps, want)
	}
	if _, err := sc.Draw(128); err != nil {
		t.Fatal(err)
	}
}
