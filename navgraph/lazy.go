package navgraph

import "fmt"

// Lazy endpoints (Endpoint.Lazy). A lazy source is pushed at its bound
// with a from of lazyFrom(i), which marks its node unsettled. A way into
// the node below the bound replaces the source, as it would replace the
// source's cost in an eager search (the source can cost no less than its
// bound). A way at the bound or above is kept aside (aside): the node's
// state, at the bound, cannot take it. When the node comes off the open
// list, settleSource asks Query.Settle for the source's cost; the node's
// cost becomes the cheaper of that and the best way kept aside (the
// source on a tie, as an eager search keeps the first way it found). If
// that is above the bound, the node goes back on the open list at its
// cost, the entry an eager search would pop for it. So the search
// expands the same nodes in the same order from the same ways as an
// eager one whose sources cost what Settle says, and asks Settle only
// for the sources whose bound it reaches before it ends.
//
// A lazy target is settled when its node comes off the open list, as
// the search prices the path it completes. Before that, its bound serves
// the landmarks (lower costs, lower bounds), so with Landmarks the order
// of expansions may differ from an eager search's; the cost found does
// not.

// sideWay is the cheapest way into an unsettled lazy source's node found
// so far: its cost and the node it comes from.
type sideWay struct {
	node, from int32
	cost       Cost
}

// lazyFrom is the from of an unsettled lazy source i: below -1.
func lazyFrom(i int) int32 { return -2 - int32(i) }

// checkLazy checks q's lazy endpoints: they need Settle, and their
// nodes no other endpoint on their side. O(s·l + t·m) for s sources of
// which l lazy, t targets of which m lazy.
func checkLazy(q *Query) error {
	for k, set := range [2][]Endpoint{q.Sources, q.Targets} {
		for i, e := range set {
			if !e.Lazy {
				continue
			}
			if q.Settle == nil {
				return fmt.Errorf("%w: endpoint %d is lazy and the query has no Settle", ErrGraph, e.Node)
			}
			for j, o := range set {
				if j != i && o.Node == e.Node {
					return fmt.Errorf("%w: node %d has a lazy endpoint and another among the %s", ErrGraph, e.Node, [2]string{"sources", "targets"}[k])
				}
			}
		}
	}
	return nil
}

// avoids reports whether the search must not enter v (Query.Avoid and
// Except).
func (s *Searcher) avoids(q *Query, v int32) bool {
	return q.Avoid != nil && q.Avoid[v>>6]&(1<<(v&63)) != 0 && !s.isTarget(v) && (q.Except == nil || !q.Except(v))
}

// aside keeps the way from u into v, an unsettled lazy source, at cost
// g if it is the cheapest so far (the first on ties, as relaxation
// keeps it). O(unsettled sources reached this way).
func (s *Searcher) aside(v, u int32, g Cost) {
	for k := range s.side {
		if w := &s.side[k]; w.node == v {
			if g < w.cost {
				w.from, w.cost = u, g
			}
			return
		}
	}
	s.side = append(s.side, sideWay{v, u, g})
}

// settle asks q.Settle for the cost of lazy endpoint i (a target if
// target is set), its spending counted in res as the search's own (see
// Query.Settle), and writes it into the endpoint unless it is
// Unreachable. It asks only while the bound leaves room for one more
// expansion (pausing first at the bound, as before an expansion). false
// if the bound stopped it (f.capped) or Settle broke its promise
// (f.err).
func (s *Searcher) settle(q *Query, target bool, i int, f *frontier, res *Result) (Cost, bool) {
	// Settling spends as expanding does: past the bound, ask Pause first.
	if f.limit > 0 && res.Expanded >= f.limit {
		if q.Pause != nil {
			f.limit = q.Pause(res.Expanded)
		}
		if res.Expanded >= f.limit {
			f.capped = true
			return 0, false
		}
	}
	limit := 0
	var pause func(int) int
	if f.limit > 0 {
		limit = f.limit - res.Expanded
		p := &s.pause
		if p.fn == nil {
			p.fn = s.pauseSettle // made once: a method value allocates
		}
		p.pause, p.at, p.limit = q.Pause, res.Expanded, f.limit
		pause = p.fn
	}
	c, spent, done := q.Settle(target, i, limit, pause)
	if f.limit > 0 {
		f.limit, s.pause.pause = s.pause.limit, nil
	}
	res.Expanded += spent
	res.Settled += spent
	if !done {
		f.capped = true
		return 0, false
	}
	set := q.Sources
	if target {
		set = q.Targets
	}
	e := &set[i]
	if c < e.Cost {
		f.err = fmt.Errorf("%w: Settle gave endpoint %d (node %d) cost %d, below its bound %d", ErrGraph, i, e.Node, c, e.Cost)
		return 0, false
	}
	if c != Unreachable { // out of reach: left as it was, for the next search
		c = min(c, MaxPathCost)
		e.Cost, e.Lazy = c, false
	}
	return c, true
}

// settlePause is the search's state while Settle runs under its bound:
// the query's Pause, the expansions before Settle began and the bound.
// It keeps Pause, not the query: a query kept by the searcher would
// have to live on the heap.
type settlePause struct {
	pause     func(int) int
	at, limit int
	fn        func(int) int // s.pauseSettle
}

// pauseSettle is the pause Settle gets under a bound: Query.Pause at the
// search's count (its expansions and what Settle spent), and the new
// bound less the search's own expansions.
func (s *Searcher) pauseSettle(spent int) int {
	p := &s.pause
	if p.pause != nil {
		p.limit = p.pause(p.at + spent)
	}
	return p.limit - p.at
}

// settleSource settles the lazy source whose node came off the open list
// as it (at its bound, sv unsettled): true if the node is to be expanded
// now, at that cost; false if it went back on the open list at a higher
// cost, is out of reach, or settle failed (f.capped, f.err).
func (s *Searcher) settleSource(q *Query, it item, sv *nodeState, f *frontier, res *Result) bool {
	c, ok := s.settle(q, false, int(-2-sv.from), f, res)
	if !ok {
		return false
	}
	best, from := c, int32(-1)
	for k, w := range s.side {
		if w.node == it.n {
			if w.cost < best {
				best, from = w.cost, w.from
			}
			s.side[k] = s.side[len(s.side)-1]
			s.side = s.side[:len(s.side)-1]
			break
		}
	}
	sv.cost, sv.from = best, from
	if best == it.g {
		return true
	}
	if best != Unreachable {
		s.heap.push(item{best + sv.h, best, it.n})
	}
	return false
}

// settleTarget settles lazy target t as the search expands its node:
// false if settle failed (f.capped, f.err). A target out of reach is
// no target from then on (Avoid applies to its node).
func (s *Searcher) settleTarget(q *Query, t *target, f *frontier, res *Result) bool {
	c, ok := s.settle(q, true, int(t.idx), f, res)
	if ok {
		t.cost, t.lazy = c, false
		if c == Unreachable {
			s.tbit[t.node>>6] &^= 1 << (t.node & 63)
		}
	}
	return ok
}
