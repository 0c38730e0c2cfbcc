package grid

import (
	"fmt"
	"math/bits"
)

// Options tune one search. The zero value searches the whole grid with A*
// and no limit.
type Options struct {
	// Window bounds the search to a rectangle of the grid (clipped to it);
	// the zero Rect means the whole grid. Start and goal must lie inside.
	// Scratch memory is sized by the window's area, not the map's.
	Window Rect
	// Dijkstra turns the heuristic off (plain uniform-cost search).
	Dijkstra bool
	// Nearest asks, when the goal cannot be reached (or MaxExpansions runs
	// out), for the path to the reached cell closest to the goal: least
	// octile distance, then least cost (ties: the first one expanded).
	Nearest bool
	// MaxExpansions stops the search after that many expanded cells
	// (0 = no limit): an upper bound on the work of one call.
	MaxExpansions int
	// Pause, if not nil, is called when the search has expanded
	// MaxExpansions cells (with MaxExpansions > 0), before it expands
	// that cell's neighbours; it returns the new bound. A bound above
	// expanded goes on exactly where the search stood, as if the bound
	// had been that from the start; any other stops it (Exhausted). A
	// caller that spreads one search over game ticks suspends in Pause
	// (a coroutine) and returns the next tick's allowance.
	Pause func(expanded int) int
	// Avoid, if not nil, names cells (by Grid.Index) the search must not
	// enter: the result is the least-cost path among those that avoid
	// them. The goal and targets are never avoided. Preprocessing uses it
	// to keep searches out of dead ends that hold neither endpoint.
	Avoid func(cell int) bool
	// Visit, if not nil, is called with each cell as the search expands
	// it, in order (for drawing what a search touched; it costs a call
	// per expansion).
	Visit func(p Point)
	// Penalty, if not nil, adds its cost for every cell entered: the
	// search finds the path of least terrain-plus-penalty cost, and
	// Result.Cost includes the penalty. It must cover the whole grid.
	Penalty *Penalty
	// Size, above 1, plans for a unit Size×Size cells (at most
	// MaxClearance): the path lists the cells of its top-left corner;
	// the unit fits (Fits) at every one, and each step is one UnitMoves
	// allows. A step costs what the corner cells' step costs, with the
	// penalty of the corner cell entered. Start, goal and targets must
	// fit (else ErrBlocked; targets that do not fit are skipped); the
	// window bounds the corner. 0 or 1: one cell.
	Size int
	// Class, above 0, plans for a unit of the grid's movement class
	// Class-1 (see Grid.SetClasses): it enters only the terrain types the
	// class may, and cells weigh what the class says. 0: no class.
	Class int
}

// Status says how a search ended.
type Status uint8

const (
	// NoPath: no path exists (within the window).
	NoPath Status = iota
	// Found: Path reaches the goal (or a target) at least cost.
	Found
	// Partial: the goal is unreachable; with Options.Nearest, Path leads
	// to the reachable cell closest to it.
	Partial
	// Exhausted: MaxExpansions ran out first; with Options.Nearest, Path
	// leads to the expanded cell closest to the goal.
	Exhausted
)

func (s Status) String() string {
	switch s {
	case NoPath:
		return "no path"
	case Found:
		return "found"
	case Partial:
		return "partial"
	case Exhausted:
		return "exhausted"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Result is what a search returns. Path is the caller's buffer, reused.
type Result struct {
	Status   Status
	Path     []Point // cells from start to end, unit steps; empty if none
	Cost     Cost    // cost of Path
	Expanded int     // cells expanded (closed) by the search
	Target   int     // FindNearest: index of the target reached, else -1
	// Outside bounds from below the cost of any path to the goal that
	// leaves the search's window (Unreachable when none can, or the
	// search had no window). A windowed FindPath whose Cost is at most
	// Outside has found a least-cost path of the whole grid, not only of
	// the window. Set by FindPath.
	Outside Cost
}

// Searcher runs exact searches on one grid. It owns its scratch memory,
// sized by the largest window searched so far; after that a query
// allocates nothing, and starting a query costs O(1) (generation stamps).
// A Searcher is not safe for concurrent use: give each goroutine its own.
type Searcher struct {
	g *Grid
	// Per-cell scratch, one entry per cell of the window, as parallel
	// arrays so that the hot "is it closed?" test touches 4 bytes a cell
	// (12 bytes and a bit a cell in all).
	// state packs gen<<4 | closed<<3 | from: a cell whose gen is not the
	// query's is unseen; from is the step that reached it.
	state []uint32
	cost  []Cost // best g found
	open  openList
	gen   uint32 // the query's stamp, gen<<4
	// The targets of the last FindNearest or FindAll: a bit per cell of
	// the window, set at each target's local index, and those indices
	// with the target's first index in the caller's list (the bits are
	// cleared by that list, so a search costs O(targets) to mark, not
	// O(window)). Bit operations of our own rather than the
	// kelindar/bitmap the grid's open cells use: its Contains, inlined
	// into run, cost the search loop 3.4% more instructions (callgrind,
	// generated 2048² map, four tiers).
	tbits  []uint64
	marked []mark

	win      Rect
	ww       int
	full     bool
	loff     [8]int
	goff     [8]int
	end      int // local index where the last search stopped, or -1
	ntargets int // distinct targets marked for this query
	startL   int
}

// NewSearcher returns a searcher for g. Scratch is allocated on first use.
// g may be nil until SetGrid gives one; a search without a grid returns
// ErrNilGrid.
func NewSearcher(g *Grid) *Searcher {
	return &Searcher{g: g, gen: 0, end: -1}
}

// Grid returns the grid the searcher works on.
func (s *Searcher) Grid() *Grid { return s.g }

// SetGrid points the searcher at another grid, keeping its scratch.
func (s *Searcher) SetGrid(g *Grid) { s.g, s.end, s.win = g, -1, Rect{} }

var errNoGrid = fmt.Errorf("%w: the searcher has none (NewSearcher(nil) without SetGrid)", ErrNilGrid)

var (
	maskW = uint8(1<<West | 1<<SouthWest | 1<<NorthWest)
	maskE = uint8(1<<East | 1<<NorthEast | 1<<SouthEast)
	maskN = uint8(1<<North | 1<<NorthEast | 1<<NorthWest)
	maskS = uint8(1<<South | 1<<SouthEast | 1<<SouthWest)
)

// begin validates the window and endpoints and readies the scratch for a
// new query.
func (s *Searcher) begin(opt *Options, start Point) error {
	g := s.g
	if err := g.checkFit(start, "start", Unit{opt.Size, opt.Class}); err != nil {
		return err
	}
	win := g.Bounds()
	if opt.Window != (Rect{}) {
		win = opt.Window.Intersect(win)
		if win.Empty() {
			return fmt.Errorf("%w: %v does not overlap the %d×%d grid", ErrWindow, opt.Window, g.w, g.h)
		}
	}
	if !start.In(win) {
		return fmt.Errorf("%w: start %v outside %v", ErrWindow, start, win)
	}
	if opt.Penalty != nil {
		if err := opt.Penalty.check(g); err != nil {
			return err
		}
	}
	s.win, s.ww = win, win.Dx()
	s.full = win == g.Bounds()
	for d := range 8 {
		dd := dirDelta[d]
		s.loff[d] = dd.Y*s.ww + dd.X
		s.goff[d] = dd.Y*g.w + dd.X
	}
	if n := win.Area(); n > len(s.state) {
		s.state = make([]uint32, n)
		s.cost = make([]Cost, n)
		s.tbits = make([]uint64, (n+63)/64)
		s.marked = s.marked[:0]
		s.gen = 0
	}
	if s.gen >= 1<<32-16 { // wrap: forget every stamp
		clear(s.state)
		s.gen = 0
	}
	s.gen += 16
	s.open.Reset()
	s.end = -1
	s.startL = s.local(start)
	return nil
}

func (g *Grid) check(p Point, what string) error {
	if !g.Contains(p) {
		return fmt.Errorf("%w: %s %v on a %d×%d grid", ErrOutOfBounds, what, p, g.w, g.h)
	}
	if !g.open.Contains(uint32(p.Y*g.w + p.X)) {
		return fmt.Errorf("%w: %s %v", ErrBlocked, what, p)
	}
	return nil
}

// checkFit is check for unit u.
func (g *Grid) checkFit(p Point, what string, u Unit) error {
	if err := g.checkUnit(u); err != nil {
		return err
	}
	if err := g.check(p, what); err != nil || u.Size <= 1 && u.Class == 0 {
		return err
	}
	if !g.Fits(p, u) {
		return fmt.Errorf("%w: %s %v: a unit %d cells across of class %d does not fit", ErrBlocked, what, p, max(u.Size, 1), u.Class)
	}
	return nil
}

func (s *Searcher) local(p Point) int {
	return (p.Y-s.win.Min.Y)*s.ww + p.X - s.win.Min.X
}

func (s *Searcher) point(li int) Point {
	y := li / s.ww
	return Point{s.win.Min.X + li - y*s.ww, s.win.Min.Y + y}
}

// FindPath searches for a least-cost path from start to goal and writes it
// into dst (reused from its start). "No path" is a Status, not an error;
// errors are for bad input: an endpoint off the grid (ErrOutOfBounds),
// blocked (ErrBlocked) or outside the window (ErrWindow), a penalty that
// does not fit (ErrPenalty), no grid (ErrNilGrid).
//
// Cost: O(E log E) for E cells expanded; with A* on open ground E is near
// the path length.
func (s *Searcher) FindPath(start, goal Point, opt Options, dst []Point) (Result, error) {
	res := Result{Path: dst[:0], Target: -1, Outside: Unreachable}
	if s.g == nil {
		return res, errNoGrid
	}
	if err := s.g.checkFit(goal, "goal", Unit{opt.Size, opt.Class}); err != nil {
		return res, err
	}
	if err := s.begin(&opt, start); err != nil {
		return res, err
	}
	if !goal.In(s.win) {
		return res, fmt.Errorf("%w: goal %v outside %v", ErrWindow, goal, s.win)
	}
	s.run(goal, s.local(goal), false, false, &opt, &res)
	return res, nil
}

// FindNearest runs Dijkstra from start to the cheapest of targets (a
// harvester looking for the closest resource) and writes the path into dst.
// Res.Target is the index of the target reached. Targets that are blocked
// or outside the window are skipped; a target off the grid is an error.
// With no reachable target the Status is NoPath. Duplicate targets are
// allowed (the first index wins).
func (s *Searcher) FindNearest(start Point, targets []Point, opt Options, dst []Point) (Result, error) {
	res := Result{Path: dst[:0], Target: -1, Outside: Unreachable}
	if err := s.markTargets(start, targets, &opt); err != nil {
		return res, err
	}
	opt.Dijkstra, opt.Nearest = true, false
	s.run(Point{}, -1, true, false, &opt, &res)
	return res, nil
}

// FindAll runs Dijkstra from start until every reachable target is settled
// and writes each target's least cost into costs[i] (Unreachable if none).
// costs must be as long as targets (else ErrLength). Afterwards PathTo returns the path to
// any of them, until the next search. It returns the number of cells
// expanded. Blocked targets and targets outside the window are Unreachable.
func (s *Searcher) FindAll(start Point, targets []Point, opt Options, costs []Cost) (int, error) {
	if len(costs) < len(targets) {
		return 0, fmt.Errorf("%w: FindAll needs %d costs, got %d", ErrLength, len(targets), len(costs))
	}
	if err := s.markTargets(start, targets, &opt); err != nil {
		return 0, err
	}
	opt.Dijkstra, opt.Nearest = true, false
	var res Result
	s.run(Point{}, -1, true, true, &opt, &res)
	closed := s.gen | 8
	for i, t := range targets {
		costs[i] = Unreachable
		if t.In(s.win) && s.g.Fits(t, Unit{opt.Size, opt.Class}) {
			if li := s.local(t); s.state[li]&^7 == closed {
				costs[i] = s.cost[li]
			}
		}
	}
	return res.Expanded, nil
}

// PathTo writes into dst the least-cost path from the last search's start
// to p, if the last search settled p (FindAll, or any cell a search
// closed); otherwise it returns dst[:0] and false.
func (s *Searcher) PathTo(p Point, dst []Point) ([]Point, bool) {
	if !p.In(s.win) {
		return dst[:0], false
	}
	li := s.local(p)
	if s.state[li]&^7 != s.gen|8 {
		return dst[:0], false
	}
	return s.trace(li, dst), true
}

func (s *Searcher) markTargets(start Point, targets []Point, opt *Options) error {
	if s.g == nil {
		return errNoGrid
	}
	for i, t := range targets {
		if !s.g.Contains(t) {
			return fmt.Errorf("%w: target %d at %v on a %d×%d grid", ErrOutOfBounds, i, t, s.g.w, s.g.h)
		}
	}
	if err := s.begin(opt, start); err != nil {
		return err
	}
	for _, m := range s.marked {
		s.tbits[m.li>>6] &^= 1 << (m.li & 63)
	}
	s.marked = s.marked[:0]
	for i, t := range targets {
		if t.In(s.win) && s.g.Fits(t, Unit{opt.Size, opt.Class}) {
			if li := s.local(t); !s.target(li) { // the first duplicate wins
				s.tbits[li>>6] |= 1 << (li & 63)
				s.marked = append(s.marked, mark{int32(li), int32(i)})
			}
		}
	}
	s.ntargets = len(s.marked)
	return nil
}

// mark is a target of the last multi-target search: its local index
// and its first index in the caller's list.
type mark struct{ li, i int32 }

// target reports whether local index li holds a target of the last
// multi-target search.
func (s *Searcher) target(li int) bool { return s.tbits[li>>6]>>(li&63)&1 != 0 }

// targetIndex returns the caller's index of the target at local index
// li. O(targets): it runs once, for the target a search ends at.
func (s *Searcher) targetIndex(li int) int {
	for _, m := range s.marked {
		if int(m.li) == li {
			return int(m.i)
		}
	}
	return -1
}

// run is the search loop shared by every query. goalL is the goal's local
// index (single-goal searches) or -1 when the targets marked in tbits end
// the search: at the first one reached, or when all (count) are settled.
func (s *Searcher) run(goal Point, goalL int, multi, all bool, opt *Options, res *Result) {
	g := s.g
	gw := g.w
	moves, wt := g.moves, g.wt
	state, gcost := s.state, s.cost
	loff, goff := s.loff, s.goff
	gen, closed := s.gen, s.gen|8
	minX, minY := s.win.Min.X, s.win.Min.Y
	ww := s.ww
	maxX, maxY := s.win.Max.X-1, s.win.Max.Y-1
	useH := !opt.Dijkstra
	full := s.full
	size := uint8(max(opt.Size, 1))
	var uclear []uint8 // the unit's clearance (nil: one cell of no class)
	if size > 1 || opt.Class > 0 {
		uclear = g.clearFor(opt.Class)
	}
	var wf func(int) uint8 // the class's weights (nil: the grid's)
	if cl := opt.Class; g.classWeighs(cl) {
		wf = func(i int) uint8 { return g.classWeight(cl, i) }
	}
	avoid := opt.Avoid
	var pen []int32
	var penFunc func(int) Cost
	if opt.Penalty != nil {
		pen, penFunc = opt.Penalty.Cells, opt.Penalty.Func
	}
	hs := Cost(g.classMinWeight(opt.Class)) // heuristic scale: the cheapest step is hs × plain
	// On a grid of one weight every step of a direction costs the same.
	uniform := g.Uniform() && wf == nil
	var step [8]Cost
	for d := range step {
		step[d] = StepCost(Dir(d), g.minW, g.minW)
	}
	gx, gy := goal.X, goal.Y
	remaining := s.ntargets
	if all && remaining == 0 {
		res.Status = NoPath
		return
	}

	h := func(x, y int) Cost {
		dx, dy := x-gx, y-gy
		if dx < 0 {
			dx = -dx
		}
		if dy < 0 {
			dy = -dy
		}
		lo, hi := min(dx, dy), max(dx, dy)
		return hs * (Straight*Cost(hi) + (Diagonal-Straight)*Cost(lo))
	}

	start := s.point(s.startL)
	gcost[s.startL], state[s.startL] = 0, gen
	var h0 Cost
	if useH {
		h0 = h(start.X, start.Y)
	}
	s.open.Push(uint64(h0), node{uint32(start.X-minX) | uint32(start.Y-minY)<<16})

	bestL, bestH, bestG := -1, Unreachable, Unreachable
	expanded := 0
	status := NoPath
	for s.open.Len() > 0 {
		top := s.open.Pop()
		e := top.Val
		li := int(e.xy&0xffff) + int(e.xy>>16)*ww
		sl := state[li]
		if sl&^7 == closed {
			continue // stale entry: the node was reached more cheaply
		}
		state[li] = sl | 8
		gcur := gcost[li]
		expanded++
		if opt.Visit != nil {
			opt.Visit(Point{int(e.xy&0xffff) + minX, int(e.xy>>16) + minY})
		}
		if li == goalL {
			status = Found
			s.end = li
			break
		}
		if multi && s.target(li) {
			if !all {
				status = Found
				s.end = li
				res.Target = s.targetIndex(li)
				break
			}
			if remaining--; remaining == 0 {
				status = Found
				break
			}
		}
		x, y := int(e.xy&0xffff)+minX, int(e.xy>>16)+minY
		if opt.Nearest {
			hh := Cost(top.Key) - gcur
			if !useH {
				hh = h(x, y)
			}
			if hh < bestH || hh == bestH && gcur < bestG {
				bestL, bestH, bestG = li, hh, gcur
			}
		}
		if opt.MaxExpansions > 0 && expanded >= opt.MaxExpansions {
			if opt.Pause == nil {
				status = Exhausted
				break
			}
			if opt.MaxExpansions = opt.Pause(expanded); expanded >= opt.MaxExpansions {
				status = Exhausted
				break
			}
		}
		gi := y*gw + x
		m := moves[gi]
		if uclear != nil {
			m = g.unitMoves(uclear, gi, m, size)
		}
		if !full {
			in := m
			if x == minX {
				in &^= maskW
			}
			if x == maxX {
				in &^= maskE
			}
			if y == minY {
				in &^= maskN
			}
			if y == maxY {
				in &^= maskS
			}
			// Steps out of the window: the cheapest path through one
			// costs at least g + step + h beyond it (h is consistent,
			// so cells never expanded bound nothing lower than the
			// search's own result).
			for out := m &^ in; out != 0; out &= out - 1 {
				d := Dir(bits.TrailingZeros8(out))
				dd := dirDelta[d]
				lb := gcur + step[d]
				switch {
				case wf != nil:
					lb = gcur + StepCost(d, wf(gi), wf(gi+dd.Y*gw+dd.X))
				case !uniform:
					lb = gcur + StepCost(d, wt[gi], wt[gi+dd.Y*gw+dd.X])
				}
				if useH {
					lb += h(x+dd.X, y+dd.Y)
				}
				res.Outside = min(res.Outside, lb)
			}
			m = in
		}
		var wa Cost
		switch {
		case wf != nil:
			wa = Cost(wf(gi))
		case !uniform:
			wa = Cost(wt[gi])
		}
		for m != 0 {
			d := Dir(bits.TrailingZeros8(m))
			m &= m - 1
			ni := li + loff[d]
			st := state[ni] &^ 7
			if st == closed {
				continue
			}
			if avoid != nil && ni != goalL && avoid(gi+goff[d]) && !(multi && s.target(ni)) {
				continue
			}
			var ng Cost
			if uniform {
				ng = gcur + step[d]
			} else {
				unit := Cost(halfStraight)
				if d >= NorthEast {
					unit = halfDiagonal
				}
				var wb uint8
				if wf != nil {
					wb = wf(gi + goff[d])
				} else {
					wb = wt[gi+goff[d]] // not uniform without a class: the grid keeps weights
				}
				ng = gcur + unit*(wa+Cost(wb))
			}
			if pen != nil {
				if v := pen[gi+goff[d]]; v > 0 {
					ng += Cost(v)
				} else if v < 0 && penFunc != nil {
					ng += clampPenalty(penFunc(gi + goff[d]))
				}
			}
			if st == gen && ng >= gcost[ni] {
				continue
			}
			gcost[ni], state[ni] = ng, gen|uint32(d)
			f := ng
			dd := dirDelta[d]
			if useH {
				f += h(x+dd.X, y+dd.Y)
			}
			s.open.Push(uint64(f), node{uint32(x+dd.X-minX) | uint32(y+dd.Y-minY)<<16})
		}
	}
	res.Expanded = expanded
	if status != Found && opt.Nearest && goalL >= 0 {
		if status == NoPath {
			status = Partial
		}
		s.end = bestL
	}
	res.Status = status
	if s.end >= 0 && !all {
		res.Path = s.trace(s.end, res.Path)
		res.Cost = s.cost[s.end]
	}
}

// trace writes the path from the start to local index li into dst.
func (s *Searcher) trace(li int, dst []Point) []Point {
	dst = dst[:0]
	for {
		dst = append(dst, s.point(li))
		if li == s.startL {
			break
		}
		li -= s.loff[s.state[li]&7]
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}
