package navgonum

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/navgraph"
)

// View is a read-only view of a navgraph.Graph that satisfies gonum's
// graph.Weighted (and so graph.Directed's neighbour queries), so gonum's
// algorithms (path, topo, community, ...) run on a waypoint graph. Node
// ids are the graph's; weights are costs as float64 (exact below 2^53).
// Node is O(1); Edge, WeightedEdge, Weight and HasEdgeBetween are
// O(log d) for d out-edges; Nodes and From allocate the list they return
// (O(n), O(d)): use it for analysis, not in a game loop.
type View struct{ G *navgraph.Graph }

var _ graph.Weighted = View{}

// Node returns the node with the given id, or nil. A View of no graph
// (G nil) has no nodes.
func (v View) Node(id int64) graph.Node {
	if v.G == nil || id < 0 || id >= int64(v.G.Len()) {
		return nil
	}
	return simple.Node(id)
}

// Nodes returns every node in id order.
func (v View) Nodes() graph.Nodes {
	if v.G == nil {
		return graph.Empty
	}
	ns := make([]graph.Node, v.G.Len())
	for i := range ns {
		ns[i] = simple.Node(i)
	}
	return iterator.NewOrderedNodes(ns)
}

// From returns the targets of the edges out of id.
func (v View) From(id int64) graph.Nodes {
	if v.Node(id) == nil {
		return graph.Empty
	}
	to, _ := v.G.Out(int32(id))
	if len(to) == 0 {
		return graph.Empty
	}
	ns := make([]graph.Node, len(to))
	for i, t := range to {
		ns[i] = simple.Node(t)
	}
	return iterator.NewOrderedNodes(ns)
}

// HasEdgeBetween reports an edge either way between x and y.
func (v View) HasEdgeBetween(x, y int64) bool {
	return v.Edge(x, y) != nil || v.Edge(y, x) != nil
}

// Edge returns the edge u→w, or nil.
func (v View) Edge(u, w int64) graph.Edge { return v.WeightedEdge(u, w) }

// WeightedEdge returns the edge u→w with its cost as weight, or nil.
func (v View) WeightedEdge(u, w int64) graph.WeightedEdge {
	if v.Node(u) == nil || v.Node(w) == nil {
		return nil
	}
	c, ok := v.G.Cost(int32(u), int32(w))
	if !ok {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(u), T: simple.Node(w), W: float64(c)}
}

// Weight returns the cost of x→y (0 for x == y) and whether it exists.
func (v View) Weight(x, y int64) (float64, bool) {
	if x == y {
		return 0, v.Node(x) != nil
	}
	if e := v.WeightedEdge(x, y); e != nil {
		return e.Weight(), true
	}
	return 0, false
}
