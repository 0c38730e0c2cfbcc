// Package navgonum shows a navgraph.Graph (the waypoint graph of a bake)
// to gonum's graph algorithms: View satisfies gonum's graph.Weighted, so
// path.DijkstraFrom, topo.ConnectedComponents and the rest run on it.
//
// It is a package of its own so that only those who want gonum compile
// it: the library packages (grid, navgraph, waypoint, preprocess, hpa,
// render) import no gonum package, and a game that imports hpa builds
// none (TestLibraryImportsNoGonum).
//
// Node ids are the graph's (0 to Len()-1); edge weights are the graph's
// integer costs as float64, exact below 2^53. The view allocates per call.
package navgonum
