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
// (grid not included); file-B/cell: size of the bake file. They need the
// StarCraft maps (../shared/maps or RTSPATH_MAPS) and fail without them.

// cache holds the maps the benchmarks share, read or made once.
var cache struct {
	sync.Mutex
	sc1 []*grid.Grid
	big *grid.Grid
}

// sc1 returns the grids of every StarCraft map, read once.
func sc1(b *testing.B) []*grid.Grid {
	maps := testmaps.Bench(b, "sc1")
	cache.Lock()
	defer cache.Unlock()
	if cache.sc1 == nil {
		var gs []*grid.Grid
		for _, m := range maps {
			gs = append(gs, testmaps.ReadGrid(b, m.Path))
		}
		cache.sc1 = gs
	}
	return cache.sc1
}

// big returns a generated 4096×4096 map with swamp of weight 3, made once.
func big(b *testing.B) *grid.Grid {
	cache.Lock()
	defer cache.Unlock()
	if cache.big == nil {
		cache.big = genGrid(b, 4096, 4096, 1, grid.Octile)
	}
	return cache.big
}

func cells(gs ...*grid.Grid) float64 {
	n := 0
	for _, g := range gs {
		n += g.Width() * g.Height()
	}
	return float64(n)
}

// passable counts the passable cells of g, cell by cell.
func passable(g *grid.Grid) int64 {
	var n int64
	for i := range g.Width() * g.Height() {
		if g.Passable(g.PointAt(i)) {
			n++
		}
	}
	return n
}

// benchBuild times Build alone: the bake's size and file are measured on
// a build made before the clock starts, which also gives the summary
// every timed build must match.
func benchBuild(b *testing.B, workers int, gs ...*grid.Grid) {
	want := make([]preprocess.Stats, len(gs))
	var mem, file int
	for i, g := range gs {
		bk, err := preprocess.Build(g, preprocess.Config{Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		want[i] = bk.Stats()
		if want[i].PassableCells != passable(g) {
			b.Fatalf("map %d: the bake's islands hold %d cells, the grid has %d passable", i, want[i].PassableCells, passable(g))
		}
		mem += bk.Bytes()
		file += len(bk.AppendBinary(nil))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i, g := range gs {
			bk, err := preprocess.Build(g, preprocess.Config{Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			if st := bk.Stats(); st != want[i] {
				b.Fatalf("map %d: build %+v, first build %+v", i, st, want[i])
			}
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

// TestIslandsAndDeadEndsMatchBuild: the helper BenchmarkIslandsDeadEnds
// times finds the islands and dead ends Build finds, cell by cell, on
// generated maps of every movement rule and on the StarCraft maps, so
// that the benchmark measures the pipeline's real connectivity pass.
func TestIslandsAndDeadEndsMatchBuild(t *testing.T) {
	var gs []*grid.Grid
	names := []string{}
	for i := range 6 {
		gs = append(gs, genGrid(t, 200+40*i, 160+30*i, uint64(70+i), grid.Movement(i%3)))
		names = append(names, fmt.Sprintf("gen%d", i))
	}
	maps := testmaps.All(t, "sc1")
	for i, m := range maps {
		if testing.Short() && i%4 != 0 {
			continue
		}
		gs = append(gs, testmaps.ReadGrid(t, m.Path))
		names = append(names, m.Name)
	}
	for i, g := range gs {
		want, err := preprocess.Build(g, preprocess.Config{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		got, err := preprocess.IslandsAndDeadEnds(g, 1)
		if err != nil {
			t.Fatal(err)
		}
		wn, wc := want.DeadEnds()
		gn, gc := got.DeadEnds()
		if got.Islands() != want.Islands() || gn != wn || gc != wc {
			t.Errorf("%s: helper finds %d islands, %d dead ends (%d cells); Build %d, %d (%d cells)",
				names[i], got.Islands(), gn, gc, want.Islands(), wn, wc)
			continue
		}
		for j := range g.Width() * g.Height() {
			p := g.PointAt(j)
			if got.Island(p) != want.Island(p) || got.DeadEnd(p) != want.DeadEnd(p) {
				t.Errorf("%s %v: helper island %d dead end %d; Build %d, %d",
					names[i], p, got.Island(p), got.DeadEnd(p), want.Island(p), want.DeadEnd(p))
				break
			}
		}
	}
}

// BenchmarkIslandsDeadEnds: the connectivity half alone (cluster regions
// and border runs, then the global pass Build runs: islands, dead ends),
// one worker. Each run must find what Build finds.
func BenchmarkIslandsDeadEnds(b *testing.B) {
	run := func(b *testing.B, gs ...*grid.Grid) {
		type want struct {
			islands, deadEnds int
			deadCells         int64
		}
		wants := make([]want, len(gs))
		for i, g := range gs {
			bk, err := preprocess.Build(g, preprocess.Config{Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			n, c := bk.DeadEnds()
			wants[i] = want{bk.Islands(), n, c}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			for i, g := range gs {
				bk, err := preprocess.IslandsAndDeadEnds(g, 1)
				if err != nil {
					b.Fatal(err)
				}
				n, c := bk.DeadEnds()
				if got := (want{bk.Islands(), n, c}); got != wants[i] {
					b.Fatalf("map %d: %+v, Build finds %+v", i, got, wants[i])
				}
			}
		}
		b.StopTimer()
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N)/(cells(gs...)/1e6), "ms/Mcell")
	}
	b.Run("sc1", func(b *testing.B) { run(b, sc1(b)...) })
	b.Run("gen4096", func(b *testing.B) { run(b, big(b)) })
}

// BenchmarkUpdateOneCluster toggles one cell in the middle of a 32×32
// cluster (a building going up and coming down) and updates the bake: one
// op is one edit and one Update, on one worker. Each update must leave the
// cell's region as the edit made it (none when blocked).
func BenchmarkUpdateOneCluster(b *testing.B) {
	run := func(b *testing.B, g *grid.Grid, units ...grid.Unit) {
		g = g.Clone()
		bk, err := preprocess.Build(g, preprocess.Config{Units: units})
		if err != nil {
			b.Fatal(err)
		}
		cs := bk.ClusterSize()
		// A passable cell in the middle of a cluster near the map's centre.
		var p grid.Point
		for cy := g.Height() / 2 / cs * cs; ; cy += cs {
			p = grid.Pt(g.Width()/2/cs*cs+cs/2, cy+cs/2)
			if !g.Contains(p) {
				b.Fatal("no passable cluster centre below the map's centre")
			}
			if g.Passable(p) {
				break
			}
		}
		r := grid.R(p.X, p.Y, p.X+1, p.Y+1)
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			open := i%2 == 1
			g.SetPassable(p, open)
			if err := bk.Update(r, 1); err != nil {
				b.Fatal(err)
			}
			if (bk.Region(p) >= 0) != open {
				b.Fatalf("update %d: cell %v passable %v, region %d", i, p, open, bk.Region(p))
			}
			for _, u := range units { // the cell is a layer's point only while open
				if _, ok := bk.Layer(u).Tier().Find(p); ok && !open {
					b.Fatalf("update %d: unit %+v keeps a point on the blocked cell %v", i, u, p)
				}
			}
		}
		b.StopTimer()
		g.SetPassable(p, true)
		if err := bk.Update(r, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("sc1-Archipelago", func(b *testing.B) { run(b, sc1(b)[0]) })
	// With layers for units 2, 3 and 4 cells across (an update rebuilds
	// the parts of them its edits reach, and assembles their graphs).
	b.Run("sc1-Archipelago-units", func(b *testing.B) { run(b, sc1(b)[0], grid.Unit{Size: 2}, grid.Unit{Size: 3}, grid.Unit{Size: 4}) })
	b.Run("gen4096", func(b *testing.B) { run(b, big(b)) })
}

// BenchmarkLoad: reading a bake file back for its map; each load must
// give the bake that was written.
func BenchmarkLoad(b *testing.B) {
	g := big(b)
	bk, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	want := bk.Stats()
	data := bk.AppendBinary(nil)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		got, err := preprocess.Load(data, g, 0)
		if err != nil {
			b.Fatal(err)
		}
		if st := got.Stats(); st != want {
			b.Fatalf("loaded %+v, built %+v", st, want)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/(cells(g)/1e6), "ms/Mcell")
}
