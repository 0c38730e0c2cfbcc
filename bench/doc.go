// Package bench runs pathfinding benchmarks the way users run them: Moving
// AI scenario sets (a file, a folder, or the whole tree) or generated
// maps, through every algorithm rtspath has (exact A* and Dijkstra on the
// grid, the hierarchical planner raw, smoothed and as corners), and
// reports per algorithm, per map and per scenario bucket: query time
// (mean, p50, p95, p99, quantiles from gonum's stat), nodes expanded,
// path length over the scenario's optimum (mean, p99, max), preparation
// time and memory per cell. Every path is checked against the map and the
// scenario; a wrong path is an error, not a figure.
//
// Reports print as tables (WriteTable) and as CSV and JSON for machines.
// The PNG plots (query time against path length, the distribution of
// length over the optimum, preparation time against map size, scaling)
// are drawn from that JSON by the separate module in bench/plots, so
// that gonum's plot module and its fonts never enter rtspath's go.mod.
// Scale measures how costs grow with generated maps from hundreds to
// thousands of cells a side.
//
// The `rtspath bench` command drives it; `go test -bench` benchmarks in
// each package stay the unit-level measurements. Peer libraries are
// measured by the separate module in bench/peers, so that they never
// enter rtspath's go.mod.
//
// Options.Load measures quality where the best path is not the shortest:
// a Load puts penalties (hot spots and units' claims, written to an hpa
// penalty layer) or random terrain weights on every map, and a path's
// figure becomes its cost over exact A* under the same load, each path
// priced by the bench from the load's writes and hpa's documented rules
// (rtspath bench -load light|heavy|terrain).
//
// Live replays a scripted match on a live map (hpa.Live) on a generated
// map: buildings placed and removed and published every tick while units
// re-path on the published versions, one by one and with View.FindAll on
// 1 and 2 workers (answers checked equal), then the final requests on the
// edited map against a fresh bake of the final map (rtspath bench -live).
//
// Ticks replays a match against a path service (hpa.Service) on a live
// generated map, 20 ticks a second: units in squads re-pathing every
// 10 s from where they stand, squad orders to one goal, bursts of 500
// units ordered across the map in one tick, a building published every
// second; each tick one Service.Tick with a budget of expansions. It
// reports the ticks' time (p50, p99, max), the ticks from request to
// first steps and to full path, and checks every answer (rtspath bench
// -ticks). The map bake, the buildings and the answer checks the two
// replays share live in replay.go.
package bench
