package navgraph_test

import (
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
