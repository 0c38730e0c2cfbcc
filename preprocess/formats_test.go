package preprocess_test

import (
	"bytes"
	_ "embed"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// The arena baked by the build before format 5 (commit 3bd0ef6): with
// the defaults (format 3), with a layer for 2×2 units too (format 3),
// and with clusters of 16 and MiddleFrom 12 (format 4). They are kept as
// that build wrote them, not regenerated.
var (
	//go:embed testdata/arena-v3.nav
	arenaV3 []byte
	//go:embed testdata/arena-v3-units.nav
	arenaV3Units []byte
	//go:embed testdata/arena-v4.nav
	arenaV4 []byte
)

// TestOlderFormats loads the bake files of the build before format 5.
// Each must pass verify's oracles (islands, regions, every edge's cost
// by a fine search), report its version and MiddleFrom, and be written
// back byte for byte in its own format. A file has no unit layers (Load
// builds them): the 2×2 layer must have the points and edges that build
// gave it, 36 and 186 (the current rule gives it others). Then walls are
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
		{"format 3", arenaV3, 3, 32, 32, nil},
		{"format 3 with units", arenaV3Units, 3, 32, 32, []grid.Unit{{Size: 2}}},
		{"format 4", arenaV4, 4, 12, 16, nil},
	} {
		g := testmaps.ReadGrid(t, "testdata/arena.map")
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
				if n, e := tier.NumPoints(), tier.Graph.NumEdges(); n != 36 || e != 186 {
					t.Fatalf("%s: the %v layer has %d points and %d edges, the build that wrote the file gave it 36 and 186", tc.name, u, n, e)
				}
			}
		}
		layer()
		points := b.Stats().Points
		for _, r := range []grid.Rect{grid.R(10, 10, 40, 12), grid.R(60, 0, 61, 64), grid.R(0, 30, 96, 33)} {
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
			if now.Layer(u).Tier().NumPoints() == 36 && now.Layer(u).Tier().Graph.NumEdges() == 186 {
				t.Errorf("%s: the %v layer of a Build today has the file's counts: the check tells nothing", tc.name, u)
			}
		}
	}
}
