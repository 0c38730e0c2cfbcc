package navgraph

import (
	"cmp"
	"fmt"
	"slices"
)

// Endpoint is a node with a cost: where a search may start (the cost of
// reaching the node from the real start) or end (the cost still to pay
// from the node to the real goal). Hierarchical planners use it to attach
// a start and goal cell to the graph without inserting temporary nodes.
type Endpoint struct {
	Node int32
	Cost Cost
	// Lazy says Cost is only a lower bound on the endpoint's cost, to be
	// learnt from Query.Settle if the search needs it: for a source,
	// when its entry at the bound comes off the open list; for a target,
	// when the search expands its node. The search writes the exact cost
	// into Cost and clears Lazy then (a source or target out of reach is
	// left as it was, and is none for the rest of that search). A
	// planner that joins a start cell to the graph by a search per node
	// saves the searches for the nodes that lead away from the goal. A
	// node with a lazy endpoint has no other endpoint among the sources
	// (or the targets).
	Lazy bool
}

// Query is one search. Sources and Targets must not be empty.
type Query struct {
	Sources []Endpoint
	Targets []Endpoint
	// Heuristic, if not nil, turns Dijkstra into A*: a lower bound on the
	// cost from n to the cheapest target, that target's Endpoint cost
	// included. It need not be consistent: a node reached more cheaply
	// after it was expanded is expanded again.
	Heuristic func(n int32) Cost
	// Avoid, if not nil, is a bit set of nodes the search must not enter
	// (bit n%64 of Avoid[n/64]); sources and targets are never avoided.
	Avoid []uint64
	// Except, if not nil, is asked about each avoided node the search
	// meets: true lets the search enter it after all. A planner keeps one
	// bit set of every node in a dead end and excepts the dead ends that
	// hold the start or the goal.
	Except func(n int32) bool
	// Landmarks, if not nil, add the ALT lower bound to Heuristic (the
	// search uses the larger of the two). They must have been made on this
	// graph as it is now, or repaired for it (Landmarks.Repair).
	Landmarks *Landmarks
	// MaxExpansions bounds the work of one search (0 = no limit): the
	// search expands at most that many nodes. A search it stops before
	// the best path is proved best reports Exhausted, never Found.
	MaxExpansions int
	// Pause, if not nil, is called when the search is about to expand
	// its node number MaxExpansions+1 (with MaxExpansions > 0); it returns
	// the new bound. A bound above expanded goes on exactly where the
	// search stood, as if the bound had been that from the start; any
	// other stops it (Exhausted). See grid.Options.Pause.
	Pause func(expanded int) int
	// Penalty, if not nil, adds a cost to edges, indexed by
	// Graph.EdgeID: a value of 0 or more is added as it is; a negative
	// value says the penalty depends on who asks, and PenaltyFunc(edge)
	// returns it (a nil PenaltyFunc counts as 0). A penalty counts as at
	// most MaxPathCost, and negative PenaltyFunc results as 0. It needs
	// Graph.EdgeIDs entries. Penalties are never negative, so a heuristic
	// or landmarks made without them stay lower bounds.
	Penalty     []Cost
	PenaltyFunc func(edge int32) Cost
	// Overlay, if not nil, is a stack of tiers over the graph
	// (NewOverlay, kept up to date with Update): the search crosses the
	// cells that hold no source and no target from border node to border
	// node at the Overlay's costs, at the highest level where they hold
	// none, and unpacks those hops into the graph's nodes, so that
	// Result.Path is still a path of the graph's edges, of least cost
	// (on an Overlay with doors, the least the doors allow: see
	// NewOverlayDoors). The nodes the unpacking searches expand count in Result.Expanded
	// and against MaxExpansions like the others. Not with Penalty
	// (ErrGraph): the Overlay's costs do not know it. Avoid filters the
	// nodes the search reaches, hops' ends included, while the Overlay's
	// costs may run through avoided nodes and leave out hops that a
	// chain of others through one replaces: give it only nodes that lie
	// on no least-cost path between two other nodes, not even one tied
	// with another (a planner's dead ends, entered and left by one way).
	Overlay *Overlay
	// Settle returns the exact cost of a lazy endpoint (Endpoint.Lazy):
	// Targets[i]'s with target set, else Sources[i]'s; Unreachable when
	// there is no such way. It must be at least the endpoint's Cost
	// (else ErrGraph). Needed when an endpoint is lazy. It also returns
	// the work it spent (spent, say the cells a grid search expanded),
	// which counts in Result.Expanded and against MaxExpansions as the
	// search's own expansions do: it may spend up to limit (0: no bound),
	// then call pause with what it spent, which returns the new bound,
	// as a search given MaxExpansions limit and Pause pause does; done
	// false says the bound stopped it before it knew the cost, and the
	// search stops then (Exhausted). The search asks only while its bound
	// leaves room for one more expansion: at the bound it pauses or
	// stops first, as before an expansion, even if Settle would spend
	// nothing. Settle must not use the Searcher that asks it.
	Settle func(target bool, i int, limit int, pause func(spent int) int) (cost Cost, spent int, done bool)
}

// Result is the answer to a Query. Path is the caller's buffer, reused.
type Result struct {
	// Found: Path is a least-cost path (proved: no open node could lead
	// to a cheaper one).
	Found    bool
	Path     []int32 // nodes from a source to a target
	Cost     Cost    // source cost + edges + target cost, cut to MaxPathCost
	Source   int     // index into Query.Sources of the path's first node
	Target   int     // index into Query.Targets of the path's last node
	Expanded int
	// Settled is the part of Expanded that Query.Settle spent.
	Settled int
	// Exhausted: Query.MaxExpansions stopped the search before it could
	// prove a path best or prove there is none. Found is false and Path
	// empty then: a path seen so far may cost more than the optimum.
	Exhausted bool
}

// Searcher runs searches on one graph. Its scratch memory is mostly what
// its largest query reached (a 1.5 KB page of states for each 64
// consecutive node ids it reached, see the package's Memory) plus 2 bits
// per node of the largest graph it searched, and is reused; a search
// allocates only when it needs more room than any before it (more pages
// reached by one query, a longer open list, or more Query.Targets
// entries). It is not safe for concurrent use: give each goroutine its
// own.
type Searcher struct {
	g *Graph
	// per page of pageLen nodes: its states, or nil while no node of it
	// was reached since the pages were last handed back (a new query's
	// reset, a wrap of gen or a longer table: see recycle in state.go)
	pages  []*page
	mapped []int32 // the pages mapped since they were last handed back
	spare  []*page // pages unmapped, for reuse
	// this query's targets, one per node (its cheapest exit, first index
	// on ties), sorted by node; tbit marks them, a bit a node
	tgts []target
	tbit []uint64
	gen  uint32
	heap heap
	lmD  []Cost    // per landmark: the target terms of the ALT bound
	act  []altTerm // the landmarks this query uses, with their target terms
	// lazy sources not yet settled that a cheaper way than their bound
	// reached (see lazy.go)
	side  []sideWay
	pause settlePause // while Settle runs under a bound
	// an Overlay search's open cells, its path before unpacking, and a
	// hop's path per level while it is unpacked
	open []ovOpen
	hops []int32
	ubuf [][]int32
}

// target is a node that is a target of the query: the index in
// Query.Targets of its cheapest exit and that exit's cost.
type target struct {
	node, idx int32
	cost      Cost
	lazy      bool // cost is a bound, to settle (Endpoint.Lazy)
}

// setTargets records q's targets: per node the cheapest exit, the
// first index on ties, in s.tgts and their bits in s.tbit, cleared of
// the last query's. O(t log t) for t targets.
func (s *Searcher) setTargets(ts []Endpoint) {
	for _, t := range s.tgts {
		s.tbit[t.node>>6] &^= 1 << (t.node & 63)
	}
	s.tgts = s.tgts[:0]
	for i, t := range ts {
		s.tgts = append(s.tgts, target{t.Node, int32(i), t.Cost, t.Lazy})
		s.tbit[t.Node>>6] |= 1 << (t.Node & 63)
	}
	slices.SortFunc(s.tgts, func(a, b target) int {
		return cmp.Or(cmp.Compare(a.node, b.node), cmp.Compare(a.cost, b.cost), cmp.Compare(a.idx, b.idx))
	})
	s.tgts = slices.CompactFunc(s.tgts, func(a, b target) bool { return a.node == b.node })
}

// isTarget reports whether v is a target of this query.
func (s *Searcher) isTarget(v int32) bool { return s.tbit[v>>6]&(1<<(v&63)) != 0 }

// sourceOf returns the index in srcs of the source at node v that the
// search started from: the first of the cheapest there, as Search pushes
// them. O(len(srcs)).
func sourceOf(srcs []Endpoint, v int32) int {
	best := -1
	for i, e := range srcs {
		if e.Node == v && (best < 0 || e.Cost < srcs[best].Cost) {
			best = i
		}
	}
	return best
}

// targetOf returns the entry of v, a target (isTarget), among the
// targets.
func (s *Searcher) targetOf(v int32) *target {
	i, _ := slices.BinarySearchFunc(s.tgts, v, func(t target, v int32) int { return cmp.Compare(t.node, v) })
	return &s.tgts[i]
}

// NewSearcher returns a searcher for g.
func NewSearcher(g *Graph) *Searcher { return &Searcher{g: g} }

// Graph returns the searcher's graph.
func (s *Searcher) Graph() *Graph { return s.g }

// SetGraph points the searcher at another graph, keeping its memory.
func (s *Searcher) SetGraph(g *Graph) { s.g = g }

// open1 records that v, whose state is sv, is reached from u (-1: a
// source) at cost g, and pushes it on the open list.
func (s *Searcher) open1(sv *nodeState, v, u int32, g Cost, h func(int32) Cost) {
	s.heap.push(item{s.reach(sv, v, u, g, h), g, v})
}

// reach records that v, whose state is sv, is reached from u at cost g,
// and returns its f. Its bound is computed by h on the search's first
// reach of v and kept after that.
func (s *Searcher) reach(sv *nodeState, v, u int32, g Cost, h func(int32) Cost) Cost {
	hv := sv.h
	if sv.stamp != s.gen {
		hv = h(v)
	}
	sv.stamp, sv.cost, sv.from, sv.h = s.gen, g, u, hv
	return g + hv
}

// reset readies the searcher for a search of s.g: its pages handed back
// if the search is a new query's (recycle), its target bits sized, a
// new generation, an empty open list. The last query's target bits are
// cleared by the next setTargets. O(pages the last query mapped) for a
// new query, O(1) within one.
func (s *Searcher) reset(newQuery bool) {
	n := s.g.Len()
	s.recycle(n, newQuery)
	if len(s.tbit) < (n+63)/64 {
		s.tbit = make([]uint64, (n+63)/64)
		s.tgts = s.tgts[:0]
	}
	s.gen++
	s.heap.reset()
}

// Search finds a least-cost path from any source to any target under q
// and writes its nodes into dst (reused from its start). No path is a
// result (Found false); so is a search stopped by q.MaxExpansions before
// it proved its answer (Exhausted). Errors are for bad queries (no
// sources or targets, node ids out of range, endpoint costs outside
// 0..MaxPathCost, Avoid, Penalty, Landmarks or an Overlay that do not
// fit the graph, a lazy endpoint without Settle or sharing its node
// with another endpoint of its side: ErrGraph), an Overlay out of step
// with the graph (ErrGraph: see Overlay), a Settle that gives a cost
// below its endpoint's bound (ErrGraph) and a searcher without a graph
// (ErrNilGraph).
// Sums stop at MaxPathCost (see there), so no cost wraps.
//
// Cost: O((V+E) log V) for the part of the graph explored, at most
// q.MaxExpansions nodes when that is set.
func (s *Searcher) Search(q *Query, dst []int32) (Result, error) {
	res := Result{Path: dst[:0], Source: -1, Target: -1}
	if s.g == nil {
		return res, fmt.Errorf("%w: the searcher has none (NewSearcher(nil) without SetGraph)", ErrNilGraph)
	}
	n := s.g.Len()
	if q == nil || len(q.Sources) == 0 || len(q.Targets) == 0 {
		return res, fmt.Errorf("%w: a query needs sources and targets", ErrGraph)
	}
	for _, set := range [2][]Endpoint{q.Sources, q.Targets} {
		for _, e := range set {
			if e.Node < 0 || int(e.Node) >= n || e.Cost < 0 || e.Cost > MaxPathCost {
				return res, fmt.Errorf("%w: endpoint %d (cost %d) on %d nodes", ErrGraph, e.Node, e.Cost, n)
			}
		}
	}
	if err := checkLazy(q); err != nil {
		return res, err
	}
	pen := q.Penalty
	if pen != nil && len(pen) != s.g.EdgeIDs() {
		return res, fmt.Errorf("%w: %d edge penalties for %d edge ids", ErrGraph, len(pen), s.g.EdgeIDs())
	}
	if q.Avoid != nil && len(q.Avoid) < (n+63)/64 {
		return res, fmt.Errorf("%w: Avoid holds %d bits for %d nodes", ErrGraph, 64*len(q.Avoid), n)
	}
	if ov := q.Overlay; ov != nil && (ov.n != n || len(ov.levels) == 0 || pen != nil || len(ov.pending) > 0) {
		return res, fmt.Errorf("%w: an overlay of %d nodes and %d levels on %d nodes, with penalties %t, its last Update failed %t", ErrGraph, ov.n, len(ov.levels), n, pen != nil, len(ov.pending) > 0)
	}
	penFunc := q.PenaltyFunc
	if penFunc == nil {
		penFunc = noPenalty
	}
	s.reset(true)
	gen := s.gen
	s.setTargets(q.Targets)
	lm := q.Landmarks
	if lm != nil && lm.k == 0 {
		lm = nil
	}
	if lm != nil {
		if len(lm.dist) != lm.k*n {
			return res, fmt.Errorf("%w: landmarks of a %d-node graph on %d nodes", ErrGraph, len(lm.dist)/lm.k, n)
		}
		s.lmD = slices.Grow(s.lmD[:0], 2*lm.k)[:2*lm.k]
		lm.goals(q.Targets, s.lmD)
		s.act = lm.active(q.Sources, s.lmD, s.act[:0])
	}
	user := q.Heuristic
	h := func(v int32) Cost {
		var x Cost
		if user != nil {
			x = user(v)
		}
		if lm != nil {
			x = max(x, lm.bound(v, s.act))
		}
		return min(x, MaxPathCost) // so that g + h cannot wrap
	}
	s.side = s.side[:0]
	for i, e := range q.Sources {
		v := s.at(e.Node)
		if v.stamp == gen && v.cost <= e.Cost {
			continue
		}
		from := int32(-1)
		if e.Lazy { // unsettled: see lazy.go
			from = lazyFrom(i)
		}
		s.open1(v, e.Node, from, e.Cost, h)
	}
	if q.Overlay != nil {
		return s.overlaySearch(q, h, res)
	}
	fr := frontier{best: Unreachable, bestNode: -1, limit: q.MaxExpansions}
	for {
		it, ok := s.next(q, &fr, &res)
		if !ok {
			break
		}
		u := it.n
		to, cost := s.g.Out(u)
		base := s.g.off[u]
		for i, v := range to {
			// g, the edge and its penalty are each at most MaxPathCost
			// (2^61): their sum cannot wrap before it is cut.
			ng := it.g + cost[i]
			if pen != nil {
				if pv := pen[base+int32(i)]; pv > 0 {
					ng += min(pv, MaxPathCost)
				} else if pv < 0 {
					ng += min(max(penFunc(base+int32(i)), 0), MaxPathCost)
				}
			}
			ng = min(ng, MaxPathCost)
			sv := s.at(v)
			if sv.stamp == gen && ng >= sv.cost {
				if sv.from < -1 && !(q.Avoid != nil && s.avoids(q, v)) {
					s.aside(v, u, ng)
				}
				continue
			}
			if q.Avoid != nil && s.avoids(q, v) {
				continue
			}
			s.open1(sv, v, u, ng, h)
		}
	}
	if fr.err != nil {
		return Result{Path: res.Path[:0], Source: -1, Target: -1, Expanded: res.Expanded, Settled: res.Settled}, fr.err
	}
	if fr.capped {
		res.Exhausted = true
		return res, nil
	}
	if fr.bestNode < 0 {
		return res, nil
	}
	res.Found, res.Cost = true, fr.best
	for v := fr.bestNode; v >= 0; v = s.at(v).from {
		res.Path = append(res.Path, v)
	}
	slices.Reverse(res.Path)
	res.Target, res.Source = int(s.targetOf(fr.bestNode).idx), sourceOf(q.Sources, res.Path[0])
	return res, nil
}

// frontier is a search's state between expansions: the cheapest
// complete path seen (a target node's g plus its exit cost), final once
// no open entry can beat it (f >= best), and the expansion cap.
type frontier struct {
	best     Cost
	bestNode int32
	limit    int
	capped   bool  // the cap stopped the search before it proved its answer
	err      error // a lazy endpoint settled below its bound
}

// next pops the next live node to expand and counts it, noting the path
// it completes if it is a target; false when the search is over: no open
// node can beat the best path, or the cap (q.MaxExpansions, raised by
// q.Pause) stopped it before a live node whose f is below best (a
// cheaper path may exist then: f.capped).
func (s *Searcher) next(q *Query, f *frontier, res *Result) (item, bool) {
	for s.heap.len() > 0 {
		it := s.heap.pop()
		if it.f >= f.best {
			break
		}
		su := s.at(it.n)
		if it.g != su.cost {
			continue // stale
		}
		if su.from < -1 && !s.settleSource(q, it, su, f, res) {
			if f.err != nil || f.capped {
				break
			}
			continue // dearer than its bound: pushed again, or out of reach
		}
		if f.limit > 0 && res.Expanded >= f.limit {
			if q.Pause != nil {
				f.limit = q.Pause(res.Expanded)
			}
			if res.Expanded >= f.limit {
				f.capped = true
				break
			}
		}
		res.Expanded++
		if s.isTarget(it.n) {
			t := s.targetOf(it.n)
			if t.lazy && !s.settleTarget(q, t, f, res) {
				break
			}
			if t.cost == Unreachable && su.from >= 0 && s.avoids(q, it.n) {
				continue // entered as a target, which it is not: avoided after all
			}
			if c := min(it.g+t.cost, MaxPathCost); t.cost != Unreachable && (c < f.best || c == f.best && it.n < f.bestNode) {
				f.best, f.bestNode = c, it.n
			}
		}
		return it, true
	}
	return item{}, false
}

func noPenalty(int32) Cost { return 0 }
