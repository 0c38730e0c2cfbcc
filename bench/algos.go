package bench

import (
	"fmt"
	"strings"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// Solver answers point-to-point queries on the map it was prepared for.
type Solver interface {
	// Find appends the path from a to z to dst[:0]. found is false when
	// there is none; errors are for invalid queries (blocked endpoints).
	// expanded counts the nodes the search expanded (grid cells, and
	// waypoints for the hierarchy).
	Find(a, z grid.Point, dst []grid.Point) (path []grid.Point, expanded int, found bool, err error)
}

// Prepared is what preparing a map cost.
type Prepared struct {
	Time  time.Duration
	Bytes int // memory kept for queries beside the grid (bake, planner)
}

// Algorithm is one way of answering queries.
type Algorithm struct {
	Name string
	// Corners: paths are any-angle corners (consecutive points in line of
	// sight), not cell by cell, and may be shorter than the grid optimum.
	Corners bool
	// Prepare runs the algorithm's preprocessing on g.
	Prepare func(g *grid.Grid) (Solver, Prepared, error)
}

// Config tunes the built-in algorithms.
type Config struct {
	ClusterSize int // hpa cluster side (0: preprocess's default, 32)
	MiddleFrom  int // preprocess.Config.MiddleFrom for the hpa bakes (0: the default)
	// Unit, when not the zero Unit, plans for that unit (a size and a
	// movement class: grid.Options and hpa.Options Size and Class; the
	// bake gets a layer for it).
	Unit grid.Unit
}

// Algorithms returns every built-in algorithm: exact A* and Dijkstra on
// the grid, and the hierarchical planner raw, smoothed cell by cell
// (hpa-smooth) and as corners (hpa-corners).
func Algorithms(cfg Config) []Algorithm {
	fine := func(name string, opt grid.Options) Algorithm {
		return Algorithm{Name: name, Prepare: func(g *grid.Grid) (Solver, Prepared, error) {
			opt.Size, opt.Class = cfg.Unit.Size, cfg.Unit.Class
			return &fineSolver{s: grid.NewSearcher(g), opt: opt}, Prepared{}, nil
		}}
	}
	hier := func(name string, opt hpa.Options) Algorithm {
		return Algorithm{Name: name, Corners: opt.Smooth == hpa.Corners, Prepare: func(g *grid.Grid) (Solver, Prepared, error) {
			t0 := time.Now()
			pc := preprocess.Config{ClusterSize: cfg.ClusterSize, MiddleFrom: cfg.MiddleFrom}
			if cfg.Unit != (grid.Unit{}) {
				pc.Units = []grid.Unit{cfg.Unit}
				opt.Size, opt.Class = cfg.Unit.Size, cfg.Unit.Class
			}
			b, err := preprocess.Build(g, pc)
			if err != nil {
				return nil, Prepared{}, err
			}
			pl := hpa.NewPlanner(b, hpa.Config{})
			return &hpaSolver{pl: pl, q: pl.NewQuery(), opt: opt}, Prepared{time.Since(t0), b.Stats().Bytes + pl.Bytes()}, nil
		}}
	}
	return []Algorithm{
		fine("astar", grid.Options{}),
		fine("dijkstra", grid.Options{Dijkstra: true}),
		hier("hpa", hpa.Options{}),
		hier("hpa-smooth", hpa.Options{Smooth: hpa.Cells}),
		hier("hpa-corners", hpa.Options{Smooth: hpa.Corners}),
	}
}

// Names returns the names of algos, comma-separated.
func Names(algos []Algorithm) string {
	var names []string
	for _, a := range algos {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// Select returns the algorithms of all named in names (comma-separated),
// in the order named.
func Select(all []Algorithm, names string) ([]Algorithm, error) {
	var out []Algorithm
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		found := false
		for _, a := range all {
			if a.Name == n {
				out, found = append(out, a), true
			}
		}
		if !found {
			return nil, fmt.Errorf("bench: unknown algorithm %q (have %s)", n, Names(all))
		}
	}
	return out, nil
}

// loadable is a built-in solver that runs under a Load: setLoad gives it
// the map's world once after Prepare (a penalty layer made then is not
// preparation), and cost returns the cost its last Find reported, which
// Run compares with its own pricing of the path.
type loadable interface {
	setLoad(w *world) error
	cost() grid.Cost
}

type fineSolver struct {
	s    *grid.Searcher
	opt  grid.Options
	w    *world
	last grid.Cost
}

func (f *fineSolver) Find(a, z grid.Point, dst []grid.Point) ([]grid.Point, int, bool, error) {
	opt := f.opt
	if f.w.penalized() {
		opt.Penalty = &f.w.pen
	}
	res, err := f.s.FindPath(a, z, opt, dst)
	f.last = res.Cost
	return res.Path, res.Expanded, res.Status == grid.Found, err
}

func (f *fineSolver) setLoad(w *world) error { f.w = w; return nil }
func (f *fineSolver) cost() grid.Cost        { return f.last }

type hpaSolver struct {
	pl   *hpa.Planner
	q    *hpa.Query
	opt  hpa.Options
	w    *world
	f    *hpa.Penalties
	last grid.Cost
}

func (h *hpaSolver) Find(a, z grid.Point, dst []grid.Point) ([]grid.Point, int, bool, error) {
	opt := h.opt
	if h.f != nil {
		opt.Penalty = h.f.For(unitID(h.w.unit))
	}
	res, err := h.q.Find(a, z, opt, dst)
	h.last = res.Cost
	return res.Path, res.Expanded, res.Status == hpa.Found, err
}

func (h *hpaSolver) setLoad(w *world) error {
	h.w = w
	if !w.penalized() {
		return nil
	}
	f, err := w.layer(h.pl)
	h.f = f
	return err
}

func (h *hpaSolver) cost() grid.Cost { return h.last }
