package navgonum_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph"

	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/navgraph/navgonum"
)

// TestViewAgainstEdges: on random graphs with parallel edges and
// self-loops, every query of the view answers what the edge list says
// (the cheapest of parallel edges, no self-loops), for ids in and out of
// range.
func TestViewAgainstEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		n := r.IntN(30)
		cheapest := map[[2]int64]float64{}
		var es []navgraph.Edge
		for range r.IntN(4*n + 1) {
			u, v, c := int32(r.IntN(n)), int32(r.IntN(n)), navgraph.Cost(r.IntN(50))
			es = append(es, navgraph.Edge{From: u, To: v, Cost: c})
			k := [2]int64{int64(u), int64(v)}
			if w, ok := cheapest[k]; u != v && (!ok || float64(c) < w) {
				cheapest[k] = float64(c)
			}
		}
		g, err := navgraph.Build(n, es)
		if err != nil {
			t.Fatal(err)
		}
		view := navgonum.View{G: g}
		if got := ids(view.Nodes()); !slices.Equal(got, seq(n)) {
			t.Fatalf("Nodes %v, want 0..%d", got, n-1)
		}
		for u := int64(-1); u <= int64(n); u++ {
			in := u >= 0 && u < int64(n)
			if (view.Node(u) != nil) != in {
				t.Fatalf("Node(%d) = %v with %d nodes", u, view.Node(u), n)
			}
			var want []int64
			for v := int64(-1); v <= int64(n); v++ {
				w, ok := cheapest[[2]int64{u, v}]
				if ok {
					want = append(want, v)
				}
				e := view.WeightedEdge(u, v)
				if (e != nil) != ok || ok && (e.Weight() != w || e.From().ID() != u || e.To().ID() != v) {
					t.Fatalf("WeightedEdge(%d, %d) = %v, want %v %v", u, v, e, w, ok)
				}
				if (view.Edge(u, v) != nil) != ok {
					t.Fatalf("Edge(%d, %d) = %v, want %v", u, v, view.Edge(u, v), ok)
				}
				_, back := cheapest[[2]int64{v, u}]
				if view.HasEdgeBetween(u, v) != (ok || back) {
					t.Fatalf("HasEdgeBetween(%d, %d) = %v", u, v, !(ok || back))
				}
				gw, gok := view.Weight(u, v)
				switch {
				case u == v && in:
					ok, w = true, 0
				case u == v:
					ok, w = false, 0
				case !ok:
					w = 0
				}
				if gw != w || gok != ok {
					t.Fatalf("Weight(%d, %d) = %v %v, want %v %v", u, v, gw, gok, w, ok)
				}
			}
			if got := ids(view.From(u)); !slices.Equal(got, want) {
				t.Fatalf("From(%d) = %v, want %v", u, got, want)
			}
		}
	}
}

func ids(it graph.Nodes) []int64 {
	var out []int64
	for it.Next() {
		out = append(out, it.Node().ID())
	}
	return out
}

func seq(n int) []int64 {
	var out []int64
	for i := range n {
		out = append(out, int64(i))
	}
	return out
}

// TestViewOfNoGraph: a View whose G is nil is an empty graph, not a panic.
func TestViewOfNoGraph(t *testing.T) {
	v := navgonum.View{}
	if v.Node(0) != nil || v.Nodes().Len() != 0 || v.From(0).Len() != 0 || v.HasEdgeBetween(0, 1) {
		t.Error("a view of no graph has nodes or edges")
	}
	if _, ok := v.Weight(0, 0); ok {
		t.Error("a view of no graph weighs a node")
	}
}
