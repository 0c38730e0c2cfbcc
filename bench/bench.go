package bench

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/rtspath/rtspath/grid"
)

// Options tune a run.
type Options struct {
	// Every runs only scenario lines i with i % Every == 0 (0: every line).
	Every int
	// BucketWidth sums that many consecutive scenario buckets into one
	// reported bucket (0: 1).
	BucketWidth int
	// Progress, if not nil, is called after every query and every
	// preparation, from the running goroutine.
	Progress func(Progress)
	// Load puts penalties or terrain on every map before its queries
	// ("" or NoLoad: none), drawn at random from LoadSeed and the map's
	// place in the run. See Load.
	Load     Load
	LoadSeed uint64
	// Unit, when not the zero Unit, is the unit the algorithms plan for
	// (make them with Config.Unit): lines whose ends cannot hold it are
	// skipped, and the unit's exact search (untimed) stands for the
	// published optimum, which is for one cell of no class. Not with a
	// Load.
	Unit grid.Unit
}

// Progress says how far a run has come.
type Progress struct {
	Map        string
	MapIndex   int // 0-based
	Maps       int
	Algorithm  string
	Done, Size int // queries of this map and algorithm
}

// Query is one answered scenario line.
type Query struct {
	Map       string
	Algorithm string
	Line      int // line index in the scenario file
	Bucket    int // the scenario's bucket
	Micros    float64
	Expanded  int
	Length    float64 // octile length of the path (corners: Euclidean)
	Optimal   float64 // the scenario's published optimum
	Found     bool
	// Under a Load: the path's cost under the load as the bench prices
	// it, and the exact search's (grid A* under the same load); 0
	// without a load.
	Cost, Exact grid.Cost
}

// Over returns how much longer than the optimum the path is (0.01 = 1%);
// lengths within the scenario file's printed precision count as 0. Under
// a Load it is how much dearer than the exact search's the path's cost
// is.
func (q Query) Over() float64 {
	if q.Exact > 0 {
		return float64(q.Cost)/float64(q.Exact) - 1
	}
	sc := grid.Scenario{Optimal: q.Optimal}
	if q.Optimal <= 0 || sc.Matches(q.Length) {
		return 0
	}
	return q.Length/q.Optimal - 1
}

// Prep is one algorithm's preparation of one map.
type Prep struct {
	Map           string
	Algorithm     string
	Width, Height int
	Millis        float64
	Bytes         int
}

// Report is what a run measured.
type Report struct {
	Algorithms  []string
	Maps        []string
	Queries     []Query
	Preps       []Prep
	Skipped     int  // lines with an endpoint off the map or blocked
	Interrupted bool // the context ended the run early: the report holds what finished
	Load        Load // Options.Load ("": none)
}

// Run answers the scenarios of every map with every algorithm, one map at
// a time, each algorithm's preparation timed apart from its queries. Every
// path is checked: legal step by step (line of sight between corners),
// from start to goal, never shorter than the published optimum (corners
// excepted), and found whenever the scenario has a path; a failure is an
// error. When ctx ends, Run stops after the current query and returns
// what finished with Interrupted set.
//
// Under a Load, Run also answers every line with exact A* under the load
// (untimed) and prices each path itself from the load's writes; a path
// cheaper than the exact search's, or an algorithm that reports another
// cost than Run's pricing, is an error. Only the built-in cell-path
// algorithms (not corners) take a Load.
func Run(ctx context.Context, maps []Map, algos []Algorithm, opt Options) (*Report, error) {
	every := max(opt.Every, 1)
	width := max(opt.BucketWidth, 1)
	rep := &Report{Load: opt.Load}
	for _, a := range algos {
		rep.Algorithms = append(rep.Algorithms, a.Name)
	}
	var buf []grid.Point
	for mi, m := range maps {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		g, scens, err := m.Load()
		if err != nil {
			return rep, fmt.Errorf("bench: %s: %w", m.Name, err)
		}
		w, err := newWorld(g, scens, every, opt.Load, opt.LoadSeed, mi)
		if err != nil {
			return rep, fmt.Errorf("bench: %s: %w", m.Name, err)
		}
		if opt.Unit != (grid.Unit{}) {
			if w != nil {
				return rep, fmt.Errorf("bench: a load and a unit together are not supported yet")
			}
			scens = unitOptima(g, scens, every, opt.Unit)
		}
		exact := exactCosts(ctx, g, scens, every, w)
		rep.Maps = append(rep.Maps, m.Name)
		size := (len(scens) + every - 1) / every
		for ai, a := range algos {
			pr := Progress{Map: m.Name, MapIndex: mi, Maps: len(maps), Algorithm: a.Name, Size: size}
			s, prep, err := a.Prepare(g)
			if err != nil {
				return rep, fmt.Errorf("bench: %s on %s: %w", a.Name, m.Name, err)
			}
			rep.Preps = append(rep.Preps, Prep{m.Name, a.Name, g.Width(), g.Height(), float64(prep.Time.Nanoseconds()) / 1e6, prep.Bytes})
			ls, loaded := s.(loadable)
			if w != nil {
				switch {
				case a.Corners || w.penalized() && !loaded:
					return rep, fmt.Errorf("bench: %s takes no load (only the built-in cell-path algorithms do)", a.Name)
				case loaded:
					if err := ls.setLoad(w); err != nil {
						return rep, fmt.Errorf("bench: %s on %s: %w", a.Name, m.Name, err)
					}
				}
			}
			if opt.Progress != nil {
				opt.Progress(pr)
			}
			for i := 0; i < len(scens); i += every {
				if ctx.Err() != nil {
					rep.Interrupted = true
					return rep, nil
				}
				sc := scens[i]
				if w.penalized() && g.Passable(sc.Start) {
					w.price(g, sc.Start, w.queryUnit(i))
				}
				t := time.Now()
				path, expanded, found, err := s.Find(sc.Start, sc.Goal, buf)
				took := time.Since(t)
				buf = path
				pr.Done++
				if opt.Progress != nil {
					opt.Progress(pr)
				}
				if err != nil {
					if ai == 0 {
						rep.Skipped++
					}
					continue
				}
				q := Query{Map: m.Name, Algorithm: a.Name, Line: i, Bucket: sc.Bucket / width * width,
					Micros: float64(took.Nanoseconds()) / 1e3, Expanded: expanded, Optimal: sc.Optimal, Found: found}
				if err := check(g, sc, path, found, a.Corners, opt.Unit); err != nil {
					return rep, fmt.Errorf("bench: %s on %s line %d %v→%v: %w", a.Name, m.Name, i, sc.Start, sc.Goal, err)
				}
				if found {
					q.Length = grid.Length(path)
					if w != nil {
						if q.Cost, err = w.cost(g, path); err != nil {
							return rep, fmt.Errorf("bench: %s on %s line %d: %w", a.Name, m.Name, i, err)
						}
						q.Exact = exact[i/every]
						reported := q.Cost
						if loaded {
							reported = ls.cost()
						}
						if reported != q.Cost || q.Cost < q.Exact {
							return rep, fmt.Errorf("bench: %s on %s line %d %v→%v under load %s: the path costs %d, %s reports %d, the exact search %d",
								a.Name, m.Name, i, sc.Start, sc.Goal, opt.Load, q.Cost, a.Name, reported, q.Exact)
						}
					}
				}
				rep.Queries = append(rep.Queries, q)
			}
		}
	}
	return rep, nil
}

// exactCosts answers lines 0, every, 2·every, ... of scens with A* under
// w's load and returns their costs (0 for a blocked endpoint or no
// path); nil without a load. It stops early when ctx ends (Run then
// stops before its next query).
func exactCosts(ctx context.Context, g *grid.Grid, scens []grid.Scenario, every int, w *world) []grid.Cost {
	if w == nil {
		return nil
	}
	s := grid.NewSearcher(g)
	var buf []grid.Point
	out := make([]grid.Cost, 0, (len(scens)+every-1)/every)
	for i := 0; i < len(scens) && ctx.Err() == nil; i += every {
		sc := scens[i]
		var c grid.Cost
		if g.Passable(sc.Start) && g.Passable(sc.Goal) {
			var opt grid.Options
			if w.penalized() {
				w.price(g, sc.Start, w.queryUnit(i))
				opt.Penalty = &w.pen
			}
			res, err := s.FindPath(sc.Start, sc.Goal, opt, buf)
			buf = res.Path
			if err == nil && res.Status == grid.Found {
				c = res.Cost
			}
		}
		out = append(out, c)
	}
	return out
}

// unitOptima returns scens with lines 0, every, 2·every, ... given unit
// u's optimum (its exact search, 0 when it has no path) in place of the
// published one, and the lines whose ends cannot hold u given an end off
// the map, so that every algorithm skips them.
func unitOptima(g *grid.Grid, scens []grid.Scenario, every int, u grid.Unit) []grid.Scenario {
	out := slices.Clone(scens)
	s := grid.NewSearcher(g)
	var buf []grid.Point
	for i := 0; i < len(out); i += every {
		sc := &out[i]
		if !g.Fits(sc.Start, u) || !g.Fits(sc.Goal, u) {
			sc.Start = grid.Pt(-1, -1)
			continue
		}
		res, err := s.FindPath(sc.Start, sc.Goal, grid.Options{Size: u.Size, Class: u.Class}, buf)
		buf = res.Path
		sc.Optimal = 0
		if err == nil && res.Status == grid.Found {
			sc.Optimal = grid.Length(res.Path)
		}
	}
	return out
}

// check verifies an answer against its scenario (for unit u: its steps).
func check(g *grid.Grid, sc grid.Scenario, p []grid.Point, found, corners bool, u grid.Unit) error {
	unsolvable := sc.Optimal == 0 && sc.Start != sc.Goal
	switch {
	case !found && unsolvable:
		return nil
	case !found:
		return fmt.Errorf("no path; the scenario's optimum is %v", sc.Optimal)
	case unsolvable:
		return fmt.Errorf("a path where the scenario has none")
	case len(p) == 0 || p[0] != sc.Start || p[len(p)-1] != sc.Goal:
		return fmt.Errorf("the path does not run from start to goal")
	}
	if corners && u != (grid.Unit{}) { // a unit's corners: joined by its step lines
		for i := 1; i < len(p); i++ {
			if _, ok := g.UnitLineCost(p[i-1], p[i], u, grid.Unreachable, nil); !ok {
				return fmt.Errorf("no step line for unit %+v from %v to %v", u, p[i-1], p[i])
			}
		}
		return nil
	}
	if corners {
		for i := 1; i < len(p); i++ {
			if !g.LineOfSight(p[i-1], p[i]) {
				return fmt.Errorf("no line of sight from %v to %v", p[i-1], p[i])
			}
		}
		return nil
	}
	if _, err := g.UnitPathCost(p, u); err != nil {
		return err
	}
	if l := grid.Length(p); l < sc.Optimal-sc.Tolerance() {
		return fmt.Errorf("length %.8f below the optimum %v", l, sc.Optimal)
	}
	return nil
}

// Summary sums up the queries of one algorithm on one map (or all maps:
// Map "") and one bucket (or all: Bucket -1).
type Summary struct {
	Algorithm string
	Map       string
	Bucket    int
	Queries   int
	Unsolved  int // scenario lines without a path (both the algorithm and the scenario say so)
	// Query time in microseconds.
	MeanMicros, P50Micros, P95Micros, P99Micros float64
	MeanExpanded                                float64
	// Path length over the optimum, as a fraction (0.01 = 1%).
	MeanOver, P99Over, MaxOver float64
	// Preparation: milliseconds and bytes kept, summed over the maps, and
	// per million cells and per cell.
	PrepMillis, PrepMillisPerMcell, BytesPerCell float64
}

// Summaries returns one Summary per algorithm over all maps, then per
// algorithm and map, then per algorithm and bucket (all maps), in the
// order of r.Algorithms, r.Maps and bucket.
func (r *Report) Summaries() []Summary {
	var out []Summary
	type key struct {
		algo, m string
		bucket  int
	}
	groups := map[key][]Query{}
	var buckets []int
	seen := map[int]bool{}
	for _, q := range r.Queries {
		for _, k := range []key{{q.Algorithm, "", -1}, {q.Algorithm, q.Map, -1}, {q.Algorithm, "", q.Bucket}} {
			groups[k] = append(groups[k], q)
		}
		if !seen[q.Bucket] {
			seen[q.Bucket] = true
			buckets = append(buckets, q.Bucket)
		}
	}
	sort.Ints(buckets)
	prep := func(algo, m string) (ms, cells, bytes float64) {
		for _, p := range r.Preps {
			if p.Algorithm == algo && (m == "" || p.Map == m) {
				ms, cells, bytes = ms+p.Millis, cells+float64(p.Width*p.Height), bytes+float64(p.Bytes)
			}
		}
		return
	}
	for _, a := range r.Algorithms {
		keys := []key{{a, "", -1}}
		for _, m := range r.Maps {
			keys = append(keys, key{a, m, -1})
		}
		for _, b := range buckets {
			keys = append(keys, key{a, "", b})
		}
		for _, k := range keys {
			qs, ok := groups[k]
			if !ok {
				continue
			}
			s := summarize(qs)
			s.Algorithm, s.Map, s.Bucket = k.algo, k.m, k.bucket
			if k.bucket < 0 {
				ms, cells, bytes := prep(k.algo, k.m)
				s.PrepMillis = ms
				if cells > 0 {
					s.PrepMillisPerMcell, s.BytesPerCell = ms/(cells/1e6), bytes/cells
				}
			}
			out = append(out, s)
		}
	}
	return out
}

func summarize(qs []Query) Summary {
	var s Summary
	var us, over, exp []float64
	for _, q := range qs {
		s.Queries++
		us = append(us, q.Micros)
		exp = append(exp, float64(q.Expanded))
		if !q.Found {
			s.Unsolved++
			continue
		}
		over = append(over, q.Over())
	}
	slices.Sort(us)
	slices.Sort(over)
	quant := func(v []float64, p float64) float64 {
		if len(v) == 0 {
			return 0
		}
		return stat.Quantile(p, stat.Empirical, v, nil)
	}
	s.MeanMicros, s.P50Micros, s.P95Micros, s.P99Micros = stat.Mean(us, nil), quant(us, 0.5), quant(us, 0.95), quant(us, 0.99)
	s.MeanExpanded = stat.Mean(exp, nil)
	if len(over) > 0 {
		s.MeanOver, s.P99Over, s.MaxOver = stat.Mean(over, nil), quant(over, 0.99), over[len(over)-1]
	}
	return s
}
