package grid_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// pauseRun is what one search did: its Result (FindAll: Expanded only),
// FindAll's costs, the paths PathTo gives to the targets afterwards, and
// the cells it expanded, in order (Options.Visit).
type pauseRun struct {
	res     grid.Result
	costs   []grid.Cost
	pathsTo [][]grid.Point
	visits  []grid.Point
}

// pauseQuery is one random search: a kind (0 FindPath, 1 FindNearest,
// 2 FindAll), its endpoints and options.
type pauseQuery struct {
	kind    int
	start   grid.Point
	goal    grid.Point
	targets []grid.Point
	opt     grid.Options
}

func (q pauseQuery) String() string {
	kinds := []string{"FindPath", "FindNearest", "FindAll"}
	return fmt.Sprintf("%s %v→%v targets %v window %v dijkstra %v nearest %v avoid %v penalty %v",
		kinds[q.kind], q.start, q.goal, q.targets, q.opt.Window, q.opt.Dijkstra, q.opt.Nearest, q.opt.Avoid != nil, q.opt.Penalty != nil)
}

// isEnd reports whether a search ends at p: q's goal, or one of its
// targets.
func (q pauseQuery) isEnd(p grid.Point) bool {
	return q.kind == 0 && p == q.goal || q.kind > 0 && slices.Contains(q.targets, p)
}

// run runs q on s with the given bound and pause hook and records it.
func (q pauseQuery) run(t *testing.T, s *grid.Searcher, maxExp int, pause func(int) int) pauseRun {
	t.Helper()
	var out pauseRun
	opt := q.opt
	opt.MaxExpansions, opt.Pause = maxExp, pause
	opt.Visit = func(p grid.Point) { out.visits = append(out.visits, p) }
	var err error
	switch q.kind {
	case 0:
		out.res, err = s.FindPath(q.start, q.goal, opt, nil)
	case 1:
		out.res, err = s.FindNearest(q.start, q.targets, opt, nil)
	case 2:
		out.costs = make([]grid.Cost, len(q.targets))
		out.res.Expanded, err = s.FindAll(q.start, q.targets, opt, out.costs)
		for _, p := range q.targets {
			path, ok := s.PathTo(p, nil)
			if !ok {
				path = nil
			}
			out.pathsTo = append(out.pathsTo, path)
		}
	}
	if err != nil {
		t.Fatalf("%v: %v", q, err)
	}
	return out
}

// same fails unless two runs of a query did the same: the same Result
// (status, path, cost, expansions, Outside, target), the same FindAll
// costs and PathTo paths, and the same cells expanded in the same order.
func (a pauseRun) same(t *testing.T, what string, b pauseRun) {
	t.Helper()
	ra, rb := a.res, b.res
	if ra.Status != rb.Status || !slices.Equal(ra.Path, rb.Path) || ra.Cost != rb.Cost ||
		ra.Expanded != rb.Expanded || ra.Outside != rb.Outside || ra.Target != rb.Target {
		t.Fatalf("%s:\n got %v cost %d expanded %d outside %d target %d %v\nwant %v cost %d expanded %d outside %d target %d %v",
			what, ra.Status, ra.Cost, ra.Expanded, ra.Outside, ra.Target, ra.Path,
			rb.Status, rb.Cost, rb.Expanded, rb.Outside, rb.Target, rb.Path)
	}
	if !slices.Equal(a.costs, b.costs) {
		t.Fatalf("%s: FindAll costs %v, want %v", what, a.costs, b.costs)
	}
	for i := range a.pathsTo {
		if !slices.Equal(a.pathsTo[i], b.pathsTo[i]) {
			t.Fatalf("%s: PathTo target %d: %v, want %v", what, i, a.pathsTo[i], b.pathsTo[i])
		}
	}
	if !slices.Equal(a.visits, b.visits) {
		t.Fatalf("%s: expanded cells differ (%d and %d cells)", what, len(a.visits), len(b.visits))
	}
}

// randomPauseQuery draws a search on g: a window (a third of the time), a
// start and goal in it, targets anywhere on the grid, Dijkstra, Nearest,
// cells to avoid, a penalty layer.
func randomPauseQuery(r *rand.Rand, g *grid.Grid) (pauseQuery, bool) {
	var q pauseQuery
	win := g.Bounds()
	if r.IntN(3) == 0 {
		x0, y0 := r.IntN(g.Width()), r.IntN(g.Height())
		win = grid.R(x0, y0, x0+1+r.IntN(g.Width()-x0), y0+1+r.IntN(g.Height()-y0))
		q.opt.Window = win
	}
	var ok1, ok2 bool
	q.start, ok1 = randomOpen(r, g, win)
	q.goal, ok2 = randomOpen(r, g, win)
	if !ok1 || !ok2 {
		return q, false
	}
	q.kind = r.IntN(3)
	if q.kind > 0 {
		q.targets = make([]grid.Point, 1+r.IntN(5))
		for i := range q.targets {
			q.targets[i] = grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
		}
	}
	q.opt.Dijkstra, q.opt.Nearest = r.IntN(2) == 0, r.IntN(2) == 0
	n := g.Width() * g.Height()
	if r.IntN(3) == 0 {
		avoided := make([]bool, n)
		for i := range avoided {
			avoided[i] = r.IntN(6) == 0
		}
		q.opt.Avoid = func(i int) bool { return avoided[i] }
	}
	if r.IntN(3) == 0 {
		cells := make([]int32, n)
		dyn := make([]grid.Cost, n)
		for i := range cells {
			switch r.IntN(4) {
			case 0:
				cells[i] = int32(r.IntN(3 * int(grid.Straight)))
			case 1:
				cells[i], dyn[i] = -1, grid.Cost(r.IntN(2*int(grid.Straight)))
			}
		}
		q.opt.Penalty = &grid.Penalty{Cells: cells, Func: func(i int) grid.Cost { return dyn[i] }}
	}
	return q, true
}

// checkOracle compares a search run to completion with a plain Dijkstra
// on an independent graph view (internal/oracle) under the same window,
// avoided cells (never the goal or a target) and penalty: a Found path
// costs the least cost, NoPath means the oracle reaches no goal, and
// FindAll's costs are the oracle's.
func checkOracle(t *testing.T, g *grid.Grid, q pauseQuery, run pauseRun) {
	t.Helper()
	win := g.Bounds()
	if q.opt.Window != (grid.Rect{}) {
		win = q.opt.Window
	}
	isEnd := q.isEnd
	o := oracle.Graph{G: g, Win: win}
	if avoid := q.opt.Avoid; avoid != nil {
		o.Avoid = func(p grid.Point) bool { return avoid(g.Index(p)) && !isEnd(p) }
	}
	if pen := q.opt.Penalty; pen != nil {
		o.Penalty = func(p grid.Point) grid.Cost { return pen.At(g.Index(p)) }
	}
	dist, _ := o.ShortestFrom(q.start)
	at := func(p grid.Point) grid.Cost {
		if !p.In(win) || !g.Passable(p) {
			return grid.Unreachable
		}
		return dist[g.Index(p)]
	}
	switch q.kind {
	case 0:
		want := at(q.goal)
		switch {
		case want == grid.Unreachable && (run.res.Status == grid.Found || run.res.Status == grid.NoPath && q.opt.Nearest):
			t.Fatalf("%v: %v, the oracle reaches no goal", q, run.res.Status)
		case want != grid.Unreachable && (run.res.Status != grid.Found || run.res.Cost != want):
			t.Fatalf("%v: %v cost %d, oracle %d", q, run.res.Status, run.res.Cost, want)
		}
	case 1:
		want := grid.Unreachable
		for _, p := range q.targets {
			want = min(want, at(p))
		}
		if (want == grid.Unreachable) != (run.res.Status == grid.NoPath) || want != grid.Unreachable && run.res.Cost != want {
			t.Fatalf("%v: %v cost %d, oracle %d", q, run.res.Status, run.res.Cost, want)
		}
	case 2:
		for i, p := range q.targets {
			if run.costs[i] != at(p) {
				t.Fatalf("%v: target %d cost %d, oracle %d", q, i, run.costs[i], at(p))
			}
		}
	}
}

// TestPauseGoesOnWhereItStood: on random maps, windows and searches of
// every kind (FindPath with and without Nearest and Dijkstra,
// FindNearest, FindAll with targets; with avoided cells and a penalty
// layer), a search whose Pause hook extends its bound by 1..k cells at a
// time does exactly what the same search without a bound does: the same
// Result, FindAll costs, PathTo paths and the same cells expanded in the
// same order; its cost is the oracle's least cost (plain Dijkstra,
// internal/oracle). Pause is called exactly at the bound: the expansions
// it sees are the bound it gave before (the first: MaxExpansions), none
// past the final count, and a search that spends its last bound exactly
// ends on that cell (its goal or a target). A hook that returns a bound
// at or below the count it is given stops the search there, Exhausted
// (FindAll has no status), with the Result of a search whose
// MaxExpansions is that count and which has no hook.
func TestPauseGoesOnWhereItStood(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 800
	}
	r := rand.New(rand.NewPCG(171, 172))
	plain, paused := grid.NewSearcher(nil), grid.NewSearcher(nil)
	var pauses, resumed, stopped, exactEnd int
	for iter := range n {
		g := randomGrid(r)
		plain.SetGrid(g)
		paused.SetGrid(g)
		q, ok := randomPauseQuery(r, g)
		if !ok {
			continue
		}
		what := fmt.Sprintf("map %d %v", iter, q)
		want := q.run(t, plain, 0, nil)
		checkOracle(t, g, q, want)

		// Resumed at every pause: the unbounded search.
		k := []int{1, 2, 5, 40}[r.IntN(4)]
		first := 1 + r.IntN(k)
		bound := first
		var seen, bounds []int
		got := q.run(t, paused, first, func(expanded int) int {
			seen, bounds = append(seen, expanded), append(bounds, bound)
			bound = expanded + 1 + r.IntN(k)
			return bound
		})
		got.same(t, what+" paused", want)
		for i := range seen {
			if seen[i] != bounds[i] || seen[i] > got.res.Expanded {
				t.Fatalf("%s: pause %d saw %d expanded, bound %d, search expanded %d in all", what, i, seen[i], bounds[i], got.res.Expanded)
			}
		}
		// Spending the last bound exactly, the search must have ended on
		// that cell: its goal or a target (FindAll: the last one).
		if got.res.Expanded > bound || got.res.Expanded == bound && (!q.isEnd(got.visits[len(got.visits)-1]) || q.kind < 2 && got.res.Status != grid.Found) {
			t.Fatalf("%s: %v after %d expansions, last bound %d: a pause was missed", what, got.res.Status, got.res.Expanded, bound)
		}
		if got.res.Expanded == bound {
			exactEnd++
		}
		pauses += len(seen)
		if len(seen) > 0 {
			resumed++
		}

		// A hook given without a bound is never called.
		calls := 0
		q.run(t, paused, 0, func(e int) int { calls++; return e + 1 }).same(t, what+" hook without a bound", want)
		if calls != 0 {
			t.Fatalf("%s: Pause called %d times with no bound", what, calls)
		}

		// Stopped by the hook at a random pause.
		if want.res.Expanded < 2 {
			continue
		}
		stopAt := 1 + r.IntN(want.res.Expanded-1) // a count where the search still runs
		bound = 1 + r.IntN(min(k, stopAt))
		seen = seen[:0]
		got = q.run(t, paused, bound, func(expanded int) int {
			seen = append(seen, expanded)
			if expanded != bound {
				t.Fatalf("%s: pause at %d, bound %d", what, expanded, bound)
			}
			if expanded >= stopAt {
				return expanded - r.IntN(3)*r.IntN(expanded+2) // itself, less, 0 or -1
			}
			bound = min(expanded+1+r.IntN(k), stopAt)
			return bound
		})
		if q.kind < 2 && got.res.Status != grid.Exhausted || got.res.Expanded != bound || len(seen) == 0 || seen[len(seen)-1] != bound {
			t.Fatalf("%s: stopped at %d (bound %d, %d pauses): %v after %d", what, stopAt, bound, len(seen), got.res.Status, got.res.Expanded)
		}
		got.same(t, what+" stopped", q.run(t, plain, got.res.Expanded, nil))
		stopped++
	}
	t.Logf("%d searches resumed (%d pauses, %d ending on their last bound exactly), %d stopped by the hook", resumed, pauses, exactEnd, stopped)
	if resumed < n/2 || stopped < n/3 || exactEnd == 0 {
		t.Fatalf("too few searches resumed (%d), stopped (%d) or ending on their bound (%d) of %d", resumed, stopped, exactEnd, n)
	}
}
