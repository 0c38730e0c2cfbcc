package preprocess_test

import (
	"bytes"
	_ "embed"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// doorsGrid's map baked by the build before format 5 (commit 3bd0ef6):
// with the defaults (format 3), with a layer for 2×2 units too (format
// 3), and with clusters of 16 and MiddleFrom 12 (format 4). They are kept
// as that build wrote them, not regenerated.
var (
	//go:embed testdata/doors-v3.nav
	doorsV3 []byte
	//go:embed testdata/doors-v3-units.nav
	doorsV3Units []byte
	//go:embed testdata/doors-v4.nav
	doorsV4 []byte
)

// doorsGrid returns the map of the doors files: 96×50, open but for
// a cell on each of two cluster borders (runs of 20 and 11 cells at
// x=31; at x=63 runs of 7, which the old rule gave two ends and the
// current one point, and 24) and a wall.
func doorsGrid() *grid.Grid {
	g, _ := grid.New(96, 50, grid.Octile)
	g.SetPassable(grid.Pt(31, 20), false)
	g.SetPassable(grid.Pt(63, 7), false)
	g.Fill(grid.R(40, 36, 41, 50), false)
	return g
}

// TestOlderFormats loads the bake files of the build before format 5.
// Each must pass verify's oracles (islands, regions, every edge's cost
// by a fine search), report its version and MiddleFrom, and be written
// back byte for byte in its own format. A file has no unit layers (Load
// builds them): the 2×2 layer must have the points and edges that build
// gave it, 32 and 200 (the current rule gives it others). Then walls are
// drawn and rubbed out again with an Update after each: the bake must
// come back to the file, and the layer to its counts, so Update placed
// the points of the touched clusters by the file's rule, not the current
// one (which places other points on this map: the last check).
func TestOlderFormats(t *testing.T) {
	for _, tc := range []struct {
		name         string
		data         []byte
		version, mid int
		cluster      int
		units        []grid.Unit
	}{
		{"format 3", doorsV3, 3, 32, 32, nil},
		{"format 3 with units", doorsV3Units, 3, 32, 32, []grid.Unit{{Size: 2}}},
		{"format 4", doorsV4, 4, 12, 16, nil},
	} {
		g := doorsGrid()
		in, err := preprocess.ReadInfo(tc.data)
		if err != nil || in.Version != tc.version || in.MiddleFrom != tc.mid || in.ClusterSize != tc.cluster || in.SinglePointBelow != 6 {
			t.Fatalf("%s: ReadInfo %+v, %v", tc.name, in, err)
		}
		b, err := preprocess.Load(tc.data, g, 0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b.MiddleFrom() != tc.mid {
			t.Errorf("%s: MiddleFrom %d, want %d", tc.name, b.MiddleFrom(), tc.mid)
		}
		verify(t, g, b, false)
		if !bytes.Equal(b.AppendBinary(nil), tc.data) {
			t.Fatalf("%s: written back differently", tc.name)
		}
		layer := func() {
			t.Helper()
			for _, u := range tc.units {
				tier := b.Layer(u).Tier()
				if n, e := tier.NumPoints(), tier.Graph.NumEdges(); n != 32 || e != 200 {
					t.Fatalf("%s: the %v layer has %d points and %d edges, the build that wrote the file gave it 32 and 200", tc.name, u, n, e)
				}
			}
		}
		layer()
		points := b.Stats().Points
		for _, r := range []grid.Rect{grid.R(10, 10, 40, 12), grid.R(60, 0, 61, 50), grid.R(0, 30, 96, 33)} {
			before := g.Clone()
			g.Fill(r, false)
			if err := b.Update(r, 0); err != nil {
				t.Fatal(err)
			}
			verify(t, g, b, false)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					g.SetPassable(grid.Pt(x, y), before.Passable(grid.Pt(x, y)))
				}
			}
			if err := b.Update(r, 0); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.AppendBinary(nil), tc.data) {
				t.Fatalf("%s: after a wall over %v came and went, the bake differs from the file", tc.name, r)
			}
			layer()
		}
		now, err := preprocess.Build(g, preprocess.Config{ClusterSize: tc.cluster, MiddleFrom: tc.mid, Units: tc.units})
		if err != nil {
			t.Fatal(err)
		}
		if now.Stats().Points == points {
			t.Errorf("%s: %d points, as many as a Build today: the check above tells the rules apart only if they differ", tc.name, points)
		}
		for _, u := range tc.units {
			if now.Layer(u).Tier().NumPoints() == 32 && now.Layer(u).Tier().Graph.NumEdges() == 200 {
				t.Errorf("%s: the %v layer of a Build today has the file's counts: the check tells nothing", tc.name, u)
			}
		}
	}
}
