package preprocess_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// TestMiddleFromPoints counts the transition points on one border by
// hand: four clusters of 32 cells, the bottom two cut to 18 rows by the
// map's edge; the border between the top two blocked at row 20, so that
// it has a run of 20 cells (rows 0..19) and one of 11 (rows 21..31), the
// border between the bottom two open along its whole side (rows 32..49).
// A run of 6 or more gets its two ends; with Config.MiddleFrom, one at
// least that long gets its middle too, and a run along a whole side has
// it whatever the value, even one longer than the run.
func TestMiddleFromPoints(t *testing.T) {
	g, _ := grid.New(64, 50, grid.Octile)
	g.SetPassable(grid.Pt(31, 20), false)
	open := []int{32, 40, 49} // the bottom border's rows, at every value
	for _, tc := range []struct {
		middle int
		want   []int // rows of the points on column 31, top clusters
	}{
		{0, []int{0, 19, 21, 31}},
		{12, []int{0, 9, 19, 21, 31}}, // 11 < 12: the short run keeps two
		{16, []int{0, 9, 19, 21, 31}},
		{20, []int{0, 9, 19, 21, 31}},
		{21, []int{0, 19, 21, 31}},
		{31, []int{0, 19, 21, 31}},
	} {
		b, err := preprocess.Build(g, preprocess.Config{MiddleFrom: tc.middle})
		if err != nil {
			t.Fatal(err)
		}
		if b.MiddleFrom() != tc.middle {
			t.Errorf("MiddleFrom %d: the bake says %d", tc.middle, b.MiddleFrom())
		}
		// Each point on column 31 has its twin across the border.
		for c, x := range []int{31, 32, 31, 32} {
			tier := b.Tier()
			first, end := tier.PointsOf(c)
			var rows []int
			for _, p := range tier.Points[first:end] {
				if p.Cell.X == x && p.Kind == waypoint.Transition {
					rows = append(rows, p.Cell.Y)
				}
			}
			slices.Sort(rows)
			want := tc.want
			if c >= 2 {
				want = open
			}
			if !slices.Equal(rows, want) {
				t.Errorf("MiddleFrom %d: cluster %d's transition points on column %d, rows %v, want %v", tc.middle, c, x, rows, want)
			}
		}
	}
}

// TestMiddleFromBake: a bake with MiddleFrom checks against the oracles
// of verify (islands, regions, every intra-cluster edge's cost by a fine
// search), has more points than the default's, and so has its layer for
// 2×2 units; it is written as format version 4 and reads back the same;
// the default is still version 3. Updates after edits give what a fresh
// Build gives.
func TestMiddleFromBake(t *testing.T) {
	g := genGrid(t, 200, 150, 9, grid.Octile)
	units := []grid.Unit{{Size: 2}}
	def, _ := preprocess.Build(g, preprocess.Config{Units: units})
	b, err := preprocess.Build(g, preprocess.Config{MiddleFrom: 16, Units: units})
	if err != nil {
		t.Fatal(err)
	}
	verify(t, g, b, false)
	if b.Stats().Points <= def.Stats().Points {
		t.Errorf("MiddleFrom 16: %d points, the default %d", b.Stats().Points, def.Stats().Points)
	}
	if m, d := b.Layer(units[0]).Tier().NumPoints(), def.Layer(units[0]).Tier().NumPoints(); m <= d {
		t.Errorf("MiddleFrom 16: the 2×2 layer has %d points, the default's %d", m, d)
	}
	for _, c := range []struct {
		b       *preprocess.Bake
		version int
	}{{def, preprocess.Version}, {b, preprocess.VersionMiddle}} {
		data := c.b.AppendBinary(nil)
		in, err := preprocess.ReadInfo(data)
		if err != nil || in.Version != c.version || in.MiddleFrom != c.b.MiddleFrom() {
			t.Fatalf("ReadInfo: version %d, MiddleFrom %d, %v; want %d, %d", in.Version, in.MiddleFrom, err, c.version, c.b.MiddleFrom())
		}
		l, err := preprocess.Load(data, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		equalBakes(t, c.b, l)
	}

	r := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		x, y := r.IntN(g.Width()), r.IntN(g.Height())
		rect := grid.R(x, y, x+1+r.IntN(10), y+1+r.IntN(10)).Intersect(g.Bounds())
		g.Fill(rect, r.IntN(2) == 0)
		if err := b.Update(rect, 2); err != nil {
			t.Fatal(err)
		}
		fresh, _ := preprocess.Build(g, preprocess.Config{MiddleFrom: 16, Units: units})
		equalBakes(t, fresh, b)
	}
	verify(t, g, b, false)
}
