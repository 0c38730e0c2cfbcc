package hpa

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"runtime"

	"github.com/rtspath/rtspath/grid"
)

// ErrSliced is wrapped by the error of a misused Sliced: Step or Result
// before Start, StartIn with a View of another map or the zero View, a
// Sliced used after Close.
var ErrSliced = errors.New("hpa: sliced query misused")

var errResynced = fmt.Errorf("%w: the planner synced since the sliced query started; start it again", ErrStale)

// DefaultFirstSteps is the number of cells past the start a Sliced hands
// out as its first steps (Sliced.FirstSteps) unless SetFirstSteps says
// otherwise: about a second of movement for a unit that crosses a cell in
// three ticks at 20 ticks a second.
const DefaultFirstSteps = 16

// Progress says what one Step did.
type Progress struct {
	// Used is the expansions the step spent, counted as Result.Expanded
	// counts them (at most the step's budget).
	Used int
	// Done: the query has its answer (Result).
	Done bool
	// First: the first steps are known (FirstSteps), now or earlier.
	First bool
}

// Sliced is one query spread over game ticks: Start it, advance it with
// Step a budget of expansions at a time (one call per tick), read its
// answer once Step says Done. The answer is the one Query.Find gives for
// the same start, goal and options on the same version, byte for byte,
// whatever the budgets: every search the query runs suspends where its
// slice ran out and goes on from there in the next Step. A Sliced on a
// live map (Live.NewSliced, StartIn) runs on the version of the View it
// was started in; the caller keeps that View pinned until the query is
// done or cancelled, or restarts the query in a newer View.
// A Sliced on a planner (Planner.NewSliced, Start) runs on the planner as
// it stood at Start: if the grid or the bake is edited, or the planner
// synced, before it is done, its next Step ends it with an error wrapping
// ErrStale (as Find would answer on an unsynced planner), and it is
// started again once the planner is synced; it never goes on reading a
// map that changed under it.
//
// While it runs, the first steps toward the goal (FirstSteps) are known
// as soon as the coarse route is and its first cells are refined: a unit
// can start moving before the whole path is refined. They are a legal step
// path from the start along the route; the final path (smoothed as the
// options say) may leave them.
//
// Between Steps the query holds its partial answer and, when its slice
// ran out inside a search, that search's searcher; it holds no other
// search scratch: Sliceds made by one Service share their searchers, so
// thousands can be in flight. A Sliced runs on a coroutine of its own (iter.Pull): Close it
// when done with it (an unreachable Sliced is closed by the garbage
// collector). Not safe for concurrent use.
type Sliced struct{ c *slicedCore }

type event uint8

const (
	evSlice event = iota // the slice is spent
	evFirst              // the first steps are known (the caller asked to stop there)
	evDone               // the answer is ready
)

type slicedCore struct {
	p  *Planner // planner mode
	l  *Live    // live mode: one query per copy
	qs []*Query
	sc *scratch

	next  func() (event, bool)
	stop  func()
	yield func(event) bool
	pc    pacer

	// the job
	q           *Query
	start, goal grid.Point
	opt         Options
	dst         []grid.Point
	res         Result
	err         error
	view        View
	ver         uint64 // the View's version
	running     bool
	done        bool
	closed      bool
	stopFirst   bool
	firstN      int
	first       []grid.Point
	hasFirst    bool
	onFirst     func([]grid.Point)
}

// NewSliced returns a reusable sliced query on p.
func (p *Planner) NewSliced() *Sliced { return newSliced(p, nil, nil) }

// NewSliced returns a reusable sliced query on l: start it with StartIn.
func (l *Live) NewSliced() *Sliced { return newSliced(nil, l, nil) }

func newSliced(p *Planner, l *Live, sc *scratch) *Sliced {
	if sc == nil {
		sc = &scratch{}
	}
	c := &slicedCore{p: p, l: l, sc: sc, firstN: DefaultFirstSteps}
	if l != nil {
		c.qs = make([]*Query, len(l.reps))
	}
	c.pc.suspend = func() bool { return c.yield(evSlice) }
	c.pc.pause = c.pc.hook
	c.onFirst = func(path []grid.Point) {
		c.first = append(c.first[:0], path...)
		c.hasFirst = true
		if c.stopFirst && (!c.yield(evFirst) || c.pc.cancelled) {
			c.pc.cancelled = true
			panic(errCancelled)
		}
	}
	c.next, c.stop = iter.Pull(iter.Seq[event](c.loop))
	s := &Sliced{c}
	runtime.AddCleanup(s, func(c *slicedCore) { c.close() }, c)
	return s
}

// loop is the coroutine: it answers one job after another.
func (c *slicedCore) loop(yield func(event) bool) {
	c.yield = yield
	for {
		c.find()
		if c.view.r != nil {
			c.res.Version = c.ver
		}
		if !yield(evDone) {
			return
		}
	}
}

// find runs the job; a cancelled one unwinds by a panic with errCancelled
// (see pacer.wait), recovered here.
func (c *slicedCore) find() {
	defer func() {
		if r := recover(); r != nil {
			if r != errCancelled { //nolint:errorlint // the sentinel itself
				panic(r)
			}
			c.res, c.err = Result{Path: c.dst[:0]}, fmt.Errorf("%w: cancelled", ErrSliced)
			if t := c.q.tree; t != nil && t.state == treeBuilding && t.owner == c.q {
				t.state, t.owner = treeEmpty, nil // the next member builds it
			}
			// The unwinding skipped the code that hands the query's path
			// buffers back and forth (two may now share an array): the
			// next job gets a fresh query.
			for i, q := range c.qs {
				if q == c.q {
					c.qs[i] = nil
				}
			}
			c.dst = nil
		}
	}()
	c.res, c.err = c.q.Find(c.start, c.goal, c.opt, c.dst)
}

func (c *slicedCore) close() {
	if !c.closed {
		c.closed = true
		c.stop()
	}
}

// SetFirstSteps sets how many cells past the start FirstSteps hands out
// (0: none; negative counts as 0), for the queries started from now on.
func (s *Sliced) SetFirstSteps(n int) { s.c.firstN = max(n, 0) }

// Start begins a query from start to goal on s's planner, as
// Query.Find(start, goal, opt, dst) would answer it; a query still
// running is cancelled first. Nothing is searched until Step, and
// errors for bad input come from Result once the first Step is Done.
// O(1).
func (s *Sliced) Start(start, goal grid.Point, opt Options, dst []grid.Point) {
	c := s.c
	q := (*Query)(nil)
	if c.p != nil {
		if len(c.qs) == 0 {
			c.qs = append(c.qs, nil)
		}
		if c.qs[0] == nil {
			c.qs[0] = c.p.NewQuery()
		}
		q = c.qs[0]
	}
	c.begin(q, View{}, start, goal, opt, dst)
}

// StartIn begins a query on the version v pins (v from s's live map), as
// LiveQuery.FindIn(v, start, goal, opt, dst) would answer it; a query
// still running is cancelled first. Keep v pinned until the query is
// done or cancelled. O(1).
func (s *Sliced) StartIn(v View, start, goal grid.Point, opt Options, dst []grid.Point) {
	c := s.c
	var q *Query
	if c.l != nil && v.l == c.l && v.r != nil {
		if q = c.qs[v.r.id]; q == nil {
			q = v.r.p.NewQuery()
			c.qs[v.r.id] = q
		}
	}
	c.begin(q, v, start, goal, opt, dst)
}

func (c *slicedCore) begin(q *Query, v View, start, goal grid.Point, opt Options, dst []grid.Point) {
	c.cancel()
	c.view, c.start, c.goal, c.opt, c.dst = v, start, goal, opt, dst
	if v.r != nil {
		c.ver = v.r.ver
	}
	c.res, c.err = Result{Path: dst[:0]}, nil
	c.first, c.hasFirst = c.first[:0], false
	c.done, c.running = false, false
	switch {
	case c.closed:
		c.done, c.err = true, fmt.Errorf("%w: Start after Close", ErrSliced)
		return
	case q == nil && c.l != nil:
		c.done, c.err = true, fmt.Errorf("%w: StartIn with a View of another map, or none", ErrSliced)
		return
	case q == nil:
		c.done, c.err = true, fmt.Errorf("%w: StartIn on a Sliced of a planner; use Start", ErrSliced)
		return
	}
	if v.r != nil {
		var err error
		if c.opt, err = v.r.options(c.l, opt); err != nil {
			c.done, c.err = true, err
			return
		}
	}
	c.q, c.running = q, true
	if c.p != nil {
		c.ver = c.p.version
	}
	q.pc, q.sc, q.tree = &c.pc, c.sc, nil
	c.pc.cancelled, c.pc.left = false, 0
	c.pc.first, c.pc.firstAt = c.firstN, c.onFirst
}

// Step advances the query by at most budget expansions (0 or less: to the
// end) and says what it did. O(budget log) plus smoothing once at the end
// (smoothing expands nothing, so a Step whose budget ran out exactly at
// the end of the refinement still smooths).
func (s *Sliced) Step(budget int) Progress { return s.c.step(budget, false) }

// StepToFirst is Step that stops early, with Progress.First, once the first
// steps become known: a scheduler gives every waiting unit its first
// steps before it completes any path.
func (s *Sliced) StepToFirst(budget int) Progress { return s.c.step(budget, true) }

func (c *slicedCore) step(budget int, stopFirst bool) Progress {
	if !c.running {
		return Progress{Done: c.done, First: c.hasFirst}
	}
	if c.p != nil {
		// A planner's grid, bake or sync may have moved on between
		// Steps: the query must not go on reading them.
		err := c.q.stale()
		if err == nil && c.p.version != c.ver {
			err = errResynced
		}
		if err != nil {
			c.cancel()
			c.res, c.err = Result{Path: c.dst[:0], Version: c.ver}, err
			return Progress{Done: true, First: c.hasFirst}
		}
	}
	if budget <= 0 {
		budget = math.MaxInt / 2
	}
	c.pc.left, c.stopFirst = budget, stopFirst
	ev, ok := c.next()
	pr := Progress{Used: budget - c.pc.left, First: c.hasFirst}
	if !ok || ev == evDone {
		c.running, c.done = false, true
		c.q.pc = nil
		if !ok {
			c.err = fmt.Errorf("%w: used after Close", ErrSliced)
		}
		if c.err == nil && !c.hasFirst && c.firstN > 0 && len(c.res.Path) > 0 {
			// Done before the route was refined piece by piece (a short
			// path): the first steps are the answer's, in cells.
			path := c.res.Path
			if c.opt.Smooth == Corners {
				path = c.q.tmp
			}
			c.first = append(c.first[:0], path[:min(len(path), c.firstN+1)]...)
			c.hasFirst = len(c.first) > 0
		}
		pr.Done, pr.First = true, c.hasFirst
	}
	return pr
}

// Running reports whether the query is started and not yet done or
// cancelled.
func (s *Sliced) Running() bool { return s.c.running }

// FirstSteps returns the first steps of the path (at most SetFirstSteps
// cells past the start, the start included) into dst once they are known,
// and whether they are. O(cells).
func (s *Sliced) FirstSteps(dst []grid.Point) ([]grid.Point, bool) {
	return append(dst[:0], s.c.first...), s.c.hasFirst
}

// Result returns the answer once Step said Done: what Query.Find returns
// (its Path is Start's dst, reused). Before then it returns an error
// wrapping ErrSliced.
func (s *Sliced) Result() (Result, error) {
	c := s.c
	if !c.done {
		return Result{Path: c.dst[:0]}, fmt.Errorf("%w: Result before the query is done", ErrSliced)
	}
	return c.res, c.err
}

// View returns the View the query was started in (the zero View for a
// planner's query).
func (s *Sliced) View() View { return s.c.view }

// Cancel stops the query where it stands; Running is then false and
// Result an error. O(the unwinding of its calls), no search.
func (s *Sliced) Cancel() { s.c.cancel() }

func (c *slicedCore) cancel() {
	if !c.running {
		return
	}
	c.pc.cancelled = true
	c.next() // unwinds: every wait returns errCancelled, Find returns
	c.running, c.done = false, true
	c.q.pc = nil
	c.res, c.err = Result{Path: c.dst[:0]}, fmt.Errorf("%w: cancelled", ErrSliced)
}

// Close cancels the query and ends the coroutine; the Sliced must not be
// used after (its methods return errors wrapping ErrSliced).
func (s *Sliced) Close() {
	s.c.cancel()
	s.c.close()
}
