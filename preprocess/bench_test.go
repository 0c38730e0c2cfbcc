package preprocess_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// The preprocessing benchmarks report per million cells, so maps of any
// size compare:
//
//	go test -run '^$' -bench . -benchtime 5x ./preprocess
//
// ms/Mcell: build time per million cells; B/cell: memory of the bake
// (grid not included); file-B/cell: size of the bake file.

var (
	sc1Once  sync.Once
	sc1Grids []*grid.Grid
	bigOnce  sync.Once
	bigGrid  *grid.Grid
)

func sc1(b *testing.B) []*grid.Grid {
	dir := testmaps.Require(b)
	sc1Once.Do(func() {
		maps, _ := testmaps.List(dir, "sc1")
		for _, m := range maps {
			g, _ := testmaps.Load(b, m)
			sc1Grids = append(sc1Grids, g)
		}
	})
	return sc1Grids
}

func big(b *testing.B) *grid.Grid {
	bigOnce.Do(func() { bigGrid = genGrid(b, 4096, 4096, 1, grid.Octile) })
	return bigGrid
}

func cells(gs ...*grid.Grid) float64 {
	n := 0
	for _, g := range gs {
		n += g.Width() * g.Height()
	}
	return float64(n)
}

func benchBuild(b *testing.B, workers int, gs ...*grid.Grid) {
	var mem, file int
	for range b.N {
		mem, file = 0, 0
		for _, g := range gs {
			bk, err := preprocess.Build(g, preprocess.Config{Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			mem += bk.Bytes()
			file += len(bk.AppendBinary(nil))
		}
	}
	b.StopTimer()
	n := cells(gs...)
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/(n/1e6), "ms/Mcell")
	b.ReportMetric(float64(mem)/n, "B/cell")
	b.ReportMetric(float64(file)/n, "file-B/cell")
}

// BenchmarkBuild: full preprocessing of all StarCraft maps and of a
// generated 4096×4096 map, on one worker and on every core.
func BenchmarkBuild(b *testing.B) {
	for _, workers := range []int{1, 0} {
		name := fmt.Sprintf("workers=%d", workers)
		if workers == 0 {
			name = "workers=all"
		}
		b.Run("sc1/"+name, func(b *testing.B) { benchBuild(b, workers, sc1(b)...) })
		b.Run("gen4096/"+name, func(b *testing.B) { benchBuild(b, workers, big(b)) })
	}
}

// BenchmarkIslandsDeadEnds: the connectivity half alone (cluster regions,
// islands, dead ends), one worker.
func BenchmarkIslandsDeadEnds(b *testing.B) {
	run := func(b *testing.B, gs ...*grid.Grid) {
		for range b.N {
			for _, g := range gs {
				preprocess.IslandsAndDeadEnds(g, 1)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N)/(cells(gs...)/1e6), "ms/Mcell")
	}
	b.Run("sc1", func(b *testing.B) { run(b, sc1(b)...) })
	b.Run("gen4096", func(b *testing.B) { run(b, big(b)) })
}

// BenchmarkUpdateOneCluster toggles one cell in the middle of a 32×32
// cluster (a building going up and coming down) and updates the bake: one
// op is one edit and one Update, on one worker.
func BenchmarkUpdateOneCluster(b *testing.B) {
	run := func(b *testing.B, g *grid.Grid) {
		g = g.Clone()
		bk, err := preprocess.Build(g, preprocess.Config{})
		if err != nil {
			b.Fatal(err)
		}
		cs := bk.ClusterSize()
		// A passable cell in the middle of a cluster near the map's centre.
		var p grid.Point
		for cy := g.Height() / 2 / cs * cs; ; cy += cs {
			p = grid.Pt(g.Width()/2/cs*cs+cs/2, cy+cs/2)
			if g.Passable(p) {
				break
			}
		}
		r := grid.R(p.X, p.Y, p.X+1, p.Y+1)
		b.ResetTimer()
		for i := range b.N {
			g.SetPassable(p, i%2 == 1)
			if err := bk.Update(r, 1); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		g.SetPassable(p, true)
		bk.Update(r, 1)
	}
	b.Run("sc1-Archipelago", func(b *testing.B) { run(b, sc1(b)[0]) })
	b.Run("gen4096", func(b *testing.B) { run(b, big(b)) })
}

// BenchmarkLoad: reading a bake file back for its map.
func BenchmarkLoad(b *testing.B) {
	g := big(b)
	bk, _ := preprocess.Build(g, preprocess.Config{})
	data := bk.AppendBinary(nil)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if _, err := preprocess.Load(data, g, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/(cells(g)/1e6), "ms/Mcell")
}
