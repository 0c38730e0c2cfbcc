// Package navgraph is the compact weighted graph the waypoint tier lives
// in: flat arrays in compressed sparse row form, int32 node ids, integer
// costs, a reusable zero-allocation A*/Dijkstra searcher with several
// sources and targets, ALT landmarks (exact distances from a few nodes,
// whose triangle-inequality bounds cut the nodes A* expands) and a
// binary encoding. It knows nothing of grids: callers give it nodes,
// edges, costs and (for A*) a heuristic. It imports no gonum package;
// the subpackage navgonum shows a Graph to gonum's algorithms.
//
// # Costs
//
// Costs are non-negative int64 values (type Cost) in whatever unit the
// caller uses; rtspath uses the grid package's units. Searches compare
// integers only and break ties on node ids, so the same graph and query
// give the same path on every machine. A query may add non-negative
// penalties to edges (Query.Penalty, indexed by Graph.EdgeID), so that an
// influence map changes routes without touching the graph. An edge costs
// at most MaxCost; a search's sums stop at MaxPathCost, so no cost wraps.
//
// # Memory
//
// A graph of n nodes and m directed edges takes 12n + 12m bytes. A
// Searcher takes 44 bytes per node plus its open list, allocated on its
// first query and reused after that; resetting it between queries costs
// O(1). Landmarks take 4 bytes per node and landmark; after SetEdges,
// Landmarks.Repair keeps their bounds valid at a cost that grows with the
// edit, not with the graph.
//
// # Errors
//
// "No path" is a Result, not an error. Bad input (node ids out of range,
// bad costs, slices that do not fit the graph) returns an error wrapping
// ErrGraph, a searcher or function without a graph ErrNilGraph; nothing
// panics. Accessors that return no error answer nil or -1 for ids that do
// not exist.
package navgraph
