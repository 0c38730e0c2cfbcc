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
//   - Dead ends: parts of the map that hang off the rest through a single
//     region (an articulation point of the region graph). A search for a
//     path between two cells outside a dead end has no reason to enter it;
//     Bake.AvoidDeadEnds gives the filter a search uses to skip them.
//   - Entrances and the waypoint tier: along each cluster border, maximal
//     runs of cells with a legal step across. A run shorter than 6 cells
//     gets one transition (its middle), a longer one two (its ends), as in
//     HPA* (Botea, Müller, Schaeffer 2004). Transition points of one region
//     are joined by edges whose cost is the exact fine-search cost inside
//     the cluster; the two cells of a transition are joined across the
//     border. See package waypoint.
//   - Clearance: per cell, the side of the largest all-passable square
//     whose top-left cell it is (HAA*'s true clearance, Harabor & Botea
//     2008), capped at MaxClearance, so that one bake can serve units of
//     every size.
//
// Building is split over clusters and runs on Config.Workers goroutines;
// the result is identical whatever the number of workers. Update rebuilds
// only the clusters that the grid's edits since the last update touch (the
// grid records them: grid.Grid.Dirty) and their neighbours. Between an
// edit and the Update the bake is Stale: what it answers (SameIsland,
// DeadEnd, Clearance, the tier) describes the grid as it was, and WriteTo
// refuses to write it.
//
// Costs are in the grid package's units; coordinates as in package grid.
package preprocess
