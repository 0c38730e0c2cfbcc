package navgraph_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/navgraph/navgonum"
)

// chain returns the path graph 0 – 1 – … – n-1, each edge both ways at
// the given cost.
func chain(t *testing.T, n int, cost navgraph.Cost) *navgraph.Graph {
	t.Helper()
	es := make([]navgraph.Edge, 0, 2*n)
	for u := range int32(n - 1) {
		es = append(es, navgraph.Edge{From: u, To: u + 1, Cost: cost}, navgraph.Edge{From: u + 1, To: u, Cost: cost})
	}
	g, err := navgraph.Build(n, es)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSearcherMemoryFollowsSearch: on a graph of a quarter of a million
// nodes, a searcher whose searches reach a few hundred nodes takes well
// under 512 KB (its page table and target bits take 64 KB), not the 6 MB
// that a state for every node would, and finds the paths a chain has.
func TestSearcherMemoryFollowsSearch(t *testing.T) {
	const n = 1 << 18
	g := chain(t, n, 3)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := navgraph.NewSearcher(g)
	var buf []int32
	for _, e := range [][2]int32{{0, 300}, {n - 1, n - 301}, {n / 2, n/2 + 300}, {n/2 + 150, n/2 - 150}} {
		q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: e[0]}}, Targets: []navgraph.Endpoint{{Node: e[1]}}}
		res, err := s.Search(q, buf)
		if err != nil || !res.Found {
			t.Fatalf("%v: %+v %v", e, res.Found, err)
		}
		d := max(e[0], e[1]) - min(e[0], e[1])
		if res.Cost != navgraph.Cost(3*d) || len(res.Path) != int(d)+1 || res.Path[0] != e[0] || res.Path[d] != e[1] {
			t.Fatalf("%v: cost %d, %d nodes, want %d and %d", e, res.Cost, len(res.Path), 3*d, d+1)
		}
		buf = res.Path
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<19 {
		t.Errorf("the searcher allocated %d bytes for searches reaching 601 nodes at most of %d", grew, n)
	}
}

// TestSearcherMemoryStaysBounded: searches all over a graph of 2^18
// nodes (4096 pages of states), 2,000 of them reaching 5 or 6 pages each,
// leave the searcher holding a search's worth of pages, not the graph's
// 4096 (6 MB), and each finds the chain's path.
func TestSearcherMemoryStaysBounded(t *testing.T) {
	const n = 1 << 18
	g := chain(t, n, 2)
	s := navgraph.NewSearcher(g)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var buf []int32
	for i := range int32(2000) {
		a := i * 7919 % (n - 300)
		q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: a}}, Targets: []navgraph.Endpoint{{Node: a + 300}}}
		res, err := s.Search(q, buf)
		if err != nil || !res.Found || res.Cost != 600 || len(res.Path) != 301 {
			t.Fatalf("search %d from %d: found %t cost %d, %d nodes, %v", i, a, res.Found, res.Cost, len(res.Path), err)
		}
		buf = res.Path
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<18 {
		t.Errorf("the searcher allocated %d bytes for 2,000 searches of 301 nodes (a page is 1.5 KB)", grew)
	}
}

// TestSearcherGenerationWrap: when the search counter wraps, states
// left in reused pages by searches long before must not read as this
// search's. Search A (counter 1), from every node at cost 0, leaves
// that cost on every node of every page; B, at the counter's last
// value, maps one of those pages again; after the counter wraps, search
// C (counter 1 again) on a dearer graph over the same nodes must find
// gonum's costs, whichever page it gets (B's included).
func TestSearcherGenerationWrap(t *testing.T) {
	const n = 1000
	cheap, dear := chain(t, n, 1), chain(t, n, 7)
	tiny := chain(t, 2, 1)
	s := navgraph.NewSearcher(cheap)
	s.SetGeneration(0)
	search := func(g *navgraph.Graph, srcs []navgraph.Endpoint, z int32) navgraph.Result {
		s.SetGraph(g)
		res, err := s.Search(&navgraph.Query{Sources: srcs, Targets: []navgraph.Endpoint{{Node: z}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	one := func(g *navgraph.Graph, a, z int32) navgraph.Result {
		return search(g, []navgraph.Endpoint{{Node: a}}, z)
	}
	every := make([]navgraph.Endpoint, n)
	for i := range every {
		every[i].Node = int32(i)
	}
	search(cheap, every, n-1) // A, at counter 1: every page, cost 0 everywhere
	s.SetGeneration(1<<32 - 2)
	one(tiny, 0, 1) // B, at the counter's last value
	for _, e := range [][2]int32{{0, n - 1}, {n - 1, 10}, {500, 501}} {
		res := one(dear, e[0], e[1]) // C and after, counting from 1 again
		sh := path.DijkstraFrom(simple.Node(e[0]), navgonum.View{G: dear})
		want := navgraph.Cost(sh.WeightTo(int64(e[1])))
		if !res.Found || res.Cost != want {
			t.Fatalf("%v after the wrap: found %t cost %d, gonum %d", e, res.Found, res.Cost, want)
		}
		if slices.Contains(res.Path[:len(res.Path)-1], e[1]) {
			t.Fatalf("%v: path passes its target", e)
		}
	}
}

// lineOverlay returns chain(n, 3) under an Overlay of cells of 10 nodes
// and groups of 50.
func lineOverlay(t *testing.T, n int) (*navgraph.Graph, *navgraph.Overlay) {
	t.Helper()
	g := chain(t, n, 3)
	cells := [][]int32{make([]int32, n), make([]int32, n)}
	for u := range n {
		cells[0][u], cells[1][u] = int32(u/10), int32(u/50)
	}
	ov, err := navgraph.NewOverlay(g, cells, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g, ov
}

// TestHeuristicOncePerNode: a search computes a node's heuristic once,
// however often a cheaper path reaches it, with an Overlay or without.
func TestHeuristicOncePerNode(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		g := symmetricGraph(r, false)
		n := g.Len()
		calls := make([]int, n)
		ov, err := navgraph.NewOverlay(g, randomCells(r, n), 1)
		if err != nil {
			t.Fatal(err)
		}
		s := navgraph.NewSearcher(g)
		for _, o := range []*navgraph.Overlay{nil, ov} {
			clear(calls)
			q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: o,
				Heuristic: func(v int32) navgraph.Cost { calls[v]++; return 0 }}
			if _, err := s.Search(q, nil); err != nil {
				t.Fatal(err)
			}
			for v, c := range calls {
				if c > 1 {
					t.Fatalf("overlay %t: heuristic of %d computed %d times", o != nil, v, c)
				}
			}
		}
	}
}

// TestSearcherWrapWhileUnpacking: the counter wraps while an Overlay
// search unpacks its hops; states that a search at counter 1 left, cost
// 0 on every node, on pages the query keeps mapped must not read as the
// unpacking search's after the wrap. A fresh Searcher for each start:
// moving the counter back on a used one would leave newer stamps than
// the counter, which no real use does.
func TestSearcherWrapWhileUnpacking(t *testing.T) {
	const n = 200
	defer navgraph.SetKeptPathNodes(navgraph.SetKeptPathNodes(0)) // unpacked by searches
	g, ov := lineOverlay(t, n)
	every := make([]navgraph.Endpoint, n)
	for i := range every {
		every[i].Node = int32(i)
	}
	for start := uint32(1<<32 - 40); start != 0; start++ {
		s := navgraph.NewSearcher(g)
		s.SetGeneration(0)
		if _, err := s.Search(&navgraph.Query{Sources: every, Targets: []navgraph.Endpoint{{Node: 0}}}, nil); err != nil {
			t.Fatal(err)
		}
		s.SetGeneration(start)
		res, err := s.Search(&navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: n - 1}}, Overlay: ov}, nil)
		if err != nil || !res.Found || res.Cost != 3*(n-1) || len(res.Path) != n {
			t.Fatalf("from counter %d: found %t cost %d, %d nodes, %v", start, res.Found, res.Cost, len(res.Path), err)
		}
	}
}
