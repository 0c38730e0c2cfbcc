package hpa

import (
	"sync/atomic"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// routeCache keeps the grid route of each intra-cluster edge once a query
// has refined it, so that later queries decode it instead of searching
// the cluster again. It is filled lazily by concurrent queries (slots are
// set by compare-and-swap). A route stays good while its cluster is not
// rebuilt (Bake.ClusterVersion), its nodes sit on the same cells and the
// grid's least weight, which scales the search heuristic and so decides
// between routes of equal cost, is the same; so an update invalidates
// only the routes of the clusters it touched. A route is always computed
// from the edge's lower node to its higher one, and only while the bake
// is in step with its grid: an entry is always the route a fresh
// refinement would find, and a query that decodes it is charged the
// expansions that refinement took (Result.Expanded, MaxExpansions), so
// what a query gets never depends on which query came first or on what
// the planner went through.
type routeCache struct {
	slots []atomic.Pointer[route]
	size  atomic.Int64 // bytes held by routes
}

type route struct {
	u, v  int32 // u < v
	a, z  grid.Point
	ver   uint64 // the cluster's version when the route was made
	minW  uint8  // the grid's least weight then
	cost  int32  // cells the refinement expanded (0: a step line)
	steps []grid.Dir
}

// probes bounds the slots looked at per edge; a full neighbourhood means
// the edge is routed afresh each time, never a wrong route.
const probes = 8

// intraEdges counts the intra-cluster edges of t (each pair once).
func intraEdges(t *waypoint.Tier) int {
	n := 0
	for u := range int32(t.Graph.Len()) {
		to, _ := t.Graph.Out(u)
		for _, v := range to {
			if u < v && t.Points[u].Cluster == t.Points[v].Cluster {
				n++
			}
		}
	}
	return n
}

// newRouteCache returns a cache with room for n routes: half as many
// slots again, so that it is at most two thirds full when every edge has
// its route. Then about 2% of the edges find no free slot within probes
// of their home (half a percent with twice as many slots as edges, at a
// third more memory): those are refined afresh each time, to the same
// route.
func newRouteCache(n int) *routeCache {
	return &routeCache{slots: make([]atomic.Pointer[route], roomFor(n))}
}

// roomFor returns the slots a cache of n routes takes.
func roomFor(n int) int { return max(16, n+n/2) }

// home returns the first slot edge u→v may take: the top bits of a hash
// of the pair, scaled to the slots (any number of them).
func (c *routeCache) home(u, v int32) uint32 {
	h := uint32(u)*0x9e3779b1 ^ uint32(v)*0x85ebca77
	return uint32(uint64(h) * uint64(len(c.slots)) >> 32)
}

// slot returns the i-th slot from home h, wrapping round.
func (c *routeCache) slot(h, i uint32) *atomic.Pointer[route] {
	k := int(h + i)
	if k >= len(c.slots) {
		k -= len(c.slots)
	}
	return &c.slots[k]
}

// get returns the entry of u→v (u < v), good or stale, or nil.
func (c *routeCache) get(u, v int32) *route {
	h := c.home(u, v)
	for i := range uint32(probes) {
		r := c.slot(h, i).Load()
		if r == nil {
			return nil
		}
		if r.u == u && r.v == v {
			return r
		}
	}
	return nil
}

// put stores r in place of the stale entry old (nil: in the first free
// slot of its neighbourhood, or in place of an entry that stale says no
// query can use any more: of an edge whose cluster was rebuilt since, so
// that a map edited for a long time does not fill the cache with the
// routes of edges that are gone), if it can.
func (c *routeCache) put(r, old *route, stale func(*route) bool) {
	h := c.home(r.u, r.v)
	for i := range uint32(probes) {
		s := c.slot(h, i)
		if s.CompareAndSwap(old, r) {
			c.swapped(r, old)
			return
		}
		o := s.Load()
		if o != nil && o.u == r.u && o.v == r.v {
			return // another query got there first
		}
		if o != nil && stale(o) && s.CompareAndSwap(o, r) {
			c.swapped(r, o)
			return
		}
	}
}

func (c *routeCache) swapped(r, old *route) {
	c.size.Add(int64(len(r.steps)) + 64)
	if old != nil {
		c.size.Add(-int64(len(old.steps)) - 64)
	}
}

// staleRoute reports whether no query can use r any more: its edge's
// points moved, its cluster was rebuilt, or the grid's least weight
// changed since it was made.
func (p *Planner) staleRoute(r *route) bool {
	t := p.tier
	if int(r.v) >= len(t.Points) || t.Points[r.u].Cell != r.a || t.Points[r.v].Cell != r.z {
		return true
	}
	return r.ver != p.bake.ClusterVersion(int(t.Points[r.u].Cluster)) || r.minW != p.g.MinWeight()
}

// route appends to raw (which ends at u's cell) the cells of the edge
// u→v after u: from the cache, or refined and cached. An intra-cluster
// edge that pays a penalty (pen, the query's penalty for the edge), or
// lies in a cluster that holds some (its price may be that of a way
// round a hot spot, not of its cached route), is searched again in its
// cluster with the penalty, so that the path steps around a hot spot
// where the cluster allows.
func (q *Query) route(raw []grid.Point, u, v int32, pen navgraph.Cost) ([]grid.Point, error) {
	p := q.p
	t := p.tier
	if t.Points[u].Cluster != t.Points[v].Cluster { // one step across a border
		return append(raw, t.Points[v].Cell), nil
	}
	if win := t.ClusterRect(int(t.Points[u].Cluster)); pen > 0 || q.penIn(win) != nil {
		a := t.Points[u].Cell
		r, err := q.search(a, t.Points[v].Cell, grid.Options{Window: win, Penalty: q.pen}, q.seg)
		q.seg = r.Path
		if err != nil {
			return raw, err
		}
		if r.Status == grid.Found {
			return append(raw, r.Path[1:]...), nil
		}
	}
	lo, hi := min(u, v), max(u, v)
	r, err := q.edgeRoute(lo, hi)
	if err != nil {
		return raw, err
	}
	return r.appendFrom(raw, u == lo), nil
}

// appendFrom appends the route's cells after its start, from its lower
// node to its higher one (forward) or back.
func (r *route) appendFrom(raw []grid.Point, forward bool) []grid.Point {
	if forward {
		c := r.a
		for _, d := range r.steps {
			c = c.Add(d.Delta())
			raw = append(raw, c)
		}
		return raw
	}
	c := r.z
	for i := len(r.steps) - 1; i >= 0; i-- {
		c = c.Sub(r.steps[i].Delta())
		raw = append(raw, c)
	}
	return raw
}

// edgeRoute returns the route of the intra-cluster edge lo→hi (lo < hi)
// from the cache, or refines it and caches it. Either way it charges the
// call's budget what the refinement expands, and stops where that
// refinement would stop (errSpent), so the answer is the same whatever
// the cache holds.
func (q *Query) edgeRoute(lo, hi int32) (*route, error) {
	p := q.p
	t := p.tier
	a, z := t.Points[lo].Cell, t.Points[hi].Cell
	ver := p.bake.ClusterVersion(int(t.Points[lo].Cluster))
	minW := p.g.MinWeight()
	r := p.routes.get(lo, hi)
	if r != nil && r.ver == ver && r.a == a && r.z == z && r.minW == minW {
		if r.cost == 0 {
			return r, nil // a step line: no search, nothing charged
		}
		// As q.search would: stopped by what is left of the budget.
		n, err := q.bud.limit()
		if err != nil {
			return nil, err
		}
		if n > 0 && int(r.cost) > n {
			q.spend(n)
			return nil, errSpent
		}
		q.spend(int(r.cost))
		return r, nil
	}
	used := q.bud.used
	var err error
	q.seg, err = q.edgeSearch(lo, hi, q.seg)
	if err != nil {
		return nil, err
	}
	fresh := &route{u: lo, v: hi, a: a, z: z, ver: ver, minW: minW, cost: int32(q.bud.used - used), steps: make([]grid.Dir, len(q.seg)-1)}
	for i := 1; i < len(q.seg); i++ {
		fresh.steps[i-1], _ = grid.DirOf(q.seg[i-1], q.seg[i])
	}
	if !p.bake.Stale() {
		// Between an edit and its Update (a penalty layer may refresh
		// its edges then) the route is of the edited grid while the
		// cluster's version still names the grid before: keep it out.
		p.routes.put(fresh, r, p.staleRoute)
	}
	return fresh, nil
}

// edgeSearch is waypoint.Tier.Route within the call's budget (errSpent
// when the budget stops its cluster search).
func (q *Query) edgeSearch(u, v int32, dst []grid.Point) ([]grid.Point, error) {
	n, pause, err := q.limit()
	if err != nil {
		return dst[:0], err
	}
	path, k, err := q.fineRoute(u, v, n, pause, dst)
	q.settle(k)
	if err == waypoint.ErrExhausted {
		err = errSpent
	}
	return path, err
}
