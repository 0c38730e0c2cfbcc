package hpa

import "github.com/rtspath/rtspath/grid"

// nearestCell returns the cell of start's island nearest to goal (see
// Options.Nearest: least octile distance to goal, then least octile
// distance from start, then least row-major index).
//
// It looks outward from goal's cluster ring by ring and reads the cells
// only of clusters that hold some of the island and could hold a cell
// nearer than the best so far (the start itself at first), and of those
// only the cells close enough to goal; it stops at the first ring that
// cannot. A cluster other than the start's holds cells of the island
// exactly when one of its waypoints lies on it: an island that spans
// clusters crosses their borders, and every crossing has transition
// points on both sides. Each cluster and each cell it examines counts
// against the budget.
//
// Cost: O(k²) clusters for k rings out to the answer, plus the cells
// read, at most a cluster's worth per cluster near the answer.
func (q *Query) nearestCell(start, goal grid.Point) (grid.Point, error) {
	p := q.p
	t, b := p.tier, p.bake
	island := int32(b.Island(start))
	cs := t.ClusterSize
	cw, ch := t.ClustersX(), t.ClustersY()
	gx, gy := goal.X/cs, goal.Y/cs
	home := t.ClusterOf(start)
	best := start
	bestD, bestS := grid.OctileCost(start, goal), grid.Cost(0)
	w := p.g.Width()
	better := func(pt grid.Point) {
		d := grid.OctileCost(pt, goal)
		if d > bestD {
			return
		}
		s := grid.OctileCost(start, pt)
		if d < bestD || s < bestS || s == bestS && pt.Y*w+pt.X < best.Y*w+best.X {
			best, bestD, bestS = pt, d, s
		}
	}
	for k := 0; ; k++ {
		// Every cell of ring k lies at least (k-1)·cs+1 cells (Chebyshev)
		// from goal, so at least Straight times that (octile).
		if k > 0 && grid.Straight*grid.Cost((k-1)*cs+1) > bestD {
			break
		}
		if gx-k < 0 && gy-k < 0 && gx+k >= cw && gy+k >= ch {
			break // the ring lies wholly off the map
		}
		for cy := gy - k; cy <= gy+k; cy++ {
			if cy < 0 || cy >= ch {
				continue
			}
			step := 2 * k // the ring's sides: its first and last column
			if cy == gy-k || cy == gy+k {
				step = 1 // its top and bottom rows
			}
			for cx := gx - k; cx <= gx+k; cx += max(step, 1) {
				if cx < 0 || cx >= cw {
					continue
				}
				if err := q.take(1); err != nil {
					return start, err
				}
				c := cy*cw + cx
				r := t.ClusterRect(c)
				// The cells of r within the square around goal that can
				// hold a cell no farther than the best.
				reach := int(bestD / grid.Straight)
				r = r.Intersect(grid.R(goal.X-reach, goal.Y-reach, goal.X+reach+1, goal.Y+reach+1))
				if r.Empty() || c != home && !q.holds(c, island) {
					continue
				}
				for y := r.Min.Y; y < r.Max.Y; y++ {
					if err := q.take(r.Dx()); err != nil {
						return start, err
					}
					for x := r.Min.X; x < r.Max.X; x++ {
						if pt := grid.Pt(x, y); int32(b.Island(pt)) == island {
							better(pt)
						}
					}
				}
			}
		}
	}
	return best, nil
}

// holds reports whether a waypoint of cluster c lies on island.
func (q *Query) holds(c int, island int32) bool {
	t, b := q.p.tier, q.p.bake
	first, end := t.PointsOf(c)
	for u := first; u < end; u++ {
		if b.RegionIsland(b.PointRegion(t.Points[u])) == island {
			return true
		}
	}
	return false
}
