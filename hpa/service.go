package hpa

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// ErrService is wrapped by the error of a Service misused: a Submit after
// Close, an unknown ticket.
var ErrService = errors.New("hpa: path service misused")

// ServiceConfig tunes a Service. The zero value is the default.
type ServiceConfig struct {
	// FirstSteps is the number of cells past the start of a request's
	// first steps (0: DefaultFirstSteps; negative: none: every request
	// runs to its end, one after the other).
	FirstSteps int
	// Finish: a request in flight when a new version of a live map is
	// published finishes on the version it began on. By default it
	// starts again on the new version at the next Tick (its answer would
	// describe a map that is gone; the first steps already handed out
	// stand). With Finish, the versions of requests in flight stay pinned
	// between Ticks: a game that writes to the map again after a Publish
	// before the next Tick needs three replicas (LiveConfig.Replicas),
	// or that write waits for the requests, which only Tick advances.
	// Without Finish a request holds no pin between Ticks, and writes
	// never wait for the service. A service on a Planner always starts
	// again after a Sync.
	Finish bool
	// NoGroups turns off answering requests that share a goal together
	// (see Service).
	NoGroups bool
}

// Order is one path request to a Service.
type Order struct {
	Start, Goal grid.Point
	Options     Options
	// Priority: higher is served first; equal priorities in the order
	// submitted.
	Priority int
}

// Ticket names a submitted Order (0 is never one).
type Ticket uint64

// ReplyKind says what a Reply carries.
type ReplyKind uint8

const (
	// FirstSteps: Reply.Path holds the first steps of the request's path
	// (cells, the start first; see Sliced.FirstSteps); the final path
	// comes in a later Tick. Only Path and Version are set.
	FirstSteps ReplyKind = iota + 1
	// Final: the answer, what Query.Find returns for the order on the
	// version it ran on (Err for bad input, as Find's error); for a
	// grouped request, see Service.
	Final
)

func (k ReplyKind) String() string {
	switch k {
	case FirstSteps:
		return "first steps"
	case Final:
		return "final"
	}
	return fmt.Sprintf("ReplyKind(%d)", uint8(k))
}

// Reply is what a Tick hands back for one request. Its Path is the
// service's memory, valid until the next Tick.
type Reply struct {
	Ticket Ticket
	Kind   ReplyKind
	Result
	Err error
}

// Service answers path requests a budget of work per game tick. Units
// Submit orders; each tick the game calls Tick once with a budget of
// expansions (grid cells and waypoints, as Result.Expanded counts them:
// deterministic, unlike wall time), and gets back the replies the tick
// produced. In each Tick, in this fixed order:
//
//  1. A live map's published version is pinned for the tick. Requests in
//     flight on an older version start again on it when they next run
//     (unless ServiceConfig.Finish); their old version is unpinned at
//     once.
//  2. Requests whose answer needs no search are answered, whatever the
//     budget: bad input (an endpoint off the map or blocked), a goal on
//     another island (NoPath, from the bake's islands: O(1)), and
//     start = goal. With Options.Nearest a goal on another island or on a
//     blocked cell is no such case: the request heads for the nearest
//     reachable cell, which takes a search.
//  3. Requests that have not yet handed out their first steps, by
//     priority (higher first), then by ticket (submitted first): each
//     runs until its first steps are known (a FirstSteps reply) or it is
//     done (a Final reply, no FirstSteps reply), as long as the budget
//     lasts; while some request has its first steps and waits for its
//     path, this step spends at most half the budget.
//  4. With budget left, requests that have handed out their first steps,
//     in the same order, run towards their end (Final replies); then,
//     with budget still left, step 3 again.
//
// A request the budget stops mid-way goes on where it stood in the next
// Tick, and its answer is the one Query.Find gives on its version: a
// sliced query (Sliced). The replies come in the order above, so the
// same orders, budgets and versions give the same replies, tick by tick,
// on every machine and every GOMAXPROCS: lockstep games can rely on it.
//
// Requests that share a goal and options, submitted in the same tick (a
// group order; at least GroupMin of them, far enough from the goal to need
// the waypoint graph, with no penalty and no MaxExpansions), are answered
// together unless ServiceConfig.NoGroups: the first of them to run
// searches the waypoint graph once, outwards from the goal until it
// reaches every member's start region (a Dijkstra, its waypoints counted
// as expansions and charged to that request), and every member takes its
// coarse route from that search instead of a search of its own; joining
// its start to the waypoints, refining and smoothing stay its own. Such a
// route costs what the member's own search would find (the least on the
// waypoint graph); where two routes tie it may be the other one, so a
// grouped answer can differ from Query.Find's in its cells, not in the
// cost of its unsmoothed route.
//
// On a Planner, edit the grid and bake and Sync between Ticks: a request
// that runs while the planner has edits not yet synced is answered with
// an error wrapping ErrStale, as Find answers (a Final reply), and a
// Sync starts the requests in flight again.
//
// A Service is for one goroutine (the game loop); it is not safe for
// concurrent use. Close it to end its coroutines.
type Service struct {
	p   *Planner
	l   *Live
	cfg ServiceConfig

	last    Ticket
	ticks   uint64
	queue   []*entry // by priority (higher first), then ticket
	fresh   []*entry // submitted since the last Tick
	tickets map[Ticket]*entry
	free    []*Sliced
	sc      scratch
	replies []Reply
	bufs    [][]grid.Point
	spent   int            // expansions of the last Tick
	paths   [][]grid.Point // path buffers of retired requests, for new ones
	trees   []*goalTree
	closed  bool
}

// entry is one request in the service.
type entry struct {
	t     Ticket
	o     Order
	sl    *Sliced // nil until it starts
	view  View    // its own pin on the version it runs on (live map, Finish)
	ver   uint64
	first bool // first steps handed out
	stale bool // in flight on an older version: starts again when it runs
	done  bool
	path  []grid.Point
	tree  *goalTree // its group's (nil: none)
}

// NewService returns a path service on p. Sync p between Ticks only.
func (p *Planner) NewService(cfg ServiceConfig) *Service {
	return &Service{p: p, cfg: cfg, tickets: map[Ticket]*entry{}}
}

// NewService returns a path service on l: each Tick runs on the version
// published when it begins.
func (l *Live) NewService(cfg ServiceConfig) *Service {
	return &Service{l: l, cfg: cfg, tickets: map[Ticket]*entry{}}
}

// Submit queues an order and returns its ticket. Errors, at once: options
// out of range (ErrOptions), an endpoint off the map (grid.ErrOutOfBounds),
// a closed service (ErrService). Whether the endpoints are open is
// checked when the request runs, on the version it runs on. O(1).
func (s *Service) Submit(o Order) (Ticket, error) {
	if s == nil || s.closed || (s.p == nil && s.l == nil) {
		return 0, fmt.Errorf("%w: Submit on a closed or nil service", ErrService)
	}
	if err := o.Options.check(); err != nil {
		return 0, err
	}
	w, h := s.size()
	for _, pt := range []grid.Point{o.Start, o.Goal} {
		if pt.X < 0 || pt.Y < 0 || pt.X >= w || pt.Y >= h {
			return 0, fmt.Errorf("hpa: order %v→%v off the %d×%d map: %w", o.Start, o.Goal, w, h, grid.ErrOutOfBounds)
		}
	}
	s.last++
	e := &entry{t: s.last, o: o}
	if n := len(s.paths); n > 0 {
		e.path, s.paths = s.paths[n-1][:0], s.paths[:n-1]
	}
	s.fresh = append(s.fresh, e)
	s.tickets[e.t] = e
	return e.t, nil
}

func (s *Service) size() (int, int) {
	if s.l != nil {
		return s.l.w, s.l.h
	}
	return s.p.g.Width(), s.p.g.Height()
}

// Cancel withdraws a request: it gets no more replies. False when the
// ticket is unknown or already answered. O(1) for a request that has not
// started, O(its unwinding) for one in flight.
func (s *Service) Cancel(t Ticket) bool {
	if s == nil {
		return false
	}
	e, ok := s.tickets[t]
	if !ok {
		return false
	}
	s.finish(e)
	return true
}

// Pending returns the number of requests submitted and not yet answered
// or cancelled.
func (s *Service) Pending() int {
	if s == nil {
		return 0
	}
	return len(s.tickets)
}

// Spent returns the expansions the last Tick spent (at most its budget).
func (s *Service) Spent() int {
	if s == nil {
		return 0
	}
	return s.spent
}

// Ticks returns the number of Ticks so far.
func (s *Service) Ticks() uint64 {
	if s == nil {
		return 0
	}
	return s.ticks
}

// Tick runs one tick of at most budget expansions (0 or less: no bound,
// every request runs to its end) and returns the replies it produced, in
// the order described on Service. The replies and their paths are valid
// until the next Tick. Cost: the budget's expansions (each about 0.03 to
// 0.1 µs), plus O(requests waiting) to order them, plus smoothing and
// copying the paths of the requests that finish.
func (s *Service) Tick(budget int) []Reply {
	if s == nil || s.closed || s.p == nil && s.l == nil {
		return nil
	}
	s.replies = s.replies[:0]
	s.ticks++
	s.spent = 0
	var tv View // the live version this tick runs on
	var p *Planner
	if s.l != nil {
		tv = s.l.Acquire()
		p = tv.r.p
		defer tv.Release()
	} else {
		p = s.p
	}
	ver := p.version
	if tv.r != nil {
		ver = tv.r.ver
	}

	// 1. The order of service; restarts.
	if len(s.fresh) > 0 {
		// 2. Answers that need no search, for the requests new this tick
		// (O(1) each; the queue is not scanned again).
		for _, e := range s.fresh {
			if !e.done && instant(p, e.o) {
				s.start(e, p, tv, ver)
				s.run(e, 0, false)
			}
		}
		s.group(p, s.fresh)
		s.queue = append(s.queue, s.fresh...)
		s.fresh = s.fresh[:0]
		slices.SortFunc(s.queue, func(a, b *entry) int {
			if a.o.Priority != b.o.Priority {
				if a.o.Priority > b.o.Priority {
					return -1
				}
				return 1
			}
			if a.t < b.t {
				return -1
			}
			return 1
		})
	}
	// Requests in flight on an older version start again on this one
	// when they next run; their old version is unpinned now (a query
	// cancelled later unwinds without reading it).
	waitingB := false // some request has its first steps, not its path
	for _, e := range s.queue {
		if e.sl != nil && e.ver != ver && (s.l == nil || !s.cfg.Finish) {
			e.view.Release()
			e.view, e.stale = View{}, true
		}
		waitingB = waitingB || e.first && !e.done
	}

	// 3. First steps, then 4. the rest. While requests wait for their
	// whole path, first steps take at most half the budget, so that a
	// backlog of new requests never starves the paths already begun.
	left := budget
	unbounded := budget <= 0
	spend := func(phase, share int) {
		for _, e := range s.queue {
			if !unbounded && (left <= 0 || share <= 0) {
				break
			}
			if e.done || e.first != (phase == 1) {
				continue
			}
			if e.sl == nil || e.stale {
				s.start(e, p, tv, ver)
			}
			b := 0
			if !unbounded {
				b = min(left, share)
			}
			used := s.run(e, b, phase == 0 && s.cfg.FirstSteps >= 0)
			left -= used
			share -= used
			s.spent += used
		}
	}
	switch {
	case unbounded:
		spend(0, 0)
		spend(1, 0)
	case waitingB:
		spend(0, (left+1)/2)
		spend(1, left)
		spend(0, left)
	default:
		spend(0, left)
		spend(1, left)
	}

	// Drop the answered requests.
	k := 0
	for _, e := range s.queue {
		if !e.done {
			s.queue[k] = e
			k++
		}
	}
	clear(s.queue[k:])
	s.queue = s.queue[:k]
	return s.replies
}

// instant reports whether o's answer needs no search on p: bad input,
// a goal on another island (without Nearest), start = goal.
func instant(p *Planner, o Order) bool {
	g, b := p.g, p.bake
	switch {
	case !g.Passable(o.Start) || o.Start == o.Goal:
		return true
	case !g.Passable(o.Goal):
		return !o.Options.Nearest
	}
	return !o.Options.Nearest && !b.SameIsland(o.Start, o.Goal)
}

// start (re)starts e's query on the tick's version.
func (s *Service) start(e *entry, p *Planner, tv View, ver uint64) {
	if e.sl == nil {
		if n := len(s.free); n > 0 {
			e.sl, s.free = s.free[n-1], s.free[:n-1]
		} else if s.l != nil {
			e.sl = newSliced(nil, s.l, &s.sc)
		} else {
			e.sl = newSliced(p, nil, &s.sc)
		}
		switch {
		case s.cfg.FirstSteps < 0:
			e.sl.SetFirstSteps(0)
		case s.cfg.FirstSteps == 0:
			e.sl.SetFirstSteps(DefaultFirstSteps)
		default:
			e.sl.SetFirstSteps(s.cfg.FirstSteps)
		}
	}
	e.sl.Cancel()
	e.view.Release()
	e.view, e.ver, e.stale = View{}, ver, false
	if s.l != nil {
		if s.cfg.Finish {
			// A pin of its own on the tick's version, held across Ticks.
			// Without Finish the request runs only under the pin of a
			// Tick on its version (it starts again on any other), so it
			// holds none between Ticks and never holds up a write.
			tv.r.refs.Add(1)
			e.view = tv
		}
		e.sl.StartIn(tv, e.o.Start, e.o.Goal, e.o.Options, e.path)
	} else {
		e.sl.Start(e.o.Start, e.o.Goal, e.o.Options, e.path)
	}
	if e.sl.c.running {
		e.sl.c.q.tree = e.tree
	}
}

// run steps e's query with at most budget expansions (0: no bound), to
// its first steps only with toFirst, adds its replies, and returns the
// expansions it spent.
func (s *Service) run(e *entry, budget int, toFirst bool) int {
	var pr Progress
	if toFirst {
		pr = e.sl.StepToFirst(budget)
	} else {
		pr = e.sl.Step(budget)
	}
	switch {
	case pr.Done:
		res, err := e.sl.Result()
		r := s.reply(e.t, Final, res.Path)
		r.Result, r.Err = withPath(res, r.Path), err
		e.path = res.Path
		s.finish(e)
	case pr.First && !e.first:
		e.first = true
		r := s.reply(e.t, FirstSteps, nil)
		r.Path, _ = e.sl.FirstSteps(r.Path)
		r.Version = e.ver
	}
	return pr.Used
}

func withPath(res Result, path []grid.Point) Result {
	res.Path = path
	return res
}

// reply appends a reply with a path buffer of the service's, holding a
// copy of path.
func (s *Service) reply(t Ticket, k ReplyKind, path []grid.Point) *Reply {
	i := len(s.replies)
	if i == len(s.bufs) {
		s.bufs = append(s.bufs, nil)
	}
	s.bufs[i] = append(s.bufs[i][:0], path...)
	s.replies = append(s.replies, Reply{Ticket: t, Kind: k, Result: Result{Path: s.bufs[i]}})
	return &s.replies[i]
}

// finish retires e: it gets no more replies; its query goes back to the
// pool.
func (s *Service) finish(e *entry) {
	if e.sl != nil {
		e.sl.Cancel()
		s.free = append(s.free, e.sl)
		e.sl = nil
	}
	e.view.Release()
	e.view = View{}
	s.leave(e)
	if e.path != nil {
		s.paths = append(s.paths, e.path)
		e.path = nil
	}
	e.done = true
	delete(s.tickets, e.t)
}

// Close cancels every request and ends the service's coroutines; Submit
// then fails and Tick does nothing.
func (s *Service) Close() {
	if s == nil || s.closed {
		return
	}
	for _, e := range s.queue {
		s.finish(e)
	}
	for _, e := range s.fresh {
		s.finish(e)
	}
	for _, sl := range s.free {
		sl.Close()
	}
	s.queue, s.fresh, s.free = nil, nil, nil
	s.closed = true
}
