package hpa

import (
	"errors"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// errCancelled unwinds a sliced query its caller cancelled (Sliced.Cancel):
// the pacer panics with it and the query's coroutine recovers it.
var errCancelled = errors.New("hpa: sliced query cancelled")

// pacer spreads one query's work over slices (game ticks). The query runs
// on a coroutine (Sliced); when a slice's expansions are spent it
// suspends, inside the very search that spent them, until the next slice.
// Where a query suspends never changes what it computes: a paused search
// goes on exactly where it stood (grid.Options.Pause), and every count the
// query's budget and answer depend on is the one-shot call's. So a sliced
// query's answer is the one-shot Find's, whatever the slices.
type pacer struct {
	left int // expansions left in this slice
	// The search running now: its bound from the call's budget (0: none)
	// and its expansions at the last pause.
	lim, base int
	// suspend waits for the next slice (left set anew); false: the query
	// is cancelled and must unwind.
	suspend   func() bool
	cancelled bool
	pause     func(expanded int) int // p.hook, bound once
	// first: the query's first steps are wanted once the route is known
	// (cells past the start; 0: never); firstAt is called with them.
	first   int
	firstAt func(path []grid.Point)
}

// wait suspends until the next slice when this one is spent. A query
// cancelled meanwhile unwinds at once by panicking with errCancelled,
// which its coroutine recovers (Sliced): no code between here and there
// runs, so nothing reads a map that may have changed since.
func (p *pacer) wait() {
	for p.left <= 0 {
		if p.cancelled || !p.suspend() || p.cancelled {
			p.cancelled = true
			panic(errCancelled)
		}
	}
}

// hook is grid.Options.Pause and navgraph.Query.Pause for a paced search:
// it counts what the search spent since the last call against the slice,
// suspends when the slice is spent, and returns the bound to go on with:
// what the next slice allows, never past the call's budget.
func (p *pacer) hook(expanded int) int {
	p.left -= expanded - p.base
	p.base = expanded
	if p.lim > 0 && expanded >= p.lim {
		return expanded // the call's budget: stop, as the one-shot search does
	}
	p.wait()
	return p.bound(expanded)
}

// bound returns the search bound that spends at most the rest of the slice
// and never passes the call's budget.
func (p *pacer) bound(expanded int) int {
	n := expanded + p.left
	if p.lim > 0 {
		n = min(n, p.lim)
	}
	return n
}

// limit returns the expansion bound and pause hook to give the next search
// (0, nil: no bound), or errSpent when the call's budget is gone.
func (q *Query) limit() (int, func(int) int, error) {
	n, err := q.bud.limit()
	pc := q.pc
	if err != nil || pc == nil {
		return n, nil, err
	}
	pc.wait()
	pc.lim, pc.base = n, 0
	return pc.bound(0), pc.pause, nil
}

// settle counts the n expansions of the search limit was asked for against
// the call's budget (and the slice).
func (q *Query) settle(n int) {
	q.bud.used += n
	if pc := q.pc; pc != nil {
		pc.left -= n - pc.base
		pc.base = 0
	}
}

// spend counts n expansions charged without a search (a cached route, the
// clusters and cells the nearest-cell search reads) against the call's
// budget and, slice by slice, against the slices: a sliced query waits
// where the one-shot call charges at once.
func (q *Query) spend(n int) {
	q.bud.used += n
	pc := q.pc
	if pc == nil {
		return
	}
	for n > 0 {
		pc.wait()
		k := min(n, pc.left)
		pc.left -= k
		n -= k
	}
}

// take charges n expansions that must fit in the call's budget (errSpent,
// nothing charged, when they do not), paced as spend.
func (q *Query) take(n int) error {
	if q.bud.max > 0 && q.bud.used+n > q.bud.max {
		return errSpent
	}
	q.spend(n)
	return nil
}

// firstSteps hands the first steps of the route refined so far to a sliced
// query's caller, once, when raw holds them (or the whole route, done).
func (q *Query) firstSteps(raw []grid.Point, done bool) {
	pc := q.pc
	if pc == nil || pc.first <= 0 || pc.firstAt == nil || len(raw) == 0 {
		return
	}
	if len(raw) > pc.first {
		raw = raw[:pc.first+1]
	} else if !done {
		return
	}
	f := pc.firstAt
	pc.firstAt = nil
	f(raw)
}

// scratch lends search scratch to the queries of one goroutine that are
// suspended between slices: a query holds a searcher only while one of its
// searches runs (or waits for a slice inside it), so a thousand queries in
// flight share a few searchers, not a thousand.
type scratch struct {
	fines   []*grid.Searcher
	coarses []*navgraph.Searcher
	bands   []*bandState
}

// fineSearcher returns the fine searcher for the next search on q's grid;
// give it back with doneFine.
func (q *Query) fineSearcher() *grid.Searcher {
	sc := q.sc
	if sc == nil {
		return q.fine
	}
	var s *grid.Searcher
	if n := len(sc.fines); n > 0 {
		s, sc.fines = sc.fines[n-1], sc.fines[:n-1]
	} else {
		s = grid.NewSearcher(q.p.g)
	}
	if s.Grid() != q.p.g {
		s.SetGrid(q.p.g)
	}
	return s
}

func (q *Query) doneFine(s *grid.Searcher) {
	if q.sc != nil {
		q.sc.fines = append(q.sc.fines, s)
	}
}

// coarseSearcher returns the waypoint-graph searcher for the next search;
// give it back with doneCoarse.
func (q *Query) coarseSearcher() *navgraph.Searcher {
	sc := q.sc
	var s *navgraph.Searcher
	switch {
	case sc == nil:
		s = q.coarse
	case len(sc.coarses) > 0:
		s, sc.coarses = sc.coarses[len(sc.coarses)-1], sc.coarses[:len(sc.coarses)-1]
	default:
		s = navgraph.NewSearcher(q.p.tier.Graph)
	}
	if s.Graph() != q.p.tier.Graph {
		s.SetGraph(q.p.tier.Graph)
	}
	return s
}

func (q *Query) doneCoarse(s *navgraph.Searcher) {
	if q.sc != nil {
		q.sc.coarses = append(q.sc.coarses, s)
	}
}

// fineFind runs one fine search with a lent searcher. The searcher goes
// back by a defer: a cancelled sliced query unwinds through here.
func (q *Query) fineFind(a, z grid.Point, opt grid.Options, dst []grid.Point) (grid.Result, error) {
	f := q.fineSearcher()
	defer q.doneFine(f)
	return f.FindPath(a, z, opt, dst)
}

// fineRoute refines the waypoint edge u→v with a lent searcher (given
// back as fineFind does).
func (q *Query) fineRoute(u, v int32, n int, pause func(int) int, dst []grid.Point) ([]grid.Point, int, error) {
	f := q.fineSearcher()
	defer q.doneFine(f)
	return q.p.tier.RoutePaced(f, u, v, n, pause, dst)
}

// coarseSearch runs q.cq on the waypoint graph with a lent searcher
// (given back as fineFind does), from q.nodes' buffer.
func (q *Query) coarseSearch() (navgraph.Result, error) {
	s := q.coarseSearcher()
	defer q.doneCoarse(s)
	return s.Search(&q.cq, q.nodes)
}
