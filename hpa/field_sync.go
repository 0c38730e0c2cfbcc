package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// maxRebuilds bounds how often SyncTo builds one cluster again; past it
// the cluster takes no seeds from its neighbours (see SyncTo). A
// variable for the tests.
var maxRebuilds uint8 = 2

// NewField returns the flow field towards goal on the View's version of
// its live map, as Planner.NewField. The field builds clusters from the
// View's copy of the map: use it while the View is held, and move it to
// later versions with SyncTo.
func (v View) NewField(goal grid.Point, opt Options) (*Field, error) {
	if v.r == nil {
		return nil, fmt.Errorf("%w: the zero View", ErrField)
	}
	f, err := v.r.p.NewField(goal, opt)
	if err != nil {
		return nil, err
	}
	f.live, f.lver = v.l, v.r.ver
	return f, nil
}

// SyncTo moves a field made on a live map (View.NewField) to the version
// v pins: its lookups then answer for that map, building clusters from
// v's copy (keep v held while looking up). Nothing is rebuilt unless the
// version changed. When it did, it keeps every cluster built before
// whose cells the edits since did not reach and whose waypoints' costs
// to the goal all changed by the same amount (their steps stay right),
// and builds again, nearest the goal first, the others it had built; a
// kept cluster whose step into a neighbour would no longer lower the
// cost (the neighbour got dearer) is built again too. An edit on the
// corridor a group follows thus rebuilds the clusters it touched, and
// those next to them only when the costs there changed unevenly.
// Following the field still ends at the goal from any cell it reaches
// (the costs, shifted, still fall along every step), but after a sync
// Cost is the field's measure along the way, not always the exact cost
// of the cells it leads through.
//
// A View older than the field's version starts every cluster afresh.
//
// Errors: a field not made on v's live map, or the zero View (ErrField).
// Cost: the coarse Dijkstra (as NewField), a check of each kept cluster's
// border, and the builds.
func (f *Field) SyncTo(v View) error {
	if f == nil || v.r == nil || f.live == nil || v.l != f.live {
		return fmt.Errorf("%w: SyncTo: a field made on this live map (View.NewField) and a View of it", ErrField)
	}
	if f.p == nil {
		return fmt.Errorf("%w: SyncTo: the field was never made", ErrField)
	}
	p := v.r.p
	if v.r.ver == f.lver {
		f.use(p)
		return nil
	}
	back := v.r.ver < f.lver
	f.use(p)
	f.lver = v.r.ver
	f.coarse()
	if back {
		// An older version: the clusters' versions cannot say what
		// changed since; start the clusters afresh.
		for c := range f.tiles {
			f.drop(c)
		}
		return nil
	}
	f.want = f.want[:0]
	// Keep the clusters the edits did not reach whose waypoints' costs
	// moved alike.
	for c, t := range f.tiles {
		if t == nil {
			continue
		}
		if f.reached(c, t) || !f.shift(c, t) {
			f.drop(c)
			f.want = append(f.want, clusterKey{0, int32(c)})
		}
	}
	// A kept cluster must still step down into its neighbours (into one
	// to be built again: checked when it is).
	f.rebuilds = resize(f.rebuilds, len(f.tiles))
	f.pending = resize(f.pending, len(f.tiles))
	clear(f.pending)
	for _, w := range f.want {
		f.pending[w.c] = true
	}
	for c, t := range f.tiles {
		if t != nil && !f.stepsDown(c, t) {
			f.drop(c)
			f.want = append(f.want, clusterKey{0, int32(c)})
			f.pending[c] = true
		}
	}
	// Build the rest again, nearest the goal first; a build that makes a
	// neighbour's step into it go up drops that neighbour (built again
	// in turn, at most maxRebuilds times, and then from its waypoints
	// alone, which always step down).
	for i := range f.want {
		f.want[i].k = f.key(int(f.want[i].c))
	}
	clear(f.rebuilds)
	h := f.open[:0] // the coarse search's heap, free now; f: the key, n: the cluster
	for _, w := range f.want {
		h.push(treeItem{f: w.k, n: w.c})
	}
	for len(h) > 0 {
		it := h.pop()
		w := clusterKey{it.f, it.n}
		c := int(w.c)
		if f.tiles[c] != nil {
			continue
		}
		f.rebuilds[c]++
		alone := f.rebuilds[c] > maxRebuilds
		f.build(c, func(n int) bool { return !alone && f.key(n) < w.k })
		f.pending[c] = false
		for _, n := range f.neighbours(c) {
			if t := f.tiles[n]; t != nil && !f.stepsDown(n, t) {
				f.drop(n)
				h.push(treeItem{f: f.key(n), n: int32(n)})
				f.pending[n] = true
			}
		}
	}
	f.open = h[:0]
	return nil
}

// reached reports whether the edits since tile t of cluster c was built
// reached cells its steps depend on: the cluster's own (the bake marks
// the clusters within a cell of each edit) and, for a unit more than a
// cell across, those its footprint covers east and south of it.
func (f *Field) reached(c int, t *fieldTile) bool {
	b, tr := f.p.bake, f.tier
	r := tr.ClusterRect(c)
	r.Max = r.Max.Add(grid.Pt(f.unit.Size-1, f.unit.Size-1))
	r = r.Intersect(grid.R(0, 0, tr.Width, tr.Height))
	for cy := r.Min.Y / f.cs; cy <= (r.Max.Y-1)/f.cs; cy++ {
		for cx := r.Min.X / f.cs; cx <= (r.Max.X-1)/f.cs; cx++ {
			if b.ClusterVersion(cy*f.cw+cx) > t.bakeVer {
				return true
			}
		}
	}
	return false
}

// shift moves tile t of cluster c to the new costs of its waypoints if
// they all changed by the same amount (then its steps are still the
// least-cost ones) and reports whether they did.
func (f *Field) shift(c int, t *fieldTile) bool {
	tr := f.tier
	first, end := tr.PointsOf(c)
	if int(end-first) != len(t.pts) {
		return false
	}
	var d navgraph.Cost
	set := false
	for i, u := 0, first; u < end; i, u = i+1, u+1 {
		old := t.pts[i]
		now := f.dist[u]
		if tr.Points[u].Cell != old.cell || (now == navgraph.MaxPathCost) != (old.cost == navgraph.MaxPathCost) {
			return false
		}
		if now == navgraph.MaxPathCost {
			continue
		}
		if !set {
			d, set = now-old.cost, true
		} else if now-old.cost != d {
			return false
		}
	}
	for i, u := 0, first; u < end; i, u = i+1, u+1 {
		t.pts[i].cost = f.dist[u]
	}
	t.shift += grid.Cost(d)
	t.bakeVer = f.p.bake.Version()
	return true
}

// stepsDown reports whether every step of tile t (cluster c) out of the
// cluster is still legal and leads to a lower cost: into a built
// neighbour, its cost there; into one not built, the cost of the
// waypoint it leads to (which the neighbour's build will not exceed).
func (f *Field) stepsDown(c int, t *fieldTile) bool {
	g, tr := f.p.g, f.tier
	r := tr.ClusterRect(c)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if x != r.Min.X && x != r.Max.X-1 && y != r.Min.Y && y != r.Max.Y-1 {
				x = r.Max.X - 2
				continue
			}
			pt := grid.Pt(x, y)
			li := t.index(pt, r)
			cost, d := t.at(li)
			if d >= dirGoal {
				continue
			}
			q := pt.Add(grid.Dir(d).Delta())
			if q.In(r) {
				continue
			}
			if g.UnitMoves(pt, f.unit)&(1<<d) == 0 {
				return false
			}
			here := cost + t.shift
			nc := tr.ClusterOf(q)
			if f.pending[nc] && f.tiles[nc] == nil {
				continue // checked when built again
			}
			if nt := f.tiles[nc]; nt != nil {
				k := nt.costAt(nt.index(q, tr.ClusterRect(nc)))
				if k == grid.Unreachable || k+nt.shift >= here {
					return false
				}
				continue
			}
			u, ok := tr.Find(q)
			if !ok || grid.Cost(f.dist[u]) >= here {
				return false
			}
		}
	}
	return true
}

// neighbours returns the clusters beside c (up to eight), in f.nb.
func (f *Field) neighbours(c int) []int {
	f.nb = f.nb[:0]
	cx, cy := c%f.cw, c/f.cw
	ch := f.tier.ClustersY()
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if x, y := cx+dx, cy+dy; (dx != 0 || dy != 0) && x >= 0 && y >= 0 && x < f.cw && y < ch {
				f.nb = append(f.nb, y*f.cw+x)
			}
		}
	}
	return f.nb
}
