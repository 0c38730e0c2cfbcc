package navgraph_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/navgraph/navgonum"
)

// symmetricGraph returns a random undirected graph (every edge both ways
// at one cost) with a few components; huge makes costs large enough that
// distances pass 2^32.
func symmetricGraph(r *rand.Rand, huge bool) *navgraph.Graph {
	n := 1 + r.IntN(400)
	var es []navgraph.Edge
	parts := 1 + r.IntN(3) // nodes join only nodes of their part
	for range r.IntN(6 * n) {
		u := r.IntN(n)
		v := r.IntN(n)
		v -= v%parts - u%parts
		if v >= n {
			continue
		}
		c := navgraph.Cost(r.IntN(100))
		if huge {
			c = navgraph.Cost(r.Int64N(int64(navgraph.MaxCost)))
		}
		es = append(es, navgraph.Edge{From: int32(u), To: int32(v), Cost: c}, navgraph.Edge{From: int32(v), To: int32(u), Cost: c})
	}
	// Build keeps the cheapest of parallel edges, the same both ways.
	g, err := navgraph.Build(n, es)
	if err != nil {
		panic(err)
	}
	return g
}

func distances(g *navgraph.Graph, src int32) []navgraph.Cost {
	sp := path.DijkstraFrom(simple.Node(src), navgonum.View{G: g})
	d := make([]navgraph.Cost, g.Len())
	for v := range d {
		w := sp.WeightTo(int64(v))
		d[v] = navgraph.Unreachable
		if !math.IsInf(w, 1) {
			d[v] = navgraph.Cost(w)
		}
	}
	return d
}

// TestLandmarks checks the landmark distances against gonum's Dijkstra,
// the bound against the true distance to the targets, and the cost of
// searches with landmarks against the least cost from gonum's distances.
func TestLandmarks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s := navgraph.NewSearcher(nil)
	var buf []int32
	shifted, searched := 0, 0
	for iter := range 400 {
		huge := iter%5 == 0
		g := symmetricGraph(r, huge)
		n := g.Len()
		s.SetGraph(g)
		lm, err := navgraph.NewLandmarks(g, 1+r.IntN(20), 1+r.IntN(3))
		if err != nil {
			t.Fatal(err)
		}
		if lm2, _ := navgraph.NewLandmarks(g, lm.Len(), 1); !slices.Equal(lm.Nodes(), lm2.Nodes()) && lm.Len() > 0 {
			t.Fatalf("graph %d: landmarks depend on the workers: %v vs %v", iter, lm.Nodes(), lm2.Nodes())
		}
		cols := make([][]navgraph.Cost, lm.Len())
		for i, l := range lm.Nodes() {
			cols[i] = distances(g, l)
			for v := range int32(n) {
				got, ok := lm.Dist(i, v)
				want := cols[i][v]
				if ok != (want != navgraph.Unreachable) || ok && (got > want || !huge && got != want) {
					t.Fatalf("graph %d: landmark %d to %d: %d %v, want %d", iter, l, v, got, ok, want)
				}
				if ok && got != want {
					shifted++
				}
			}
		}
		for range 5 {
			var q navgraph.Query
			q.Landmarks = lm
			for range 1 + r.IntN(3) {
				q.Sources = append(q.Sources, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(50))})
			}
			for range 1 + r.IntN(3) {
				q.Targets = append(q.Targets, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(50))})
			}
			// The bound never passes the true cost to the targets.
			toT := make([]navgraph.Cost, n)
			for v := range toT {
				toT[v] = navgraph.Unreachable
			}
			for _, tg := range q.Targets {
				for v, d := range distances(g, tg.Node) {
					if d != navgraph.Unreachable {
						toT[v] = min(toT[v], d+tg.Cost)
					}
				}
			}
			for v := range int32(n) {
				if b := lm.Bound(q.Targets, v); toT[v] != navgraph.Unreachable && b > toT[v] {
					t.Fatalf("graph %d: bound %d at node %d, true cost %d, targets %v", iter, b, v, toT[v], q.Targets)
				}
			}
			with, err := s.Search(&q, buf)
			if err != nil {
				t.Fatal(err)
			}
			// The least cost from gonum's distances (the graph is
			// symmetric, so toT is also the cost from each node).
			want := navgraph.Unreachable
			for _, src := range q.Sources {
				if toT[src.Node] != navgraph.Unreachable {
					want = min(want, src.Cost+toT[src.Node])
				}
			}
			if with.Found != (want != navgraph.Unreachable) || with.Found && with.Cost != want {
				t.Fatalf("graph %d: with landmarks %v %d, gonum %d", iter, with.Found, with.Cost, want)
			}
			if with.Found {
				searched++
			}
			buf = with.Path
		}
	}
	if shifted == 0 || searched < 500 {
		t.Errorf("weak test: %d rounded distances, %d searches with a path", shifted, searched)
	}
}

func TestLandmarksRecompute(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for range 50 {
		g := symmetricGraph(r, false)
		lm, _ := navgraph.NewLandmarks(g, 8, 2)
		// Cut every edge of node 0 both ways, then recompute.
		to, _ := g.Out(0)
		for _, v := range slices.Clone(to) {
			vt, vc := g.Out(v)
			i := slices.Index(vt, 0)
			if err := g.SetEdges(v, slices.Delete(slices.Clone(vt), i, i+1), slices.Delete(slices.Clone(vc), i, i+1)); err != nil {
				t.Fatal(err)
			}
		}
		g.SetEdges(0, nil, nil)
		lm2, err := lm.Recompute(g, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(lm.Nodes(), lm2.Nodes()) {
			t.Fatal("Recompute moved the landmarks")
		}
		for i, l := range lm2.Nodes() {
			want := distances(g, l)
			for v := range int32(g.Len()) {
				if got, ok := lm2.Dist(i, v); ok != (want[v] != navgraph.Unreachable) || ok && got != want[v] {
					t.Fatalf("after the cut, landmark %d to %d: %d %v, want %d", l, v, got, ok, want[v])
				}
			}
		}
	}
}

// TestLandmarksHint: after random edits of a graph, NewLandmarksHint with
// the old landmarks (or those of an unrelated graph) gives the nodes and
// distances NewLandmarks gives on the edited graph, and the distances are
// gonum's.
func TestLandmarksHint(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	moved := 0
	for range 60 {
		g := symmetricGraph(r, false)
		k := 1 + r.IntN(12)
		lm, _ := navgraph.NewLandmarks(g, k, 2)
		// Change the cost of a few edges (both ways) or cut them.
		editRandom(t, r, g, nil, 1+r.IntN(4), false, true)
		want, _ := navgraph.NewLandmarks(g, k, 1)
		other, _ := navgraph.NewLandmarks(symmetricGraph(r, false), 8, 1)
		for _, from := range []*navgraph.Landmarks{lm, other} {
			got, err := navgraph.NewLandmarksHint(g, k, 2, from.Nodes())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Nodes(), want.Nodes()) {
				t.Fatalf("NewLandmarksHint picked %v, NewLandmarks %v", got.Nodes(), want.Nodes())
			}
			for i, l := range got.Nodes() {
				ref := distances(g, l)
				for v := range int32(g.Len()) {
					d, ok := got.Dist(i, v)
					if ok != (ref[v] != navgraph.Unreachable) || ok && d != ref[v] {
						t.Fatalf("landmark %d to %d: %d %v, gonum says %d", l, v, d, ok, ref[v])
					}
				}
			}
		}
		if !slices.Equal(lm.Nodes(), want.Nodes()) {
			moved++
		}
	}
	if moved == 0 {
		t.Error("weak test: the edits never moved a landmark")
	}
}

func TestLandmarksErrors(t *testing.T) {
	g, _ := navgraph.Build(3, []navgraph.Edge{{From: 0, To: 1, Cost: 5}, {From: 1, To: 0, Cost: 6}})
	if _, err := navgraph.NewLandmarks(g, 4, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Errorf("asymmetric graph: %v", err)
	}
	small, _ := navgraph.Build(2, []navgraph.Edge{{From: 0, To: 1, Cost: 5}, {From: 1, To: 0, Cost: 5}})
	lm, _ := navgraph.NewLandmarks(small, 4, 1)
	big, _ := navgraph.Build(3, nil)
	s := navgraph.NewSearcher(big)
	q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 1}}, Landmarks: lm}
	if _, err := s.Search(&q, nil); !errors.Is(err, navgraph.ErrGraph) && lm.Len() > 0 {
		t.Errorf("landmarks of another graph: %v", err)
	}
}
