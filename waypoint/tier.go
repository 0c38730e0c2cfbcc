package waypoint

import (
	"errors"
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// Errors returned by Route; test with errors.Is.
var (
	// ErrNoEdge: the two ids are not joined by an edge of the tier.
	ErrNoEdge = errors.New("waypoint: no such edge")
	// ErrTier: the Tier is not whole (no graph, no cluster size, fewer
	// points than graph nodes).
	ErrTier = errors.New("waypoint: bad tier")
	// ErrSearcher: no searcher, or one on a grid of another size (a
	// searcher without a grid also wraps grid.ErrNilGrid).
	ErrSearcher = errors.New("waypoint: bad searcher")
	// ErrRoute: the grid no longer has a route of the edge's cost (it
	// changed since the tier was made).
	ErrRoute = errors.New("waypoint: route does not match its edge")
	// ErrExhausted: RouteWithin's bound stopped the cluster search before
	// it reached the edge's end.
	ErrExhausted = errors.New("waypoint: route search ran out of expansions")
)

// Kind says where a point comes from.
type Kind uint8

const (
	// Transition points sit on a cluster border, one to three per
	// entrance (package preprocess says where).
	Transition Kind = iota
	// Placed points were given by the game (a designer's waypoint).
	Placed
)

// Point is one waypoint.
type Point struct {
	Cell    grid.Point
	Cluster int32 // cluster index, row-major
	Region  int32 // region within the cluster (see preprocess)
	Kind    Kind
}

// Tier is the waypoint tier of one map: its points and the graph joining
// them, whose node i is Points[i]. Each cluster owns a fixed range of
// slots, so that a changed cluster can be rewritten without renumbering
// the others: the points of cluster c are
// Points[ClusterStart[c] : ClusterStart[c]+ClusterLen[c]], sorted by cell
// (row-major), and the rest of its range is unused (no edges). A Tier is
// safe for concurrent reads; updates must not run concurrently with
// anything else.
type Tier struct {
	Width, Height int
	ClusterSize   int
	Points        []Point
	ClusterStart  []int32 // per cluster (+1): first slot
	ClusterLen    []int32 // per cluster: slots in use
	Graph         *navgraph.Graph
	// Unit, when not the zero Unit, says the tier is for that unit (see
	// grid.Unit, grid.Options.Size and Class): its routes are that unit's.
	Unit grid.Unit
}

// ClustersX returns the number of cluster columns (0 for a tier without
// a cluster size).
func (t *Tier) ClustersX() int {
	if t.ClusterSize < 1 {
		return 0
	}
	return (t.Width + t.ClusterSize - 1) / t.ClusterSize
}

// ClustersY returns the number of cluster rows (0 for a tier without a
// cluster size).
func (t *Tier) ClustersY() int {
	if t.ClusterSize < 1 {
		return 0
	}
	return (t.Height + t.ClusterSize - 1) / t.ClusterSize
}

// ClusterOf returns the index of the cluster holding p, or -1 if p is off
// the map. O(1).
func (t *Tier) ClusterOf(p grid.Point) int {
	if uint(p.X) >= uint(t.Width) || uint(p.Y) >= uint(t.Height) || t.ClusterSize < 1 {
		return -1
	}
	return p.Y/t.ClusterSize*t.ClustersX() + p.X/t.ClusterSize
}

// ClusterRect returns the cells of cluster c (empty if there is no
// cluster c). O(1).
func (t *Tier) ClusterRect(c int) grid.Rect {
	cw := t.ClustersX()
	if c < 0 || c >= cw*t.ClustersY() {
		return grid.Rect{}
	}
	cx, cy := c%cw, c/cw
	s := t.ClusterSize
	return grid.R(cx*s, cy*s, min((cx+1)*s, t.Width), min((cy+1)*s, t.Height))
}

// PointsOf returns the node ids [first, end) of cluster c's points (an
// empty range if there is no cluster c). O(1).
func (t *Tier) PointsOf(c int) (first, end int32) {
	if c < 0 || c >= len(t.ClusterLen) || c >= len(t.ClusterStart) {
		return 0, 0
	}
	return t.ClusterStart[c], t.ClusterStart[c] + t.ClusterLen[c]
}

// NumPoints returns the number of points in use.
func (t *Tier) NumPoints() int {
	n := 0
	for _, k := range t.ClusterLen {
		n += int(k)
	}
	return n
}

// Find returns the node id of the point at cell p, if there is one.
// O(log points in the cluster).
func (t *Tier) Find(p grid.Point) (int32, bool) {
	c := t.ClusterOf(p)
	if c < 0 {
		return -1, false
	}
	lo, end := t.PointsOf(c)
	if lo < 0 || end > int32(len(t.Points)) {
		return -1, false
	}
	hi := end
	key := p.Y*t.Width + p.X
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		c := t.Points[m].Cell
		if k := c.Y*t.Width + c.X; k < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < end && t.Points[lo].Cell == p {
		return lo, true
	}
	return -1, false
}

// Route appends to dst[:0] the grid cells of the edge u→v, both ends
// included: one step for an inter-cluster edge; for an intra-cluster one
// the step line when it is legal and costs the edge, else the fine
// search bounded to the cluster. s must search the tier's grid. The
// route's cost equals the edge's cost; when the grid no longer has such a
// route (it changed since the tier was made) the error wraps ErrRoute.
// Misuse is an error too: ErrNoEdge, ErrTier, ErrSearcher (see each).
// O(1) for an inter-cluster edge, O(cluster side) for a step line, else
// one A* inside the cluster, O(S² log S) for clusters of S×S cells.
func (t *Tier) Route(s *grid.Searcher, u, v int32, dst []grid.Point) ([]grid.Point, error) {
	path, _, err := t.RouteWithin(s, u, v, 0, dst)
	return path, err
}

// RouteWithin is Route with the cluster search, when one runs, bounded to
// maxExpansions cells (0 or less: no bound); it also returns the cells that search
// expanded (0 when none ran). A search the bound stopped returns
// ErrExhausted itself (no allocation), with no route. Cost as Route, at
// most maxExpansions cells expanded.
func (t *Tier) RouteWithin(s *grid.Searcher, u, v int32, maxExpansions int, dst []grid.Point) ([]grid.Point, int, error) {
	return t.RoutePaced(s, u, v, maxExpansions, nil, dst)
}

// RoutePaced is RouteWithin whose cluster search calls pause (if not
// nil) when it reaches its bound, as grid.Options.Pause says: a search
// spread over game ticks. The route is the one RouteWithin finds with the
// bound that pause leaves in the end.
func (t *Tier) RoutePaced(s *grid.Searcher, u, v int32, maxExpansions int, pause func(int) int, dst []grid.Point) ([]grid.Point, int, error) {
	if t.Graph == nil || t.ClusterSize < 1 || len(t.Points) < t.Graph.Len() {
		return dst[:0], 0, fmt.Errorf("%w: graph %v, cluster size %d, %d points", ErrTier, t.Graph != nil, t.ClusterSize, len(t.Points))
	}
	if s == nil {
		return dst[:0], 0, fmt.Errorf("%w: nil searcher", ErrSearcher)
	}
	g := s.Grid()
	if g == nil {
		return dst[:0], 0, fmt.Errorf("%w: %w", ErrSearcher, grid.ErrNilGrid)
	}
	if g.Width() != t.Width || g.Height() != t.Height {
		return dst[:0], 0, fmt.Errorf("%w: it searches a %d×%d grid, the tier is %d×%d", ErrSearcher, g.Width(), g.Height(), t.Width, t.Height)
	}
	want, ok := t.Graph.Cost(u, v)
	if !ok {
		return dst[:0], 0, fmt.Errorf("%w: %d→%d", ErrNoEdge, u, v)
	}
	a, b := t.Points[u], t.Points[v]
	if a.Cluster != b.Cluster {
		return append(dst[:0], a.Cell, b.Cell), 0, nil
	}
	// The step line is the route when it is legal and costs the edge.
	if c, ok := g.UnitLineCost(a.Cell, b.Cell, t.Unit, grid.Cost(want)+1, nil); ok && navgraph.Cost(c) == want {
		return g.AppendStepLine(append(dst[:0], a.Cell), a.Cell, b.Cell), 0, nil
	}
	res, err := s.FindPath(a.Cell, b.Cell, grid.Options{Window: t.ClusterRect(int(a.Cluster)), MaxExpansions: max(maxExpansions, 0), Pause: pause, Size: t.Unit.Size, Class: t.Unit.Class}, dst)
	switch {
	case err != nil:
		return res.Path, res.Expanded, fmt.Errorf("%w: %d→%d: %w", ErrRoute, u, v, err)
	case res.Status == grid.Exhausted:
		return res.Path[:0], res.Expanded, ErrExhausted
	case res.Status != grid.Found || navgraph.Cost(res.Cost) != want:
		return res.Path, res.Expanded, fmt.Errorf("%w: %d→%d: the grid gives %v at cost %d, the edge says %d (grid changed since the bake?)", ErrRoute, u, v, res.Status, res.Cost, want)
	}
	return res.Path, res.Expanded, nil
}
