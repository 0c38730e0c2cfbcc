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

// MaxCost bounds one edge cost.
const MaxCost Cost = 1 << 40

// MaxPathCost is where a search's sums stop: a path's cost is the sum of
// its edges' costs and penalties and its endpoints' costs, cut to
// MaxPathCost, so that no sum wraps whatever the graph's size (a path
// dearer than that is still found, at that cost). Edge costs are at most
// MaxCost (2^40), so a path of fewer than 2^20 edges without penalties,
// between endpoints that cost at most MaxCost, stays below it.
const MaxPathCost Cost = 1 << 61

// MaxNodes bounds the number of nodes (ids are int32).
const MaxNodes = 1 << 30

// Errors returned for bad input; test with errors.Is.
var (
	// ErrGraph is wrapped by every error about a malformed graph or
	// query: node ids out of range, bad costs, slices of the wrong length.
	ErrGraph = errors.New("navgraph: bad graph")
	// ErrNilGraph is returned by a Searcher that has no graph
	// (NewSearcher(nil) without SetGraph) and by functions given a nil
	// *Graph.
	ErrNilGraph = errors.New("navgraph: nil graph")
)

// Edge is a directed edge.
type Edge struct {
	From, To int32
	Cost     Cost
}

// Graph is a directed graph in compressed sparse row form: the edges out
// of node u sit in one stretch of flat arrays, sorted by target. Build an
// undirected graph by adding each edge both ways. SetEdges replaces one
// node's edges in place (a changed cluster of a waypoint graph), so a
// Graph is safe for concurrent reads, but SetEdges must not run
// concurrently with anything else.
type Graph struct {
	off  []int32 // per node: first edge
	deg  []int32 // per node: edges in use
	room []int32 // per node: edges reserved at off
	to   []int32
	cost []Cost
	live int // edges in use, over all nodes
	// compactions counts the times SetEdges packed the arrays anew
	compactions uint64
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
		if err := checkEdge(n, e); err != nil {
			return nil, err
		}
		if e.From != e.To {
			es = append(es, e)
		}
	}
	slices.SortFunc(es, func(a, b Edge) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Cost, b.Cost))
	})
	es = slices.CompactFunc(es, func(a, b Edge) bool { return a.From == b.From && a.To == b.To })
	g := New(n)
	g.to, g.cost = make([]int32, len(es)), make([]Cost, len(es))
	for i, e := range es {
		g.deg[e.From]++
		g.to[i], g.cost[i] = e.To, e.Cost
	}
	g.live = len(es)
	var o int32
	for u := range n {
		g.off[u], g.room[u] = o, g.deg[u]
		o += g.deg[u]
	}
	return g, nil
}

// New returns a graph of n nodes and no edges, to be filled with
// SetEdges. n must be in 0..MaxNodes.
func New(n int) *Graph {
	n = max(0, min(n, MaxNodes))
	return &Graph{off: make([]int32, n), deg: make([]int32, n), room: make([]int32, n)}
}

func checkEdge(n int, e Edge) error {
	if e.From < 0 || int(e.From) >= n || e.To < 0 || int(e.To) >= n {
		return fmt.Errorf("%w: edge %d→%d on %d nodes", ErrGraph, e.From, e.To, n)
	}
	if e.Cost < 0 || e.Cost > MaxCost {
		return fmt.Errorf("%w: edge %d→%d costs %d (want 0..%d)", ErrGraph, e.From, e.To, e.Cost, MaxCost)
	}
	return nil
}

// SetEdges replaces the edges out of u with edges to the nodes in to, at
// the costs in cost; to must be sorted, without repeats or u itself.
// Reverse edges are the caller's business. It reuses u's own stretch of
// the arrays when the new edges fit and otherwise moves u to the end,
// compacting the arrays when more than half of them is abandoned: O(len)
// amortized. It returns an error wrapping ErrGraph for bad input.
func (g *Graph) SetEdges(u int32, to []int32, cost []Cost) error {
	n := g.Len()
	if u < 0 || int(u) >= n || len(to) != len(cost) {
		return fmt.Errorf("%w: SetEdges on node %d of %d with %d targets, %d costs", ErrGraph, u, n, len(to), len(cost))
	}
	for i, v := range to {
		if err := checkEdge(n, Edge{u, v, cost[i]}); err != nil {
			return err
		}
		if v == u || i > 0 && v <= to[i-1] {
			return fmt.Errorf("%w: SetEdges targets of node %d not sorted and distinct", ErrGraph, u)
		}
	}
	k := int32(len(to))
	g.live += int(k - g.deg[u])
	if k > g.room[u] {
		if len(g.to)+len(to) > 2*g.live+64 {
			g.compact()
		}
		g.off[u], g.room[u] = int32(len(g.to)), k
		g.to = append(g.to, to...)
		g.cost = append(g.cost, cost...)
	} else {
		copy(g.to[g.off[u]:], to)
		copy(g.cost[g.off[u]:], cost)
	}
	g.deg[u] = k
	return nil
}

// compact packs every node's edges together, dropping the stretches
// abandoned by SetEdges.
func (g *Graph) compact() {
	to := make([]int32, 0, g.live+g.live/4)
	cost := make([]Cost, 0, cap(to))
	for u := range g.off {
		a, d := g.off[u], g.deg[u]
		g.off[u], g.room[u] = int32(len(to)), d
		to = append(to, g.to[a:a+d]...)
		cost = append(cost, g.cost[a:a+d]...)
	}
	g.to, g.cost = to, cost
	g.compactions++
}

// Trim gives back the room that SetEdges's appends left past the last
// edge, keeping every edge where it is (EdgeID, Compactions and the
// room each node has reserved do not change): for a graph built once
// and kept, such as a waypoint graph after its layout. A later SetEdges
// that needs room allocates anew. O(edges).
func (g *Graph) Trim() {
	if g == nil || cap(g.to) == len(g.to) {
		return
	}
	g.to, g.cost = slices.Clone(g.to), slices.Clone(g.cost)
}

// Compactions counts the times SetEdges packed the edge arrays anew, which
// renumbers every edge (EdgeID). While it stays the same, a SetEdges
// changes the ids of the edges out of its own node only, so arrays kept
// beside the graph by edge id stay good for every other node. O(1).
func (g *Graph) Compactions() uint64 { return g.compactions }

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.off) }

// NumEdges returns the number of directed edges.
func (g *Graph) NumEdges() int { return g.live }

// Out returns the targets and costs of the edges out of u, sorted by
// target (nil for a u that is not a node). The slices are the graph's
// own: do not modify them. O(1).
func (g *Graph) Out(u int32) (to []int32, cost []Cost) {
	if uint32(u) >= uint32(len(g.off)) {
		return nil, nil
	}
	a, b := g.off[u], g.off[u]+g.deg[u]
	return g.to[a:b:b], g.cost[a:b:b]
}

// EdgeID returns the id of the i-th edge out of u (in the order Out lists
// them): a number below EdgeIDs, for arrays kept beside the graph such as
// per-edge penalties (Query.Penalty). Ids hold until the next SetEdges.
// It returns -1 if u has no i-th edge. O(1).
func (g *Graph) EdgeID(u int32, i int) int32 {
	if uint32(u) >= uint32(len(g.off)) || uint(i) >= uint(g.deg[u]) {
		return -1
	}
	return g.off[u] + int32(i)
}

// EdgeIDs returns the bound on edge ids: the length an array indexed by
// EdgeID needs.
func (g *Graph) EdgeIDs() int { return len(g.to) }

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

// Equal reports whether g and h have the same nodes and edges (a nil
// graph equals only nil). O(n + m).
func (g *Graph) Equal(h *Graph) bool {
	if g == nil || h == nil {
		return g == h
	}
	if g.Len() != h.Len() || g.live != h.live {
		return false
	}
	for u := range int32(g.Len()) {
		a, ac := g.Out(u)
		b, bc := h.Out(u)
		if !slices.Equal(a, b) || !slices.Equal(ac, bc) {
			return false
		}
	}
	return true
}

// Bytes returns the memory the graph's arrays take.
func (g *Graph) Bytes() int { return 12*len(g.off) + 4*cap(g.to) + 8*cap(g.cost) }

// Clone returns a deep copy of g (nil for a nil g): a snapshot that a
// goroutine may read while g is changed. O(V+E).
func (g *Graph) Clone() *Graph {
	if g == nil {
		return nil
	}
	c := *g
	c.off = slices.Clone(g.off)
	c.deg = slices.Clone(g.deg)
	c.room = slices.Clone(g.room)
	c.to = slices.Clone(g.to)
	c.cost = slices.Clone(g.cost)
	return &c
}
