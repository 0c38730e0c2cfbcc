package grid_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// randomGrid makes a small map with random walls and terrain weights.
func randomGrid(r *rand.Rand) *grid.Grid {
	w, h := 1+r.IntN(18), 1+r.IntN(18)
	g, err := grid.New(w, h, grid.Movement(r.IntN(3)))
	if err != nil {
		panic(err)
	}
	density := r.Float64() * 0.45
	weights := []uint8{1, 1, 1, 2, 3, 5, 9, 40, 255}
	heavy := r.IntN(2) == 0
	for y := range h {
		for x := range w {
			p := grid.Pt(x, y)
			if r.Float64() < density {
				g.SetPassable(p, false)
			}
			if heavy {
				g.SetWeight(p, weights[r.IntN(len(weights))])
			}
		}
	}
	return g
}

// randomPair returns two random open cells of g.
func randomPair(r *rand.Rand, g *grid.Grid) (a, z grid.Point, ok bool) {
	a, ok1 := randomOpen(r, g, g.Bounds())
	z, ok2 := randomOpen(r, g, g.Bounds())
	return a, z, ok1 && ok2
}

func randomOpen(r *rand.Rand, g *grid.Grid, win grid.Rect) (grid.Point, bool) {
	for range 50 {
		p := grid.Pt(win.Min.X+r.IntN(win.Dx()), win.Min.Y+r.IntN(win.Dy()))
		if g.Passable(p) {
			return p, true
		}
	}
	return grid.Point{}, false
}

// checkPath verifies that p is a legal cell path from a to b costing c.
func checkPath(t *testing.T, g *grid.Grid, p []grid.Point, a, b grid.Point, c grid.Cost, win grid.Rect) {
	t.Helper()
	if len(p) == 0 || p[0] != a || p[len(p)-1] != b {
		t.Fatalf("path %v does not run from %v to %v\n%s", p, a, b, g.Draw(p))
	}
	got, err := g.PathCost(p)
	if err != nil {
		t.Fatalf("invalid path: %v\n%s", err, g.Draw(p))
	}
	if got != c {
		t.Fatalf("path costs %d, search reported %d", got, c)
	}
	for _, q := range p {
		if !q.In(win) {
			t.Fatalf("path leaves window %v at %v", win, q)
		}
	}
}

// TestSearchAgainstGonum compares every kind of query with gonum's
// Dijkstra on an independent graph view of thousands of random maps with
// terrain costs, walls, windows and unreachable goals.
func TestSearchAgainstGonum(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	r := rand.New(rand.NewPCG(1, 2))
	var s *grid.Searcher
	full := grid.NewSearcher(nil)
	var buf []grid.Point
	var found, unreachable, partial, proved, beaten int
	for iter := range n {
		g := randomGrid(r)
		if s == nil {
			s = grid.NewSearcher(g)
		} else {
			s.SetGrid(g) // one searcher across maps of every size
		}
		full.SetGrid(g)
		win := g.Bounds()
		if r.IntN(3) == 0 {
			x0, y0 := r.IntN(g.Width()), r.IntN(g.Height())
			win = grid.R(x0, y0, x0+1+r.IntN(g.Width()-x0), y0+1+r.IntN(g.Height()-y0))
		}
		start, ok := randomOpen(r, g, win)
		if !ok {
			continue
		}
		o := oracle.Graph{G: g, Win: win}
		sp := path.DijkstraFrom(simple.Node(o.ID(start)), o)
		dist := func(p grid.Point) grid.Cost {
			if p == start { // gonum leaves an isolated start out of its tree
				return 0
			}
			d := sp.WeightTo(o.ID(p))
			if math.IsInf(d, 1) {
				return grid.Unreachable
			}
			return grid.Cost(d)
		}
		opt := grid.Options{Window: win}
		if win == g.Bounds() && r.IntN(2) == 0 {
			opt.Window = grid.Rect{}
		}
		for range 4 {
			goal, ok := randomOpen(r, g, win)
			if !ok {
				break
			}
			want := dist(goal)
			for _, dij := range []bool{false, true} {
				opt.Dijkstra, opt.Nearest = dij, false
				res, err := s.FindPath(start, goal, opt, buf)
				if err != nil {
					t.Fatalf("map %d: %v", iter, err)
				}
				buf = res.Path
				// Outside bounds every path that leaves the window.
				whole, _ := full.FindPath(start, goal, grid.Options{}, nil)
				if whole.Status == grid.Found && (res.Status != grid.Found || whole.Cost < res.Cost) && res.Outside > whole.Cost {
					t.Fatalf("map %d %v→%v: window %v path %d, whole grid %d, Outside %d", iter, start, goal, win, res.Cost, whole.Cost, res.Outside)
				}
				if res.Status == grid.Found && res.Cost <= res.Outside {
					proved++
				}
				if whole.Status == grid.Found && (res.Status != grid.Found || whole.Cost < res.Cost) {
					beaten++ // the window kept the search from the optimum
				}
				if want == grid.Unreachable {
					if res.Status != grid.NoPath || len(res.Path) != 0 {
						t.Fatalf("map %d %v→%v: want no path, got %v %v\n%s", iter, start, goal, res.Status, res.Path, g.Draw(nil))
					}
					continue
				}
				if res.Status != grid.Found || res.Cost != want {
					t.Fatalf("map %d %v→%v (dijkstra=%v): got %v cost %d, oracle %d\n%s", iter, start, goal, dij, res.Status, res.Cost, want, g.Draw(res.Path))
				}
				checkPath(t, g, res.Path, start, goal, want, win)
			}
			if want != grid.Unreachable {
				found++
				continue
			}
			unreachable++
			// Nearest reachable cell: least octile distance to the goal,
			// then least cost.
			opt.Dijkstra, opt.Nearest = r.IntN(2) == 0, true
			res, err := s.FindPath(start, goal, opt, buf)
			if err != nil {
				t.Fatal(err)
			}
			buf = res.Path
			if res.Status != grid.Partial {
				t.Fatalf("map %d: nearest status %v", iter, res.Status)
			}
			end := res.Path[len(res.Path)-1]
			checkPath(t, g, res.Path, start, end, dist(end), win)
			bestH, bestG := grid.Unreachable, grid.Unreachable
			for y := win.Min.Y; y < win.Max.Y; y++ {
				for x := win.Min.X; x < win.Max.X; x++ {
					p := grid.Pt(x, y)
					if d := dist(p); d != grid.Unreachable {
						h := grid.OctileCost(p, goal)
						if h < bestH || h == bestH && d < bestG {
							bestH, bestG = h, d
						}
					}
				}
			}
			if grid.OctileCost(end, goal) != bestH || res.Cost != bestG {
				t.Fatalf("map %d: nearest end %v (h %d, g %d), oracle best h %d g %d", iter, end, grid.OctileCost(end, goal), res.Cost, bestH, bestG)
			}
			partial++
		}

		// Nearest of many targets, and all of them.
		targets := make([]grid.Point, 1+r.IntN(5))
		for i := range targets {
			targets[i] = grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			if i > 0 && r.IntN(4) == 0 { // a duplicate: the first index wins
				targets[i] = targets[r.IntN(i)]
			}
		}
		best, bestI := grid.Unreachable, -1
		for i, p := range targets {
			if p.In(win) && g.Passable(p) && dist(p) < best {
				best, bestI = dist(p), i
			}
		}
		opt = grid.Options{Window: win}
		res, err := s.FindNearest(start, targets, opt, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if bestI < 0 {
			if res.Status != grid.NoPath || res.Target != -1 {
				t.Fatalf("map %d: FindNearest want no path, got %v target %d", iter, res.Status, res.Target)
			}
		} else {
			if res.Status != grid.Found || res.Cost != best || dist(targets[res.Target]) != best {
				t.Fatalf("map %d: FindNearest got %v target %d cost %d, oracle %d (target %d)", iter, res.Status, res.Target, res.Cost, best, bestI)
			}
			checkPath(t, g, res.Path, start, targets[res.Target], best, win)
			if i := slices.Index(targets, targets[res.Target]); i != res.Target {
				t.Fatalf("map %d: FindNearest reached target %d at %v, first listed as %d", iter, res.Target, targets[i], i)
			}
		}
		costs := make([]grid.Cost, len(targets))
		if _, err := s.FindAll(start, targets, opt, costs); err != nil {
			t.Fatal(err)
		}
		for i, p := range targets {
			want := grid.Unreachable
			if p.In(win) && g.Passable(p) {
				want = dist(p)
			}
			if costs[i] != want {
				t.Fatalf("map %d: FindAll target %d %v cost %d, oracle %d", iter, i, p, costs[i], want)
			}
			if want != grid.Unreachable {
				p2, ok := s.PathTo(p, buf)
				if !ok {
					t.Fatalf("map %d: PathTo %v after FindAll failed", iter, p)
				}
				checkPath(t, g, p2, start, p, want, win)
				buf = p2
			}
		}
	}
	if found < n/2 || unreachable < n/20 || partial != unreachable {
		t.Errorf("too few cases: %d found, %d unreachable, %d partial", found, unreachable, partial)
	}
	if beaten == 0 {
		t.Error("no window ever hid the optimum: Outside untested")
	}
	t.Logf("%d reachable goals, %d unreachable; %d paths proved optimal on the whole grid, %d windows hid the optimum", found, unreachable, proved, beaten)
}

// TestMaxExpansions checks the work bound: the search stops after exactly
// that many expansions and, with Nearest, returns a valid partial path.
func TestMaxExpansions(t *testing.T) {
	g, _ := grid.New(64, 64, grid.Octile)
	g.Fill(grid.R(10, 0, 11, 60), false)
	s := grid.NewSearcher(g)
	res, err := s.FindPath(grid.Pt(0, 0), grid.Pt(63, 0), grid.Options{MaxExpansions: 50, Nearest: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grid.Exhausted || res.Expanded != 50 {
		t.Fatalf("got %v after %d expansions", res.Status, res.Expanded)
	}
	end := res.Path[len(res.Path)-1]
	checkPath(t, g, res.Path, grid.Pt(0, 0), end, res.Cost, g.Bounds())
	res, _ = s.FindPath(grid.Pt(0, 0), grid.Pt(63, 0), grid.Options{MaxExpansions: 50}, nil)
	if res.Status != grid.Exhausted || len(res.Path) != 0 {
		t.Fatalf("without Nearest: %v %v", res.Status, res.Path)
	}
	res, _ = s.FindPath(grid.Pt(0, 0), grid.Pt(63, 0), grid.Options{}, nil)
	if res.Status != grid.Found || grid.Length(res.Path) < 63 {
		t.Fatalf("unbounded: %v", res.Status)
	}
}

// TestAvoidAgainstGonum: with cells to avoid, A* returns the least-cost
// path among the paths that avoid them.
func TestAvoidAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	s := grid.NewSearcher(nil)
	var buf []grid.Point
	found := 0
	for iter := range 1500 {
		g := randomGrid(r)
		s.SetGrid(g)
		avoided := make([]bool, g.Width()*g.Height())
		for i := range avoided {
			avoided[i] = r.IntN(6) == 0
		}
		start, goal, ok := randomPair(r, g)
		if !ok {
			continue
		}
		avoided[g.Index(goal)] = false // the goal is never avoided anyway
		o := oracle.Graph{G: g, Avoid: func(p grid.Point) bool { return avoided[g.Index(p)] }}
		want := grid.Unreachable
		if start == goal {
			want = 0
		} else if d := path.DijkstraFrom(simple.Node(o.ID(start)), o).WeightTo(o.ID(goal)); !math.IsInf(d, 1) {
			want = grid.Cost(d)
		}
		res, err := s.FindPath(start, goal, grid.Options{Avoid: func(i int) bool { return avoided[i] }}, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if want == grid.Unreachable {
			if res.Status != grid.NoPath {
				t.Fatalf("map %d: found a path through avoided cells", iter)
			}
			continue
		}
		if res.Status != grid.Found || res.Cost != want {
			t.Fatalf("map %d %v→%v: %v cost %d, oracle %d\n%s", iter, start, goal, res.Status, res.Cost, want, g.Draw(res.Path))
		}
		for _, p := range res.Path[1:] {
			if avoided[g.Index(p)] {
				t.Fatalf("map %d: path enters avoided cell %v", iter, p)
			}
		}
		found++
	}
	if found < 500 {
		t.Errorf("only %d paths", found)
	}
}

// TestStepLine: when StepLineCost accepts a line, AppendStepLine's
// cells form a legal path of that cost with max(|dx|,|dy|) steps
// (|dx|+|dy| under Cardinal), a cost equal to LeastCost is the optimum,
// and a rejected line really has an illegal step.
func TestStepLine(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	s := grid.NewSearcher(nil)
	accepted := 0
	for range 3000 {
		g := randomGrid(r)
		s.SetGrid(g)
		a, z, ok := randomPair(r, g)
		if !ok {
			continue
		}
		c, ok := g.StepLineCost(a, z, grid.Unreachable)
		if !ok {
			if _, err := g.PathCost(g.AppendStepLine([]grid.Point{a}, a, z)); err == nil {
				t.Fatalf("legal line %v→%v rejected", a, z)
			}
			continue
		}
		accepted++
		line := g.AppendStepLine([]grid.Point{a}, a, z)
		d := z.Sub(a)
		steps := max(d.X, -d.X, d.Y, -d.Y)
		if g.Movement() == grid.Cardinal {
			steps = max(d.X, -d.X) + max(d.Y, -d.Y)
		}
		if line[len(line)-1] != z || len(line)-1 != steps {
			t.Fatalf("line %v→%v: %v", a, z, line)
		}
		pc, err := g.PathCost(line)
		if err != nil || pc != c {
			t.Fatalf("line %v→%v costs %d (%v), StepLineCost %d", a, z, pc, err, c)
		}
		if c == g.LeastCost(a, z) {
			res, _ := s.FindPath(a, z, grid.Options{}, nil)
			if res.Cost != c {
				t.Fatalf("line at the bound costs %d, optimum %d", c, res.Cost)
			}
		}
		if _, ok := g.StepLineCost(a, z, c); ok && c > 0 {
			t.Fatal("limit not enforced")
		}
	}
	if accepted < 500 {
		t.Errorf("only %d lines accepted", accepted)
	}
}

// TestVisit: Options.Visit sees every expanded cell once, start first,
// as many as Result.Expanded.
func TestVisit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := grid.NewSearcher(nil)
	for range 300 {
		g := randomGrid(r)
		s.SetGrid(g)
		a, z, ok := randomPair(r, g)
		if !ok {
			continue
		}
		var seen []grid.Point
		res, _ := s.FindPath(a, z, grid.Options{Visit: func(p grid.Point) { seen = append(seen, p) }}, nil)
		if len(seen) != res.Expanded || seen[0] != a {
			t.Fatalf("%v→%v: %d visits, %d expanded, first %v", a, z, len(seen), res.Expanded, seen[0])
		}
		set := map[grid.Point]bool{}
		for _, p := range seen {
			if set[p] || !g.Passable(p) {
				t.Fatalf("cell %v visited twice or blocked", p)
			}
			set[p] = true
		}
	}
}

// TestPenaltyAgainstGonum: searches under a penalty (flat values and
// values asked of Func) find the least terrain-plus-penalty cost that
// gonum's Dijkstra finds on the oracle graph with the penalty added to
// each step, in every kind of search; StepLineCostWith and PathCostWith
// agree with the sum of the steps.
func TestPenaltyAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	s := grid.NewSearcher(nil)
	var buf []grid.Point
	found, asked := 0, 0
	for iter := range 1500 {
		g := randomGrid(r)
		s.SetGrid(g)
		n := g.Width() * g.Height()
		cells := make([]int32, n)
		dyn := make([]grid.Cost, n)
		for i := range cells {
			switch r.IntN(5) {
			case 0:
				cells[i] = int32(r.IntN(3 * int(grid.Straight)))
			case 1:
				cells[i] = -1
				dyn[i] = grid.Cost(r.IntN(2*int(grid.Straight))) - grid.Straight/2 // negative counts as 0
			}
		}
		pen := &grid.Penalty{Cells: cells, Func: func(i int) grid.Cost { asked++; return dyn[i] }}
		o := oracle.Graph{G: g, Penalty: func(p grid.Point) grid.Cost { return pen.At(g.Index(p)) }}
		start, goal, ok := randomPair(r, g)
		if !ok {
			continue
		}
		want := grid.Unreachable
		if start == goal {
			want = 0
		} else if d := path.DijkstraFrom(simple.Node(o.ID(start)), o).WeightTo(o.ID(goal)); !math.IsInf(d, 1) {
			want = grid.Cost(d)
		}
		for _, dijkstra := range []bool{false, true} {
			res, err := s.FindPath(start, goal, grid.Options{Penalty: pen, Dijkstra: dijkstra}, buf)
			if err != nil {
				t.Fatal(err)
			}
			buf = res.Path
			if want == grid.Unreachable {
				if res.Status != grid.NoPath {
					t.Fatalf("map %d: found a path the oracle did not", iter)
				}
				continue
			}
			if res.Status != grid.Found || res.Cost != want {
				t.Fatalf("map %d %v→%v: %v cost %d, oracle %d\n%s", iter, start, goal, res.Status, res.Cost, want, g.Draw(res.Path))
			}
			if c, err := g.PathCostWith(res.Path, pen); err != nil || c != want {
				t.Fatalf("map %d: PathCostWith %d, %v; want %d", iter, c, err, want)
			}
		}
		if want != grid.Unreachable {
			costs := []grid.Cost{0}
			if _, err := s.FindAll(start, []grid.Point{goal}, grid.Options{Penalty: pen}, costs); err != nil || costs[0] != want {
				t.Fatalf("map %d: FindAll %d, %v; want %d", iter, costs[0], err, want)
			}
			found++
		}
		if lc, ok := g.StepLineCostWith(start, goal, grid.Unreachable, pen); ok {
			line := g.AppendStepLine([]grid.Point{start}, start, goal)
			if c, err := g.PathCostWith(line, pen); err != nil || c != lc {
				t.Fatalf("map %d: step line costs %d, %v; StepLineCostWith said %d", iter, c, err, lc)
			}
			if lc < want {
				t.Fatalf("map %d: step line %d beats the optimum %d", iter, lc, want)
			}
		}
	}
	if found < 500 || asked == 0 {
		t.Errorf("only %d paths, Func asked %d times", found, asked)
	}
	g, _ := grid.New(4, 4, grid.Octile)
	s.SetGrid(g)
	if _, err := s.FindPath(grid.Pt(0, 0), grid.Pt(3, 3), grid.Options{Penalty: &grid.Penalty{}}, nil); !errors.Is(err, grid.ErrPenalty) {
		t.Errorf("a penalty of the wrong size: %v", err)
	}
}
