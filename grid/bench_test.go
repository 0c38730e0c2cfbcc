package grid_test

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// benchQueries loads the StarCraft maps named and returns their grids and
// every 8th scenario line (all buckets); it fails b when a map is missing.
func benchQueries(b *testing.B, names ...string) ([]*grid.Grid, [][]grid.Scenario) {
	maps := testmaps.Bench(b, "sc1")
	var gs []*grid.Grid
	var ss [][]grid.Scenario
	for _, m := range maps {
		if len(names) > 0 && !slices.Contains(names, m.Name) {
			continue
		}
		g, sc := testmaps.Load(b, m)
		var keep []grid.Scenario
		for i := 0; i < len(sc); i += 8 {
			keep = append(keep, sc[i])
		}
		gs, ss = append(gs, g), append(ss, keep)
	}
	if len(names) > 0 && len(gs) != len(names) {
		b.Fatalf("found %d of the maps %v", len(gs), names)
	}
	return gs, ss
}

// sc1Bench are the StarCraft maps the fine-search benchmarks use: four
// sizes and styles.
var sc1Bench = []string{"Archipelago", "ArcticStation", "Cauldron", "TheFrozenSea"}

// BenchmarkAStarSC1 runs A* on StarCraft scenarios; one op is one query.
// It reports ns/query and expansions per second.
func BenchmarkAStarSC1(b *testing.B) {
	gs, ss := benchQueries(b, sc1Bench...)
	benchAStar(b, gs, ss)
}

// BenchmarkAStarSC1Each is BenchmarkAStarSC1 map by map.
func BenchmarkAStarSC1Each(b *testing.B) {
	for _, name := range sc1Bench {
		b.Run(name, func(b *testing.B) {
			gs, ss := benchQueries(b, name)
			benchAStar(b, gs, ss)
		})
	}
}

func benchAStar(b *testing.B, gs []*grid.Grid, ss [][]grid.Scenario) {
	searchers := make([]*grid.Searcher, len(gs))
	for i, g := range gs {
		searchers[i] = grid.NewSearcher(g)
	}
	var buf []grid.Point
	for m, s := range searchers { // the scratch grows once, not on the clock
		res, err := s.FindPath(ss[m][len(ss[m])-1].Start, ss[m][len(ss[m])-1].Goal, grid.Options{}, buf)
		if err != nil || res.Status != grid.Found {
			b.Fatalf("warm-up: %v %v", res.Status, err)
		}
		buf = res.Path
	}
	expanded := 0
	b.ReportAllocs()
	b.ResetTimer()
	q := 0
	for i := 0; i < b.N; i++ {
		m := i % len(gs)
		sc := ss[m][(i/len(gs))%len(ss[m])]
		res, err := searchers[m].FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
		if err != nil || res.Status != grid.Found || !sc.Matches(grid.Length(res.Path)) {
			b.Fatalf("query %v->%v: %v %v", sc.Start, sc.Goal, res.Status, err)
		}
		buf = res.Path
		expanded += res.Expanded
		q++
	}
	b.ReportMetric(float64(expanded)/b.Elapsed().Seconds(), "expanded/s")
	b.ReportMetric(float64(expanded)/float64(q), "expanded/op")
}

// gonumView is the graph a user of gonum would write over a grid: an
// implicit view whose neighbours come from the grid's precomputed step
// masks and whose weights are our integer step costs, so that gonum's
// path.AStar returns the same optimal costs as our searcher.
type gonumView struct{ g *grid.Grid }

func (v gonumView) pt(id int64) grid.Point { return v.g.PointAt(int(id)) }

func (v gonumView) From(id int64) graph.Nodes {
	p := v.pt(id)
	m := v.g.Moves(p)
	nodes := make([]graph.Node, 0, 8)
	for d := range grid.Dir(8) {
		if m&(1<<d) != 0 {
			nodes = append(nodes, simple.Node(v.g.Index(p.Add(d.Delta()))))
		}
	}
	return iterator.NewOrderedNodes(nodes)
}

func (v gonumView) Edge(uid, vid int64) graph.Edge {
	w, ok := v.Weight(uid, vid)
	if !ok {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(uid), T: simple.Node(vid), W: w}
}

func (v gonumView) Weight(uid, vid int64) (float64, bool) {
	if uid == vid {
		return 0, true
	}
	a, b := v.pt(uid), v.pt(vid)
	d, ok := grid.DirOf(a, b)
	if !ok || v.g.Moves(a)&(1<<d) == 0 {
		return 0, false
	}
	return float64(grid.StepCost(d, v.g.Weight(a), v.g.Weight(b))), true
}

func (v gonumView) heuristic(x, y graph.Node) float64 {
	return float64(grid.OctileCost(v.pt(x.ID()), v.pt(y.ID())))
}

// BenchmarkVsGonum runs the same StarCraft queries (every 256th line of
// the four benchmark maps, all buckets) through our A* and gonum's
// path.AStar; one op is the whole set. Compare the two ns/op of one run:
//
//	go test -run '^$' -bench VsGonum ./grid
func BenchmarkVsGonum(b *testing.B) {
	gs, ss := benchQueries(b, sc1Bench...)
	type query struct {
		m    int
		a, z grid.Point
		sc   grid.Scenario
		cost grid.Cost
	}
	var qs []query
	for m := range gs {
		for i := 0; i < len(ss[m]); i += 32 { // every 8th line already
			sc := ss[m][i]
			qs = append(qs, query{m: m, a: sc.Start, z: sc.Goal, sc: sc})
		}
	}
	searchers := make([]*grid.Searcher, len(gs))
	for i, g := range gs {
		searchers[i] = grid.NewSearcher(g)
	}
	var buf []grid.Point
	for i, q := range qs {
		res, err := searchers[q.m].FindPath(q.a, q.z, grid.Options{}, buf)
		if err != nil || res.Status != grid.Found || !q.sc.Matches(grid.Length(res.Path)) {
			b.Fatalf("%v→%v: %v %v, length %.3f, published %v", q.a, q.z, res.Status, err, grid.Length(res.Path), q.sc.Optimal)
		}
		qs[i].cost, buf = res.Cost, res.Path
	}
	b.Run("rtspath", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, q := range qs {
				res, err := searchers[q.m].FindPath(q.a, q.z, grid.Options{}, buf)
				if err != nil || res.Status != grid.Found || res.Cost != q.cost {
					b.Fatalf("%v→%v: %v %v, cost %d, first run %d", q.a, q.z, res.Status, err, res.Cost, q.cost)
				}
				buf = res.Path
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(qs)), "ns/query")
	})
	b.Run("gonum", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, q := range qs {
				v := gonumView{gs[q.m]}
				sp, _ := path.AStar(simple.Node(v.g.Index(q.a)), simple.Node(v.g.Index(q.z)), v, v.heuristic)
				if w := sp.WeightTo(int64(v.g.Index(q.z))); grid.Cost(w) != q.cost {
					b.Fatalf("gonum cost %v, ours %d", w, q.cost)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(qs)), "ns/query")
	})
}
