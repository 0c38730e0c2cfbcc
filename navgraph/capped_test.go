package navgraph_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// TestCappedSearchNeverClaimsUnproved: with MaxExpansions set, a search
// reports Found only with the least cost (gonum's Dijkstra on the same
// edges, built here from the edge list), and a search the cap stopped
// before it proved its answer says Exhausted. It expands at most
// MaxExpansions nodes, runs out exactly when the cap is below what the
// uncapped search expands, and a cap no smaller changes nothing.
func TestCappedSearchNeverClaimsUnproved(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	s := navgraph.NewSearcher(nil)
	var buf []int32
	var exhausted, exact int
	for iter := range 4000 {
		g, _ := randomGraph(r)
		s.SetGraph(g)
		n := g.Len()
		o := simple.NewWeightedDirectedGraph(0, math.Inf(1))
		for v := range n {
			o.AddNode(simple.Node(v))
		}
		for _, e := range g.Edges(nil) {
			o.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(e.From), T: simple.Node(e.To), W: float64(e.Cost)})
		}
		var q navgraph.Query
		for range 1 + r.IntN(3) {
			q.Sources = append(q.Sources, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
		}
		for range 1 + r.IntN(3) {
			q.Targets = append(q.Targets, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
		}
		want := navgraph.Unreachable
		for _, src := range q.Sources {
			sp := path.DijkstraFrom(simple.Node(src.Node), o)
			for _, tg := range q.Targets {
				if d := sp.WeightTo(int64(tg.Node)); !math.IsInf(d, 1) {
					want = min(want, src.Cost+navgraph.Cost(d)+tg.Cost)
				}
			}
		}
		if r.IntN(2) == 0 { // a crude admissible heuristic: the cheapest exit
			least := navgraph.Unreachable
			for _, tg := range q.Targets {
				least = min(least, tg.Cost)
			}
			q.Heuristic = func(int32) navgraph.Cost { return least }
		}
		full, err := s.Search(&q, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = full.Path
		need := full.Expanded
		q.MaxExpansions = 1 + r.IntN(need+2)
		res, err := s.Search(&q, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if res.Expanded > q.MaxExpansions {
			t.Fatalf("graph %d: %d expanded, cap %d", iter, res.Expanded, q.MaxExpansions)
		}
		switch {
		case res.Found && res.Exhausted:
			t.Fatalf("graph %d: Found and Exhausted", iter)
		case res.Found && res.Cost != want:
			t.Fatalf("graph %d cap %d of %d: Found at cost %d, optimum %d", iter, q.MaxExpansions, need, res.Cost, want)
		case res.Exhausted:
			exhausted++
			if q.MaxExpansions >= need {
				t.Fatalf("graph %d: exhausted with cap %d, the search needs %d", iter, q.MaxExpansions, need)
			}
			if len(res.Path) != 0 {
				t.Fatalf("graph %d: exhausted search returned path %v", iter, res.Path)
			}
		case !res.Found && want != navgraph.Unreachable:
			t.Fatalf("graph %d: no path and not exhausted, optimum %d", iter, want)
		case q.MaxExpansions < need:
			t.Fatalf("graph %d: cap %d below the %d the search needs, yet %+v", iter, q.MaxExpansions, need, res)
		}
		if q.MaxExpansions == need {
			exact++
		}
		if q.MaxExpansions >= need && (res.Found != full.Found || res.Cost != full.Cost) {
			t.Fatalf("graph %d: cap %d ≥ %d changed the result", iter, q.MaxExpansions, need)
		}
	}
	t.Logf("%d searches exhausted, %d capped at exactly what they need", exhausted, exact)
	if exhausted < 500 {
		t.Errorf("only %d searches ran out", exhausted)
	}
}
