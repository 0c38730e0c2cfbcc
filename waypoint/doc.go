// Package waypoint is the waypoint tier of rtspath's hierarchy: points on
// the grid (transition points on cluster borders, found by preprocessing,
// and points a level designer placed), the navgraph that joins them, and
// the grid route behind each of its edges.
//
// The map is cut into square clusters of ClusterSize cells (the last row
// and column of clusters may be smaller). A point belongs to the cluster
// that holds its cell. Two kinds of edges join points: an intra-cluster
// edge joins two points of one cluster region, and costs exactly what the
// fine search bounded to the cluster finds; an inter-cluster edge joins
// two neighbouring cells on either side of a cluster border and costs one
// grid step. Costs are in the grid package's units.
//
// Routes behind edges are recomputed on demand with a fine search bounded
// to the cluster, whose scratch is the cluster's size, not the map's.
// Tier.Route returns an error rather than a route that does not cost its
// edge (ErrRoute: the grid changed) and for misuse (ErrNoEdge, ErrTier,
// ErrSearcher); Tier.RouteWithin bounds its search (ErrExhausted). The
// tier's accessors answer -1 or an empty range for cells and clusters
// that do not exist.
package waypoint
