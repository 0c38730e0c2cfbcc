package hpa

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// unitQuery is a Query's state for units larger than one cell (see
// Options.Size): the coarse search on the bake's layer for the size.
type unitQuery struct {
	t      *waypoint.Tier
	routes *routeCache // the layer's cached routes
	coarse *navgraph.Searcher
	cq     navgraph.Query
	goal   grid.Point
	ids    []int32
	pts    []grid.Point
	costs  []grid.Cost
	// unitNearest's scratch: the start's components, flood seeds, the
	// flood's queue and marks (stamped by gen).
	comps []int32
	seeds []grid.Point
	queue []grid.Point
	mark  []uint32
	gen   uint32
}

// checkUnit says why opt cannot plan for a unit of opt.Size on p: the bake
// has no layer for that size, or an option units do not support yet.
func (p *Planner) checkUnit(opt Options) error {
	u := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	switch {
	case p.bake.Layer(u) == nil:
		return fmt.Errorf("%w: unit %+v: the bake has no layer for it (preprocess.Config.Units %v)", ErrOptions, u, p.units)
	case opt.Nearest && opt.MaxExpansions > 0:
		return fmt.Errorf("%w: unit %+v: Nearest with MaxExpansions is not supported yet for units other than one cell of no class", ErrOptions, u)
	}
	return nil
}

// findUnit answers Find for a unit opt.Size cells across (Size > 1, the
// options checked): on the bake's layer for the size as Find does on its
// tier: an exact search when start and goal are near, else joining them
// to the layer's points inside their clusters, A* on the layer's graph,
// refining each edge with the unit's search in its cluster. Every step of
// the path is one the unit may take (grid.Grid.UnitMoves).
func (q *Query) findUnit(start, goal grid.Point, opt Options, res Result) (Result, error) {
	p := q.p
	k := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	if err := p.check(start, "start"); err != nil {
		return res, err
	}
	if !p.g.Fits(start, k) {
		return res, fmt.Errorf("hpa: start %v: a unit %d cells across of class %d does not fit: %w", start, k.Size, k.Class, grid.ErrBlocked)
	}
	if !p.g.Contains(goal) {
		return res, p.check(goal, "goal")
	}
	goalFits := p.g.Fits(goal, k)
	if !goalFits && !opt.Nearest {
		if err := p.check(goal, "goal"); err != nil {
			return res, err
		}
		return res, fmt.Errorf("hpa: goal %v: a unit %d cells across of class %d does not fit: %w", goal, k.Size, k.Class, grid.ErrBlocked)
	}
	if err := q.usePenalty(opt.Penalty, start); err != nil {
		return res, err
	}
	q.bud = budget{max: opt.MaxExpansions}
	q.track, q.nearest = false, opt.Nearest
	q.who = k
	q.bandW, q.bandLean = q.bandWidth(opt)
	if q.u == nil {
		q.u = &unitQuery{}
	}
	u := q.u
	u.t = p.bake.Layer(k).Tier()
	if u.coarse == nil {
		u.coarse = navgraph.NewSearcher(u.t.Graph)
		u.cq.Heuristic = func(n int32) navgraph.Cost {
			return navgraph.Cost(q.p.g.UnitLeastCost(u.t.Points[n].Cell, u.goal, q.who))
		}
	}
	if u.coarse.Graph() != u.t.Graph {
		u.coarse.SetGraph(u.t.Graph)
	}
	status, end := Found, goal
	var raw []grid.Point
	found := false
	var err error
	if goalFits {
		raw, found, err = q.planUnit(start, goal, k, &res)
	}
	if err == nil && !found && opt.Nearest {
		// Walled off or out of reach: the reachable cell nearest the goal.
		status = Partial
		if end, err = q.unitNearest(start, goal, k); err == nil {
			raw, found, err = q.planUnit(start, end, k, &res)
		}
	}
	res.Expanded = q.bud.used
	switch {
	case errors.Is(err, errSpent):
		res.Status = Exhausted
		return res, nil
	case err != nil:
		return res, err
	case !found:
		return res, nil
	}
	switch opt.Smooth {
	case Raw:
		res.Path = append(res.Path, raw...)
		res.Cost = q.cost(res.Path)
	case Cells:
		res.Path, res.Cost = q.smoothCells(raw, res.Path)
		for pass := 1; pass < opt.SmoothPasses && q.legs > 1; pass++ {
			q.tmp = append(q.tmp[:0], res.Path...)
			res.Path, res.Cost = q.smoothCells(q.tmp, res.Path[:0])
			if equalPaths(q.tmp, res.Path) {
				break
			}
		}
	case Corners:
		q.tmp, res.Cost = q.smoothCells(raw, q.tmp[:0])
		res.Path = q.corners(q.tmp, res.Path)
	}
	res.Status = status
	if opt.FirstSteps > 0 && len(res.Path) > opt.FirstSteps+1 {
		res.Path = res.Path[:opt.FirstSteps+1]
		if opt.Smooth == Corners {
			res.Cost = q.cost(q.tmp[:q.cidx[opt.FirstSteps]+1])
		} else {
			res.Cost = q.cost(res.Path)
		}
	}
	res.Truncated = res.Path[len(res.Path)-1] != end
	return res, nil
}

func equalPaths(a, b []grid.Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// planUnit finds the unit's path from start to goal into q.raw; false when
// there is none (planOn on the unit's layer).
func (q *Query) planUnit(start, goal grid.Point, k grid.Unit, res *Result) ([]grid.Point, bool, error) {
	if start == goal {
		q.raw = append(q.raw[:0], start)
		return q.raw, true, nil
	}
	return q.planOn(q.u.t, start, goal, Options{}, k, res)
}

// unitRoute finds a path through the layer into raw; false when there is
// none.
func (q *Query) unitRoute(start, goal grid.Point, cs, cg int, k grid.Unit, raw []grid.Point, res *Result) ([]grid.Point, bool, error) {
	u := q.u
	var err error
	if u.cq.Sources, err = q.unitConnect(start, cs, k, u.cq.Sources[:0]); err != nil || len(u.cq.Sources) == 0 {
		return raw, false, err
	}
	if u.cq.Targets, err = q.unitConnect(goal, cg, k, u.cq.Targets[:0]); err != nil || len(u.cq.Targets) == 0 {
		return raw, false, err
	}
	// Another component: no path through the layer (O(points joined)).
	l := q.p.bake.Layer(k)
	shared := false
	for _, a := range u.cq.Sources {
		for _, z := range u.cq.Targets {
			if l.Component(a.Node) == l.Component(z.Node) {
				shared = true
			}
		}
	}
	if !shared {
		return raw, false, nil
	}
	u.goal = goal
	u.cq.Landmarks, u.routes = nil, nil
	for i, unit := range q.p.units {
		if unit == k && i < len(q.p.unitLM) {
			u.cq.Landmarks, u.routes = q.p.unitLM[i], q.p.unitRoutes[i]
		}
	}
	cr, found, err := q.coarseRoute(true, res)
	if err != nil || !found {
		return raw, false, err
	}
	res.Coarse = len(q.nodes)
	src, tgt := u.cq.Sources[cr.Source].Cost, u.cq.Targets[cr.Target].Cost
	raw, err = q.refine(raw, start, goal, cs, cg, q.nodes, src, tgt, true, -1)
	return raw, err == nil, err
}

// unitEdgeCells appends to raw (which ends at u's cell) the cells of the
// layer's edge u→v after u: one step across a border, or the edge's route
// from the layer's cache (refined and cached the first time). A cached
// route charges what refining it took, as the planner's own cache does,
// so a sliced query spends the same whatever the cache holds.
func (q *Query) unitEdgeCells(raw []grid.Point, u, v int32) ([]grid.Point, error) {
	t := q.u.t
	if t.Points[u].Cluster != t.Points[v].Cluster {
		return append(raw, t.Points[v].Cell), nil
	}
	if win := t.ClusterRect(int(t.Points[u].Cluster)); q.penIn(win) != nil {
		// Penalties in the cluster: the route that pays least for them.
		return q.unitPiece(raw, t.Points[u].Cell, t.Points[v].Cell, int(t.Points[u].Cluster), q.who)
	}
	lo, hi := min(u, v), max(u, v)
	c := q.u.routes
	var r *route
	if c != nil {
		r = c.get(lo, hi)
	}
	if r != nil {
		// As refining it would: stopped by what is left of the budget.
		n, err := q.bud.limit()
		if err != nil {
			return raw, err
		}
		if n > 0 && int(r.cost) > n {
			q.spend(n)
			return raw, errSpent
		}
		q.spend(int(r.cost))
	} else {
		used := q.bud.used
		var err error
		if q.seg, err = q.unitEdge(lo, hi, q.seg); err != nil {
			return raw, err
		}
		r = &route{u: lo, v: hi, a: t.Points[lo].Cell, z: t.Points[hi].Cell, cost: int32(q.bud.used - used), steps: make([]grid.Dir, len(q.seg)-1)}
		for i := 1; i < len(q.seg); i++ {
			r.steps[i-1], _ = grid.DirOf(q.seg[i-1], q.seg[i])
		}
		if c != nil {
			c.put(r, nil, func(*route) bool { return false })
		}
	}
	return r.appendFrom(raw, u == lo), nil
}

// unitCoarse runs the layer's coarse search with the query's searcher.
func (q *Query) unitCoarse() (navgraph.Result, error) {
	return q.u.coarse.Search(&q.u.cq, q.nodes)
}

// unitEdge refines the layer's edge a→b (a lent searcher, given back as
// fineFind does).
func (q *Query) unitEdge(a, b int32, dst []grid.Point) ([]grid.Point, error) {
	n, pause, err := q.limit()
	if err != nil {
		return dst[:0], err
	}
	f := q.fineSearcher()
	defer q.doneFine(f)
	path, used, err := q.u.t.RoutePaced(f, a, b, n, pause, dst)
	q.settle(used)
	if err == waypoint.ErrExhausted { //nolint:errorlint // returned as is
		err = errSpent
	}
	return path, err
}

// unitPiece appends the unit's exact path from a to z inside cluster c
// (without a when raw already ends there).
func (q *Query) unitPiece(raw []grid.Point, a, z grid.Point, c int, k grid.Unit) ([]grid.Point, error) {
	if a == z {
		if len(raw) == 0 {
			raw = append(raw, a)
		}
		return raw, nil
	}
	win := q.u.t.ClusterRect(c)
	r, err := q.search(a, z, grid.Options{Window: win, Size: k.Size, Class: k.Class, Penalty: q.penIn(win)}, q.seg)
	q.seg = r.Path
	if err != nil {
		return raw, err
	}
	if r.Status != grid.Found {
		return raw, fmt.Errorf("hpa: unit %+v: no path %v→%v in cluster %d that the join search found", k, a, z, c)
	}
	if len(raw) > 0 && raw[len(raw)-1] == a {
		return append(raw, r.Path[1:]...), nil
	}
	return append(raw, r.Path...), nil
}

// unitConnect appends to eps the layer's points of cluster c that the
// unit reaches from pt inside the cluster, with their costs (the costs
// are the same both ways: steps cost the same either way without
// penalties).
func (q *Query) unitConnect(pt grid.Point, c int, k grid.Unit, eps []navgraph.Endpoint) ([]navgraph.Endpoint, error) {
	u := q.u
	first, end := u.t.PointsOf(c)
	u.ids, u.pts = u.ids[:0], u.pts[:0]
	for i := first; i < end; i++ {
		u.ids = append(u.ids, i)
		u.pts = append(u.pts, u.t.Points[i].Cell)
	}
	if len(u.pts) == 0 {
		return eps, nil
	}
	if cap(u.costs) < len(u.pts) {
		u.costs = make([]grid.Cost, len(u.pts))
	}
	u.costs = u.costs[:len(u.pts)]
	win := u.t.ClusterRect(c)
	g := q.p.g
	// pt reaches the points of one group of its cluster (see
	// preprocess.UnitLayer). A point the unit's step line reaches at the
	// least conceivable cost names it, and costs that, with no search;
	// else the nearest point names it. Only the group's points are joined.
	group := int32(-1)
	for i, z := range u.pts {
		if c, ok := g.UnitLineCost(pt, z, k, grid.Unreachable, q.penLine(pt, z)); ok && c == g.UnitLeastCost(pt, z, k) {
			group = u.t.Points[u.ids[i]].Region
			break
		}
	}
	if group < 0 && len(u.pts) > 4 {
		r, err := q.searchNearest(pt, u.pts, grid.Options{Window: win, Size: k.Size, Class: k.Class, Penalty: q.penIn(win)})
		if err != nil || r.Status != grid.Found {
			return eps, err
		}
		group = u.t.Points[u.ids[r.Target]].Region
	}
	n := 0
	for i, id := range u.ids {
		if group >= 0 && u.t.Points[id].Region != group {
			continue
		}
		if c, ok := g.UnitLineCost(pt, u.pts[i], k, grid.Unreachable, q.penLine(pt, u.pts[i])); ok && c == g.UnitLeastCost(pt, u.pts[i], k) {
			eps = append(eps, navgraph.Endpoint{Node: id, Cost: navgraph.Cost(c)})
			continue
		}
		u.ids[n], u.pts[n] = id, u.pts[i]
		n++
	}
	u.ids, u.pts, u.costs = u.ids[:n], u.pts[:n], u.costs[:n]
	if n == 0 {
		return eps, nil
	}
	if len(u.pts) <= 4 { // a few A* searches beat a Dijkstra over the whole cluster
		for i, z := range u.pts {
			r, err := q.search(pt, z, grid.Options{Window: win, Size: k.Size, Class: k.Class, Penalty: q.penIn(win)}, q.seg)
			q.seg = r.Path
			if err != nil {
				return eps, err
			}
			u.costs[i] = grid.Unreachable
			if r.Status == grid.Found {
				u.costs[i] = r.Cost
			}
		}
	} else {
		lim, pause, err := q.limit()
		if err != nil {
			return eps, err
		}
		f := q.fineSearcher()
		defer q.doneFine(f)
		n, err := f.FindAll(pt, u.pts, grid.Options{Window: win, Dijkstra: true, Size: k.Size, Class: k.Class, Penalty: q.penIn(win), MaxExpansions: lim, Pause: pause}, u.costs)
		q.settle(n)
		if err != nil {
			return eps, err
		}
		// The points share pt's region: one left unreached was cut off by
		// the call's budget. (Under a pacer lim is where the slice ends,
		// which the search passes: n says nothing then.)
		if lim > 0 && slices.Contains(u.costs, grid.Unreachable) {
			return eps, errSpent
		}
	}
	for i, id := range u.ids {
		if u.costs[i] != grid.Unreachable {
			eps = append(eps, navgraph.Endpoint{Node: id, Cost: navgraph.Cost(u.costs[i])})
		}
	}
	return eps, nil
}

// searchNearest is FindNearest (Dijkstra to the cheapest of targets)
// within the call's budget, as search is FindPath.
func (q *Query) searchNearest(a grid.Point, targets []grid.Point, opt grid.Options) (grid.Result, error) {
	var err error
	if opt.MaxExpansions, opt.Pause, err = q.limit(); err != nil {
		return grid.Result{}, err
	}
	f := q.fineSearcher()
	defer q.doneFine(f)
	r, err := f.FindNearest(a, targets, opt, q.seg)
	q.seg = r.Path
	q.settle(r.Expanded)
	if err == nil && r.Status == grid.Exhausted {
		err = errSpent
	}
	return r, err
}

// unitNearest returns the cell nearest goal (least octile distance; ties:
// least octile distance from start, then least row-major index) that
// unit k can stand on and reach from start. It looks outward from the
// goal's cluster, ring by ring, in the clusters where the layer's points
// of the start's components lie (and the start's own): from those points
// (and the start) it floods the cells the unit reaches inside the
// cluster. A cell the start reaches is reached so in its cluster from the
// last crossing into it, whose run holds a point of the start's component.
// Each cell flooded counts as an expansion. Cost: the clusters of the
// rings up to the answer's distance, O(S²) each for S×S clusters.
func (q *Query) unitNearest(start, goal grid.Point, k grid.Unit) (grid.Point, error) {
	p, u := q.p, q.u
	t, g := u.t, p.g
	l := p.bake.Layer(k)
	cs := t.ClusterOf(start)
	src, err := q.unitConnect(start, cs, k, nil)
	if err != nil {
		return start, err
	}
	u.comps = u.comps[:0]
	for _, e := range src {
		if c := l.Component(e.Node); !slices.Contains(u.comps, c) {
			u.comps = append(u.comps, c)
		}
	}
	best, bestG, bestS := start, grid.OctileCost(start, goal), grid.Cost(0)
	offer := func(c grid.Point) {
		dg, ds := grid.OctileCost(c, goal), grid.OctileCost(c, start)
		if dg < bestG || dg == bestG && (ds < bestS || ds == bestS && g.Index(c) < g.Index(best)) {
			best, bestG, bestS = c, dg, ds
		}
	}
	cw, ch, side := t.ClustersX(), t.ClustersY(), t.ClusterSize
	cg := t.ClusterOf(goal)
	gx, gy := cg%cw, cg/cw
	for r := 0; r <= max(cw, ch); r++ {
		// No cell of ring r lies nearer the goal than this.
		if lb := grid.Straight * grid.Cost(max(0, (r-1)*side+1)); r > 0 && lb > bestG {
			break
		}
		for cy := gy - r; cy <= gy+r; cy++ {
			for cx := gx - r; cx <= gx+r; cx++ {
				if cx < 0 || cy < 0 || cx >= cw || cy >= ch || max(abs(cx-gx), abs(cy-gy)) != r {
					continue
				}
				c := cy*cw + cx
				u.seeds = u.seeds[:0]
				if c == cs {
					u.seeds = append(u.seeds, start)
				}
				first, end := t.PointsOf(c)
				for v := first; v < end; v++ {
					if slices.Contains(u.comps, l.Component(v)) {
						u.seeds = append(u.seeds, t.Points[v].Cell)
					}
				}
				if len(u.seeds) > 0 {
					q.spend(q.unitFlood(t.ClusterRect(c), k, u.seeds, offer))
				}
			}
		}
	}
	return best, nil
}

// unitFlood calls visit with every cell of rect r that unit k reaches from
// seeds without leaving r, each once, and returns how many there were.
func (q *Query) unitFlood(r grid.Rect, k grid.Unit, seeds []grid.Point, visit func(grid.Point)) int {
	u, g := q.u, q.p.g
	n := r.Area()
	if len(u.mark) < n {
		u.mark = make([]uint32, n)
		u.gen = 0
	}
	if u.gen++; u.gen == 0 {
		clear(u.mark)
		u.gen = 1
	}
	at := func(c grid.Point) int { return (c.Y-r.Min.Y)*r.Dx() + c.X - r.Min.X }
	u.queue = u.queue[:0]
	for _, s := range seeds {
		if i := at(s); u.mark[i] != u.gen {
			u.mark[i] = u.gen
			u.queue = append(u.queue, s)
		}
	}
	for h := 0; h < len(u.queue); h++ {
		c := u.queue[h]
		visit(c)
		for m := g.UnitMoves(c, k); m != 0; m &= m - 1 {
			d := grid.Dir(bits.TrailingZeros8(m))
			nb := c.Add(d.Delta())
			if !nb.In(r) {
				continue
			}
			if i := at(nb); u.mark[i] != u.gen {
				u.mark[i] = u.gen
				u.queue = append(u.queue, nb)
			}
		}
	}
	return len(u.queue)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
