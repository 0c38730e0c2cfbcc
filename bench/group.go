package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// ErrGroupOptions is wrapped by Group's error for options out of range.
var ErrGroupOptions = errors.New("bench: group: options out of range")

// GroupOptions says what Group measures.
type GroupOptions struct {
	// Grid is the map (required).
	Grid *grid.Grid
	// Units per order (at least 1), Goals orders (at least 1), Seed
	// draws the goals and units.
	Units, Goals int
	Seed         uint64
	// Progress, if not nil, is told what runs.
	Progress func(what string)
}

// GroupOrder is one order's figures.
type GroupOrder struct {
	Goal grid.Point
	// FirstUS: NewField and the first unit's first step (its cluster and
	// the clusters of its coarse route built). ReadyUS: NewField and
	// Ready for every unit (the clusters they stand in and their coarse
	// routes' built: each can take its first steps). TotalUS: the field's
	// whole work for the order: ReadyUS and the clusters the units' walks
	// to the goal build as they enter them (the lookups that built one,
	// each timed on its own; the walks' other lookups are StepNS's).
	// IndividualUS: one smoothed Find per unit. SpreadUS: Query.Spread.
	FirstUS, ReadyUS, TotalUS, IndividualUS, SpreadUS float64
	// StepNS: a lookup, with every cluster built.
	StepNS float64
	// ReadyClusters were built by Ready, Clusters in all.
	ReadyClusters int
	// Clusters built for the order; Steps walked.
	Clusters, Steps int
	// MeanExcess and MaxExcess: the walked paths' cost over the optimum
	// (exact Dijkstra from the goal), in %.
	MeanExcess, MaxExcess float64
	// Distinct cells Spread gave the units.
	Distinct int
}

// GroupReport is Group's result.
type GroupReport struct {
	Width, Height, Units, Goals int
	Orders                      []GroupOrder
	// Sums and means over the orders (FirstUS, TotalUS, IndividualUS and
	// SpreadUS per order; MaxExcess the worst; Distinct the least).
	Mean GroupOrder
}

// Group measures flow fields on one map: per order, Units units on
// random cells of the map's largest island ordered to a random goal on
// it. It times the field
// (first unit, all units), a smoothed Find per unit (the same units, the
// same run) and Spread; it walks every unit along the field, checks
// every step against the grid and prices the walk against the exact cost
// (one Dijkstra from the goal), and fails (ErrWrongAnswer) on an illegal
// step, a walk that stops short, or a walk cheaper than the optimum.
func Group(ctx context.Context, opt GroupOptions) (*GroupReport, error) {
	g := opt.Grid
	if g == nil || opt.Units < 1 || opt.Goals < 1 {
		return nil, fmt.Errorf("%w: grid %v, units %d, goals %d", ErrGroupOptions, g != nil, opt.Units, opt.Goals)
	}
	progress := func(s string) {
		if opt.Progress != nil {
			opt.Progress(s)
		}
	}
	progress("bake")
	b, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		return nil, err
	}
	p := hpa.NewPlanner(b, hpa.Config{})
	q := p.NewQuery()
	s := grid.NewSearcher(g)
	r := rand.New(rand.NewPCG(opt.Seed, 0x67))
	// The islands' cells, the largest first.
	isl := map[int][]grid.Point{}
	for i := range g.Width() * g.Height() {
		pt := g.PointAt(i)
		if k := b.Island(pt); k >= 0 {
			isl[k] = append(isl[k], pt)
		}
	}
	var largest []grid.Point
	for _, cells := range isl {
		if len(cells) > len(largest) || len(cells) == len(largest) && len(cells) > 0 && g.Index(cells[0]) < g.Index(largest[0]) {
			largest = cells
		}
	}
	if len(largest) < 2 {
		return nil, fmt.Errorf("%w: the map has no island of two cells", ErrGroupOptions)
	}
	rep := &GroupReport{Width: g.Width(), Height: g.Height(), Units: opt.Units, Goals: opt.Goals}
	var f hpa.Field
	units := make([]grid.Point, opt.Units)
	exact := make([]grid.Cost, opt.Units)
	var path []grid.Point
	for k := range opt.Goals {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		progress(fmt.Sprintf("order %d/%d", k+1, opt.Goals))
		cells := largest
		goal := cells[r.IntN(len(cells))]
		for i := range units {
			units[i] = cells[r.IntN(len(cells))]
		}
		if _, err := s.FindAll(goal, units, grid.Options{}, exact); err != nil {
			return nil, err
		}
		o := GroupOrder{Goal: goal}
		t0 := time.Now()
		if err := f.Reset(p, goal, hpa.Options{}); err != nil {
			return nil, err
		}
		if _, ok := f.Next(units[0]); !ok && units[0] != goal {
			return nil, fmt.Errorf("%w: group: unit %v has no first step to %v", ErrWrongAnswer, units[0], goal)
		}
		o.FirstUS = micros(time.Since(t0))
		t0 = time.Now()
		if err := f.Reset(p, goal, hpa.Options{}); err != nil {
			return nil, err
		}
		f.Ready(units)
		o.ReadyUS = micros(time.Since(t0))
		o.ReadyClusters = f.Built()
		// The walks: each lookup that builds a cluster is timed on its
		// own (the build and that lookup), the others not.
		var builds time.Duration
		for _, u := range units {
			for pt, ok := u, true; ok; {
				n, t := f.Built(), time.Now()
				pt, ok = f.Next(pt)
				if f.Built() != n {
					builds += time.Since(t)
				}
			}
		}
		o.Clusters = f.Built()
		// Price the walks (not timed); then time the lookups alone.
		var sum float64
		for i, u := range units {
			var ok bool
			if path, ok = f.Path(u, path); !ok {
				return nil, fmt.Errorf("%w: group: the field leads nowhere from %v to %v", ErrWrongAnswer, u, goal)
			}
			o.Steps += len(path) - 1
			c, err := g.PathCost(path)
			if err != nil || path[len(path)-1] != goal || c < exact[i] {
				return nil, fmt.Errorf("%w: group: walk %v→%v: cost %d, least %d, %v", ErrWrongAnswer, u, goal, c, exact[i], err)
			}
			if exact[i] > 0 {
				x := 100 * float64(c-exact[i]) / float64(exact[i])
				sum += x
				o.MaxExcess = max(o.MaxExcess, x)
			}
		}
		o.MeanExcess = sum / float64(len(units))
		t0 = time.Now()
		for _, u := range units {
			for pt, ok := u, true; ok; {
				pt, ok = f.Next(pt)
			}
		}
		lookups := time.Since(t0)
		o.StepNS = float64(lookups.Nanoseconds()) / float64(max(o.Steps+len(units), 1))
		o.TotalUS = o.ReadyUS + micros(builds)
		// The same units, one smoothed query each.
		t0 = time.Now()
		for _, u := range units {
			res, err := q.Find(u, goal, hpa.Options{Smooth: hpa.Cells}, path)
			if err != nil || res.Status != hpa.Found {
				return nil, fmt.Errorf("%w: group: Find %v→%v: %v %v", ErrWrongAnswer, u, goal, res.Status, err)
			}
			path = res.Path
		}
		o.IndividualUS = micros(time.Since(t0))
		t0 = time.Now()
		dest, err := q.Spread(goal, units, hpa.Options{}, nil)
		if err != nil {
			return nil, err
		}
		o.SpreadUS = micros(time.Since(t0))
		slices.SortFunc(dest, func(a, b grid.Point) int { return g.Index(a) - g.Index(b) })
		o.Distinct = len(slices.Compact(dest))
		rep.Orders = append(rep.Orders, o)
	}
	m := &rep.Mean
	m.Distinct = opt.Units
	for _, o := range rep.Orders {
		n := float64(len(rep.Orders))
		m.FirstUS += o.FirstUS / n
		m.ReadyUS += o.ReadyUS / n
		m.TotalUS += o.TotalUS / n
		m.IndividualUS += o.IndividualUS / n
		m.SpreadUS += o.SpreadUS / n
		m.StepNS += o.StepNS / n
		m.MeanExcess += o.MeanExcess / n
		m.MaxExcess = max(m.MaxExcess, o.MaxExcess)
		m.Clusters += o.Clusters / len(rep.Orders)
		m.ReadyClusters += o.ReadyClusters / len(rep.Orders)
		m.Steps += o.Steps / len(rep.Orders)
		m.Distinct = min(m.Distinct, o.Distinct)
	}
	return rep, nil
}

// WriteGroupTable prints r: a line per order, then one line:
//
//	# group units=… goals=… first_us=… total_us=… individual_us=… mean_excess=… max_excess=… distinct_cells=…
//
// (per order, the mean over the orders; max_excess the worst;
// distinct_cells the least).
func WriteGroupTable(w io.Writer, r *GroupReport) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "goal\tfirst µs\tready µs\ttotal µs\tindividual µs\tspeed-up\tspread µs\tclusters\tsteps\tns/step\tmean excess %%\tmax excess %%\tdistinct\t\n")
	row := func(name string, o GroupOrder) {
		fmt.Fprintf(tw, "%s\t%.0f\t%.0f\t%.0f\t%.0f\t%.1f×\t%.0f\t%d/%d\t%d\t%.1f\t%.3f\t%.3f\t%d\t\n", name, o.FirstUS, o.ReadyUS, o.TotalUS, o.IndividualUS,
			o.IndividualUS/max(o.TotalUS, 1e-9), o.SpreadUS, o.ReadyClusters, o.Clusters, o.Steps, o.StepNS, o.MeanExcess, o.MaxExcess, o.Distinct)
	}
	for _, o := range r.Orders {
		row(o.Goal.String(), o)
	}
	row("mean", r.Mean)
	if err := tw.Flush(); err != nil {
		return err
	}
	m := r.Mean
	_, err := fmt.Fprintf(w, "# group units=%d goals=%d first_us=%.0f total_us=%.0f individual_us=%.0f mean_excess=%.3f max_excess=%.3f distinct_cells=%d\n",
		r.Units, r.Goals, m.FirstUS, m.TotalUS, m.IndividualUS, m.MeanExcess, m.MaxExcess, m.Distinct)
	return err
}
