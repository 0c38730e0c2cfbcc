package navgraph

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rtspath/rtspath/internal/radix"
)

// ErrRepairShift is returned by Repair for a table whose distances pass
// 2^32 (stored rounded down, see Dist): bounds made from rounded values
// are not kept valid by lowering them, so such a table must be made anew
// (Recompute or NewLandmarksHint).
var ErrRepairShift = errors.New("navgraph: landmark distances pass 2^32; repair needs a recompute")

// Clone returns a deep copy of l, to Repair while searches still read l.
// O(kV).
func (l *Landmarks) Clone() *Landmarks {
	return &Landmarks{n: l.n, k: l.k, shift: l.shift, nodes: slices.Clone(l.nodes), dist: slices.Clone(l.dist)}
}

// Repair makes l's bounds valid again after SetEdges changed g, in place,
// without searching from the landmarks: it lowers each landmark's
// column T of the table to the largest T' ≤ T with T'(v) ≤ T'(u) + w for
// every edge u→v of cost w (unreachable counting as infinite), that is
// T'(v) = min(T(v), min over u of T(u) + d(u,v)) with d the distances of
// g as it is now. On a graph whose edges come in pairs of equal cost,
// such a column gives ALT bounds that are admissible and consistent, so
// searches with l stay exact. Costs that rose and edges that went leave
// the table as it is (the bounds only loosen); costs that fell, new edges
// and rewired nodes lower the entries they must, and only those: an edit
// undone costs no work. It returns the number of entries lowered. The
// result depends only on the table and g, not on the order of changed.
//
// changed must hold, for every edge whose existence or cost changed
// since l was made or last repaired, at least one of its two endpoints
// (listing one node of an edge covers both directions); g must have its
// edges in pairs of equal cost, as NewLandmarks requires. Repair checks
// the pairs at the changed nodes only (checking all would cost O(E)).
//
// Repair writes l: nothing may read l meanwhile (Clone it first and
// publish the clone). Errors: a nil g (ErrNilGraph); a g whose node count
// is not the table's, an id in changed that is not a node, or an edge at
// a changed node without its reverse at the same cost (ErrGraph); a
// table whose distances pass 2^32 (ErrRepairShift), returned before l is
// touched, or, if a lowered distance would reach 2^32, after l was partly
// lowered: l must then be made anew.
//
// Cost: O((c + r) log C) per landmark, for c the edges at the changed
// nodes, r the entries lowered and C the largest distance; its scratch
// memory grows with c + r, not with the graph, and is kept for the next
// call.
func (l *Landmarks) Repair(g *Graph, changed []int32) (lowered int, err error) {
	if g == nil {
		return 0, fmt.Errorf("%w: Repair", ErrNilGraph)
	}
	n := g.Len()
	if n != l.n {
		return 0, fmt.Errorf("%w: Repair of landmarks of a %d-node graph on %d nodes", ErrGraph, l.n, n)
	}
	for _, c := range changed {
		if c < 0 || int(c) >= n {
			return 0, fmt.Errorf("%w: Repair: changed node %d of %d", ErrGraph, c, n)
		}
		to, cost := g.Out(c)
		for j, v := range to {
			if w, ok := g.Cost(v, c); !ok || w != cost[j] {
				return 0, fmt.Errorf("%w: Repair needs edges both ways at equal cost; %d→%d costs %d, %d→%d does not", ErrGraph, c, v, cost[j], v, c)
			}
		}
	}
	if l.shift > 0 {
		return 0, fmt.Errorf("%w (shift %d)", ErrRepairShift, l.shift)
	}
	if l.k == 0 || len(changed) == 0 {
		return 0, nil
	}
	if l.heap == nil {
		l.heap = new(radix.Heap[int32])
	}
	for i := range l.k {
		r, err := l.repairColumn(g, changed, i)
		lowered += r
		if err != nil {
			return lowered, err
		}
	}
	return lowered, nil
}

// repairColumn lowers column i to its fixpoint: a Dijkstra seeded with
// the entries that the edges at the changed nodes lower, in both
// directions, which then spreads the lowered values. It returns the
// number of entries lowered.
func (l *Landmarks) repairColumn(g *Graph, changed []int32, i int) (int, error) {
	k, dist, q := l.k, l.dist, l.heap
	q.Reset()
	// lower sets entry v to x (finite) if that lowers it and queues v;
	// false if x is needed but does not fit 32 bits.
	lower := func(v int32, x Cost) bool {
		if cur := dist[int(v)*k+i]; x >= Cost(cur) {
			return cur != noDist
		}
		dist[int(v)*k+i] = uint32(x)
		q.Push(uint64(x), v)
		return true
	}
	for _, c := range changed {
		tc := dist[int(c)*k+i]
		to, cost := g.Out(c)
		for j, v := range to {
			// The pair c→v, v→c costs cost[j] both ways: each endpoint
			// bounds the other.
			tv := dist[int(v)*k+i]
			ok := true
			if tc != noDist {
				ok = lower(v, Cost(tc)+cost[j])
			}
			if tv != noDist && ok {
				ok = lower(c, Cost(tv)+cost[j])
				tc = dist[int(c)*k+i]
			}
			if !ok {
				return 0, fmt.Errorf("%w: a lowered distance from landmark %d reaches 2^32", ErrRepairShift, l.nodes[i])
			}
		}
	}
	// Every push is strictly below the entry it lowers, so each node's
	// final value is pushed once and popped once as current: those pops
	// count the entries lowered. Keys pushed after the first pop are at
	// least the popped key (costs are non-negative), as the heap needs.
	lowered := 0
	for q.Len() > 0 {
		e := q.Pop()
		u := e.Val
		if uint32(e.Key) != dist[int(u)*k+i] {
			continue // lowered again since
		}
		lowered++
		to, cost := g.Out(u)
		for j, v := range to {
			if !lower(v, Cost(e.Key)+cost[j]) {
				return lowered, fmt.Errorf("%w: a lowered distance from landmark %d reaches 2^32", ErrRepairShift, l.nodes[i])
			}
		}
	}
	return lowered, nil
}
