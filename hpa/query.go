package hpa

import (
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// nearby is how many clusters apart (in x and in y) start and goal may be
// for the exact search over their bounding box to be tried first.
const nearby = 2

// Query is one goroutine's query state on a planner. It owns its scratch
// memory: a fine searcher whose scratch is a few clusters in size, not
// the map's, and a waypoint-graph searcher. Not safe for concurrent use.
type Query struct {
	p      *Planner
	fine   *grid.Searcher
	coarse *navgraph.Searcher
	cq     navgraph.Query

	goal   grid.Point
	dS, dG int32 // dead ends holding start and goal

	ids           []int32
	pts           []grid.Point
	costs         []grid.Cost
	nodes         []int32
	seg, raw, tmp []grid.Point
	prefix        []grid.Cost
}

// NewQuery returns query state for p. Keep it and reuse it.
func (p *Planner) NewQuery() *Query {
	q := &Query{p: p, fine: grid.NewSearcher(p.g), coarse: navgraph.NewSearcher(p.tier.Graph)}
	q.cq.Heuristic = func(n int32) navgraph.Cost {
		return navgraph.Cost(grid.OctileCost(q.p.tier.Points[n].Cell, q.goal) * grid.Cost(q.p.g.MinWeight()))
	}
	q.cq.Except = func(n int32) bool {
		d := q.p.nodeDead[n]
		return d == q.dS || d == q.dG
	}
	return q
}

// Find returns a path from start to goal into dst (reused from its
// start). Errors are for bad input (endpoints off the map or blocked,
// ErrStale); "no path" is a Status.
func (q *Query) Find(start, goal grid.Point, opt Options, dst []grid.Point) (Result, error) {
	p := q.p
	res := Result{Path: dst[:0]}
	if p.version != p.bake.Version() || q.fine.Grid() != p.g {
		return res, ErrStale
	}
	if err := p.check(start, "start"); err != nil {
		return res, err
	}
	if err := p.check(goal, "goal"); err != nil {
		return res, err
	}
	if q.coarse.Graph() != p.tier.Graph {
		q.coarse.SetGraph(p.tier.Graph)
	}
	budget := opt.MaxExpansions
	spend := func(n int) bool { // false when the budget ran out
		res.Expanded += n
		return budget <= 0 || res.Expanded < budget
	}
	left := func() int {
		if budget <= 0 {
			return 0
		}
		return max(1, budget-res.Expanded)
	}
	if start == goal {
		res.Status, res.Path = Found, append(res.Path, start)
		return res, nil
	}
	b := p.bake
	if !b.SameIsland(start, goal) {
		if opt.Nearest {
			return q.nearest(start, goal, opt, res)
		}
		return res, nil
	}
	t := p.tier
	cs, cg := t.ClusterOf(start), t.ClusterOf(goal)
	raw := q.raw[:0]
	found := false

	// Nearby clusters (up to one cluster between them): an exact search
	// over the clusters' bounding box first, where waypoints would cost
	// the most detour for the least saving.
	cw := t.ClustersX()
	if dx, dy := cs%cw-cg%cw, cs/cw-cg/cw; dx >= -nearby && dx <= nearby && dy >= -nearby && dy <= nearby {
		win := union(t.ClusterRect(cs), t.ClusterRect(cg))
		r, err := q.fine.FindPath(start, goal, grid.Options{Window: win, MaxExpansions: left()}, raw)
		if err != nil {
			return res, err
		}
		raw = r.Path
		if !spend(r.Expanded) {
			res.Status = Exhausted
			q.raw = raw
			return res, nil
		}
		found = r.Status == grid.Found
	}

	if !found {
		// Connect start and goal to the waypoints of their regions.
		q.cq.Sources = q.connect(start, cs, q.cq.Sources[:0], &res)
		q.cq.Targets = q.connect(goal, cg, q.cq.Targets[:0], &res)
		if len(q.cq.Sources) == 0 || len(q.cq.Targets) == 0 {
			q.raw = raw[:0]
			return res, nil
		}
		q.goal = goal
		q.dS, q.dG = b.DeadEnd(start), b.DeadEnd(goal)
		q.cq.Avoid = p.deadBits
		q.cq.MaxExpansions = left()
		cr, err := q.coarse.Search(&q.cq, q.nodes)
		if err != nil {
			return res, err
		}
		q.nodes = cr.Path
		if !spend(cr.Expanded) {
			res.Status = Exhausted
			return res, nil
		}
		if !cr.Found {
			return res, nil
		}
		res.Coarse = len(cr.Path)
		// Refine: start → first waypoint, each abstract edge, last → goal.
		raw = raw[:0]
		limit := -1
		if opt.FirstSteps > 0 && opt.Smooth == Raw {
			limit = opt.FirstSteps + 1
		}
		first := t.Points[cr.Path[0]].Cell
		if raw, err = q.piece(raw, start, first, cs); err != nil {
			return res, err
		}
		for i := 0; i+1 < len(cr.Path) && (limit < 0 || len(raw) < limit); i++ {
			q.seg, err = t.Route(q.fine, cr.Path[i], cr.Path[i+1], q.seg)
			if err != nil {
				return res, err
			}
			raw = append(raw, q.seg[1:]...)
		}
		if limit < 0 || len(raw) < limit {
			last := t.Points[cr.Path[len(cr.Path)-1]].Cell
			if raw, err = q.piece(raw, last, goal, cg); err != nil {
				return res, err
			}
		}
	}
	q.raw = raw

	// Shape the result.
	switch opt.Smooth {
	case Raw:
		res.Path = append(res.Path, raw...)
	case Cells:
		// A second pass starts its shortcuts from the first pass's
		// anchors and straightens what the first left bent.
		q.tmp = q.smoothCells(raw, q.tmp[:0])
		res.Path = q.smoothCells(q.tmp, res.Path)
	case Corners:
		q.tmp = q.smoothCells(raw, q.tmp[:0])
		res.Path = q.corners(q.tmp, res.Path)
	}
	if opt.FirstSteps > 0 && len(res.Path) > opt.FirstSteps+1 {
		res.Path = res.Path[:opt.FirstSteps+1]
	}
	res.Status = Found
	if opt.Smooth == Corners {
		res.Cost, _ = p.g.PathCost(q.tmp)
	} else {
		res.Cost, _ = p.g.PathCost(res.Path)
	}
	return res, nil
}

// connect appends to eps the waypoints of pt's region in cluster c with
// the exact cost of reaching each from pt inside the cluster.
func (q *Query) connect(pt grid.Point, c int, eps []navgraph.Endpoint, res *Result) []navgraph.Endpoint {
	t, b := q.p.tier, q.p.bake
	region := b.LocalRegion(pt)
	q.ids, q.pts = q.ids[:0], q.pts[:0]
	first, end := t.PointsOf(c)
	for u := first; u < end; u++ {
		if t.Points[u].Region == region {
			q.ids = append(q.ids, u)
			q.pts = append(q.pts, t.Points[u].Cell)
		}
	}
	if len(q.ids) == 0 {
		return eps
	}
	// Points reached by a free, flat octile path cost exactly the
	// heuristic: no search. The rest share one Dijkstra in the cluster.
	k := 0
	for i, u := range q.ids {
		if c, ok := q.straight(pt, q.pts[i]); ok {
			eps = append(eps, navgraph.Endpoint{Node: u, Cost: navgraph.Cost(c)})
			continue
		}
		q.ids[k], q.pts[k] = u, q.pts[i]
		k++
	}
	if k == 0 {
		return eps
	}
	q.ids, q.pts = q.ids[:k], q.pts[:k]
	q.costs = slices.Grow(q.costs[:0], k)[:k]
	win := t.ClusterRect(c)
	if k <= 4 { // a few A* searches beat a Dijkstra over the whole cluster
		for i, z := range q.pts {
			r, err := q.fine.FindPath(pt, z, grid.Options{Window: win}, q.seg)
			q.seg = r.Path
			res.Expanded += r.Expanded
			q.costs[i] = grid.Unreachable
			if err == nil && r.Status == grid.Found {
				q.costs[i] = r.Cost
			}
		}
	} else {
		n, err := q.fine.FindAll(pt, q.pts, grid.Options{Window: win, Dijkstra: true}, q.costs)
		res.Expanded += n
		if err != nil {
			return eps
		}
	}
	for i, u := range q.ids {
		if q.costs[i] != grid.Unreachable {
			eps = append(eps, navgraph.Endpoint{Node: u, Cost: navgraph.Cost(q.costs[i])})
		}
	}
	return eps
}

// piece appends the exact path from a to z inside cluster c (without a
// when raw already ends there).
func (q *Query) piece(raw []grid.Point, a, z grid.Point, c int) ([]grid.Point, error) {
	if _, ok := q.straight(a, z); ok {
		if len(raw) == 0 || raw[len(raw)-1] != a {
			raw = append(raw, a)
		}
		return grid.AppendOctileLine(raw, a, z), nil
	}
	r, err := q.fine.FindPath(a, z, grid.Options{Window: q.p.tier.ClusterRect(c)}, q.seg)
	q.seg = r.Path
	if err != nil {
		return raw, err
	}
	if len(raw) > 0 && raw[len(raw)-1] == a {
		return append(raw, r.Path[1:]...), nil
	}
	return append(raw, r.Path...), nil
}

// nearest answers a query whose goal lies on another island.
func (q *Query) nearest(start, goal grid.Point, opt Options, res Result) (Result, error) {
	limit := opt.MaxExpansions
	if limit <= 0 {
		limit = 1 << 20
	}
	r, err := q.fine.FindPath(start, goal, grid.Options{Nearest: true, MaxExpansions: limit}, res.Path)
	res.Path, res.Expanded, res.Cost = r.Path, res.Expanded+r.Expanded, r.Cost
	if err != nil {
		return res, err
	}
	switch r.Status {
	case grid.Partial:
		res.Status = Partial
	case grid.Exhausted:
		res.Status = Exhausted
	}
	if opt.FirstSteps > 0 && len(res.Path) > opt.FirstSteps+1 {
		res.Path = res.Path[:opt.FirstSteps+1]
		res.Cost, _ = q.p.g.PathCost(res.Path)
	}
	return res, nil
}

func union(a, b grid.Rect) grid.Rect {
	return grid.R(min(a.Min.X, b.Min.X), min(a.Min.Y, b.Min.Y), max(a.Max.X, b.Max.X), max(a.Max.Y, b.Max.Y))
}

// straight reports whether the octile line from a to z is legal and runs
// over least-weight cells only, and its cost: then it costs exactly the
// heuristic bound, so it is a least-cost path.
func (q *Query) straight(a, z grid.Point) (grid.Cost, bool) {
	g := q.p.g
	c, ok := g.OctileLineCost(a, z, grid.Unreachable)
	return c, ok && c == grid.OctileCost(a, z)*grid.Cost(g.MinWeight())
}
