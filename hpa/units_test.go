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
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// testClasses are the movement classes of unitBake's maps: a tank keeps
// out of water (terrain 2) and pays 3 for mud (terrain 1); a hover unit
// goes anywhere, water at weight 1.
var testClasses = []grid.Class{
	{Name: "tank", Enter: 0b011, Weight: [grid.MaxTerrains]uint8{1: 3}},
	{Name: "hover", Enter: 0b111, Weight: [grid.MaxTerrains]uint8{2: 1}},
}

// unitBake generates a map with lakes (terrain 2) and mud (terrain 1),
// declares testClasses, and bakes it with layers for units 2 to 4 cells
// across of no class, and a few of each class.
func unitBake(t testing.TB, w, h int, seed uint64, rule grid.Movement, cs int) (*grid.Grid, *preprocess.Bake) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: w, Height: h, Seed: seed}, grid.MapOptions{Movement: rule, SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for range 6 {
		x, y := r.IntN(w), r.IntN(h)
		if err := g.FillTerrain(grid.R(x, y, x+4+r.IntN(20), y+4+r.IntN(20)), 1+r.IntN(2)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.SetClasses(testClasses); err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs, Units: []grid.Unit{{Size: 2}, {Size: 3}, {Size: 4}, {Size: 1, Class: 1}, {Size: 2, Class: 1}, {Size: 1, Class: 2}, {Size: 3, Class: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// unitCheck runs random queries for every unit of pl's bake and compares
// each with the oracle over the cells where the unit fits: a
// path exactly when the oracle's flood fill joins start and goal, every
// step legal for the unit (oracle), the cost the path's own steps add up
// to, never below the oracle's least cost. It returns the summed excess
// over the optimum (Cells smoothing) and the number of paths.
func unitCheck(t *testing.T, r *rand.Rand, g *grid.Grid, pl *hpa.Planner, what string, queries int) (excess float64, paths, none int) {
	t.Helper()
	q := pl.NewQuery()
	for _, u := range pl.Bake().Units() {
		k := u.Size
		o := oracle.Graph{G: g, Size: k}
		if u.Class > 0 {
			o.Class = &testClasses[u.Class-1]
		}
		comp := o.Components()
		var fits []grid.Point
		for i, c := range comp {
			if c != 0 {
				fits = append(fits, g.PointAt(i))
			}
		}
		if len(fits) < 2 {
			continue
		}
		for range queries {
			a, z := fits[r.IntN(len(fits))], fits[r.IntN(len(fits))]
			smooth := hpa.Smoothing(r.IntN(3))
			res, err := q.Find(a, z, hpa.Options{Size: k, Class: u.Class, Smooth: smooth}, nil)
			name := fmt.Sprintf("%s: %v→%v unit %+v %v %v", what, a, z, u, g.Movement(), smooth)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if comp[g.Index(a)] != comp[g.Index(z)] {
				none++
				if res.Status != hpa.NoPath || len(res.Path) != 0 {
					t.Fatalf("%s: %v with %d cells; the oracle joins them not", name, res.Status, len(res.Path))
				}
				continue
			}
			if res.Status != hpa.Found {
				t.Fatalf("%s: %v; the oracle finds a path", name, res.Status)
			}
			path := res.Path
			if smooth == hpa.Corners { // corners joined by the unit's step lines
				var cells []grid.Point
				for i, c := range path {
					if i == 0 {
						cells = append(cells, c)
						continue
					}
					cells = g.AppendStepLine(cells, path[i-1], c)
				}
				path = cells
			}
			if path[0] != a || path[len(path)-1] != z {
				t.Fatalf("%s: path runs %v→%v", name, path[0], path[len(path)-1])
			}
			var cost grid.Cost
			for i := 1; i < len(path); i++ {
				if !o.Legal(path[i-1], path[i]) {
					t.Fatalf("%s: step %v→%v is not legal for the unit\n%s", name, path[i-1], path[i], g.Draw(path))
				}
				cost += o.Cost(path[i-1], path[i])
			}
			if smooth != hpa.Corners && cost != res.Cost {
				t.Fatalf("%s: the path costs %d, Result.Cost says %d", name, cost, res.Cost)
			}
			dist, _ := o.ShortestFrom(a)
			best := dist[g.Index(z)]
			if cost < best {
				t.Fatalf("%s: cost %d below the oracle's least %d", name, cost, best)
			}
			if smooth == hpa.Cells && best > 0 {
				excess += float64(cost-best) / float64(best)
				paths++
			}
		}
	}
	return excess, paths, none
}

// TestUnitsAgainstOracle: on random generated maps (every movement rule,
// clusters of 8 to 32 cells), queries for units 2 to 4 cells across
// against the oracle (see unitCheck), on the map as baked and again after
// random walls and openings applied with Update and Sync (the layers
// follow the edits); the mean Cells excess over the optimum stays under
// 2% on these small maps.
func TestUnitsAgainstOracle(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	r := rand.New(rand.NewPCG(71, 72))
	maps := 16
	if testing.Short() {
		maps = 8
	}
	var excess float64
	var paths, none int
	for m := range maps {
		rule := grid.Movement(m % 3)
		cs := []int{8, 16, 32}[m%3]
		g, b := unitBake(t, 96+r.IntN(64), 96+r.IntN(64), 7100+uint64(m), rule, cs)
		pl := hpa.NewPlanner(b, hpa.Config{})
		e, n, k := unitCheck(t, r, g, pl, fmt.Sprintf("map %d", m), 12)
		excess, paths, none = excess+e, paths+n, none+k
		for range 6 {
			x, y := r.IntN(g.Width()), r.IntN(g.Height())
			rc := grid.R(x, y, x+1+r.IntN(8), y+1+r.IntN(8))
			g.Fill(rc, r.IntN(3) == 0)
			if err := b.Update(rc, 0); err != nil {
				t.Fatal(err)
			}
		}
		if err := pl.Sync(); err != nil {
			t.Fatal(err)
		}
		e, n, k = unitCheck(t, r, g, pl, fmt.Sprintf("map %d edited", m), 12)
		excess, paths, none = excess+e, paths+n, none+k
	}
	if paths < 100 || none < 5 {
		t.Fatalf("%d paths, %d unreachable: the maps do not test", paths, none)
	}
	mean := 100 * excess / float64(paths)
	t.Logf("%d Cells paths, mean %.3f%% over the optimum; %d pairs unreachable", paths, mean, none)
	if mean > 2 {
		t.Fatalf("mean excess %.3f%% over the optimum", mean)
	}
}

// TestUnitsMisuse: sizes without a layer, out of range, or with options
// units do not support are ErrOptions; endpoints where the unit does not
// fit are grid.ErrBlocked.
func TestUnitsMisuse(t *testing.T) {
	g, b := unitBake(t, 64, 64, 5, grid.Octile, 16)
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	var a, z, tight grid.Point
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		switch {
		case g.Clearance(p) >= 4 && a == (grid.Point{}):
			a = p
		case g.Clearance(p) >= 4:
			z = p
		case g.Clearance(p) == 1:
			tight = p
		}
	}
	for _, opt := range []hpa.Options{{Size: 5}, {Size: -1}, {Size: grid.MaxClearance + 1}, {Size: 2, Nearest: true, MaxExpansions: 10}, {Size: 3, Class: 9}, {Size: 4, Class: 1}} {
		if _, err := q.Find(a, z, opt, nil); !errors.Is(err, hpa.ErrOptions) {
			t.Fatalf("%+v: %v", opt, err)
		}
	}
	if _, err := q.Find(tight, z, hpa.Options{Size: 2}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatalf("start where a 2×2 unit does not fit: %v", err)
	}
	if _, err := q.Find(a, grid.Pt(-1, 3), hpa.Options{Size: 2}, nil); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatalf("goal off the map: %v", err)
	}
	if res, err := q.Find(a, a, hpa.Options{Size: 4}, nil); err != nil || res.Status != hpa.Found || len(res.Path) != 1 {
		t.Fatalf("start = goal: %v %v", res, err)
	}
}

// TestUnitsOptions: Nearest, FirstSteps and MaxExpansions for units of
// several sizes and classes on generated maps. Nearest: a goal the unit
// cannot stand on or reach gives Partial and a legal path to exactly the
// cell a brute-force scan of the start's component (oracle) picks: least
// octile distance to the goal, then from the start, then row-major
// index. FirstSteps: the first steps of the whole answer, Truncated when
// cut, costed as they stand. MaxExpansions: never more expansions than
// the bound, and either Exhausted or the unbounded answer.
func TestUnitsOptions(t *testing.T) {
	r := rand.New(rand.NewPCG(73, 74))
	partial, cut, spent := 0, 0, 0
	maps := 8
	if testing.Short() {
		maps = 3
	}
	for m := range maps {
		g, b := unitBake(t, 96+r.IntN(48), 96+r.IntN(48), 7300+uint64(m), grid.Movement(m%3), []int{8, 16, 32}[m%3])
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		n := g.Width() * g.Height()
		for _, u := range b.Units() {
			o := oracle.Graph{G: g, Size: u.Size}
			if u.Class > 0 {
				o.Class = &testClasses[u.Class-1]
			}
			comp := o.Components()
			for range 10 {
				a := g.PointAt(r.IntN(n))
				if !o.Fits(a) {
					continue
				}
				z := g.PointAt(r.IntN(n))
				what := fmt.Sprintf("map %d unit %+v %v→%v", m, u, a, z)
				res, err := q.Find(a, z, hpa.Options{Size: u.Size, Class: u.Class, Nearest: true, Smooth: hpa.Cells}, nil)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				// The oracle's pick.
				want, wg, ws := a, grid.OctileCost(a, z), grid.Cost(0)
				for i, c := range comp {
					if c == 0 || c != comp[g.Index(a)] {
						continue
					}
					p := g.PointAt(i)
					dg, ds := grid.OctileCost(p, z), grid.OctileCost(p, a)
					if dg < wg || dg == wg && (ds < ws || ds == ws && i < g.Index(want)) {
						want, wg, ws = p, dg, ds
					}
				}
				reach := o.Fits(z) && comp[g.Index(z)] == comp[g.Index(a)]
				end := res.Path[len(res.Path)-1]
				switch {
				case reach && (res.Status != hpa.Found || end != z):
					t.Fatalf("%s: %v ending at %v; the goal is reachable", what, res.Status, end)
				case !reach && (res.Status != hpa.Partial || end != want):
					t.Fatalf("%s: %v ending at %v; the oracle's nearest cell is %v", what, res.Status, end, want)
				}
				if !reach {
					partial++
				}
				for i := 1; i < len(res.Path); i++ {
					if !o.Legal(res.Path[i-1], res.Path[i]) {
						t.Fatalf("%s: step %v→%v not legal", what, res.Path[i-1], res.Path[i])
					}
				}
				// FirstSteps: the whole answer's first steps.
				fs := 1 + r.IntN(10)
				short, err := q.Find(a, z, hpa.Options{Size: u.Size, Class: u.Class, Nearest: true, Smooth: hpa.Cells, FirstSteps: fs}, nil)
				if err != nil {
					t.Fatal(err)
				}
				wantLen := min(len(res.Path), fs+1)
				if len(short.Path) != wantLen || !slices.Equal(short.Path, res.Path[:wantLen]) || short.Truncated != (wantLen < len(res.Path)) {
					t.Fatalf("%s FirstSteps %d: %d cells (truncated %v), the whole path %d", what, fs, len(short.Path), short.Truncated, len(res.Path))
				}
				var c grid.Cost
				for i := 1; i < len(short.Path); i++ {
					c += o.Cost(short.Path[i-1], short.Path[i])
				}
				if c != short.Cost {
					t.Fatalf("%s FirstSteps: cost %d, the cells cost %d", what, short.Cost, c)
				}
				if short.Truncated {
					cut++
				}
				// MaxExpansions, to a goal the unit stands on.
				if !o.Fits(z) {
					continue
				}
				full, err := q.Find(a, z, hpa.Options{Size: u.Size, Class: u.Class}, nil)
				if err != nil {
					t.Fatal(err)
				}
				lim := 1 + r.IntN(max(1, 2*full.Expanded))
				bounded, err := q.Find(a, z, hpa.Options{Size: u.Size, Class: u.Class, MaxExpansions: lim}, nil)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case bounded.Expanded > lim:
					t.Fatalf("%s: %d expansions, bound %d", what, bounded.Expanded, lim)
				case bounded.Status == hpa.Exhausted:
					spent++
					if len(bounded.Path) != 0 {
						t.Fatalf("%s: exhausted with a path", what)
					}
				case bounded.Status != full.Status || !slices.Equal(bounded.Path, full.Path):
					t.Fatalf("%s: bound %d gave %v, unbounded %v", what, lim, bounded.Status, full.Status)
				}
			}
		}
	}
	if partial < 20 || cut < 20 || spent < 10 {
		t.Fatalf("%d partial, %d cut, %d exhausted: the maps do not test", partial, cut, spent)
	}
}

// TestSlicedUnits: sliced queries for units of several sizes and classes,
// advanced with random budgets, answer byte for byte as Query.Find does
// (with Nearest and FirstSteps too), each step within its budget.
func TestSlicedUnits(t *testing.T) {
	r := rand.New(rand.NewPCG(75, 76))
	g, b := unitBake(t, 128, 112, 7500, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	s := pl.NewSliced()
	defer s.Close()
	n := g.Width() * g.Height()
	steps := 0
	for _, u := range b.Units() {
		for range 8 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			opt := hpa.Options{Size: u.Size, Class: u.Class, Smooth: hpa.Smoothing(r.IntN(3)), Nearest: r.IntN(2) == 0, FirstSteps: r.IntN(3) * 5}
			want, wantErr := q.Find(a, z, opt, nil)
			s.Start(a, z, opt, nil)
			for {
				budget := 1 + r.IntN(300)
				pr := s.Step(budget)
				if pr.Used > budget {
					t.Fatalf("unit %+v: a step of budget %d used %d", u, budget, pr.Used)
				}
				steps++
				if pr.Done {
					break
				}
			}
			got, err := s.Result()
			sameAnswer(t, fmt.Sprintf("unit %+v %v→%v %+v", u, a, z, opt), got, want, err, wantErr)
		}
	}
	if steps < 200 {
		t.Fatalf("only %d steps: the budgets did not slice", steps)
	}
}

// TestUnitsPenalties: units of several sizes and classes with an influence
// map: every path is legal for the unit, its Result.Cost is what its own
// steps cost for the unit's class plus the influence of every cell it
// enters, never below the oracle's least such cost; and the penalty
// changes the answer somewhere.
func TestUnitsPenalties(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 78))
	g, b := unitBake(t, 128, 112, 7700, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	pen := pl.NewPenalties(hpa.PenaltyConfig{})
	for range 6 {
		if err := pen.AddInfluence(grid.Pt(r.IntN(128), r.IntN(112)), 6+r.IntN(10), grid.Cost(5+r.IntN(40))*grid.Straight); err != nil {
			t.Fatal(err)
		}
	}
	q := pl.NewQuery()
	n := g.Width() * g.Height()
	changed, paths := 0, 0
	for _, u := range b.Units() {
		o := oracle.Graph{G: g, Size: u.Size, Penalty: pen.Influence}
		if u.Class > 0 {
			o.Class = &testClasses[u.Class-1]
		}
		for range 10 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if !o.Fits(a) || !o.Fits(z) {
				continue
			}
			what := fmt.Sprintf("unit %+v %v→%v", u, a, z)
			opt := hpa.Options{Size: u.Size, Class: u.Class, Smooth: hpa.Smoothing(r.IntN(2)), Penalty: pen.For(hpa.NoUnit)}
			res, err := q.Find(a, z, opt, nil)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if res.Status != hpa.Found {
				continue
			}
			paths++
			var c grid.Cost
			for i := 1; i < len(res.Path); i++ {
				if !o.Legal(res.Path[i-1], res.Path[i]) {
					t.Fatalf("%s: step %v→%v not legal", what, res.Path[i-1], res.Path[i])
				}
				c += o.Cost(res.Path[i-1], res.Path[i])
			}
			if c != res.Cost {
				t.Fatalf("%s: Result.Cost %d, its steps and penalties %d", what, res.Cost, c)
			}
			dist, _ := o.ShortestFrom(a)
			if best := dist[g.Index(z)]; c < best {
				t.Fatalf("%s: cost %d below the oracle's least %d", what, c, best)
			}
			plain, err := q.Find(a, z, hpa.Options{Size: u.Size, Class: u.Class, Smooth: opt.Smooth}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(plain.Path, res.Path) {
				changed++
			}
		}
	}
	if paths < 30 || changed == 0 {
		t.Fatalf("%d paths, %d changed by the penalty: the test did not test", paths, changed)
	}
}
