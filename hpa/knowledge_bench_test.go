package hpa_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// The fog-of-war benchmarks run on a generated 1024×1024 map (no input
// to miss): go test -run '^$' -bench Fog -benchtime 2000x ./hpa.

var fogMap struct {
	sync.Once
	g   *grid.Grid
	err error
}

func fog1024(b *testing.B) *grid.Grid {
	fogMap.Do(func() {
		fogMap.g, fogMap.err = mapgen.NewGrid(mapgen.Config{Width: 1024, Height: 1024, Seed: 17}, grid.MapOptions{})
	})
	if fogMap.err != nil {
		b.Fatal(fogMap.err)
	}
	return fogMap.g
}

// BenchmarkFogReveal times one reveal of radius 8 (197 cells) on the
// 1024² map; p50-µs is the median reveal (the targets are
// medians: 20 µs and 200 µs).
//
//   - nothing-new: the player knows the whole map already; the reveal
//     changes no belief.
//   - wall-in-cluster: the player believed unexplored land open; each
//     reveal is of unexplored land holding walls, a disc inside one
//     cluster (away from every earlier one), so it changes beliefs and
//     rebuilds that cluster.
//   - wall-anywhere: the same with discs anywhere (20 cells apart), most
//     of them across cluster borders: 1.9 clusters rebuilt a reveal.
func BenchmarkFogReveal(b *testing.B) {
	truth := fog1024(b)
	w, h := truth.Width(), truth.Height()
	// Centres of discs of radius 8 that hold a wall, 20 cells apart (any),
	// and those of discs inside one 32×32 cluster, 9 cells or more from
	// its borders, one per cluster (inCluster).
	var any, inCluster []grid.Point
	for y := 10; y < h-10; y += 20 {
		for x := 10; x < w-10; x += 20 {
			if c := grid.Pt(x, y); wallIn(truth, c, 8) {
				any = append(any, c)
			}
		}
	}
	for cy := 0; cy < h; cy += 32 {
		for cx := 0; cx < w; cx += 32 {
		found:
			for y := cy + 9; y < cy+23; y += 2 {
				for x := cx + 9; x < cx+23; x += 2 {
					if c := grid.Pt(x, y); wallIn(truth, c, 8) {
						inCluster = append(inCluster, c)
						break found
					}
				}
			}
		}
	}
	r := mapgen.NewRand(1)
	for _, l := range [][]grid.Point{any, inCluster} {
		for i := len(l) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			l[i], l[j] = l[j], l[i]
		}
	}
	run := func(b *testing.B, k func() *hpa.Knowledge, centre func(i int) grid.Point, wantChange bool) {
		kn := k()
		us := make([]float64, 0, b.N)
		changed, rebuilt := 0, 0
		b.ResetTimer()
		for i := range b.N {
			c := centre(i)
			if c == (grid.Pt(-1, -1)) {
				b.StopTimer()
				kn = k()
				c = centre(i)
				b.StartTimer()
			}
			t0 := time.Now()
			rv, err := kn.RevealCircle(truth, c, 8)
			us = append(us, float64(time.Since(t0).Nanoseconds())/1e3)
			if err != nil {
				b.Fatal(err)
			}
			changed += rv.Changed
			if rv.Changed > 0 {
				rebuilt += len(kn.Bake().LastUpdate().Clusters)
			}
			if (rv.Changed > 0) != wantChange {
				b.Fatalf("reveal at %v changed %d cells", c, rv.Changed)
			}
		}
		b.StopTimer()
		slices.Sort(us)
		b.ReportMetric(us[len(us)/2], "p50-µs")
		b.ReportMetric(us[len(us)*99/100], "p99-µs")
		b.ReportMetric(float64(changed)/float64(b.N), "cells-changed/op")
		b.ReportMetric(float64(rebuilt)/float64(b.N), "clusters-rebuilt/op")
	}
	b.Run("nothing-new", func(b *testing.B) {
		known := func() *hpa.Knowledge {
			k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: truth})
			if err != nil {
				b.Fatal(err)
			}
			return k
		}
		r := mapgen.NewRand(2)
		run(b, known, func(int) grid.Point { return grid.Pt(r.Intn(w), r.Intn(h)) }, false)
	})
	walls := func(b *testing.B, centres []grid.Point) {
		if len(centres) == 0 {
			b.Fatal("no disc holds a wall")
		}
		next := 0
		fresh := func() *hpa.Knowledge {
			k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{})
			if err != nil {
				b.Fatal(err)
			}
			next = 0
			return k
		}
		run(b, fresh, func(int) grid.Point {
			if next == len(centres) {
				return grid.Pt(-1, -1)
			}
			next++
			return centres[next-1]
		}, true)
	}
	b.Run("wall-in-cluster", func(b *testing.B) { walls(b, inCluster) })
	b.Run("wall-anywhere", func(b *testing.B) { walls(b, any) })
}

// wallIn reports whether the disc of radius r round c holds a blocked
// cell.
func wallIn(g *grid.Grid, c grid.Point, r int) bool {
	for y := c.Y - r; y <= c.Y+r; y++ {
		for x := c.X - r; x <= c.X+r; x++ {
			p := grid.Pt(x, y)
			if dx, dy := x-c.X, y-c.Y; dx*dx+dy*dy <= r*r && g.Contains(p) && !g.Passable(p) {
				return true
			}
		}
	}
	return false
}

// explore has a player look round the 1024² map as a game would, tick
// by tick: 130 reveals of 10 discs of radius 16 at random cells (about
// 60% of the map seen), each reveal one update of its view.
func explore(b *testing.B, k *hpa.Knowledge, truth *grid.Grid, seed uint64) {
	r := mapgen.NewRand(seed)
	cs := make([]grid.Point, 10)
	for range 130 {
		for i := range cs {
			cs[i] = grid.Pt(r.Intn(1024), r.Intn(1024))
		}
		if _, err := k.RevealCircles(truth, cs, 16); err != nil {
			b.Fatal(err)
		}
	}
	if k.SeenCells() < 1024*1024/2 {
		b.Fatalf("the player saw %d cells", k.SeenCells())
	}
}

// BenchmarkFogMemory reports the memory of 8 players' knowledge on the
// 1024² map, each having explored a different 60% of it (explore),
// against one bake of the true map and its planner: bake-MB, player-MB
// (mean), players-over-bake (the 8 players' total over the bake).
func BenchmarkFogMemory(b *testing.B) {
	truth := fog1024(b)
	tb, err := preprocess.Build(truth.Clone(), preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	tp := hpa.NewPlanner(tb, hpa.Config{})
	bake := float64(tb.Bytes() + tp.Bytes())
	// The players' knowledge is made once, whatever b.N (it takes
	// seconds); the loop measures nothing else.
	var total float64
	for pl := range 8 {
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{})
		if err != nil {
			b.Fatal(err)
		}
		explore(b, k, truth, uint64(pl))
		total += float64(k.Bytes())
	}
	b.ResetTimer()
	for range b.N {
	}
	b.ReportMetric(bake/1e6, "bake-MB")
	b.ReportMetric(total/8/1e6, "player-MB")
	b.ReportMetric(total/bake, "players-over-bake")
}

// BenchmarkFogQuery times queries of a player who has explored 60% of the
// 1024² map tick by tick (explore), on its view: with the planner's 16
// landmarks (refreshed as the view changes, the default), with none
// (Config.Landmarks -1), and with 16 picked afresh on the explored view
// (a Sync, which a game would not pay at every reveal): landmarks make
// the coarse search cheaper and each reveal that changes the view
// dearer (BenchmarkFogReveal). Reported: waypoints/query.
func BenchmarkFogQuery(b *testing.B) {
	truth := fog1024(b)
	for _, c := range []struct {
		name string
		lm   int
		sync bool
	}{{"landmarks-16", 0, false}, {"no-landmarks", -1, false}, {"landmarks-16-fresh", 0, true}} {
		b.Run(c.name, func(b *testing.B) {
			k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Planner: hpa.Config{Landmarks: c.lm}})
			if err != nil {
				b.Fatal(err)
			}
			explore(b, k, truth, 3)
			if c.sync {
				if err := k.Planner().Sync(); err != nil {
					b.Fatal(err)
				}
			}
			r := mapgen.NewRand(4)
			view := k.View()
			var pairs [][2]grid.Point
			for len(pairs) < 200 {
				s, g := grid.Pt(r.Intn(1024), r.Intn(1024)), grid.Pt(r.Intn(1024), r.Intn(1024))
				if view.Passable(s) && view.Passable(g) && k.Bake().SameIsland(s, g) {
					pairs = append(pairs, [2]grid.Point{s, g})
				}
			}
			q := k.Planner().NewQuery()
			var buf []grid.Point
			// One pass to warm the route cache, as a game's queries would.
			for _, pr := range pairs {
				res, _ := q.Find(pr[0], pr[1], hpa.Options{Smooth: hpa.Cells}, buf)
				buf = res.Path
			}
			waypoints := 0
			b.ResetTimer()
			for i := range b.N {
				pr := pairs[i%len(pairs)]
				res, err := q.Find(pr[0], pr[1], hpa.Options{Smooth: hpa.Cells}, buf)
				if err != nil || res.Status != hpa.Found {
					b.Fatal(res.Status, err)
				}
				buf = res.Path
				waypoints += res.Waypoints
			}
			b.ReportMetric(float64(waypoints)/float64(b.N), "waypoints/query")
		})
	}
}
