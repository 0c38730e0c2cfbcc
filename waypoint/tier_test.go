package waypoint_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

func baked(t testing.TB, size int, seed uint64) (*grid.Grid, *preprocess.Bake) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: size, Height: size, Seed: seed}, grid.MapOptions{SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Placed: []grid.Point{}})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// TestRouteMatchesEdges expands every edge of the waypoint graph into
// grid cells and checks the route: legal cell by cell, from one point to
// the other, inside the edge's cluster, costing exactly the edge's cost.
func TestRouteMatchesEdges(t *testing.T) {
	g, b := baked(t, 160, 4)
	tier := b.Tier()
	s := grid.NewSearcher(g)
	var buf []grid.Point
	checked := 0
	for u := range int32(tier.Graph.Len()) {
		to, cost := tier.Graph.Out(u)
		for i, v := range to {
			var err error
			buf, err = tier.Route(s, u, v, buf)
			if err != nil {
				t.Fatal(err)
			}
			pu, pv := tier.Points[u], tier.Points[v]
			if buf[0] != pu.Cell || buf[len(buf)-1] != pv.Cell {
				t.Fatalf("route %d→%d runs %v→%v", u, v, buf[0], buf[len(buf)-1])
			}
			c, err := g.PathCost(buf)
			if err != nil || navgraph.Cost(c) != cost[i] {
				t.Fatalf("route %d→%d costs %d (%v), edge %d", u, v, c, err, cost[i])
			}
			if pu.Cluster == pv.Cluster {
				win := tier.ClusterRect(int(pu.Cluster))
				for _, p := range buf {
					if !p.In(win) {
						t.Fatalf("route %d→%d leaves cluster %v at %v", u, v, win, p)
					}
				}
			}
			checked++
		}
	}
	if checked < 500 {
		t.Fatalf("only %d edges", checked)
	}
	if _, err := tier.Route(s, 0, 0, buf); err == nil {
		t.Error("Route of a missing edge did not fail")
	}
}

func TestFindAndClusters(t *testing.T) {
	_, b := baked(t, 100, 5)
	tier := b.Tier()
	r := rand.New(rand.NewPCG(1, 2))
	for c := range b.Clusters() {
		first, end := tier.PointsOf(c)
		for u := first; u < end; u++ {
			p := tier.Points[u]
			if got, ok := tier.Find(p.Cell); !ok || got != u {
				t.Fatalf("Find(%v) = %d %v, want %d", p.Cell, got, ok, u)
			}
			if tier.ClusterOf(p.Cell) != c || !p.Cell.In(tier.ClusterRect(c)) {
				t.Fatalf("point %v not in cluster %d", p.Cell, c)
			}
		}
	}
	for range 200 {
		p := grid.Pt(r.IntN(120)-10, r.IntN(120)-10)
		if u, ok := tier.Find(p); ok && tier.Points[u].Cell != p {
			t.Fatalf("Find(%v) returned point at %v", p, tier.Points[u].Cell)
		}
	}
	if tier.NumPoints() != b.Stats().Points {
		t.Error("NumPoints disagrees with Stats")
	}
}

// BenchmarkRoute measures expanding one intra-cluster edge into cells
// (what refinement does per abstract edge) with 32×32 clusters. Routes
// are recomputed on demand rather than cached: this is their price.
func BenchmarkRoute(b *testing.B) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 512, Height: 512, Seed: 1}, grid.MapOptions{})
	if err != nil {
		b.Fatal(err)
	}
	bk, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	tier := bk.Tier()
	type edge struct{ u, v int32 }
	var es []edge
	for u := range int32(tier.Graph.Len()) {
		to, _ := tier.Graph.Out(u)
		for _, v := range to {
			if tier.Points[u].Cluster == tier.Points[v].Cluster {
				es = append(es, edge{u, v})
			}
		}
	}
	s := grid.NewSearcher(g)
	var buf []grid.Point
	cells := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		e := es[i%len(es)]
		if buf, err = tier.Route(s, e.u, e.v, buf); err != nil {
			b.Fatal(err)
		}
		if buf[0] != tier.Points[e.u].Cell || buf[len(buf)-1] != tier.Points[e.v].Cell {
			b.Fatalf("route of %d→%d runs %v→%v", e.u, e.v, buf[0], buf[len(buf)-1])
		}
		cells += len(buf)
	}
	b.ReportMetric(float64(cells)/float64(b.N), "cells/route")
}

// TestRouteWithinBound: for every edge whose route needs a cluster
// search, RouteWithin expands at most its bound; a bound below what the
// search needs ends with ErrExhausted and no route, one at least as
// large gives a route that is legal, inside the cluster and costs the
// edge (checked with PathCost, independent of the search).
func TestRouteWithinBound(t *testing.T) {
	g, b := baked(t, 160, 4)
	tier := b.Tier()
	s := grid.NewSearcher(g)
	var buf []grid.Point
	searched := 0
	for u := range int32(tier.Graph.Len()) {
		to, cost := tier.Graph.Out(u)
		for i, v := range to {
			path, need, err := tier.RouteWithin(s, u, v, 0, buf)
			if err != nil {
				t.Fatal(err)
			}
			if need == 0 {
				continue // inter-cluster edge or step line: no search
			}
			searched++
			for _, bound := range []int{1, need - 1, need, need + 7} {
				if bound < 1 {
					continue
				}
				path, n, err := tier.RouteWithin(s, u, v, bound, path)
				if n > bound {
					t.Fatalf("edge %d→%d, bound %d: expanded %d", u, v, bound, n)
				}
				if bound < need {
					if err != waypoint.ErrExhausted || len(path) != 0 {
						t.Fatalf("edge %d→%d, bound %d of %d: %v, %d cells", u, v, bound, need, err, len(path))
					}
					continue
				}
				if err != nil {
					t.Fatalf("edge %d→%d, bound %d of %d: %v", u, v, bound, need, err)
				}
				c, err := g.PathCost(path)
				if err != nil || navgraph.Cost(c) != cost[i] || path[0] != tier.Points[u].Cell || path[len(path)-1] != tier.Points[v].Cell {
					t.Fatalf("edge %d→%d, bound %d: route %v costs %d (%v), edge %d", u, v, bound, path, c, err, cost[i])
				}
			}
			buf = path
		}
	}
	if searched < 50 {
		t.Fatalf("only %d routes needed a search", searched)
	}
}
