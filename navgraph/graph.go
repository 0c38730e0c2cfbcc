package navgraph

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Cost is an integer edge or path cost.
type Cost int64

// Unreachable is the cost of no path.
const Unreachable Cost = math.MaxInt64

// MaxCost bounds one edge cost, so that no path on a graph of up to
// MaxNodes nodes can overflow a Cost.
const MaxCost Cost = 1 << 40

// MaxNodes bounds the number of nodes (ids are int32).
const MaxNodes = 1 << 30

// ErrGraph is wrapped by every error about a malformed graph or query.
var ErrGraph = errors.New("navgraph: bad graph")

// Edge is a directed edge.
type Edge struct {
	From, To int32
	Cost     Cost
}

// Graph is an immutable directed graph in compressed sparse row form: the
// edges out of node u are to[off[u]:off[u+1]], sorted by target. Build an
// undirected graph by adding each edge both ways. A Graph is safe for
// concurrent use.
type Graph struct {
	off  []int32
	to   []int32
	cost []Cost
}

// Build returns the graph with n nodes and the given edges. Parallel edges
// keep the cheapest; self-loops are dropped. It returns an error wrapping
// ErrGraph for a node id out of range, a negative cost or a cost above
// MaxCost. The edges slice is not modified. O(m log m).
func Build(n int, edges []Edge) (*Graph, error) {
	if n < 0 || n > MaxNodes {
		return nil, fmt.Errorf("%w: %d nodes (max %d)", ErrGraph, n, MaxNodes)
	}
	es := make([]Edge, 0, len(edges))
	for _, e := range edges {
		if e.From < 0 || int(e.From) >= n || e.To < 0 || int(e.To) >= n {
			return nil, fmt.Errorf("%w: edge %d→%d on %d nodes", ErrGraph, e.From, e.To, n)
		}
		if e.Cost < 0 || e.Cost > MaxCost {
			return nil, fmt.Errorf("%w: edge %d→%d costs %d (want 0..%d)", ErrGraph, e.From, e.To, e.Cost, MaxCost)
		}
		if e.From != e.To {
			es = append(es, e)
		}
	}
	slices.SortFunc(es, func(a, b Edge) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Cost, b.Cost))
	})
	es = slices.CompactFunc(es, func(a, b Edge) bool { return a.From == b.From && a.To == b.To })
	g := &Graph{off: make([]int32, n+1), to: make([]int32, len(es)), cost: make([]Cost, len(es))}
	for i, e := range es {
		g.off[e.From+1]++
		g.to[i], g.cost[i] = e.To, e.Cost
	}
	for u := range n {
		g.off[u+1] += g.off[u]
	}
	return g, nil
}

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.off) - 1 }

// NumEdges returns the number of directed edges.
func (g *Graph) NumEdges() int { return len(g.to) }

// Out returns the targets and costs of the edges out of u, sorted by
// target. The slices are the graph's own: do not modify them. O(1).
func (g *Graph) Out(u int32) (to []int32, cost []Cost) {
	a, b := g.off[u], g.off[u+1]
	return g.to[a:b], g.cost[a:b]
}

// Cost returns the cost of the edge u→v and whether it exists.
// O(log degree).
func (g *Graph) Cost(u, v int32) (Cost, bool) {
	if u < 0 || int(u) >= g.Len() {
		return 0, false
	}
	to, cost := g.Out(u)
	if i, ok := slices.BinarySearch(to, v); ok {
		return cost[i], true
	}
	return 0, false
}

// Edges appends every edge to dst in (From, To) order.
func (g *Graph) Edges(dst []Edge) []Edge {
	for u := range int32(g.Len()) {
		to, cost := g.Out(u)
		for i, v := range to {
			dst = append(dst, Edge{u, v, cost[i]})
		}
	}
	return dst
}

// Equal reports whether g and h have the same nodes and edges.
func (g *Graph) Equal(h *Graph) bool {
	return slices.Equal(g.off, h.off) && slices.Equal(g.to, h.to) && slices.Equal(g.cost, h.cost)
}

// Bytes returns the memory the graph's arrays take.
func (g *Graph) Bytes() int { return 4*len(g.off) + 4*len(g.to) + 8*len(g.cost) }
