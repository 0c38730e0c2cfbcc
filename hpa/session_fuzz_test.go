package hpa_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// FuzzSession drives a game's whole life through the public API: a script
// of grid edits, bake updates with right, wrong, empty and off-map
// rectangles (or none at all), planner syncs, penalty writes and queries
// with every option. Each answer is checked against the grid as it is at
// that moment, by references that share no code with the planner: a
// breadth-first flood fill says what is reachable, oracle.Graph says which
// steps are legal and what they cost, an independent model of the penalty
// rules (oracle.Penalties, fed the same writes) prices them, and a plain
// Dijkstra under those prices gives the optimum.
//
//   - a query while the grid has edits no Update applied, or after an
//     Update the planner has not synced, returns ErrStale and no path;
//   - otherwise no panic, no path through a wall, no "no path" where the
//     flood fill reaches the goal, never Found for a path the grid rejects,
//     a Cost that is the returned path's, never below the optimum, a
//     Partial path that ends on the reachable cell nearest the goal, and
//     never more expansions than MaxExpansions.
//
// The seeds (and so `go test`) run 64 random scripts; CI fuzzes further.
func FuzzSession(f *testing.F) {
	addScripts(f, rand.New(rand.NewPCG(13, 14)), 64, 160)
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) < 2 {
			return
		}
		s := newSession(t, script[0], script[1])
		for rd := (reader{b: script[2:]}); !rd.done(); {
			s.step(&rd)
		}
	})
}

// addScripts seeds f with n random scripts of 40 to 40+span-1 bytes.
func addScripts(f *testing.F, r *rand.Rand, n, span int) {
	for range n {
		script := make([]byte, 40+r.IntN(span))
		for i := range script {
			script[i] = byte(r.Uint32())
		}
		f.Add(script)
	}
}

// reader hands out the script's bytes; past the end it gives zeros.
type reader struct {
	b []byte
	i int
}

func (r *reader) done() bool { return r.i >= len(r.b) }

func (r *reader) byte() int {
	if r.i >= len(r.b) {
		r.i++
		return 0
	}
	r.i++
	return int(r.b[r.i-1])
}

type session struct {
	t   *testing.T
	g   *grid.Grid
	b   *preprocess.Bake
	pl  *hpa.Planner
	q   *hpa.Query
	pen mirror // the penalty layer and the independent model of it

	unapplied bool // the grid has edits no Update applied
	onMap     bool // some of them touched cells of the map
	unsynced  bool // an Update with something to apply ran since the last successful Sync
	claimed   []uint64
	buf       []grid.Point
}

const sessW, sessH = 40, 32

// sessionBake returns a script's map (the seed and movement rule from
// its first two bytes) and its bake.
func sessionBake(t *testing.T, seed, rule byte) (*grid.Grid, *preprocess.Bake) {
	rules := []grid.Movement{grid.Octile, grid.OctileCutCorners, grid.Cardinal}
	g, err := mapgen.NewGrid(mapgen.Config{Width: sessW, Height: sessH, Seed: uint64(seed)},
		grid.MapOptions{Movement: rules[int(rule)%3], SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// sessionConfig is the planner of a script's map: with a third tier in
// groups of 2×2 clusters, so that edits keep it in step.
var sessionConfig = hpa.Config{Landmarks: 4, Workers: 1, Tiers: 3, GroupClusters: 2}

func newSession(t *testing.T, seed, rule byte) *session {
	g, b := sessionBake(t, seed, rule)
	pl := hpa.NewPlanner(b, sessionConfig)
	return &session{t: t, g: g, b: b, pl: pl, q: pl.NewQuery(),
		pen: newMirror(t, pl, g, hpa.PenaltyConfig{})}
}

// point reads a cell: mostly on the map, sometimes just off it.
func (rd *reader) point() grid.Point {
	return grid.Pt(rd.byte()%(sessW+4)-2, rd.byte()%(sessH+4)-2)
}

// rect reads a rectangle of 1 to 6 cells a side at a point.
func (rd *reader) rect() grid.Rect {
	p := rd.point()
	return grid.Rect{Min: p, Max: p.Add(grid.Pt(1+rd.byte()%6, 1+rd.byte()%6))}
}

// options reads a query's options and the unit it is made for (nobody
// unless it pays layer's penalties).
func (rd *reader) options(layer penaltyLayer) (hpa.Options, uint64) {
	flags := rd.byte()
	opt := hpa.Options{Smooth: hpa.Smoothing(flags % 3), Nearest: flags&4 != 0}
	if flags&8 != 0 {
		opt.FirstSteps = 1 + rd.byte()%8
	}
	if flags&16 != 0 {
		opt.MaxExpansions = 1 + rd.byte()*4
	}
	if flags&32 != 0 {
		opt.SmoothPasses = rd.byte() % (hpa.MaxSmoothPasses + 1)
	}
	unit := nobody
	if flags&64 != 0 {
		unit = uint64(rd.byte() % 5)
		opt.Penalty = layer.For(unit)
	}
	return opt, unit
}

func (s *session) step(rd *reader) {
	t := s.t
	switch op := rd.byte() % 10; op {
	case 0, 1: // a building goes up, or a patch is cleared
		r := rd.rect()
		s.g.Fill(r, op == 1)
		s.edited(r)
		s.apply(rd)
	case 2: // terrain changes
		r := rd.rect()
		if err := s.g.FillWeight(r, uint8(1+rd.byte()%5)); err != nil {
			t.Fatal(err)
		}
		s.edited(r)
		s.apply(rd)
	case 3:
		s.update(rd)
	case 4:
		s.sync()
	case 5: // influence
		c := rd.point()
		peak := grid.Cost(rd.byte()) * grid.Straight
		if rd.byte()%8 == 0 {
			peak = hpa.MaxPenalty
		}
		s.pen.add(c, rd.byte()%6, peak)
	case 6:
		s.pen.decay(rd.byte()%4, 4)
	case 7: // a unit claims the path it was given, moves along it or leaves
		unit := uint64(rd.byte() % 4)
		switch rd.byte() % 3 {
		case 0:
			res, err := s.q.Find(rd.point(), rd.point(), hpa.Options{}, s.buf)
			s.buf = res.Path
			if err == nil && res.Status == hpa.Found {
				s.pen.claim(unit, res.Path)
			}
		case 1:
			s.pen.advance(unit, rd.point())
		case 2:
			s.pen.release(unit)
		}
	default:
		s.query(rd)
	}
}

// edited notes an edit of the cells of r.
func (s *session) edited(r grid.Rect) {
	s.unapplied = true
	s.onMap = s.onMap || !r.Intersect(s.g.Bounds()).Empty()
}

// apply follows an edit: the game leaves it unapplied for now, updates
// the bake only, or updates and syncs (half the time).
func (s *session) apply(rd *reader) {
	switch rd.byte() % 4 {
	case 0:
	case 1:
		s.update(rd)
	default:
		s.update(rd)
		s.sync()
	}
}

// update runs Bake.Update with a rectangle that may miss the edits
// entirely: the grid's own record of them, a random one, one off the map
// or none.
func (s *session) update(rd *reader) {
	var r grid.Rect
	switch rd.byte() % 4 {
	case 0:
		r = s.g.Dirty()
	case 1:
		r = rd.rect()
	case 2:
		r = grid.R(sessW+5, 0, sessW+9, 3)
	}
	if err := s.b.Update(r, 1); err != nil {
		s.t.Fatalf("Update(%v): %v", r, err)
	}
	if s.b.Stale() {
		s.t.Fatal("the bake is stale right after Update")
	}
	// An Update with nothing to apply (no edit of a cell since the last
	// one, and a rectangle off the map) leaves the bake as it is.
	if s.onMap || !r.Intersect(s.g.Bounds()).Empty() {
		s.unsynced = true
	}
	s.unapplied, s.onMap = false, false
}

func (s *session) sync() {
	err := s.pl.Sync()
	switch {
	case s.unapplied && !errors.Is(err, hpa.ErrStale):
		s.t.Fatalf("Sync with unapplied edits: %v, want ErrStale", err)
	case !s.unapplied && err != nil:
		s.t.Fatalf("Sync: %v", err)
	}
	s.unsynced = false
}

func (s *session) query(rd *reader) {
	t, g := s.t, s.g
	a, z := rd.point(), rd.point()
	opt, unit := rd.options(s.pen.f)
	res, err := s.q.Find(a, z, opt, s.buf)
	s.buf = res.Path
	if s.unapplied || s.unsynced {
		if !errors.Is(err, hpa.ErrStale) || res.Status == hpa.Found || len(res.Path) > 0 {
			t.Fatalf("%v→%v on a stale planner (unapplied %v, unsynced %v): %v %d cells, %v",
				a, z, s.unapplied, s.unsynced, res.Status, len(res.Path), err)
		}
		return
	}
	checkAnswer(t, g, s.pen.m, a, z, opt, unit, res, err)
}

// checkAnswer checks one answer of a query for unit (its Options.Penalty
// priced by the model m, when set) on the grid g as the query saw it, by
// references that share no code with the planner.
func checkAnswer(t *testing.T, g *grid.Grid, m *oracle.Penalties, a, z grid.Point, opt hpa.Options, unit uint64, res hpa.Result, err error) {
	t.Helper()
	if opt.MaxExpansions > 0 && res.Expanded > opt.MaxExpansions {
		t.Fatalf("%v→%v %+v: %d expansions", a, z, opt, res.Expanded)
	}
	on := func(p grid.Point) bool { return g.Contains(p) && g.Passable(p) }
	var want error // the start is checked first, then the goal
	switch {
	case !g.Contains(a):
		want = grid.ErrOutOfBounds
	case !on(a):
		want = grid.ErrBlocked
	case !g.Contains(z):
		want = grid.ErrOutOfBounds
	case !on(z) && !opt.Nearest:
		want = grid.ErrBlocked
	}
	if want != nil || err != nil {
		if want == nil || !errors.Is(err, want) || len(res.Path) > 0 {
			t.Fatalf("%v→%v %+v: %v %d cells, %v; want %v", a, z, opt, res.Status, len(res.Path), err, want)
		}
		return
	}
	label := oracle.Components(g)
	reach := on(z) && label[g.Index(a)] == label[g.Index(z)]
	// The model prices what the query pays: nothing without a layer.
	o := oracle.Graph{G: g}
	if opt.Penalty != (hpa.Penalty{}) {
		o.Penalty = m.Pricer(modelID(unit), a)
	}
	p := res.Path
	if len(p) > 0 && p[0] != a {
		t.Fatalf("%v→%v: path starts at %v", a, z, p[0])
	}
	// Every step legal (Corners: every leg in line of sight), every cell
	// reachable from the start.
	var cost grid.Cost
	for k := 1; k < len(p); k++ {
		if opt.Smooth == hpa.Corners {
			if !g.LineOfSight(p[k-1], p[k]) {
				t.Fatalf("%v→%v: corners %v→%v without line of sight", a, z, p[k-1], p[k])
			}
			continue
		}
		if !o.Legal(p[k-1], p[k]) {
			t.Fatalf("%v→%v %+v: illegal step %v→%v", a, z, opt, p[k-1], p[k])
		}
		cost += o.Cost(p[k-1], p[k])
	}
	if opt.Smooth != hpa.Corners && res.Cost != cost {
		t.Fatalf("%v→%v %+v: Cost %d, the path costs %d", a, z, opt, res.Cost, cost)
	}
	switch res.Status {
	case hpa.NoPath:
		if reach || opt.Nearest {
			t.Fatalf("%v→%v %+v: no path, reachable %v", a, z, opt, reach)
		}
	case hpa.Found:
		if !reach || len(p) == 0 {
			t.Fatalf("%v→%v: found %d cells, reachable %v", a, z, len(p), reach)
		}
		if res.Truncated != (p[len(p)-1] != z) {
			t.Fatalf("%v→%v: ends at %v, Truncated %v", a, z, p[len(p)-1], res.Truncated)
		}
		if !res.Truncated && opt.Smooth != hpa.Corners {
			if dist, _ := o.ShortestFrom(a); res.Cost < dist[g.Index(z)] {
				t.Fatalf("%v→%v %+v: cost %d below the optimum %d", a, z, opt, res.Cost, dist[g.Index(z)])
			}
		}
	case hpa.Partial:
		if reach || !opt.Nearest || len(p) == 0 {
			t.Fatalf("%v→%v %+v: partial %d cells, reachable %v", a, z, opt, len(p), reach)
		}
		if !res.Truncated {
			// The reachable cell nearest the goal, found by brute force.
			best := grid.OctileCost(a, z)
			for i, l := range label {
				if l == label[g.Index(a)] {
					best = min(best, grid.OctileCost(g.PointAt(i), z))
				}
			}
			if d := grid.OctileCost(p[len(p)-1], z); d != best {
				t.Fatalf("%v→%v: partial path ends %d from the goal, nearest reachable cell %d", a, z, d, best)
			}
		}
	case hpa.Exhausted:
		if opt.MaxExpansions == 0 {
			t.Fatalf("%v→%v: exhausted without a budget", a, z)
		}
	}
}
