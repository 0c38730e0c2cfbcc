package waypoint_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/nopanic"
	"github.com/rtspath/rtspath/waypoint"
)

// call runs f and turns a panic into a test failure.
var call = nopanic.Call

// TestMisuseReturnsErrors: Route with no searcher, a searcher on no grid
// or on another map, ids that are not an edge, a tier that is not whole,
// and a grid edited since the bake; each returns an error with the
// package prefix that errors.Is matches to the sentinel of its kind, and
// nothing panics.
func TestMisuseReturnsErrors(t *testing.T) {
	g, b := baked(t, 64, 2)
	tier := b.Tier()
	s := grid.NewSearcher(g)
	small, _ := grid.New(8, 8, grid.Octile)
	// An intra-cluster edge, and the same tier on a grid where its route
	// is walled off.
	var iu, iv int32 = -1, -1
	for u := range int32(tier.Graph.Len()) {
		to, _ := tier.Graph.Out(u)
		for _, v := range to {
			if iu < 0 && tier.Points[u].Cluster == tier.Points[v].Cluster && tier.Points[u].Cell.Sub(tier.Points[v].Cell) != (grid.Point{}) {
				iu, iv = u, v
			}
		}
	}
	if iu < 0 {
		t.Fatal("no intra-cluster edge")
	}
	edited := g.Clone()
	edited.Fill(tier.ClusterRect(int(tier.Points[iu].Cluster)), false)
	edited.SetPassable(tier.Points[iu].Cell, true)
	edited.SetPassable(tier.Points[iv].Cell, true)
	cut := *tier
	cut.Points = cut.Points[:1]
	noSize := *tier
	noSize.ClusterSize = 0
	route := func(tr *waypoint.Tier, s *grid.Searcher, u, v int32) func() error {
		return func() error { _, err := tr.Route(s, u, v, nil); return err }
	}
	for _, c := range []struct {
		name string
		want error
		f    func() error
	}{
		{"nil searcher", waypoint.ErrSearcher, route(tier, nil, iu, iv)},
		{"searcher without a grid", grid.ErrNilGrid, route(tier, grid.NewSearcher(nil), iu, iv)},
		{"searcher on another map", waypoint.ErrSearcher, route(tier, grid.NewSearcher(small), iu, iv)},
		{"u off", waypoint.ErrNoEdge, route(tier, s, -1, iv)},
		{"v off", waypoint.ErrNoEdge, route(tier, s, iu, int32(tier.Graph.Len()))},
		{"no edge", waypoint.ErrNoEdge, route(tier, s, iu, iu)},
		{"zero tier", waypoint.ErrTier, route(&waypoint.Tier{}, s, 0, 1)},
		{"points cut short", waypoint.ErrTier, route(&cut, s, iu, iv)},
		{"cluster size 0", waypoint.ErrTier, route(&noSize, s, iu, iv)},
		{"grid edited since the bake", waypoint.ErrRoute, route(tier, grid.NewSearcher(edited), iu, iv)},
	} {
		err := call(t, c.name, c.f)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "waypoint: ") {
			t.Errorf("%s: %q lacks the package prefix", c.name, err)
		}
	}
}

// TestMisuseDoesNotPanic: the accessors, given clusters and cells off the
// map or a tier that is not whole, return their documented empty answers.
func TestMisuseDoesNotPanic(t *testing.T) {
	_, b := baked(t, 64, 2)
	tier := b.Tier()
	n := tier.ClustersX() * tier.ClustersY()
	zero := &waypoint.Tier{}
	short := *tier
	short.ClusterStart = short.ClusterStart[:1]
	for _, c := range []struct {
		name string
		f    func() string
	}{
		{"ClusterOf off", func() string {
			for _, p := range []grid.Point{grid.Pt(-1, 0), grid.Pt(64, 0), grid.Pt(0, 64)} {
				if c := tier.ClusterOf(p); c != -1 {
					return fmt.Sprintf("ClusterOf(%v) = %d", p, c)
				}
			}
			return ""
		}},
		{"ClusterRect off", func() string {
			for _, c := range []int{-1, n} {
				if r := tier.ClusterRect(c); !r.Empty() {
					return fmt.Sprintf("ClusterRect(%d) = %v", c, r)
				}
			}
			return ""
		}},
		{"PointsOf off", func() string {
			for _, c := range []int{-1, n} {
				if a, z := tier.PointsOf(c); a != z {
					return fmt.Sprintf("PointsOf(%d) = %d, %d", c, a, z)
				}
			}
			return ""
		}},
		{"zero tier", func() string {
			if zero.ClustersX() != 0 || zero.ClustersY() != 0 || zero.ClusterOf(grid.Pt(0, 0)) != -1 || !zero.ClusterRect(0).Empty() || zero.NumPoints() != 0 {
				return "not empty"
			}
			if _, ok := zero.Find(grid.Pt(0, 0)); ok {
				return "found a point"
			}
			return ""
		}},
		{"Find on a tier whose cluster table is cut", func() string {
			if _, ok := short.Find(grid.Pt(60, 60)); ok {
				return "found a point"
			}
			return ""
		}},
	} {
		var got string
		if err := call(t, c.name, func() error { got = c.f(); return nil }); err == nil && got != "" {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}
