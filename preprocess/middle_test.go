package preprocess_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// TestMiddleFromPoints counts the transition points on two borders by
// hand: six clusters of 32 cells, three across, the bottom three cut to
// 18 rows by the map's edge. The border between the top left two is
// blocked at row 20, so that it has a run of 20 cells (rows 0..19) and
// one of 11 (rows 21..31); the one between the top right two at row 7,
// a run of 7 cells (rows 0..6) and one of 24 (rows 8..31). The borders
// between the bottom three are open along their whole side (rows
// 32..49). A run shorter than 8 gets one point in its middle, a longer
// one its two ends; one at least Config.MiddleFrom long (24 by default)
// gets its middle too, and a run along a whole side has it whatever the
// value, even one longer than the run.
func TestMiddleFromPoints(t *testing.T) {
	g, _ := grid.New(96, 50, grid.Octile)
	g.SetPassable(grid.Pt(31, 20), false)
	g.SetPassable(grid.Pt(63, 7), false)
	open := []int{32, 40, 49} // the bottom borders' rows, at every value
	for _, tc := range []struct {
		middle, says int
		left, right  []int // rows of the points on the top borders
	}{
		{0, 24, []int{0, 19, 21, 31}, []int{3, 8, 19, 31}},
		{12, 12, []int{0, 9, 19, 21, 31}, []int{3, 8, 19, 31}}, // 11 < 12: the short run keeps two
		{16, 16, []int{0, 9, 19, 21, 31}, []int{3, 8, 19, 31}},
		{20, 20, []int{0, 9, 19, 21, 31}, []int{3, 8, 19, 31}},
		{21, 21, []int{0, 19, 21, 31}, []int{3, 8, 19, 31}},
		{24, 24, []int{0, 19, 21, 31}, []int{3, 8, 19, 31}},
		{25, 25, []int{0, 19, 21, 31}, []int{3, 8, 31}},
		{32, 32, []int{0, 19, 21, 31}, []int{3, 8, 31}},
	} {
		b, err := preprocess.Build(g, preprocess.Config{MiddleFrom: tc.middle})
		if err != nil {
			t.Fatal(err)
		}
		if b.MiddleFrom() != tc.says {
			t.Errorf("MiddleFrom %d: the bake says %d, want %d", tc.middle, b.MiddleFrom(), tc.says)
		}
		// Each point on a border column has its twin across the border.
		for _, cx := range []struct{ c, x int }{{0, 31}, {1, 32}, {1, 63}, {2, 64}, {3, 31}, {4, 32}, {4, 63}, {5, 64}} {
			tier := b.Tier()
			first, end := tier.PointsOf(cx.c)
			var rows []int
			for _, p := range tier.Points[first:end] {
				if p.Cell.X == cx.x && p.Kind == waypoint.Transition {
					rows = append(rows, p.Cell.Y)
				}
			}
			slices.Sort(rows)
			want := tc.left
			switch {
			case cx.c >= 3:
				want = open
			case cx.x > 32:
				want = tc.right
			}
			if !slices.Equal(rows, want) {
				t.Errorf("MiddleFrom %d: cluster %d's transition points on column %d, rows %v, want %v", tc.middle, cx.c, cx.x, rows, want)
			}
		}
	}
}

// TestMiddleFromBake: a bake with MiddleFrom 16 checks against the
// oracles of verify (islands, regions, every intra-cluster edge's cost by
// a fine search), has more points than one with middles on whole sides
// alone (MiddleFrom 32), and so has its layer for 2×2 units; both are
// written as format version 5 and read back the same. Updates after
// edits give what a fresh Build gives.
func TestMiddleFromBake(t *testing.T) {
	g := genGrid(t, 200, 150, 9, grid.Octile)
	units := []grid.Unit{{Size: 2}}
	def, _ := preprocess.Build(g, preprocess.Config{MiddleFrom: 32, Units: units})
	b, err := preprocess.Build(g, preprocess.Config{MiddleFrom: 16, Units: units})
	if err != nil {
		t.Fatal(err)
	}
	verify(t, g, b, false)
	if b.Stats().Points <= def.Stats().Points {
		t.Errorf("MiddleFrom 16: %d points, MiddleFrom 32 %d", b.Stats().Points, def.Stats().Points)
	}
	if m, d := b.Layer(units[0]).Tier().NumPoints(), def.Layer(units[0]).Tier().NumPoints(); m <= d {
		t.Errorf("MiddleFrom 16: the 2×2 layer has %d points, MiddleFrom 32's %d", m, d)
	}
	for _, c := range []*preprocess.Bake{def, b} {
		data := c.AppendBinary(nil)
		in, err := preprocess.ReadInfo(data)
		if err != nil || in.Version != preprocess.Version || in.MiddleFrom != c.MiddleFrom() {
			t.Fatalf("ReadInfo: version %d, MiddleFrom %d, %v; want %d, %d", in.Version, in.MiddleFrom, err, preprocess.Version, c.MiddleFrom())
		}
		l, err := preprocess.Load(data, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		equalBakes(t, c, l)
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

// TestShortRuns counts by hand the points of short runs: one in the
// middle of a run shorter than 8 cells in clusters of 16 cells or more,
// two ends from 8 cells on; two ends from 6 cells on in smaller
// clusters, whose sides hold few runs. Each of the three bakes is
// format 5 and reads back the same, and Build takes the MiddleFrom it
// reports.
func TestShortRuns(t *testing.T) {
	for _, tc := range []struct {
		cs      int
		blocked []grid.Point // on the border's west column
		want    []int        // rows of the points there
		single  int          // Info.SinglePointBelow
	}{
		// runs of rows 0..8 (9 cells) and 10..15 (6)
		{16, []grid.Point{grid.Pt(15, 9)}, []int{0, 8, 12}, 8},
		// runs of rows 0..7 (8 cells) and 9..15 (7)
		{16, []grid.Point{grid.Pt(15, 8)}, []int{0, 7, 12}, 8},
		// a run of rows 0..6 (7 cells)
		{8, []grid.Point{grid.Pt(7, 7)}, []int{0, 6}, 6},
	} {
		g, _ := grid.New(2*tc.cs, tc.cs, grid.Octile)
		for _, p := range tc.blocked {
			g.SetPassable(p, false)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: tc.cs})
		if err != nil {
			t.Fatal(err)
		}
		for c, x := range []int{tc.cs - 1, tc.cs} {
			tier := b.Tier()
			first, end := tier.PointsOf(c)
			var rows []int
			for _, p := range tier.Points[first:end] {
				if p.Cell.X == x && p.Kind == waypoint.Transition {
					rows = append(rows, p.Cell.Y)
				}
			}
			slices.Sort(rows)
			if !slices.Equal(rows, tc.want) {
				t.Errorf("clusters of %d: cluster %d's transition points on column %d, rows %v, want %v", tc.cs, c, x, rows, tc.want)
			}
		}
		data := b.AppendBinary(nil)
		if in, err := preprocess.ReadInfo(data); err != nil || in.Version != preprocess.Version || in.SinglePointBelow != tc.single {
			t.Fatalf("clusters of %d: ReadInfo %+v, %v", tc.cs, in, err)
		}
		l, err := preprocess.Load(data, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		equalBakes(t, b, l)
		// what the bake says it took, Build takes (the cluster size,
		// below MinMiddleFrom with clusters of 8)
		again, err := preprocess.Build(g, preprocess.Config{ClusterSize: tc.cs, MiddleFrom: b.MiddleFrom()})
		if err != nil {
			t.Fatalf("clusters of %d, MiddleFrom %d: %v", tc.cs, b.MiddleFrom(), err)
		}
		equalBakes(t, b, again)
	}
}
