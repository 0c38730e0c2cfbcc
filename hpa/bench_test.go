package hpa_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// The planner benchmarks run on every StarCraft map of the Moving AI set
// (../shared/maps or RTSPATH_MAPS) and fail without them. Each checks
// every answer on the clock against one computed and checked in full
// before it.

type sc1Map struct {
	g     *grid.Grid
	b     *preprocess.Bake
	scens []grid.Scenario
	// claims are the paths the units of battle claim: the first 64
	// cells of 64 scenario paths, found once by a planner of their own.
	claims [][]grid.Point
}

var sc1Cache struct {
	sync.Mutex
	maps []sc1Map
}

// sc1 loads every StarCraft map, bakes it, and keeps every 8th line.
func sc1(b *testing.B) []sc1Map {
	list := testmaps.Bench(b, "sc1")
	sc1Cache.Lock()
	defer sc1Cache.Unlock()
	if sc1Cache.maps != nil {
		return sc1Cache.maps
	}
	var maps []sc1Map
	for _, m := range list {
		g, sc := testmaps.Load(b, m)
		bk, err := preprocess.Build(g, preprocess.Config{})
		if err != nil {
			b.Fatal(err)
		}
		var keep []grid.Scenario
		for i := 0; i < len(sc); i += 8 {
			keep = append(keep, sc[i])
		}
		q := hpa.NewPlanner(bk, hpa.Config{}).NewQuery()
		var claims [][]grid.Point
		for k := range 64 {
			s := keep[(k*7+3)%len(keep)]
			res, err := q.Find(s.Start, s.Goal, hpa.Options{Smooth: hpa.Cells}, nil)
			if err != nil || res.Status != hpa.Found {
				b.Fatalf("%s %v→%v: %v %v", m.Name, s.Start, s.Goal, res.Status, err)
			}
			claims = append(claims, res.Path[:min(64, len(res.Path))])
		}
		maps = append(maps, sc1Map{g, bk, keep, claims})
	}
	sc1Cache.maps = maps
	return maps
}

// battle returns a penalty layer for a StarCraft map in the middle of a
// fight: hot spots (radius 8, 10 straight steps at the center) on the
// goals of some of the map's scenarios, and units that each claim the
// first 64 cells of the path of one of the scenarios (which the
// benchmark then asks for again, as a second unit of the same group
// would). The benchmarks use 4 hot spots and 16 units (a skirmish) and 16
// and 64 (busy). The paths come from m.claims, so that making the layer
// leaves pl's route cache as it was. The same writes go to the oracle's
// model of a layer, which prices the benchmark's paths.
func battle(b *testing.B, m sc1Map, pl *hpa.Planner, hot, units int) (*hpa.Penalties, *pricer) {
	f := pl.NewPenalties(hpa.PenaltyConfig{ClaimAhead: 64})
	pr := &pricer{model: oracle.NewPenalties(m.g.Width(), m.g.Height(), 0, 0, 64), claimed: make([]bool, m.g.Width()*m.g.Height())}
	for k := range hot {
		sc := m.scens[k*len(m.scens)/hot]
		if err := f.AddInfluence(sc.Goal, 8, 10*grid.Straight); err != nil {
			b.Fatal(err)
		}
		pr.model.AddInfluence(sc.Goal, 8, int64(10*grid.Straight))
	}
	for k := range units {
		if err := f.Claim(uint64(k), m.claims[k]); err != nil {
			b.Fatal(err)
		}
		pr.model.Claim(uint64(k), m.claims[k])
		for _, p := range m.claims[k] {
			pr.claimed[m.g.Index(p)] = true
		}
	}
	return f, pr
}

// pricer prices a path under a battle layer for a query made for nobody,
// from the oracle's model: terrain plus, per cell entered, its influence
// and the claims it pays for (asked of the model only on claimed cells,
// which are few).
type pricer struct {
	model   *oracle.Penalties
	claimed []bool
}

func (pr *pricer) cost(g *grid.Grid, path []grid.Point) (grid.Cost, error) {
	c, err := g.PathCost(path)
	if err != nil || pr == nil {
		return c, err
	}
	for _, p := range path[1:] {
		if pr.claimed[g.Index(p)] {
			c += pr.model.Cell(p, oracle.NoUnit, path[0])
		} else {
			c += grid.Cost(pr.model.Influence(p))
		}
	}
	return c, nil
}

// world is one map's planner, query and penalty as a case of BenchmarkSC1
// sets them up.
type world struct {
	pl  *hpa.Planner
	q   *hpa.Query
	pen hpa.Penalty
	pr  *pricer // nil without a penalty
}

// sc1Case is one way of asking BenchmarkSC1's queries.
type sc1Case struct {
	name       string
	opt        hpa.Options
	cfg        hpa.Config
	hot, units int // the battle layer (none when both are 0)
}

func (c sc1Case) world(b *testing.B, m sc1Map) world {
	pl := hpa.NewPlanner(m.b, c.cfg)
	w := world{pl: pl}
	if c.hot > 0 || c.units > 0 {
		f, pr := battle(b, m, pl, c.hot, c.units)
		w.pen, w.pr = f.For(hpa.NoUnit), pr
	}
	w.q = pl.NewQuery()
	return w
}

// expect answers every query of m in w, checks each in full (found, a
// legal path from start to goal, never shorter than the published
// optimum, costing what Find reports as the oracle's model prices it)
// and returns the costs.
func (c sc1Case) expect(b *testing.B, m sc1Map, w world) []grid.Cost {
	want := make([]grid.Cost, len(m.scens))
	var buf []grid.Point
	for k, sc := range m.scens {
		opt := c.opt
		opt.Penalty = w.pen
		res, err := w.q.Find(sc.Start, sc.Goal, opt, buf)
		if err != nil || res.Status != hpa.Found {
			b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
		}
		buf = res.Path
		p := res.Path
		if p[0] != sc.Start || p[len(p)-1] != sc.Goal {
			b.Fatalf("%v→%v: the path runs %v→%v", sc.Start, sc.Goal, p[0], p[len(p)-1])
		}
		if c.opt.Smooth == hpa.Corners {
			for i := 1; i < len(p); i++ {
				if !m.g.LineOfSight(p[i-1], p[i]) {
					b.Fatalf("%v→%v: no line of sight %v→%v", sc.Start, sc.Goal, p[i-1], p[i])
				}
			}
		} else {
			cost, err := w.pr.cost(m.g, p)
			if err != nil || cost != res.Cost {
				b.Fatalf("%v→%v: path costs %d (%v), Find says %d", sc.Start, sc.Goal, cost, err, res.Cost)
			}
			if l := grid.Length(p); l < sc.Optimal-sc.Tolerance() {
				b.Fatalf("%v→%v: length %.4f below the optimum %v", sc.Start, sc.Goal, l, sc.Optimal)
			}
		}
		want[k] = res.Cost
	}
	return want
}

// BenchmarkSC1 runs the same StarCraft queries (every 8th line of all 28
// maps) through our fine A* and the planner; one op is the whole set.
// Compare the ns/query of the sub-benchmarks of one run:
//
//	go test -run '^$' -bench SC1 -benchtime 3x ./hpa
//
// Each planner case runs twice. warm: one planner per map, its route
// cache filled by a pass over the same queries before the clock starts,
// as in a game that has been running for a while. cold: each op makes a
// fresh planner (and penalty layer) per map off the clock, so every op
// starts with an empty route cache, as a game's first queries do.
func BenchmarkSC1(b *testing.B) {
	maps := sc1(b)
	n := 0
	for _, m := range maps {
		n += len(m.scens)
	}
	// The searchers outlive each call of the benchmark function, so that
	// the runs the testing package reports (after its first, one-op run)
	// find their scratch grown.
	searchers := make([]*grid.Searcher, len(maps))
	var buf []grid.Point
	for i, m := range maps {
		searchers[i] = grid.NewSearcher(m.g)
		last := m.scens[len(m.scens)-1] // a long query grows most of it
		res, err := searchers[i].FindPath(last.Start, last.Goal, grid.Options{}, buf)
		if err != nil || res.Status != grid.Found {
			b.Fatalf("%v→%v: %v %v", last.Start, last.Goal, res.Status, err)
		}
		buf = res.Path
	}
	b.Run("astar", func(b *testing.B) {
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			for i, m := range maps {
				for _, sc := range m.scens {
					res, err := searchers[i].FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
					if err != nil || res.Status != grid.Found || !sc.Matches(grid.Length(res.Path)) {
						b.Fatalf("%v→%v: %v %v, length %.4f, published %v", sc.Start, sc.Goal, res.Status, err, grid.Length(res.Path), sc.Optimal)
					}
					buf = res.Path
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
	})
	for _, c := range []sc1Case{
		{"hpa", hpa.Options{}, hpa.Config{}, 0, 0},
		{"hpa-no-landmarks", hpa.Options{}, hpa.Config{Landmarks: -1}, 0, 0},
		{"hpa-smooth", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}, 0, 0},
		{"hpa-smooth2", hpa.Options{Smooth: hpa.Cells, SmoothPasses: 2}, hpa.Config{}, 0, 0},
		{"hpa-corners", hpa.Options{Smooth: hpa.Corners}, hpa.Config{}, 0, 0},
		{"hpa-smooth-penalties", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}, 4, 16},
		{"hpa-smooth-penalties-busy", hpa.Options{Smooth: hpa.Cells}, hpa.Config{}, 16, 64},
	} {
		// run times one pass over the queries of every map; fresh, if
		// set, makes each map's world anew off the clock first.
		run := func(b *testing.B, ws []world, want [][]grid.Cost, fresh bool) {
			waypoints, coarse := 0, 0
			var buf []grid.Point
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for i, m := range maps {
					if fresh {
						b.StopTimer()
						ws[i] = c.world(b, m)
						b.StartTimer()
					}
					w := ws[i]
					for k, sc := range m.scens {
						opt := c.opt
						opt.Penalty = w.pen
						res, err := w.q.Find(sc.Start, sc.Goal, opt, buf)
						if err != nil || res.Status != hpa.Found || res.Cost != want[i][k] ||
							res.Path[0] != sc.Start || res.Path[len(res.Path)-1] != sc.Goal {
							b.Fatalf("%v→%v: %v %v, cost %d, checked run %d", sc.Start, sc.Goal, res.Status, err, res.Cost, want[i][k])
						}
						buf = res.Path
						if res.Coarse > 0 {
							waypoints, coarse = waypoints+res.Waypoints, coarse+1
						}
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
			b.ReportMetric(float64(waypoints)/float64(max(coarse, 1)), "waypoints/coarse-query")
		}
		b.Run(c.name+"/warm", func(b *testing.B) {
			ws := make([]world, len(maps))
			want := make([][]grid.Cost, len(maps))
			for i, m := range maps {
				ws[i] = c.world(b, m)
				want[i] = c.expect(b, m, ws[i]) // fills the route cache
			}
			run(b, ws, want, false)
		})
		b.Run(c.name+"/cold", func(b *testing.B) {
			ws := make([]world, len(maps))
			want := make([][]grid.Cost, len(maps))
			for i, m := range maps {
				want[i] = c.expect(b, m, c.world(b, m))
			}
			run(b, ws, want, true)
		})
	}
}

// BenchmarkSync measures, per StarCraft map, NewPlanner (landmarks picked
// and their distances computed, dead ends marked) and Sync when the
// landmarks stand where they stood (picked again, the old ones' distances
// computed first, in parallel), on one core and on all. After each, off
// the clock, the planner must answer a long query of the map at the cost
// a first planner did.
func BenchmarkSync(b *testing.B) {
	maps := sc1(b)
	want := make([]grid.Cost, len(maps))
	probe := func(b *testing.B, i int, pl *hpa.Planner) grid.Cost {
		sc := maps[i].scens[len(maps[i].scens)-1]
		res, err := pl.NewQuery().Find(sc.Start, sc.Goal, hpa.Options{}, nil)
		if err != nil || res.Status != hpa.Found {
			b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
		}
		return res.Cost
	}
	for i, m := range maps {
		want[i] = probe(b, i, hpa.NewPlanner(m.b, hpa.Config{}))
	}
	check := func(b *testing.B, i int, pl *hpa.Planner) {
		b.StopTimer()
		if c := probe(b, i, pl); c != want[i] {
			b.Fatalf("map %d: cost %d, first planner %d", i, c, want[i])
		}
		b.StartTimer()
	}
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("NewPlanner/workers=%d", workers), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				for i, m := range maps {
					check(b, i, hpa.NewPlanner(m.b, hpa.Config{Workers: workers}))
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(maps))/1e6, "ms/map")
		})
		b.Run(fmt.Sprintf("Sync/workers=%d", workers), func(b *testing.B) {
			pls := make([]*hpa.Planner, len(maps))
			for i, m := range maps {
				pls[i] = hpa.NewPlanner(m.b, hpa.Config{Workers: workers})
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for i, pl := range pls {
					if err := pl.Sync(); err != nil {
						b.Fatal(err)
					}
					check(b, i, pl)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(maps))/1e6, "ms/map")
		})
	}
}

// BenchmarkPenaltyUpdate measures the writes a game makes each tick, on
// every StarCraft map in turn, edge penalties of the touched clusters
// included: a hot spot of radius 4 added, a unit claiming the next 64
// cells of its path, a unit advancing one cell.
//
//	go test -run '^$' -bench PenaltyUpdate ./hpa
func BenchmarkPenaltyUpdate(b *testing.B) {
	maps := sc1(b)
	type layer struct {
		f     *hpa.Penalties
		paths [][]grid.Point
	}
	layers := make([]layer, len(maps))
	for i, m := range maps {
		pl := hpa.NewPlanner(m.b, hpa.Config{})
		f, _ := battle(b, m, pl, 16, 64)
		q := pl.NewQuery()
		l := layer{f: f}
		for k := range 32 {
			sc := m.scens[(k*11+5)%len(m.scens)]
			res, err := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, nil)
			if err != nil || res.Status != hpa.Found {
				b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
			}
			if len(res.Path) > 65 {
				l.paths = append(l.paths, res.Path[:65])
			}
		}
		if len(l.paths) == 0 {
			b.Fatalf("map %d: no path of 65 cells", i)
		}
		layers[i] = l
	}
	b.Run("hot-spot", func(b *testing.B) {
		b.ReportAllocs()
		k := 0
		for range b.N {
			l := layers[k%len(layers)]
			sc := maps[k%len(maps)].scens
			at := sc[k%len(sc)].Start
			if err := l.f.AddInfluence(at, 4, grid.Straight); err != nil || l.f.Influence(at) <= 0 {
				b.Fatalf("hot spot at %v: %v, influence %d", at, err, l.f.Influence(at))
			}
			k++
		}
	})
	b.Run("claim-64", func(b *testing.B) {
		b.ReportAllocs()
		k := 0
		for range b.N {
			l := layers[k%len(layers)]
			p := l.paths[k%len(l.paths)][:64]
			if err := l.f.Claim(100, p); err != nil || l.f.ClaimsAt(p[63]) == 0 {
				b.Fatalf("claim: %v, %d claims on its last cell", err, l.f.ClaimsAt(p[63]))
			}
			k++
		}
	})
	b.Run("advance", func(b *testing.B) {
		for _, l := range layers {
			if err := l.f.Claim(101, l.paths[0]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		k := 0
		for range b.N {
			l := layers[k%len(layers)]
			step := (k / len(layers)) % 63 // the layer claims 64 cells ahead: path[0..63]
			if step == 0 {
				if err := l.f.Claim(101, l.paths[0]); err != nil {
					b.Fatal(err)
				}
			}
			if !l.f.Advance(101, l.paths[0][step+1]) {
				b.Fatalf("advance to step %d left the claimed path", step+1)
			}
			k++
		}
	})
}
