package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// walkField follows f from start and checks every step against the
// oracle o: legal, ending at the goal, no longer than the map. It
// returns the path's cost by the oracle's step costs.
func walkField(t *testing.T, o oracle.Graph, f *hpa.Field, start grid.Point, what string) grid.Cost {
	t.Helper()
	var c grid.Cost
	pt := start
	for n := 0; pt != f.Goal(); n++ {
		nx, ok := f.Next(pt)
		if !ok {
			t.Fatalf("%s: from %v the field stops at %v short of the goal %v", what, start, pt, f.Goal())
		}
		if !o.Legal(pt, nx) {
			t.Fatalf("%s: from %v: illegal step %v→%v", what, start, pt, nx)
		}
		if n > o.G.Width()*o.G.Height() {
			t.Fatalf("%s: from %v: the field loops", what, start)
		}
		c += o.Cost(pt, nx)
		pt = nx
	}
	return c
}

// TestFieldAgainstOracle: on generated maps with swamps, mud and lakes,
// under the three movement rules and two cluster sizes, for one-cell
// units and every unit layer (sizes 2 to 4, two movement classes), a
// field towards a random goal is looked up at every cell in random order
// (so clusters build lazily, each with whatever neighbours exist): a
// cell leads to the goal exactly when the oracle's Dijkstra from the goal
// reaches it; every step is legal for the unit (oracle); the steps' cost
// is at most the field's Cost and never below the oracle's least cost.
// The mean excess over the optimum must stay under 3%. The goals lie
// anywhere (no two the same). Three more maps weigh one everywhere
// (their clusters are searched by rows and seeded side by side), for
// one-cell units.
func TestFieldAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var sum float64
	var n, none int
	goals := map[grid.Point]bool{}
	defer func() {
		if len(goals) < 20 {
			t.Errorf("only %d distinct goals", len(goals))
		}
	}()
	for seed := range uint64(9) {
		rule := []grid.Movement{grid.Octile, grid.OctileCutCorners, grid.Cardinal}[seed%3]
		cs := []int{8, 16}[seed%2]
		var g *grid.Grid
		var b *preprocess.Bake
		if seed < 6 {
			g, b = unitBake(t, 112+int(seed)*8, 96, seed+200, rule, cs)
		} else {
			g, b = uniformBake(t, 100+int(seed)*5, 90, seed+200, rule, cs)
		}
		p := hpa.NewPlanner(b, hpa.Config{})
		units := append([]grid.Unit{{Size: 1}}, b.Units()...)
		for _, u := range units {
			o := oracle.Graph{G: g, Size: u.Size}
			if u.Class > 0 {
				o.Class = &testClasses[u.Class-1]
			}
			goal := grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			for tries := 0; !o.Fits(goal) && tries < 10000; tries++ {
				goal = grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			}
			if !o.Fits(goal) {
				continue
			}
			goals[goal] = true
			dist, _ := o.ShortestFrom(goal)
			f, err := p.NewField(goal, hpa.Options{Size: u.Size, Class: u.Class})
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("seed %d %v cs %d unit %+v goal %v", seed, rule, cs, u, goal)
			for _, i := range r.Perm(g.Width() * g.Height()) {
				pt := g.PointAt(i)
				want := dist[i]
				got := f.Cost(pt)
				if want == grid.Unreachable {
					if _, ok := f.Next(pt); ok || got != grid.Unreachable {
						t.Fatalf("%s: %v is not joined to the goal, the field leads on (cost %d)", what, pt, got)
					}
					none++
					continue
				}
				c := walkField(t, o, f, pt, what)
				if c > got || c < want {
					t.Fatalf("%s: from %v the steps cost %d, the field says %d, the least is %d", what, pt, c, got, want)
				}
				if want > 0 {
					sum += float64(c-want) / float64(want)
				}
				n++
			}
		}
	}
	mean := 100 * sum / float64(n)
	t.Logf("%d cells led to the goal, %d not joined; mean excess %.3f%%", n, none, mean)
	if n < 50000 || none == 0 || mean > 3 {
		t.Fatalf("%d cells checked, %d not joined, mean excess %.3f%%", n, none, mean)
	}
}

// uniformBake returns a generated map whose cells all weigh 2, and its
// bake for one-cell units.
func uniformBake(t testing.TB, w, h int, seed uint64, rule grid.Movement, cs int) (*grid.Grid, *preprocess.Bake) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: w, Height: h, Seed: seed}, grid.MapOptions{Movement: rule})
	if err != nil {
		t.Fatal(err)
	}
	for i := range w * h {
		if err := g.SetWeight(g.PointAt(i), 2); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Uniform() {
		t.Fatal("the map is not of one weight")
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// TestFieldNoAllocation: a lookup in a built cluster allocates nothing.
func TestFieldNoAllocation(t *testing.T) {
	g, b := unitBake(t, 128, 96, 5, grid.Octile, 16)
	p := hpa.NewPlanner(b, hpa.Config{})
	goal := openCell(t, g, 64, 48)
	f, err := p.NewField(goal, hpa.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var cells []grid.Point
	for i := range g.Width() * g.Height() {
		cells = append(cells, g.PointAt(i))
	}
	f.Ready(cells)
	built := f.Built()
	k := 0
	if a := testing.AllocsPerRun(1000, func() {
		f.Next(cells[k%len(cells)])
		f.Cost(cells[k%len(cells)])
		k += 37
	}); a != 0 {
		t.Fatalf("%v allocations a lookup", a)
	}
	if f.Built() != built {
		t.Fatalf("lookups built %d clusters after Ready", f.Built()-built)
	}
}

// openCell returns the passable cell nearest (x, y) in row-major scan.
func openCell(t testing.TB, g *grid.Grid, x, y int) grid.Point {
	t.Helper()
	for i := y*g.Width() + x; i < g.Width()*g.Height(); i++ {
		if p := g.PointAt(i); g.Passable(p) {
			return p
		}
	}
	t.Fatal("no open cell")
	return grid.Point{}
}

// TestFieldMisuse: bad input is an error or a field that leads nowhere,
// never a panic.
func TestFieldMisuse(t *testing.T) {
	g, b := unitBake(t, 64, 64, 9, grid.Octile, 16)
	p := hpa.NewPlanner(b, hpa.Config{})
	goal := openCell(t, g, 10, 10)
	var blocked grid.Point
	for i := range g.Width() * g.Height() {
		if !g.Passable(g.PointAt(i)) {
			blocked = g.PointAt(i)
			break
		}
	}
	other := hpa.NewPlanner(b, hpa.Config{}).NewPenalties(hpa.PenaltyConfig{})
	for _, c := range []struct {
		name string
		goal grid.Point
		opt  hpa.Options
		want error
	}{
		{"off the map", grid.Pt(-1, 3), hpa.Options{}, grid.ErrOutOfBounds},
		{"blocked", blocked, hpa.Options{}, grid.ErrBlocked},
		{"another planner's layer", goal, hpa.Options{Penalty: other.For(hpa.NoUnit)}, hpa.ErrOptions},
		{"budget", goal, hpa.Options{MaxExpansions: 10}, hpa.ErrOptions},
		{"no layer", goal, hpa.Options{Size: 9}, hpa.ErrOptions},
		{"bad size", goal, hpa.Options{Size: -1}, hpa.ErrOptions},
	} {
		f, err := p.NewField(c.goal, c.opt)
		if !errors.Is(err, c.want) || f != nil {
			t.Errorf("%s: NewField = %v, %v; want %v", c.name, f, err, c.want)
		}
	}
	var nilField *hpa.Field
	if _, ok := nilField.Next(goal); ok || nilField.Cost(goal) != grid.Unreachable || nilField.Built() != 0 {
		t.Error("a nil field leads somewhere")
	}
	nilField.Ready([]grid.Point{goal})
	if err := nilField.Reset(p, goal, hpa.Options{}); !errors.Is(err, hpa.ErrField) {
		t.Errorf("nil Reset: %v", err)
	}
	var zero hpa.Field
	if _, ok := zero.Next(goal); ok {
		t.Error("a zero field leads somewhere")
	}
	if path, ok := zero.Path(goal, nil); ok || len(path) != 0 {
		t.Error("a zero field has a path")
	}
	if err := zero.Reset(nil, goal, hpa.Options{}); !errors.Is(err, hpa.ErrField) {
		t.Errorf("Reset on no planner: %v", err)
	}
	if err := zero.SyncTo(hpa.View{}); !errors.Is(err, hpa.ErrField) {
		t.Errorf("SyncTo the zero View: %v", err)
	}
	f, err := p.NewField(goal, hpa.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range []grid.Point{grid.Pt(-1, 0), grid.Pt(0, -5), grid.Pt(64, 0), grid.Pt(1<<30, 3), blocked} {
		if nx, ok := f.Next(pt); ok || f.Cost(pt) != grid.Unreachable {
			t.Errorf("%v leads to %v", pt, nx)
		}
	}
	f.Ready([]grid.Point{grid.Pt(-3, -3), grid.Pt(99, 99)})
	// A stale planner: the field leads nowhere until Reset.
	g.SetPassable(openCell(t, g, 40, 40), false)
	if err := b.Update(grid.Rect{}, 1); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Next(openCell(t, g, 20, 20)); ok {
		t.Error("a field whose planner moved on leads somewhere")
	}
	if err := f.Reset(p, goal, hpa.Options{}); !errors.Is(err, hpa.ErrStale) {
		t.Errorf("Reset on an unsynced planner: %v", err)
	}
	if err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := f.Reset(p, goal, hpa.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Next(openCell(t, g, 20, 20)); !ok {
		t.Error("a reset field leads nowhere")
	}
}
