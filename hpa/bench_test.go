package hpa_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

type sc1Map struct {
	g     *grid.Grid
	b     *preprocess.Bake
	scens []grid.Scenario
}

var (
	sc1Once sync.Once
	sc1Maps []sc1Map
)

// sc1 loads every StarCraft map, bakes it, and keeps every 8th line.
func sc1(b *testing.B) []sc1Map {
	dir := testmaps.Require(b)
	sc1Once.Do(func() {
		maps, _ := testmaps.List(dir, "sc1")
		for _, m := range maps {
			g, sc := testmaps.Load(b, m)
			bk, err := preprocess.Build(g, preprocess.Config{})
			if err != nil {
				b.Fatal(err)
			}
			var keep []grid.Scenario
			for i := 0; i < len(sc); i += 8 {
				keep = append(keep, sc[i])
			}
			sc1Maps = append(sc1Maps, sc1Map{g, bk, keep})
		}
	})
	return sc1Maps
}

// BenchmarkSC1 runs the same StarCraft queries (every 8th line of all 28
// maps) through our fine A* and the planner in one run; one op is the
// whole set. Compare the ns/query of the sub-benchmarks:
//
//	go test -run '^$' -bench SC1 -benchtime 3x ./hpa
func BenchmarkSC1(b *testing.B) {
	maps := sc1(b)
	n := 0
	for _, m := range maps {
		n += len(m.scens)
	}
	b.Run("astar", func(b *testing.B) {
		var buf []grid.Point
		for range b.N {
			for _, m := range maps {
				s := grid.NewSearcher(m.g)
				for _, sc := range m.scens {
					res, _ := s.FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
					buf = res.Path
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
	})
	for _, c := range []struct {
		name string
		opt  hpa.Options
		cfg  hpa.Config
	}{
		{"hpa", hpa.Options{}, hpa.Config{}},
		{"hpa-no-landmarks", hpa.Options{}, hpa.Config{Landmarks: -1}},
		{"hpa-smooth", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}},
		{"hpa-smooth2", hpa.Options{Smooth: hpa.Cells, SmoothPasses: 2}, hpa.Config{}},
		{"hpa-corners", hpa.Options{Smooth: hpa.Corners}, hpa.Config{}},
		{"hpa-smooth-penalties", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}},
		{"hpa-smooth-penalties-busy", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			qs := make([]*hpa.Query, len(maps))
			pens := make([]hpa.Penalty, len(maps))
			for i, m := range maps {
				pl := hpa.NewPlanner(m.b, c.cfg)
				qs[i] = pl.NewQuery()
				switch c.name {
				case "hpa-smooth-penalties":
					pens[i] = battle(b, m, pl, 4, 16).For(hpa.NoUnit)
				case "hpa-smooth-penalties-busy":
					pens[i] = battle(b, m, pl, 16, 64).For(hpa.NoUnit)
				}
			}
			waypoints, coarse := 0, 0
			var buf []grid.Point
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for i, m := range maps {
					for _, sc := range m.scens {
						opt := c.opt
						opt.Penalty = pens[i]
						res, err := qs[i].Find(sc.Start, sc.Goal, opt, buf)
						if err != nil || res.Status != hpa.Found {
							b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
						}
						buf = res.Path
						if res.Coarse > 0 {
							waypoints, coarse = waypoints+res.Waypoints, coarse+1
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
			b.ReportMetric(float64(waypoints)/float64(max(coarse, 1)), "waypoints/coarse-query")
		})
	}
}

// BenchmarkSync measures, per StarCraft map, NewPlanner (landmarks picked
// and their distances computed, dead ends marked) and Sync when the
// landmarks stand where they stood (picked again, the old ones' distances
// computed first, in parallel), on one core and on all.
func BenchmarkSync(b *testing.B) {
	maps := sc1(b)
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("NewPlanner/workers=%d", workers), func(b *testing.B) {
			for range b.N {
				for _, m := range maps {
					hpa.NewPlanner(m.b, hpa.Config{Workers: workers})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(maps))/1e6, "ms/map")
		})
		b.Run(fmt.Sprintf("Sync/workers=%d", workers), func(b *testing.B) {
			pls := make([]*hpa.Planner, len(maps))
			for i, m := range maps {
				pls[i] = hpa.NewPlanner(m.b, hpa.Config{Workers: workers})
			}
			b.ResetTimer()
			for range b.N {
				for _, pl := range pls {
					if err := pl.Sync(); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(maps))/1e6, "ms/map")
		})
	}
}

// battle returns a penalty layer for a StarCraft map in the middle of a
// fight: hot spots (radius 8, 10 straight steps at the center) on the
// goals of some of the map's scenarios, and units that each claim the
// first 64 cells of the path of one of the scenarios (which the
// benchmark then asks for again, as a second unit of the same group
// would). The benchmark uses 4 hot spots and 16 units (a skirmish) and 16
// and 64 (busy).
func battle(b *testing.B, m sc1Map, pl *hpa.Planner, hot, units int) *hpa.Penalties {
	f := pl.NewPenalties(hpa.PenaltyConfig{ClaimAhead: 64})
	q := pl.NewQuery()
	for k := range hot {
		sc := m.scens[k*len(m.scens)/hot]
		if err := f.AddInfluence(sc.Goal, 8, 10*grid.Straight); err != nil {
			b.Fatal(err)
		}
	}
	for k := range units {
		sc := m.scens[(k*7+3)%len(m.scens)]
		res, err := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := f.Claim(uint64(k), res.Path); err != nil {
			b.Fatal(err)
		}
	}
	return f
}

// BenchmarkPenaltyUpdate measures the writes a game makes each tick, on
// every StarCraft map in turn, edge penalties of the touched clusters
// included: a hot spot of radius 4 added, a unit claiming the next 64
// cells of its path, a unit advancing one cell. refreshed/op is the
// number of clusters whose edges were computed again.
//
//	go test -run '^$' -bench PenaltyUpdate ./hpa
func BenchmarkPenaltyUpdate(b *testing.B) {
	maps := sc1(b)
	type world struct {
		f     *hpa.Penalties
		paths [][]grid.Point
	}
	worlds := make([]world, len(maps))
	for i, m := range maps {
		pl := hpa.NewPlanner(m.b, hpa.Config{})
		f := battle(b, m, pl, 16, 64)
		q := pl.NewQuery()
		w := world{f: f}
		for k := range 32 {
			sc := m.scens[(k*11+5)%len(m.scens)]
			res, _ := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, nil)
			if len(res.Path) > 65 {
				w.paths = append(w.paths, res.Path[:65])
			}
		}
		worlds[i] = w
	}
	b.Run("hot-spot", func(b *testing.B) {
		k := 0
		for range b.N {
			w := worlds[k%len(worlds)]
			sc := maps[k%len(maps)].scens
			_ = w.f.AddInfluence(sc[k%len(sc)].Start, 4, grid.Straight)
			k++
		}
	})
	b.Run("claim-64", func(b *testing.B) {
		k := 0
		for range b.N {
			w := worlds[k%len(worlds)]
			_ = w.f.Claim(100, w.paths[k%len(w.paths)][:64])
			k++
		}
	})
	b.Run("advance", func(b *testing.B) {
		for _, w := range worlds {
			_ = w.f.Claim(101, w.paths[0])
		}
		k := 0
		for range b.N {
			w := worlds[k%len(worlds)]
			step := (k / len(worlds)) % 64
			if step == 0 {
				_ = w.f.Claim(101, w.paths[0])
			}
			w.f.Advance(101, w.paths[0][step+1])
			k++
		}
	})
}
