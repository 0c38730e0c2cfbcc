package waypoint

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// Kind says where a point comes from.
type Kind uint8

const (
	// Transition points sit on a cluster border, one or two per entrance.
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
}

// ClustersX returns the number of cluster columns.
func (t *Tier) ClustersX() int { return (t.Width + t.ClusterSize - 1) / t.ClusterSize }

// ClustersY returns the number of cluster rows.
func (t *Tier) ClustersY() int { return (t.Height + t.ClusterSize - 1) / t.ClusterSize }

// ClusterOf returns the index of the cluster holding p, which must be on
// the map.
func (t *Tier) ClusterOf(p grid.Point) int {
	return p.Y/t.ClusterSize*t.ClustersX() + p.X/t.ClusterSize
}

// ClusterRect returns the cells of cluster c.
func (t *Tier) ClusterRect(c int) grid.Rect {
	cx, cy := c%t.ClustersX(), c/t.ClustersX()
	s := t.ClusterSize
	return grid.R(cx*s, cy*s, min((cx+1)*s, t.Width), min((cy+1)*s, t.Height))
}

// PointsOf returns the node ids [first, end) of cluster c's points.
func (t *Tier) PointsOf(c int) (first, end int32) {
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
	if !p.In(grid.R(0, 0, t.Width, t.Height)) {
		return -1, false
	}
	lo, end := t.PointsOf(t.ClusterOf(p))
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
// route's cost equals the edge's cost.
func (t *Tier) Route(s *grid.Searcher, u, v int32, dst []grid.Point) ([]grid.Point, error) {
	want, ok := t.Graph.Cost(u, v)
	if !ok {
		return dst[:0], fmt.Errorf("waypoint: no edge %d→%d", u, v)
	}
	a, b := t.Points[u], t.Points[v]
	if a.Cluster != b.Cluster {
		return append(dst[:0], a.Cell, b.Cell), nil
	}
	// The step line is the route when it is legal and costs the edge.
	if c, ok := s.Grid().StepLineCost(a.Cell, b.Cell, grid.Cost(want)+1); ok && navgraph.Cost(c) == want {
		return s.Grid().AppendStepLine(append(dst[:0], a.Cell), a.Cell, b.Cell), nil
	}
	res, err := s.FindPath(a.Cell, b.Cell, grid.Options{Window: t.ClusterRect(int(a.Cluster))}, dst)
	if err != nil {
		return res.Path, fmt.Errorf("waypoint: route %d→%d: %w", u, v, err)
	}
	if res.Status != grid.Found || navgraph.Cost(res.Cost) != want {
		return res.Path, fmt.Errorf("waypoint: route %d→%d costs %d, edge says %d (grid changed since the bake?)", u, v, res.Cost, want)
	}
	return res.Path, nil
}
