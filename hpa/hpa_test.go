package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

func genBake(t testing.TB, w, h int, seed uint64, rule grid.Movement, cs int) (*grid.Grid, *preprocess.Bake) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: w, Height: h, Seed: seed}, grid.MapOptions{Movement: rule, SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// TestAgainstAStar: on thousands of random generated maps (every movement
// rule, clusters of 8, 16 and 32 cells, swamp of weight 3), hpa finds a
// path exactly when A* does, every path is legal from start to goal, never
// cheaper than A*'s, smoothing never makes it dearer, and the smoothed
// costs stay within the bounds stated in the package doc. Every other map
// has three or four tiers, in groups of 2 to 4.
func TestAgainstAStar(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	r := rand.New(rand.NewPCG(31, 32))
	maps := 2000
	if testing.Short() {
		maps = 300
	}
	var queries, found int
	// Smoothed (Cells) cost over the optimum, under the octile rules and
	// under Cardinal.
	var octile, cardinal []float64
	for i := range maps {
		rule := grid.Movement(i % 3)
		g, b := genBake(t, 24+r.IntN(140), 24+r.IntN(140), uint64(i), rule, []int{8, 16, 32}[i/3%3])
		cfg := hpa.Config{}
		if i%2 == 1 {
			cfg = hpa.Config{Tiers: 3 + i/2%2, GroupClusters: 2 + i/4%3}
		}
		pl := hpa.NewPlanner(b, cfg)
		q := pl.NewQuery()
		s := grid.NewSearcher(g)
		var buf, ref []grid.Point
		for range 12 {
			a := g.PointAt(r.IntN(g.Width() * g.Height()))
			z := g.PointAt(r.IntN(g.Width() * g.Height()))
			if !g.Passable(a) || !g.Passable(z) {
				continue
			}
			want, _ := s.FindPath(a, z, grid.Options{}, ref)
			ref = want.Path
			queries++
			var raw grid.Cost
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
				res, err := q.Find(a, z, hpa.Options{Smooth: sm}, buf)
				if err != nil {
					t.Fatal(err)
				}
				buf = res.Path
				if (res.Status == hpa.Found) != (want.Status == grid.Found) {
					t.Fatalf("map %d %v→%v smooth %d: hpa %v, A* %v", i, a, z, sm, res.Status, want.Status)
				}
				if res.Status != hpa.Found {
					continue
				}
				p := res.Path
				if p[0] != a || p[len(p)-1] != z {
					t.Fatalf("map %d: path runs %v→%v, want %v→%v", i, p[0], p[len(p)-1], a, z)
				}
				if sm == hpa.Corners {
					for k := 1; k < len(p); k++ {
						if !g.LineOfSight(p[k-1], p[k]) {
							t.Fatalf("map %d: corners %v→%v without line of sight", i, p[k-1], p[k])
						}
					}
					if res.Cost > raw {
						t.Fatalf("map %d: corners' cell path dearer than raw", i)
					}
					continue
				}
				c, err := g.PathCost(p)
				if err != nil {
					t.Fatalf("map %d %v→%v smooth %d: %v\n%s", i, a, z, sm, err, g.Draw(p))
				}
				if c != res.Cost || c < want.Cost {
					t.Fatalf("map %d: cost %d (reported %d), optimum %d", i, c, res.Cost, want.Cost)
				}
				if sm == hpa.Raw {
					raw = c
				} else if c > raw {
					t.Fatalf("map %d: smoothing raised the cost %d → %d", i, raw, c)
				} else if want.Cost > 0 {
					x := float64(c)/float64(want.Cost) - 1
					if rule == grid.Cardinal {
						cardinal = append(cardinal, x)
					} else {
						octile = append(octile, x)
					}
				}
			}
			if want.Status == grid.Found {
				found++
			}
		}
	}
	if found < queries/2 {
		t.Errorf("only %d of %d queries have a path", found, queries)
	}
	// The bounds stated in the package doc.
	all := append(slices.Clone(octile), cardinal...)
	mean, p99, _ := summary(all)
	_, _, worstOctile := summary(octile)
	_, _, worstCardinal := summary(cardinal)
	t.Logf("%d maps, %d queries, %d with a path; smoothed cost over the optimum: mean %.2f%%, p99 %.2f%%, worst %.1f%% (octile rules), %.1f%% (cardinal)",
		maps, queries, found, 100*mean, 100*p99, 100*worstOctile, 100*worstCardinal)
	if mean > 0.002 || p99 > 0.01 || worstOctile > 0.08 || worstCardinal > 0.18 {
		t.Error("smoothed paths outside the stated bounds")
	}
}

// summary returns the mean, 99th percentile and largest of xs.
func summary(xs []float64) (mean, p99, worst float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	s := slices.Sorted(slices.Values(xs))
	for _, x := range s {
		mean += x / float64(len(s))
	}
	return mean, s[len(s)*99/100], s[len(s)-1]
}

func TestQueryErrorsAndOptions(t *testing.T) {
	g, b := genBake(t, 120, 120, 3, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	var open []grid.Point
	var blocked grid.Point
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		if g.Passable(p) {
			open = append(open, p)
		} else {
			blocked = p
		}
	}
	a, z := open[0], open[0]
	for _, p := range open {
		if b.SameIsland(a, p) {
			z = p // the last cell on a's island
		}
	}
	if _, err := q.Find(grid.Pt(-1, 0), z, hpa.Options{}, nil); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("off-map start: %v", err)
	}
	if _, err := q.Find(a, blocked, hpa.Options{}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Errorf("blocked goal: %v", err)
	}
	full, err := q.Find(a, z, hpa.Options{}, nil)
	if err != nil || full.Status != hpa.Found {
		t.Fatalf("%v %v", full.Status, err)
	}
	few, _ := q.Find(a, z, hpa.Options{FirstSteps: 5}, nil)
	if len(few.Path) != 6 || few.Path[0] != a {
		t.Errorf("FirstSteps 5: %d cells", len(few.Path))
	}
	ex, _ := q.Find(a, z, hpa.Options{MaxExpansions: 10}, nil)
	if ex.Status != hpa.Exhausted {
		t.Errorf("MaxExpansions 10: %v", ex.Status)
	}
	// Stale planner after an update.
	g.Fill(grid.R(50, 50, 52, 52), false)
	if err := b.Update(grid.R(50, 50, 52, 52), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Find(a, z, hpa.Options{}, nil); !errors.Is(err, hpa.ErrStale) {
		t.Errorf("after Update: %v", err)
	}
	if err := pl.Sync(); err != nil {
		t.Fatal(err)
	}
	if res, err := q.Find(a, z, hpa.Options{}, nil); err != nil || res.Status != hpa.Found {
		t.Errorf("after Sync: %v %v", res.Status, err)
	}
}

func TestQueriesDoNotAllocate(t *testing.T) {
	g, b := genBake(t, 200, 200, 9, grid.Octile, 32)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	var pairs [][2]grid.Point
	r := rand.New(rand.NewPCG(1, 1))
	for len(pairs) < 20 {
		a, z := g.PointAt(r.IntN(40000)), g.PointAt(r.IntN(40000))
		if g.Passable(a) && g.Passable(z) && b.SameIsland(a, z) {
			pairs = append(pairs, [2]grid.Point{a, z})
		}
	}
	// A penalty layer with hot spots and the claims of five units.
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	for k, pr := range pairs[:5] {
		f.AddInfluence(pr[1], 6, 8*grid.Straight)
		res, _ := q.Find(pr[0], pr[1], hpa.Options{Smooth: hpa.Cells}, nil)
		f.Claim(uint64(k), res.Path)
	}
	buf := make([]grid.Point, 0, 4096)
	for _, opt := range []hpa.Options{{Smooth: hpa.Raw}, {Smooth: hpa.Cells}, {Smooth: hpa.Corners}, {Smooth: hpa.Cells, Penalty: f.For(2)}} {
		for _, pr := range pairs { // warm up
			q.Find(pr[0], pr[1], opt, buf)
		}
		i := 0
		if n := testing.AllocsPerRun(200, func() {
			pr := pairs[i%len(pairs)]
			i++
			q.Find(pr[0], pr[1], opt, buf)
		}); n != 0 {
			t.Errorf("%+v: %v allocations per query", opt, n)
		}
	}
}

// TestConcurrentQueries runs queries from several goroutines on one
// planner (run with -race).
func TestConcurrentQueries(t *testing.T) {
	g, b := genBake(t, 150, 150, 11, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	done := make(chan error)
	for w := range 4 {
		go func() {
			q := pl.NewQuery()
			r := rand.New(rand.NewPCG(uint64(w), 7))
			var buf []grid.Point
			for range 100 {
				a, z := g.PointAt(r.IntN(22500)), g.PointAt(r.IntN(22500))
				if !g.Passable(a) || !g.Passable(z) {
					continue
				}
				res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, buf)
				if err != nil {
					done <- err
					return
				}
				buf = res.Path
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// TestUpdatesAndSync: buildings go up and come down; after each
// Bake.Update and Planner.Sync (landmarks and route cache renewed) the
// planner still finds a path exactly when A* does, legal and never
// cheaper than the optimum.
func TestUpdatesAndSync(t *testing.T) {
	g, b := genBake(t, 160, 160, 21, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	s := grid.NewSearcher(g)
	r := rand.New(rand.NewPCG(5, 6))
	var buf []grid.Point
	checked := 0
	for round := range 40 {
		x, y := r.IntN(150), r.IntN(150)
		rect := grid.R(x, y, x+1+r.IntN(10), y+1+r.IntN(10))
		g.Fill(rect, round%3 == 2) // mostly walls, sometimes a clearing
		if err := b.Update(rect, 0); err != nil {
			t.Fatal(err)
		}
		if err := pl.Sync(); err != nil {
			t.Fatal(err)
		}
		for range 20 {
			a, z := g.PointAt(r.IntN(160*160)), g.PointAt(r.IntN(160*160))
			if !g.Passable(a) || !g.Passable(z) {
				continue
			}
			want, _ := s.FindPath(a, z, grid.Options{}, nil)
			res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, buf)
			if err != nil {
				t.Fatal(err)
			}
			buf = res.Path
			if !agrees(t, g, nil, res, want, a, z, fmt.Sprintf("round %d", round)) {
				continue
			}
			checked++
		}
	}
	if checked < 300 {
		t.Errorf("only %d paths checked", checked)
	}
}

// TestDeterministic: the route cache is filled by whichever query comes
// first, yet a planner queried from four goroutines in scrambled order
// returns exactly the paths of one queried in order.
func TestDeterministic(t *testing.T) {
	g, b := genBake(t, 200, 200, 23, grid.Octile, 16)
	r := rand.New(rand.NewPCG(8, 8))
	var pairs [][2]grid.Point
	for len(pairs) < 400 {
		a, z := g.PointAt(r.IntN(40000)), g.PointAt(r.IntN(40000))
		if g.Passable(a) && g.Passable(z) {
			pairs = append(pairs, [2]grid.Point{a, z})
		}
	}
	want := make([][]grid.Point, len(pairs))
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	for i, pr := range pairs {
		res, _ := q.Find(pr[0], pr[1], hpa.Options{Smooth: hpa.Cells}, nil)
		want[i] = res.Path
	}
	pl := hpa.NewPlanner(b, hpa.Config{})
	got := make([][]grid.Point, len(pairs))
	done := make(chan bool)
	for w := range 4 {
		go func() {
			q := pl.NewQuery()
			for k := range pairs {
				i := (k*7 + w*101) % len(pairs) // each worker its own order
				if i%4 != w {
					continue
				}
				res, _ := q.Find(pairs[i][0], pairs[i][1], hpa.Options{Smooth: hpa.Cells}, nil)
				got[i] = res.Path
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	for i := range pairs {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("query %d %v→%v differs between runs", i, pairs[i][0], pairs[i][1])
		}
	}
}

// agrees checks a planner result against the exact search's (want, under
// the same penalty pen, nil for none): a path exactly when the exact
// search has one, legal from a to z, costing what Find reports (penalty
// included) and never less than the optimum. It reports whether there
// was a path.
func agrees(t *testing.T, g *grid.Grid, pen *grid.Penalty, res hpa.Result, want grid.Result, a, z grid.Point, what string) bool {
	t.Helper()
	if (res.Status == hpa.Found) != (want.Status == grid.Found) {
		t.Fatalf("%s %v→%v: hpa %v, A* %v", what, a, z, res.Status, want.Status)
	}
	if res.Status != hpa.Found {
		return false
	}
	c, err := g.PathCostWith(res.Path, pen)
	if err != nil || c != res.Cost || c < want.Cost || res.Path[0] != a || res.Path[len(res.Path)-1] != z {
		t.Fatalf("%s %v→%v: path costs %d (%v), Find says %d, optimum %d", what, a, z, c, err, res.Cost, want.Cost)
	}
	return true
}
