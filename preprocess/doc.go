// Package preprocess turns a grid into everything a hierarchical query
// needs, fast enough to run at map load and compact enough for 8192×8192
// maps, and writes it to a versioned file ("the bake") that a game can
// embed with //go:embed and produce with go generate.
//
// What a Bake holds:
//
//   - Clusters and regions: the map is cut into square clusters
//     (Config.ClusterSize, default 32). A region is a set of cells of one
//     cluster connected by legal steps inside the cluster. Every passable
//     cell belongs to exactly one region; regions are numbered by cluster
//     (row-major) and, inside a cluster, by their first cell.
//   - Islands: connected components of the whole map under its movement
//     rule, kept per region. Two cells on different islands have no path
//     between them, which Bake.SameIsland tells in O(1).
//   - Dead ends: groups of regions, fewer than half of their island's,
//     that hang off the rest through a single entrance: one border run
//     into one region, whose cells on the outer side have the grid's
//     least weight. A search for a path between two cells outside a dead
//     end loses nothing by skipping it; Bake.AvoidDeadEnds gives the
//     filter a search uses to do so.
//   - Entrances and the waypoint tier: along each cluster border, maximal
//     runs of cells with a legal step across. A run shorter than 8
//     cells gets one transition (its middle), a longer one two (its
//     ends), as in HPA* (Botea, Müller, Schaeffer 2004), and a run of
//     at least Config.MiddleFrom cells (DefaultMiddleFrom, 24) or open
//     along the whole border (at least 12 cells) a third in its middle,
//     so that a path crossing a long run far from its ends need not
//     detour to one of them, and the coarse search does not take
//     another door for that detour. In clusters smaller than 16 cells
//     one point goes to runs shorter than 6 cells only. Bake format 5
//     has this rule; a file of format 3 or 4 (older builds: one point
//     below 6 cells, the middle on whole sides, or in format 4 on runs
//     of its MiddleFrom) loads and updates with its own. Transition
//     points of one region are joined by edges whose cost is the exact
//     fine-search cost inside the cluster; the two cells of a
//     transition are joined across the border. See package waypoint.
//   - Clearance: per cell, the side of the largest all-passable square
//     whose top-left cell it is (HAA*'s true clearance, Harabor & Botea
//     2008), capped at MaxClearance, so that one bake can serve units of
//     every size. The grid keeps it up to date with every edit
//     (grid.Grid.Clearance); the bake answers it.
//   - Unit layers (Config.Units): for each unit of another size or
//     movement class, a waypoint tier of its own on the same clusters
//     (UnitLayer: transition points where such a unit crosses a border,
//     edges of its exact cost), holding no per-cell data; units whose
//     classes stand on the same cells and weigh them alike share one.
//     Update searches only the clusters its edits reach.
//
// Building is split over clusters and runs on Config.Workers goroutines;
// the result is identical whatever the number of workers. Build costs
// O(N) for N cells plus one search inside its cluster per waypoint, about
// O(N·P·log S) for S×S clusters of P points; Load costs O(N + file size)
// and runs no search, since the file holds the intra-cluster edge costs.
// Update rebuilds only the clusters that the grid's edits since the last
// update touch (the grid records them: grid.Grid.Dirty) and their
// neighbours. Between an edit and the Update the bake is Stale: what it
// answers (SameIsland, DeadEnd, Clearance, the tier) describes the grid
// as it was, and WriteTo refuses to write it (ErrStale).
//
// Bad input is an error, never a panic: a file that cannot be loaded
// matches ErrBake and one of ErrFormat (not a bake, truncated, damaged),
// ErrVersion and ErrMap (baked from another map); bad arguments match
// ErrConfig, ErrNilGrid or ErrNil. Accessors given a cell, region or
// cluster that does not exist answer -1 (or 0, false).
//
// Costs are in the grid package's units; coordinates as in package grid.
package preprocess
