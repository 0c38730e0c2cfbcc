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
// # Endpoints
//
// Sources and targets carry costs: what it costs to reach a source from
// the real start, or the goal from a target. An endpoint may be lazy
// (Endpoint.Lazy): its cost is a lower bound, and the search asks
// Query.Settle for the exact one only when it comes to the endpoint's
// node, so a planner that joins a start to the graph by a search per
// node skips the searches for the nodes the route never takes. With
// lazy sources the search expands what it would with their exact costs
// (see lazy.go); what Settle spends counts as the search's expansions.
//
// # Tiers
//
// An Overlay splits the nodes into cells, and those into bigger ones,
// and keeps for each cell the least costs between its border nodes (as
// in Customizable Route Planning): a search given it crosses the cells
// that hold neither a source nor a target from border to border, and
// still returns the least-cost path, node by node (a cell small enough
// keeps each inner cost's path, one level down, or over the graph's
// nodes at the first level in cells of at most 256 nodes, which the
// search reads rather than searches for). NewOverlayDoors keeps
// fewer ways across the cells, for far fewer inner costs where borders
// are long (a grid's), and a path that may cost more. Update and
// Invalidate follow edits; Snapshot, Build and Install rebuild cells
// away from the searches.
//
// # Memory
//
// A graph of n nodes and m directed edges takes 12n + 12m bytes. A
// Searcher takes a 1.5 KB page of node states (24 bytes each) for each
// 64 consecutive node ids its largest query reached, plus 2 bits per node
// of the largest graph it searched (its page table and its query's
// target bits) and its open list, all allocated as searches first need
// them and reused after that; resetting it between queries costs what
// the last query reached. So a Searcher's memory mostly follows its
// searches, not the graph: one per goroutine costs little on a graph of
// millions of nodes whose searches stay local. Landmarks take 4 bytes per
// node and landmark; after SetEdges, Landmarks.Repair keeps their bounds
// valid at a cost that grows with the edit, not with the graph. An
// Overlay takes 8 bytes a node and 8 a hop kept (one byte more a node
// with doors), and above its first level 2 more a hop, 2 for each node
// a hop's path passes one level down and 4 a border node.
//
// # Errors
//
// "No path" is a Result, not an error. Bad input (node ids out of range,
// bad costs, slices that do not fit the graph) returns an error wrapping
// ErrGraph, a searcher or function without a graph ErrNilGraph; nothing
// panics. Accessors that return no error answer nil or -1 for ids that do
// not exist.
package navgraph
