package navgraph

import "fmt"

// Raise tightens l's bounds after costs rose, in place, without searching
// from the landmarks: in each landmark's column T, starting from the
// nodes in from, it raises T(v) to min over the edges u→v of T(u) + w
// when that is more, and goes on to the neighbours of every node it
// raised, until the table settles or it has looked at budget nodes (all
// columns of a node at once).
// A column that satisfies T(v) ≤ T(u) + w on every edge (one made by
// NewLandmarks, or after Repair) still does after any number of such
// raises, so the bounds stay admissible and consistent; and the exact
// distances are the largest such column, which the raises climb toward:
// after a building goes up the bound around it comes back up, where
// Repair alone would leave it where it was. A landmark's own entry stays
// 0; a node without edges keeps its entry. It returns the number of
// entries raised. The result depends on from's order and the graph only.
//
// Raise writes l: nothing may read l meanwhile. Errors: a nil g
// (ErrNilGraph), a g whose node count is not the table's or an id in from
// that is not a node (ErrGraph), a table whose distances pass 2^32
// (ErrRepairShift; l is untouched). Cost: O(budget × degree × landmarks).
func (l *Landmarks) Raise(g *Graph, from []int32, budget int) (raised int, err error) {
	if g == nil {
		return 0, fmt.Errorf("%w: Raise", ErrNilGraph)
	}
	if g.Len() != l.n {
		return 0, fmt.Errorf("%w: Raise of landmarks of a %d-node graph on %d nodes", ErrGraph, l.n, g.Len())
	}
	for _, v := range from {
		if v < 0 || int(v) >= l.n {
			return 0, fmt.Errorf("%w: Raise from node %d of %d", ErrGraph, v, l.n)
		}
	}
	if l.shift > 0 {
		return 0, fmt.Errorf("%w (shift %d)", ErrRepairShift, l.shift)
	}
	if len(l.raiseMark) < l.n {
		l.raiseMark = make([]uint32, l.n)
		l.raiseGen = 0
	}
	l.raiseGen += 2
	if l.raiseGen < 2 { // wrapped: clear the marks
		clear(l.raiseMark)
		l.raiseGen = 2
	}
	// mark[v] == gen: v is queued; the rows are raised all columns at once.
	gen, mark, k := l.raiseGen, l.raiseMark, l.k
	if cap(l.raiseBest) < k {
		l.raiseBest = make([]Cost, k)
	}
	best := l.raiseBest[:k]
	q := l.raiseQueue[:0]
	for _, v := range from {
		if mark[v] != gen {
			mark[v] = gen
			q = append(q, v)
		}
	}
	for head := 0; head < len(q) && head < budget; head++ {
		v := q[head]
		mark[v] = gen - 1 // may be queued again once a neighbour rises
		to, cost := g.Out(v)
		if len(to) == 0 {
			continue
		}
		for i := range best {
			best[i] = Unreachable
		}
		for j, u := range to {
			row := l.dist[int(u)*k : int(u)*k+k]
			w := cost[j]
			for i, x := range row {
				if x != noDist {
					best[i] = min(best[i], Cost(x)+w)
				}
			}
		}
		row := l.dist[int(v)*k : int(v)*k+k]
		up := false
		for i, cur := range row {
			b := best[i]
			if cur == noDist || b == Unreachable || b >= noDist || b <= Cost(cur) || l.nodes[i] == v {
				continue // unreachable stays so; a landmark's own entry stays 0
			}
			row[i] = uint32(b)
			raised++
			up = true
		}
		if up {
			for _, u := range to {
				if mark[u] != gen {
					mark[u] = gen
					q = append(q, u)
				}
			}
		}
	}
	l.raiseQueue = q
	return raised, nil
}
