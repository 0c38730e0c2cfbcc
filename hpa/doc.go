// Package hpa answers path queries on a baked map with the hierarchy
// built by package preprocess: it connects the start and the goal to the
// waypoints of their cluster regions with a fine search bounded to their
// clusters, runs A* on the waypoint graph (skipping dead ends that hold
// neither endpoint), refines each abstract edge into grid cells inside its
// cluster, and optionally smooths the result with line-of-sight shortcuts.
//
// A Planner is shared, read-only, by any number of goroutines; each
// goroutine makes its own Query, which owns all scratch memory and
// allocates nothing per call once warm. Paths are deterministic: the same
// bake and query give the same path on every machine.
//
// Paths are near-optimal, not optimal: a path through the waypoint graph
// passes through transition points. Start and goal in the same or
// neighbouring clusters are joined by an exact search first.
//
// Costs are in the grid package's units.
package hpa
