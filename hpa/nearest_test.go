package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// octile is the octile distance in grid cost units, written out here so
// that the reference does not lean on the code under test.
func octile(a, b grid.Point) grid.Cost {
	dx, dy := max(a.X-b.X, b.X-a.X), max(a.Y-b.Y, b.Y-a.Y)
	return grid.Straight*grid.Cost(max(dx, dy)) + (grid.Diagonal-grid.Straight)*grid.Cost(min(dx, dy))
}

// nearestRef returns, by brute force over the component labels of a
// breadth-first flood fill (internal/oracle), the cell reachable from a
// nearest to z as Options.Nearest defines it: least octile distance to
// z, then least octile distance from a, then least row-major index.
func nearestRef(g *grid.Grid, label []int32, a, z grid.Point) grid.Point {
	best, found := a, false
	want := label[g.Index(a)]
	for i, l := range label {
		if l != want {
			continue
		}
		p := g.PointAt(i) // row-major order: the first of equals wins
		if !found || octile(p, z) < octile(best, z) || octile(p, z) == octile(best, z) && octile(a, p) < octile(a, best) {
			best, found = p, true
		}
	}
	return best
}

// legalPath checks a cell path with the oracle's own step rule (not the
// grid's step masks) and returns its cost without penalties.
func legalPath(t *testing.T, g *grid.Grid, p []grid.Point, what string) grid.Cost {
	t.Helper()
	o := oracle.Graph{G: g}
	var c grid.Cost
	for i := 1; i < len(p); i++ {
		if !o.Legal(p[i-1], p[i]) {
			t.Fatalf("%s: illegal step %v→%v (step %d of %d)", what, p[i-1], p[i], i, len(p)-1)
		}
		c += o.Cost(p[i-1], p[i])
	}
	return c
}

// TestNearestUnreachableGoal: on random generated maps (every movement
// rule, clusters of 8 to 32), a goal that is blocked (a click on a rock)
// or lies on another island gives, with Nearest, Status Partial and a
// legal path from the start to exactly the reachable cell nearest the
// goal, as a brute-force scan of the start's flood-filled component
// finds it; for goals on other islands the distance also equals what
// grid's whole-map Nearest search reaches. Without Nearest a blocked
// goal is ErrBlocked and an unreachable one NoPath.
func TestNearestUnreachableGoal(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	maps := 120
	if testing.Short() {
		maps = 30
	}
	var blocked, island int
	for i := range maps {
		rule := grid.Movement(i % 3)
		g, b := genBake(t, 32+r.IntN(130), 32+r.IntN(130), uint64(1000+i), rule, []int{8, 16, 32}[i/3%3])
		label := oracle.Components(g)
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		s := grid.NewSearcher(g)
		n := g.Width() * g.Height()
		for range 16 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if !g.Passable(a) || g.Passable(z) && label[g.Index(z)] == label[g.Index(a)] {
				continue
			}
			what := fmt.Sprintf("map %d (%v) %v→%v", i, rule, a, z)
			if _, err := q.Find(a, z, hpa.Options{}, nil); !g.Passable(z) && !errors.Is(err, grid.ErrBlocked) {
				t.Fatalf("%s: blocked goal without Nearest: %v", what, err)
			}
			if res, err := q.Find(a, z, hpa.Options{}, nil); g.Passable(z) && (err != nil || res.Status != hpa.NoPath) {
				t.Fatalf("%s: unreachable goal without Nearest: %v %v", what, res.Status, err)
			}
			sm := hpa.Smoothing(r.IntN(2)) // Raw or Cells: cell paths
			res, err := q.Find(a, z, hpa.Options{Nearest: true, Smooth: sm}, nil)
			if err != nil || res.Status != hpa.Partial {
				t.Fatalf("%s: Nearest gave %v, %v", what, res.Status, err)
			}
			want := nearestRef(g, label, a, z)
			p := res.Path
			if len(p) == 0 || p[0] != a || p[len(p)-1] != want || res.Truncated {
				t.Fatalf("%s: path %v ends at %v, want the nearest reachable cell %v", what, p, p[len(p)-1], want)
			}
			if c := legalPath(t, g, p, what); c != res.Cost {
				t.Fatalf("%s: path costs %d, Find says %d", what, c, res.Cost)
			}
			if !g.Passable(z) {
				blocked++
				continue
			}
			island++
			ref, _ := s.FindPath(a, z, grid.Options{Nearest: true}, nil)
			if ref.Status != grid.Partial || octile(ref.Path[len(ref.Path)-1], z) != octile(want, z) {
				t.Fatalf("%s: grid's Nearest reaches %v (%v), hpa %v", what, ref.Path[len(ref.Path)-1], ref.Status, want)
			}
		}
	}
	t.Logf("%d blocked goals, %d goals on other islands", blocked, island)
	if blocked < maps || island < maps/3 {
		t.Errorf("too few goals checked: %d blocked, %d on other islands", blocked, island)
	}
}

// TestNearestIsBounded: on a large generated map (2048², 512² with
// -short), Nearest queries from the largest island to goals on other
// islands and on blocked cells return the nearest reachable cell (brute
// force over the flood fill) while allocating next to nothing: the
// search for that cell reads clusters near the goal, never the map. A
// whole-map search would need tens of MB of scratch (86 MB before).
func TestNearestIsBounded(t *testing.T) {
	size, share := 2048, 16
	if testing.Short() {
		// On the smaller map a path across it covers more of it: the
		// queries there expand up to 15% of the map.
		size, share = 512, 4
	}
	g, b := genBake(t, size, size, 77, grid.Octile, 32)
	label := oracle.Components(g)
	count := map[int32]int{}
	for _, l := range label {
		count[l]++
	}
	var big int32
	for l, c := range count {
		if l != 0 && (big == 0 || c > count[big] || c == count[big] && l < big) {
			big = l
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	n := size * size
	var starts []grid.Point
	for len(starts) < 4 {
		if p := g.PointAt(r.IntN(n)); label[g.Index(p)] == big {
			starts = append(starts, p)
		}
	}
	var goals []grid.Point
	var blocked, island int
	for blocked < 8 || island < 8 {
		p := g.PointAt(r.IntN(n))
		switch l := label[g.Index(p)]; {
		case l == 0 && blocked < 8:
			blocked++
		case l != 0 && l != big && island < 8:
			island++
		default:
			continue
		}
		goals = append(goals, p)
	}
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	buf := make([]grid.Point, 0, 2*size)
	// Warm the query's scratch (waypoint searcher, cluster windows).
	for _, a := range starts {
		q.Find(a, starts[0], hpa.Options{Smooth: hpa.Cells}, buf)
	}
	var before, after runtime.MemStats
	worst, most := uint64(0), 0
	for k, z := range goals {
		a := starts[k%len(starts)]
		runtime.ReadMemStats(&before)
		res, err := q.Find(a, z, hpa.Options{Nearest: true, Smooth: hpa.Cells}, buf)
		runtime.ReadMemStats(&after)
		worst = max(worst, after.TotalAlloc-before.TotalAlloc)
		what := fmt.Sprintf("%v→%v", a, z)
		if err != nil || res.Status != hpa.Partial {
			t.Fatalf("%s: %v %v", what, res.Status, err)
		}
		if want := nearestRef(g, label, a, z); res.Path[len(res.Path)-1] != want {
			t.Fatalf("%s: ends at %v, nearest reachable cell %v", what, res.Path[len(res.Path)-1], want)
		}
		legalPath(t, g, res.Path, what)
		if res.Expanded > n/share {
			t.Errorf("%s: %d expansions on a %d-cell map (at most 1/%d of it)", what, res.Expanded, n, share)
		}
		// Asked again (routes cached), the query allocates nothing.
		if allocs := testing.AllocsPerRun(3, func() { q.Find(a, z, hpa.Options{Nearest: true, Smooth: hpa.Cells}, buf) }); allocs != 0 {
			t.Errorf("%s: %v allocations per repeated query", what, allocs)
		}
		most = max(most, res.Expanded)
	}
	t.Logf("%d×%d map: a cold Nearest query allocated at most %d bytes and expanded at most %d cells and waypoints", size, size, worst, most)
	// Learning a few routes, and growing the searchers' scratch for a
	// search bigger than the warm-up's, allocates a little (254 KB; 240
	// KB when the coarse searcher's open list took 24 bytes an entry
	// waiting rather than 32); scratch sized by the map (one word per
	// cell) would be 8·size² bytes.
	if limit := uint64(384 << 10); worst > limit {
		t.Errorf("a Nearest query allocated %d bytes, want at most %d", worst, limit)
	}
}
