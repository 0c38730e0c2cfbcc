package preprocess_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// TestRegionKinds: clusters of every shape a bake keeps its regions in
// (all blocked, all open, one region with walls, a few regions, and more
// than 255: isolated cells in a cluster of 64×64), checked against the
// oracle's flood fill by verify, built and after updates that turn one
// kind into another.
func TestRegionKinds(t *testing.T) {
	g, err := grid.New(6*64, 64, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	// Cluster 0 all open; 1 all blocked; 2 one region round a wall; 3
	// two halves; 4 isolated cells (1024 regions); 5 fourteen columns a
	// cell wide, walls between (half a byte per cell).
	g.Fill(grid.R(64, 0, 128, 64), false)
	g.Fill(grid.R(150, 10, 160, 50), false)
	g.Fill(grid.R(192, 0, 256, 64), false)
	g.Fill(grid.R(192, 0, 222, 64), true)
	g.Fill(grid.R(226, 0, 256, 64), true)
	g.Fill(grid.R(256, 0, 320, 64), false)
	for y := 0; y < 64; y += 2 {
		for x := 256; x < 320; x += 2 {
			if err := g.SetPassable(grid.Pt(x, y), true); err != nil {
				t.Fatal(err)
			}
		}
	}
	g.Fill(grid.R(320, 0, 384, 64), false)
	for x := 320; x < 320+28; x += 2 {
		g.Fill(grid.R(x, 0, x+1, 64), true)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	verify(t, g, b, false)
	if got := b.LocalRegion(grid.Pt(318, 62)); got != 1023 {
		t.Fatalf("the last isolated cell: region %d, want 1023", got)
	}
	// Every cluster changes kind: the open one gets a wall across it,
	// the blocked one opens, the walled one opens, the halves join, the
	// isolated cells fill in but for one wall.
	edits := []struct {
		r    grid.Rect
		open bool
	}{
		{grid.R(0, 30, 64, 32), false},
		{grid.R(64, 0, 128, 64), true},
		{grid.R(150, 10, 160, 50), true},
		{grid.R(222, 0, 226, 64), true},
		{grid.R(256, 0, 320, 64), true},
		{grid.R(300, 5, 301, 60), false},
		{grid.R(348, 0, 349, 64), true},  // a fifteenth column: a byte
		{grid.R(320, 63, 384, 64), true}, // the columns join: one region
	}
	for _, e := range edits {
		g.Fill(e.r, e.open)
		if err := b.Update(e.r, 0); err != nil {
			t.Fatal(err)
		}
		verify(t, g, b, false)
	}
}
