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

// randomGraph returns a graph of 1 to 40 nodes, or one time in four of
// up to 400 (several of a Searcher's pages of states, so that a
// Searcher reused across these graphs maps, hands back and reuses pages
// and resizes its page table), with up to 4 random edges a node, each
// both ways two times in three.
func randomGraph(r *rand.Rand) (*navgraph.Graph, []navgraph.Edge) {
	n := 1 + r.IntN(40)
	if r.IntN(4) == 0 {
		n = 1 + r.IntN(400)
	}
	m := r.IntN(4 * n)
	var es []navgraph.Edge
	for range m {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		c := navgraph.Cost(r.IntN(100))
		es = append(es, navgraph.Edge{From: u, To: v, Cost: c})
		if r.IntN(3) > 0 {
			es = append(es, navgraph.Edge{From: v, To: u, Cost: c})
		}
	}
	g, err := navgraph.Build(n, es)
	if err != nil {
		panic(err)
	}
	return g, es
}

// TestSearchAgainstGonum compares multi-source, multi-target searches
// (Dijkstra, A* with an admissible heuristic, with avoided nodes) with
// gonum's Dijkstra on navgonum's view.
func TestSearchAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := navgraph.NewSearcher(nil)
	var buf []int32
	found := 0
	for iter := range 3000 {
		g, _ := randomGraph(r)
		s.SetGraph(g)
		n := g.Len()
		view := navgonum.View{G: g}
		var avoid []uint64
		if r.IntN(3) == 0 {
			avoid = make([]uint64, (n+63)/64)
			for v := range n {
				if r.IntN(5) == 0 {
					avoid[v/64] |= 1 << (v % 64)
				}
			}
		}
		var except func(int32) bool
		if avoid != nil && r.IntN(2) == 0 {
			except = func(v int32) bool { return v%3 == 0 }
		}
		avoided := func(v int32) bool {
			return avoid != nil && avoid[v/64]&(1<<(v%64)) != 0 && (except == nil || !except(v))
		}
		q := navgraph.Query{Avoid: avoid, Except: except}
		for range 1 + r.IntN(3) {
			q.Sources = append(q.Sources, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
		}
		for range 1 + r.IntN(3) {
			q.Targets = append(q.Targets, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
		}
		isTarget := func(v int32) bool {
			for _, t := range q.Targets {
				if t.Node == v {
					return true
				}
			}
			return false
		}
		// Oracle: the view without avoided nodes, Dijkstra from each source.
		pruned := simple.NewWeightedDirectedGraph(0, math.Inf(1))
		for v := range n {
			pruned.AddNode(simple.Node(v))
		}
		for _, e := range g.Edges(nil) {
			if !avoided(e.To) || isTarget(e.To) {
				pruned.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(e.From), T: simple.Node(e.To), W: float64(e.Cost)})
			}
		}
		want := navgraph.Unreachable
		dist := map[[2]int]float64{}
		for i, src := range q.Sources {
			sp := path.DijkstraFrom(simple.Node(src.Node), pruned)
			if avoid == nil { // no pruning: run gonum on our own view
				sp = path.DijkstraFrom(simple.Node(src.Node), view)
			}
			for j, tg := range q.Targets {
				d := sp.WeightTo(int64(tg.Node))
				dist[[2]int{i, j}] = d
				if !math.IsInf(d, 1) {
					want = min(want, src.Cost+navgraph.Cost(d)+tg.Cost)
				}
			}
		}
		// An admissible heuristic: a random fraction of the true remaining
		// cost, from Dijkstra on the reversed pruned graph.
		if r.IntN(2) == 0 {
			rev := simple.NewWeightedDirectedGraph(0, math.Inf(1))
			for v := range n {
				rev.AddNode(simple.Node(v))
			}
			for _, e := range g.Edges(nil) {
				rev.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(e.To), T: simple.Node(e.From), W: float64(e.Cost)})
			}
			hv := make([]navgraph.Cost, n)
			for v := range hv {
				hv[v] = navgraph.Unreachable
			}
			for _, tg := range q.Targets {
				sp := path.DijkstraFrom(simple.Node(tg.Node), rev)
				for v := range n {
					if d := sp.WeightTo(int64(v)); !math.IsInf(d, 1) {
						hv[v] = min(hv[v], navgraph.Cost(d)+tg.Cost)
					}
				}
			}
			frac := r.Float64()
			q.Heuristic = func(v int32) navgraph.Cost {
				if hv[v] == navgraph.Unreachable {
					return 0
				}
				return navgraph.Cost(frac * float64(hv[v]))
			}
		}
		res, err := s.Search(&q, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if want == navgraph.Unreachable {
			if res.Found {
				t.Fatalf("graph %d: found %v, oracle says no path", iter, res.Path)
			}
			continue
		}
		found++
		if !res.Found || res.Cost != want {
			t.Fatalf("graph %d: got %v cost %d, oracle %d", iter, res.Found, res.Cost, want)
		}
		// The path must be real: from the named source to the named target,
		// along edges, avoiding avoided nodes, costing what was reported.
		p := res.Path
		if p[0] != q.Sources[res.Source].Node || p[len(p)-1] != q.Targets[res.Target].Node {
			t.Fatalf("graph %d: path %v, source %d target %d", iter, p, res.Source, res.Target)
		}
		c := q.Sources[res.Source].Cost + q.Targets[res.Target].Cost
		for i := 1; i < len(p); i++ {
			ec, ok := g.Cost(p[i-1], p[i])
			if !ok || (avoided(p[i]) && i < len(p)-1 && !isTarget(p[i])) {
				t.Fatalf("graph %d: bad step %d→%d", iter, p[i-1], p[i])
			}
			c += ec
		}
		if c != res.Cost {
			t.Fatalf("graph %d: path costs %d, reported %d", iter, c, res.Cost)
		}
	}
	if found < 1000 {
		t.Errorf("only %d searches found a path", found)
	}
}

func TestSearchDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var g *navgraph.Graph
	for g == nil || g.Len() < 20 {
		g, _ = randomGraph(r)
	}
	s := navgraph.NewSearcher(g)
	q := &navgraph.Query{
		Sources:   []navgraph.Endpoint{{Node: 0}, {Node: 3, Cost: 5}},
		Targets:   []navgraph.Endpoint{{Node: 7}, {Node: int32(g.Len() - 1), Cost: 2}},
		Heuristic: func(int32) navgraph.Cost { return 0 },
	}
	buf := make([]int32, 0, 64)
	s.Search(q, buf)
	if a := testing.AllocsPerRun(100, func() { s.Search(q, buf) }); a != 0 {
		t.Errorf("%v allocations per search", a)
	}
}

func TestBuildAndQueryErrors(t *testing.T) {
	for _, c := range []struct {
		n  int
		es []navgraph.Edge
	}{
		{-1, nil},
		{2, []navgraph.Edge{{0, 2, 1}}},
		{2, []navgraph.Edge{{-1, 0, 1}}},
		{2, []navgraph.Edge{{0, 1, -1}}},
		{2, []navgraph.Edge{{0, 1, navgraph.MaxCost + 1}}},
	} {
		if _, err := navgraph.Build(c.n, c.es); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("Build(%d, %v): %v", c.n, c.es, err)
		}
	}
	g, _ := navgraph.Build(3, []navgraph.Edge{{0, 1, 5}, {0, 1, 3}, {1, 1, 2}, {1, 2, 4}})
	if c, ok := g.Cost(0, 1); !ok || c != 3 || g.NumEdges() != 2 {
		t.Errorf("parallel edges / self-loops: cost %d, %d edges", c, g.NumEdges())
	}
	s := navgraph.NewSearcher(g)
	for _, q := range []navgraph.Query{
		{},
		{Sources: []navgraph.Endpoint{{Node: 0, Cost: 0}}},
		{Sources: []navgraph.Endpoint{{Node: 3, Cost: 0}}, Targets: []navgraph.Endpoint{{Node: 1, Cost: 0}}},
		{Sources: []navgraph.Endpoint{{Node: 0, Cost: -1}}, Targets: []navgraph.Endpoint{{Node: 1, Cost: 0}}},
	} {
		if _, err := s.Search(&q, nil); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("query %+v: %v", q, err)
		}
	}
	res, _ := s.Search(&navgraph.Query{Sources: []navgraph.Endpoint{{Node: 2, Cost: 0}}, Targets: []navgraph.Endpoint{{Node: 0, Cost: 0}}}, nil)
	if res.Found {
		t.Error("found a path against the edges' direction")
	}
	res, _ = s.Search(&navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0, Cost: 0}}, Targets: []navgraph.Endpoint{{Node: 2, Cost: 0}}, MaxExpansions: 1}, nil)
	if res.Found || !res.Exhausted || res.Expanded != 1 {
		t.Errorf("MaxExpansions 1: %+v", res)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		g, _ := randomGraph(r)
		b, _ := g.AppendBinary([]byte("prefix"))
		h, k, err := navgraph.Decode(append(b[6:], 0xff))
		if err != nil || k != len(b)-6 || !g.Equal(h) {
			t.Fatalf("round trip: %v (used %d of %d)", err, k, len(b)-6)
		}
		for cut := range len(b) - 6 {
			if _, _, err := navgraph.Decode(b[6 : 6+cut]); err == nil {
				t.Fatalf("truncated to %d bytes: no error", cut)
			}
		}
	}
}

func FuzzDecode(f *testing.F) {
	g, _ := navgraph.Build(4, []navgraph.Edge{{0, 1, 5}, {1, 0, 5}, {2, 3, 1 << 20}})
	b, _ := g.AppendBinary(nil)
	f.Add(b)
	f.Add([]byte{0, 0})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, k, err := navgraph.Decode(data)
		if err != nil {
			if !errors.Is(err, navgraph.ErrGraph) {
				t.Fatalf("error %v does not wrap ErrGraph", err)
			}
			return
		}
		if k > len(data) {
			t.Fatal("used more bytes than given")
		}
		b, _ := g.AppendBinary(nil)
		h, _, err := navgraph.Decode(b)
		if err != nil || !g.Equal(h) {
			t.Fatalf("re-encoding: %v", err)
		}
		// Any decoded graph can be searched.
		if g.Len() > 0 {
			s := navgraph.NewSearcher(g)
			s.Search(&navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0, Cost: 0}}, Targets: []navgraph.Endpoint{{Node: int32(g.Len() - 1), Cost: 0}}}, nil)
		}
	})
}

// TestSetEdges replaces the edges of random nodes many times and compares
// the graph with one built from scratch from the same edge set.
func TestSetEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 50 {
		n := 1 + r.IntN(30)
		adj := make([]map[int32]navgraph.Cost, n)
		for i := range adj {
			adj[i] = map[int32]navgraph.Cost{}
		}
		g := navgraph.New(n)
		for range 200 {
			u := int32(r.IntN(n))
			adj[u] = map[int32]navgraph.Cost{}
			var to []int32
			var cost []navgraph.Cost
			for v := range int32(n) {
				if v != u && r.IntN(3) == 0 {
					c := navgraph.Cost(r.IntN(50))
					adj[u][v] = c
					to, cost = append(to, v), append(cost, c)
				}
			}
			if err := g.SetEdges(u, to, cost); err != nil {
				t.Fatal(err)
			}
			var es []navgraph.Edge
			for a := range adj {
				for b, c := range adj[a] {
					es = append(es, navgraph.Edge{From: int32(a), To: b, Cost: c})
				}
			}
			want, _ := navgraph.Build(n, es)
			if !g.Equal(want) || g.NumEdges() != len(es) {
				t.Fatalf("after SetEdges(%d): graphs differ", u)
			}
		}
		if g.Bytes() > 12*n+12*(6*g.NumEdges()+256) {
			t.Errorf("%d bytes for %d edges: abandoned space not reclaimed", g.Bytes(), g.NumEdges())
		}
	}
	g := navgraph.New(3)
	for _, bad := range []struct {
		u    int32
		to   []int32
		cost []navgraph.Cost
	}{
		{3, nil, nil}, {0, []int32{1}, nil}, {0, []int32{0}, []navgraph.Cost{1}},
		{0, []int32{2, 1}, []navgraph.Cost{1, 1}}, {0, []int32{1, 1}, []navgraph.Cost{1, 1}},
		{0, []int32{5}, []navgraph.Cost{1}}, {0, []int32{1}, []navgraph.Cost{-1}},
	} {
		if err := g.SetEdges(bad.u, bad.to, bad.cost); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("SetEdges(%d, %v, %v): %v", bad.u, bad.to, bad.cost, err)
		}
	}
}

// TestPenaltyAgainstGonum: edge penalties (flat and asked of
// PenaltyFunc) give the least cost gonum finds on a graph whose edges
// cost their cost plus their penalty, also with landmarks made on the
// graph without penalties; edge ids follow nodes that SetEdges moved.
func TestPenaltyAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	s := navgraph.NewSearcher(nil)
	var buf []int32
	found := 0
	for iter := range 2000 {
		g, _ := randomGraph(r)
		n := g.Len()
		if r.IntN(2) == 0 { // move a node's edges to the end of the arrays
			u := int32(r.IntN(n))
			to, cost := g.Out(u)
			to, cost = append([]int32(nil), to...), append([]navgraph.Cost(nil), cost...)
			if v := int32(r.IntN(n)); v != u && !slices.Contains(to, v) {
				k := 0
				for k < len(to) && to[k] < v {
					k++
				}
				to = append(to[:k], append([]int32{v}, to[k:]...)...)
				cost = append(cost[:k], append([]navgraph.Cost{7}, cost[k:]...)...)
				if err := g.SetEdges(u, to, cost); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.SetGraph(g)
		pen := make([]navgraph.Cost, g.EdgeIDs())
		dyn := make([]navgraph.Cost, g.EdgeIDs())
		oracle := simple.NewWeightedDirectedGraph(0, math.Inf(1))
		for v := range n {
			oracle.AddNode(simple.Node(v))
		}
		for u := range int32(n) {
			to, cost := g.Out(u)
			for i, v := range to {
				e := g.EdgeID(u, i)
				extra := navgraph.Cost(0)
				switch r.IntN(3) {
				case 0:
					pen[e] = navgraph.Cost(r.IntN(50))
					extra = pen[e]
				case 1:
					pen[e], dyn[e] = -1, navgraph.Cost(r.IntN(60)-10)
					extra = max(dyn[e], 0)
				}
				oracle.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(u), T: simple.Node(v), W: float64(cost[i] + extra)})
			}
		}
		q := navgraph.Query{
			Sources:     []navgraph.Endpoint{{Node: int32(r.IntN(n))}},
			Targets:     []navgraph.Endpoint{{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(9))}},
			Penalty:     pen,
			PenaltyFunc: func(e int32) navgraph.Cost { return dyn[e] },
		}
		if r.IntN(2) == 0 {
			lm, err := navgraph.NewLandmarks(g, 1+r.IntN(4), 1)
			if err == nil {
				q.Landmarks = lm
			}
		}
		want := navgraph.Unreachable
		if d := path.DijkstraFrom(simple.Node(q.Sources[0].Node), oracle).WeightTo(int64(q.Targets[0].Node)); !math.IsInf(d, 1) {
			want = navgraph.Cost(d) + q.Targets[0].Cost
		}
		res, err := s.Search(&q, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if want == navgraph.Unreachable {
			if res.Found {
				t.Fatalf("graph %d: found a path, oracle says none", iter)
			}
			continue
		}
		if !res.Found || res.Cost != want {
			t.Fatalf("graph %d: got %v cost %d, oracle %d", iter, res.Found, res.Cost, want)
		}
		found++
	}
	if found < 800 {
		t.Errorf("only %d paths", found)
	}
	g, _ := navgraph.Build(2, []navgraph.Edge{{From: 0, To: 1, Cost: 1}})
	q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 1}}, Penalty: make([]navgraph.Cost, 5)}
	if _, err := navgraph.NewSearcher(g).Search(&q, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Errorf("penalties of the wrong length: %v", err)
	}
}
