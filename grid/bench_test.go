package grid_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// benchQueries loads the StarCraft maps named and returns their grids and
// every 8th scenario line (all buckets).
func benchQueries(b *testing.B, names ...string) ([]*grid.Grid, [][]grid.Scenario) {
	dir := testmaps.Require(b)
	maps, err := testmaps.List(dir, "sc1")
	if err != nil {
		b.Fatal(err)
	}
	var gs []*grid.Grid
	var ss [][]grid.Scenario
	for _, m := range maps {
		if len(names) > 0 && !has(names, m.Name) {
			continue
		}
		g, sc := loadMap(b, m)
		var keep []grid.Scenario
		for i := 0; i < len(sc); i += 8 {
			keep = append(keep, sc[i])
		}
		gs, ss = append(gs, g), append(ss, keep)
	}
	return gs, ss
}

func has(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
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
