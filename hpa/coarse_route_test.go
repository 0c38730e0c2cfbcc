package hpa_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// TestCoarseRoute: after each Find on generated maps, CoarseRoute holds
// Result.Coarse cells, each a waypoint of the bake's tier, consecutive
// ones joined by an edge of the waypoint graph, the first in the
// start's cluster and the last in the goal's, and each on the answer's
// raw path; it is empty after a failed, exhausted or direct query.
// Under hot spots (smoothed, the band on) the same holds but for the
// last: the band moves the path off the waypoints. There a rival route
// (rival.go) is searched after the first, and whichever is kept, the
// route's length must be Result.Coarse of the same answer (a route
// restored without its count, or a count without its route, fails).
func TestCoarseRoute(t *testing.T) {
	_, b := genBake(t, 160, 160, 5, grid.Octile, 16)
	p := hpa.NewPlanner(b, hpa.Config{})
	t.Run("plain", func(t *testing.T) {
		coarseRoutes(t, p, nil)
	})
	t.Run("hot", func(t *testing.T) {
		f := p.NewPenalties(hpa.PenaltyConfig{})
		r := rand.New(rand.NewPCG(7, 8))
		for range 16 {
			if err := f.AddInfluence(grid.Pt(r.IntN(160), r.IntN(160)), 4+r.IntN(6), grid.Cost(10+r.IntN(30))*grid.Straight); err != nil {
				t.Fatal(err)
			}
		}
		coarseRoutes(t, p, f)
	})
}

// coarseRoutes is TestCoarseRoute on p, under f's influence when f is
// not nil.
func coarseRoutes(t *testing.T, p *hpa.Planner, f *hpa.Penalties) {
	q := p.NewQuery()
	tr := p.Bake().Tier()
	r := rand.New(rand.NewPCG(5, 6))
	var route []grid.Point
	routes := 0
	for range 300 {
		a, z := grid.Pt(r.IntN(160), r.IntN(160)), grid.Pt(r.IntN(160), r.IntN(160))
		opt := hpa.Options{Smooth: hpa.Raw, Band: -1}
		if f != nil {
			opt = hpa.Options{Smooth: hpa.Cells, Penalty: f.For(hpa.NoUnit)}
		}
		if r.IntN(4) == 0 {
			opt.MaxExpansions = 1 + r.IntN(400) // some run out: Exhausted
		}
		res, err := q.Find(a, z, opt, nil)
		route = q.CoarseRoute(route)
		if err != nil || res.Status != hpa.Found {
			if len(route) != 0 {
				t.Fatalf("%v→%v: %v %v, route %v", a, z, res.Status, err, route)
			}
			continue
		}
		if len(route) != res.Coarse {
			t.Fatalf("%v→%v: %d route cells, Coarse %d", a, z, len(route), res.Coarse)
		}
		if len(route) > 0 && f == nil {
			routes++
			// The answer takes the route: each waypoint is on the raw
			// path (a window path that beat it would not be).
			for _, c := range route {
				if !slices.Contains(res.Path, c) {
					t.Fatalf("%v→%v: route waypoint %v is not on the path", a, z, c)
				}
			}
		}
		var prev int32 = -1
		for _, c := range route {
			u, ok := tr.Find(c)
			if !ok {
				t.Fatalf("%v→%v: route cell %v is no waypoint", a, z, c)
			}
			if prev >= 0 {
				to, _ := tr.Graph.Out(prev)
				if !slices.Contains(to, u) {
					t.Fatalf("%v→%v: no edge %v→%v", a, z, tr.Points[prev].Cell, c)
				}
			}
			prev = u
		}
		if len(route) > 0 && f != nil {
			routes++
		}
		if len(route) > 0 && (tr.ClusterOf(route[0]) != tr.ClusterOf(a) || tr.ClusterOf(route[len(route)-1]) != tr.ClusterOf(z)) {
			t.Fatalf("%v→%v: route %v from another cluster than the start's or to another than the goal's", a, z, route)
		}
	}
	if routes < 100 {
		t.Fatalf("%d of 300 queries went through the waypoint graph", routes)
	}
}
