package hpa

import (
	"errors"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// nearby is how many clusters apart (in x and in y) start and goal may be
// for the exact search over their bounding box to be tried first.
// (nearbyCells in cells, for small clusters).
const nearby, nearbyCells = 2, 64

// growArea bounds the window of the second exact search (the first one
// grown by a cluster on every side), tried when the first could not
// prove its path best: 96×96 cells, the largest first window at the
// default cluster size, so that it only serves small clusters.
const growArea = 96 * 96

// Query is one goroutine's query state on a planner. It owns its scratch
// memory: a fine searcher whose scratch is a few clusters in size, not
// the map's, and a waypoint-graph searcher. Not safe for concurrent use.
type Query struct {
	// the waypoints of the last Find's abstract route (CoarseRoute)
	coarseCells []grid.Point

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
	near          []grid.Point // a windowed path not proved best
	prefix        []grid.Cost
	epen          []navgraph.Cost // refine: the penalty of each route edge
	legs          int             // legs of the last smoothCells result
	cidx          []int32         // corners: each corner's index in its cell path

	// A sliced query's pacer (nil: one-shot) and the scratch its searches
	// borrow (nil: fine and coarse, its own).
	pc *pacer
	sc *scratch
	// The unit of the current query (zero: one cell of no class) and the
	// state of queries for other units (nil until one runs).
	who grid.Unit
	u   *unitQuery
	// A group's shared coarse search (nil: none), and the source the
	// last route through it left from.
	tree    *goalTree
	treeSrc int
	// The band the current query searches round the hierarchy's path
	// (half-width bandW, 0: none) and its scratch (nil until used).
	bandW    int
	bandLean bool // the band is the penalty's alone: see bandWidth
	band     *bandState
	// rival's scratch: its path, the first route's waypoints and their
	// cells, and a smoothed path
	alt        []grid.Point
	rivalSm    []grid.Point
	noRival    bool // tests: no rival
	rivalNodes []int32
	rivalCells []grid.Point

	bud     budget // what is left of Options.MaxExpansions
	track   bool   // Nearest under a budget: keep the best partial path
	nearest bool   // Options.Nearest
	// The best partial path so far (legal, from the start), the octile
	// distance from its end to bestTo (the query's goal), and its cost.
	best         []grid.Point
	bestTo       grid.Point
	bestH, bestC grid.Cost

	// Penalties of the current query (pen nil: none).
	pen      *grid.Penalty
	penVal   grid.Penalty
	pf       *Penalties
	unit     int32
	from     grid.Point
	edgeFunc func(int32) navgraph.Cost
	// the start's and the goal's cells and clusters, for the waypoints
	// connect left lazy (see lazyjoin.go)
	joins [2]join
}

// NewQuery returns query state for p. Keep it and reuse it.
func (p *Planner) NewQuery() *Query {
	q := &Query{p: p, fine: grid.NewSearcher(p.g), coarse: navgraph.NewSearcher(p.tier.Graph)}
	q.cq.Heuristic = func(n int32) navgraph.Cost {
		return navgraph.Cost(q.p.g.LeastCost(q.p.tier.Points[n].Cell, q.goal))
	}
	q.cq.Except = func(n int32) bool {
		d := q.p.nodeDead[n]
		return d == q.dS || d == q.dG
	}
	q.cq.Settle = q.settleJoin
	q.penVal.Func = q.cellPenalty
	q.edgeFunc = q.edgePenaltyOf
	return q
}

// Find returns a path from start to goal into dst (reused from its
// start). Errors are for bad input: endpoints off the map or blocked (a
// blocked goal is no error with Options.Nearest), ErrStale, and options
// out of range (ErrOptions). "No path" is a Status.
//
// Cost, for S×S clusters: endpoints at most two clusters apart, one A*
// over their bounding box (at most 3S×3S cells), O(S² log S). Otherwise
// two searches inside the endpoints' clusters to join them to the
// waypoint graph, O(S² log S) each; A* on the waypoint graph, O(W log W)
// for the W waypoints it expands; refinement, O(path length) for the
// straight edges plus one O(S² log S) cluster search per route edge not
// yet in the route cache; smoothing, O(path length) line checks. At most
// Options.MaxExpansions expansions when that is set. No allocation once
// warm, except when the route cache learns a route.
func (q *Query) Find(start, goal grid.Point, opt Options, dst []grid.Point) (Result, error) {
	p := q.p
	res := Result{Path: dst[:0], Version: p.version}
	q.coarseCells = q.coarseCells[:0]
	if err := opt.check(); err != nil {
		return res, err
	}
	if err := q.stale(); err != nil {
		return res, err
	}
	if opt.Size > 1 || opt.Class > 0 {
		if err := p.checkUnit(opt); err != nil {
			return res, err
		}
		return q.findUnit(start, goal, opt, res)
	}
	q.who = grid.Unit{}
	if err := p.check(start, "start"); err != nil {
		return res, err
	}
	// A blocked goal (a click on a building) is no error with Nearest:
	// the query heads for the nearest reachable cell.
	open := p.g.Contains(goal) && p.g.Passable(goal)
	if !open && (!opt.Nearest || !p.g.Contains(goal)) {
		return res, p.check(goal, "goal")
	}
	if err := q.usePenalty(opt.Penalty, start); err != nil {
		return res, err
	}
	q.bandW, q.bandLean = q.bandWidth(opt)
	if q.coarse != nil && q.coarse.Graph() != p.tier.Graph {
		q.coarse.SetGraph(p.tier.Graph)
	}
	q.bud = budget{max: opt.MaxExpansions}
	q.track = opt.Nearest && opt.MaxExpansions > 0
	q.nearest = opt.Nearest
	q.bestTo, q.bestH, q.bestC = goal, grid.OctileCost(start, goal), 0
	q.best = append(q.best[:0], start)

	status, end := Found, goal
	var err error
	if !open || !p.bake.SameIsland(start, goal) {
		if !opt.Nearest {
			return res, nil
		}
		status = Partial
		end, err = q.nearestCell(start, goal)
	}
	raw, ok := q.raw[:0], true
	switch {
	case err != nil:
	case end == start:
		raw = append(raw, start)
	default:
		raw, ok, err = q.plan(start, end, opt, &res)
	}
	res.Expanded = q.bud.used
	if err != nil || !ok {
		q.noRoute(&res) // Exhausted, failed, or no path: the route is not the answer's
	}
	switch {
	case errors.Is(err, errSpent):
		res.Status = Exhausted
		if !opt.Nearest {
			return res, nil
		}
		raw, status, end = q.best, Exhausted, q.best[len(q.best)-1]
	case err != nil:
		return res, err
	case !ok:
		return res, nil
	}

	// Shape the result.
	switch opt.Smooth {
	case Raw:
		res.Path = append(res.Path, raw...)
	case Cells:
		res.Path, res.Cost = q.smoothed(raw, res.Path, opt.SmoothPasses)
	case Corners:
		q.tmp, res.Cost = q.smoothCells(raw, q.tmp[:0])
		res.Path = q.corners(q.tmp, res.Path)
	}
	res.Status = status
	cut := opt.FirstSteps > 0 && len(res.Path) > opt.FirstSteps+1
	if cut {
		res.Path = res.Path[:opt.FirstSteps+1]
	}
	res.Truncated = res.Path[len(res.Path)-1] != end
	switch {
	case opt.Smooth == Raw || cut && opt.Smooth == Cells:
		res.Cost = q.cost(res.Path)
	case cut && opt.Smooth == Corners:
		res.Cost = q.cost(q.tmp[:q.cidx[opt.FirstSteps]+1])
	}
	return res, nil
}

// plan finds a path from start to goal, on one island, into q.raw and
// returns it; false when there is none. It sets res.Coarse and
// res.Waypoints.
func (q *Query) plan(start, goal grid.Point, opt Options, res *Result) ([]grid.Point, bool, error) {
	return q.planOn(q.p.tier, start, goal, opt, grid.Unit{}, res)
}

// planOn is plan on tier t (the planner's own, or the layer of unit k):
// the exact window search when start and goal are near, else (or when it
// cannot prove its path best) the route through the tier.
func (q *Query) planOn(t *waypoint.Tier, start, goal grid.Point, opt Options, k grid.Unit, res *Result) ([]grid.Point, bool, error) {
	p := q.p
	cs, cg := t.ClusterOf(start), t.ClusterOf(goal)
	raw := q.raw[:0]
	found, cand := false, false
	var candCost grid.Cost

	// Nearby clusters (at most nearby apart, or nearbyCells with small
	// clusters): an exact search over the clusters' bounding box first,
	// where waypoints would cost the most detour for the least saving.
	cw := t.ClustersX()
	near := max(nearby, nearbyCells/t.ClusterSize)
	if dx, dy := cs%cw-cg%cw, cs/cw-cg/cw; dx >= -near && dx <= near && dy >= -near && dy <= near {
		win := t.ClusterRect(cs).Union(t.ClusterRect(cg))
		// Within the window the path is the best; it is the best of the
		// whole map when no path leaving the window can beat it (else
		// a small window grows once by a cluster on every side). A path
		// not proved best is kept as a candidate against the hierarchy's.
		for try := 0; try < 2 && !found; try++ {
			if try > 0 {
				if bigger := win.Grow(t.ClusterSize).Intersect(p.g.Bounds()); bigger != win && bigger.Area() <= growArea {
					win = bigger
				} else {
					break
				}
			}
			r, err := q.search(start, goal, grid.Options{Window: win, Nearest: q.track, Penalty: q.penIn(win), Size: k.Size, Class: k.Class}, raw)
			raw = r.Path
			if q.track && len(raw) > 0 {
				q.offer(raw)
			}
			if err != nil {
				q.raw = raw
				return raw, false, err
			}
			found = r.Status == grid.Found && r.Cost <= r.Outside
			if r.Status == grid.Found && !found && (!cand || r.Cost < candCost) {
				cand, candCost = true, r.Cost
				q.near, raw = raw, q.near[:0]
			}
		}
	}

	if !found {
		var err error
		if k != (grid.Unit{}) {
			raw, found, err = q.unitRoute(start, goal, cs, cg, k, raw[:0], res)
		} else {
			o := opt
			if cand { // compare whole paths
				o.FirstSteps = 0
			}
			raw, found, err = q.hierarchical(start, goal, cs, cg, o, raw[:0], res)
		}
		if err == nil && found && q.bandW > 0 && len(raw) > 2 && raw[len(raw)-1] == goal {
			raw, err = q.tightenAll(raw)
			if err == nil && k == (grid.Unit{}) && q.pen != nil && q.pf.nHot > 0 && !q.noRival {
				raw, err = q.rival(start, goal, cs, cg, opt, raw, res)
			}
		}
		switch {
		case err != nil:
			q.raw = raw
			return raw, false, err
		case cand && (!found || q.cost(raw) >= candCost):
			raw, q.near = q.near, raw // the windowed path wins ties
			found = true
			q.noRoute(res) // (Find forgets it too on no path or an error)
		}
	}
	q.raw = raw
	return raw, found, nil
}

// noRoute forgets the abstract route of an answer that does not take
// it: the window's path won, or the hierarchy found none.
func (q *Query) noRoute(res *Result) {
	q.coarseCells = q.coarseCells[:0]
	if res != nil {
		res.Coarse = 0
	}
}

// coarseRoute runs the coarse search q.cq (with unit, the layer's q.u.cq)
// within the call's budget, its nodes into q.nodes, and says whether it
// found a route (errSpent when the budget stopped it).
func (q *Query) coarseRoute(unit bool, res *Result) (navgraph.Result, bool, error) {
	cq := &q.cq
	if unit {
		cq = &q.u.cq
	}
	var err error
	if cq.MaxExpansions, cq.Pause, err = q.limit(); err != nil {
		return navgraph.Result{}, false, err
	}
	var cr navgraph.Result
	if unit {
		cr, err = q.unitCoarse()
	} else {
		cr, err = q.coarseSearch()
	}
	q.nodes = cr.Path
	res.Waypoints = cr.Expanded - cr.Settled // the rest: cells settleJoin expanded
	q.settle(cr.Expanded)
	switch {
	case err != nil:
		return cr, false, err
	case cr.Exhausted:
		return cr, false, errSpent
	}
	return cr, cr.Found, nil
}

// hierarchical finds a path through the waypoint tier into raw; false
// when there is none.
func (q *Query) hierarchical(start, goal grid.Point, cs, cg int, opt Options, raw []grid.Point, res *Result) ([]grid.Point, bool, error) {
	p, b := q.p, q.p.bake
	// Connect start and goal to the waypoints of their regions.
	var err error
	if q.cq.Sources, err = q.connect(start, cs, q.cq.Sources[:0], true); err != nil {
		return raw, false, err
	}
	if len(q.cq.Sources) == 0 {
		return raw, false, nil
	}
	q.goal = goal
	q.dS, q.dG = b.DeadEnd(start), b.DeadEnd(goal)
	var src, tgt navgraph.Cost
	nodes, ok := q.viaTree(goal, res)
	switch {
	case ok:
		src, tgt = q.cq.Sources[q.treeSrc].Cost, q.tree.dist[nodes[len(nodes)-1]]
	case len(q.cq.Sources) == 0: // viaTree found the start's waypoints out of reach
		return raw, false, nil
	default:
		if q.cq.Targets, err = q.connect(goal, cg, q.cq.Targets[:0], false); err != nil {
			return raw, false, err
		}
		if len(q.cq.Targets) == 0 {
			return raw, false, nil
		}
		q.cq.Avoid = p.deadBits
		q.cq.Landmarks = p.lm
		q.cq.Penalty, q.cq.PenaltyFunc, q.cq.Overlay = nil, nil, p.ov
		if q.pen != nil {
			q.cq.Penalty, q.cq.PenaltyFunc, q.cq.Overlay = q.pf.edge, q.edgeFunc, nil
		}
		cr, found, err := q.coarseRoute(false, res)
		if err != nil || !found {
			return raw, false, err
		}
		nodes = cr.Path
		src, tgt = q.cq.Sources[cr.Source].Cost, q.cq.Targets[cr.Target].Cost
	}
	res.Coarse = len(nodes)
	// FirstSteps with Raw refines only the first steps, unless a band is
	// to be searched: it needs the whole path, and the first steps must
	// be those of the whole answer.
	limit := -1
	if opt.FirstSteps > 0 && opt.Smooth == Raw && q.bandW == 0 {
		limit = opt.FirstSteps + 1
	}
	// With a band to search the raw path takes the step lines too, so
	// that Raw and Cells start the band from the same path.
	raw, err = q.refine(raw, start, goal, cs, cg, nodes, src, tgt, opt.Smooth != Raw || q.bandW > 0, limit)
	if errors.Is(err, errSpent) && q.track {
		q.offer(raw)
	}
	return raw, err == nil, err
}

// cost returns the cost of a path of legal steps, penalties included.
func (q *Query) cost(path []grid.Point) grid.Cost {
	if q.who != (grid.Unit{}) {
		c, _ := q.p.g.UnitPathCost(path, q.who)
		if q.pen != nil {
			w := q.p.g.Width()
			for _, pt := range path[1:] {
				c += q.pen.At(pt.Y*w + pt.X)
			}
		}
		return c
	}
	c, _ := q.p.g.PathCostWith(path, q.pen)
	return c
}

// CoarseRoute appends to dst[:0] the cells of the waypoints on the
// abstract route of the last Find's answer, from the start's side to the
// goal's (Result.Coarse of them), and returns it: what a debug view
// draws as the coarse route. Empty when the answer came from an exact
// search alone (nearby ends, or a window path that beat the route), and
// when the last Find found no path, ran out of budget (Exhausted) or
// failed.
func (q *Query) CoarseRoute(dst []grid.Point) []grid.Point {
	if q == nil {
		return dst[:0]
	}
	return append(dst[:0], q.coarseCells...)
}

// refine turns the abstract route start → nodes... → goal into grid
// cells, appended to raw: each abstract edge by its exact route, except
// that with shortcut set, runs of edges that a step line can replace
// at no more cost (legal, and no dearer than the edges it skips; the
// edge costs are known from the graph) become that line and are never
// refined. src and tgt are the costs of start → nodes[0] and
// nodes[last] → goal. With limit > 0 it stops once raw holds limit cells.
// For a unit (q.who) the route is on its layer, its pieces and edges its
// own, and its step lines its own.
func (q *Query) refine(raw []grid.Point, start, goal grid.Point, cs, cg int, nodes []int32, src, tgt navgraph.Cost, shortcut bool, limit int) ([]grid.Point, error) {
	t, g := q.p.tier, q.p.g
	unit := q.who != (grid.Unit{})
	if unit {
		t = q.u.t
	}
	q.coarseCells = q.coarseCells[:0]
	for _, u := range nodes {
		q.coarseCells = append(q.coarseCells, t.Points[u].Cell)
	}
	// Key points and the cost of the route up to each.
	q.pts = append(q.pts[:0], start)
	q.prefix = append(q.prefix[:0], 0)
	c := grid.Cost(src)
	q.epen = q.epen[:0]
	for i, u := range nodes {
		var pen navgraph.Cost // nodes[i-1] → u's penalty, for route
		if i > 0 {
			e, _ := t.Graph.Cost(nodes[i-1], u)
			if !unit { // a unit's layer has no edge penalties
				pen = q.edgePenalty(nodes[i-1], u)
			}
			c = min(c+grid.Cost(e+pen), grid.Cost(navgraph.MaxPathCost)) // never wraps: see MaxPenalty
		}
		q.epen = append(q.epen, pen)
		q.pts = append(q.pts, t.Points[u].Cell)
		q.prefix = append(q.prefix, c)
	}
	q.pts = append(q.pts, goal)
	q.prefix = append(q.prefix, c+grid.Cost(tgt))
	pts, pre := q.pts, q.prefix
	last := len(pts) - 1
	raw = append(raw, start)
	var err error
	for i := 0; i < last && (limit < 0 || len(raw) < limit); {
		j := i + 1
		if shortcut {
			j = reach(i, last, func(k int) bool {
				_, ok := g.UnitLineCost(pts[i], pts[k], q.who, pre[k]-pre[i]+1, q.penLine(pts[i], pts[k]))
				return ok
			})
		}
		switch {
		case pts[i] == pts[j]:
		case j > i+1:
			raw = g.AppendStepLine(raw, pts[i], pts[j])
		case i == 0 && unit:
			raw, err = q.unitPiece(raw, start, pts[1], cs, q.who)
		case i == 0:
			raw, err = q.piece(raw, start, pts[1], cs)
		case j == last && unit:
			raw, err = q.unitPiece(raw, pts[i], goal, cg, q.who)
		case j == last:
			raw, err = q.piece(raw, pts[i], goal, cg)
		case unit:
			raw, err = q.unitEdgeCells(raw, nodes[i-1], nodes[i])
		default:
			raw, err = q.route(raw, nodes[i-1], nodes[i], q.epen[i])
		}
		if err != nil {
			return raw, err
		}
		i = j
		q.firstSteps(raw, i == last)
	}
	return raw, nil
}

// connect appends to eps the waypoints of pt's region in cluster c with
// the exact cost of reaching each from pt inside the cluster. fromStart
// says pt is the query's start: its paths may then serve as a partial
// answer (Options.Nearest under a budget).
func (q *Query) connect(pt grid.Point, c int, eps []navgraph.Endpoint, fromStart bool) ([]navgraph.Endpoint, error) {
	t, b := q.p.tier, q.p.bake
	offer := fromStart && q.track
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
		return eps, nil
	}
	// Points reached by a free, flat octile path (the step line, or
	// without a penalty one of its bends) cost exactly the heuristic: no
	// search. Under a penalty, a step line that crosses penalized cells
	// is taken at its cost with the penalty (a real path, so an upper
	// bound; the refinement searches that piece exactly), which spares a
	// search. The rest share one Dijkstra in the cluster.
	k := 0
	for i, u := range q.ids {
		c, ok := q.straight(pt, q.pts[i])
		bend := grid.Even
		if !ok && q.pen == nil {
			c, bend, ok = q.bent(pt, q.pts[i])
		}
		if g := q.p.g; !ok && q.pen != nil {
			if c, ok = g.StepLineCost(pt, q.pts[i], grid.Unreachable); ok && c == g.LeastCost(pt, q.pts[i]) {
				c, _ = g.StepLineCostWith(pt, q.pts[i], grid.Unreachable, q.pen)
			} else {
				ok = false
			}
		}
		if ok {
			eps = append(eps, navgraph.Endpoint{Node: u, Cost: navgraph.Cost(c)})
			if offer {
				q.seg = q.p.g.AppendBentLine(append(q.seg[:0], pt), pt, q.pts[i], bend) // Even: the step line
				q.offer(q.seg)
			}
			continue
		}
		q.ids[k], q.pts[k] = u, q.pts[i]
		k++
	}
	if k == 0 {
		return eps, nil
	}
	q.ids, q.pts = q.ids[:k], q.pts[:k]
	if q.lazyJoin(fromStart) {
		return q.joinLazily(pt, c, eps, fromStart), nil
	}
	q.costs = slices.Grow(q.costs[:0], k)[:k]
	win := t.ClusterRect(c)
	if k <= 4 { // a few A* searches beat a Dijkstra over the whole cluster
		for i, z := range q.pts {
			r, err := q.search(pt, z, grid.Options{Window: win, Penalty: q.penIn(win)}, q.seg)
			q.seg = r.Path
			if errors.Is(err, errSpent) {
				return eps, err
			}
			q.costs[i] = grid.Unreachable
			if err == nil && r.Status == grid.Found {
				q.costs[i] = r.Cost
				if offer {
					q.offer(r.Path)
				}
			}
		}
	} else {
		lim, pause, err := q.limit()
		if err != nil {
			return eps, err
		}
		f := q.fineSearcher()
		defer q.doneFine(f)
		n, err := f.FindAll(pt, q.pts, grid.Options{Window: win, Dijkstra: true, Penalty: q.penIn(win), MaxExpansions: lim, Pause: pause}, q.costs)
		q.settle(n)
		if err != nil {
			return eps, nil
		}
		// The points share pt's region, so a point left unreached was
		// cut off by the budget.
		spent := false
		best := -1
		for i, z := range q.pts {
			switch {
			case q.costs[i] == grid.Unreachable:
				spent = lim > 0 && n >= lim
			case offer && (best < 0 || grid.OctileCost(z, q.bestTo) < grid.OctileCost(q.pts[best], q.bestTo)):
				best = i
			}
		}
		if best >= 0 {
			q.seg, _ = f.PathTo(q.pts[best], q.seg)
			q.offer(q.seg)
		}
		if spent {
			return eps, errSpent
		}
	}
	for i, u := range q.ids {
		if q.costs[i] != grid.Unreachable {
			eps = append(eps, navgraph.Endpoint{Node: u, Cost: navgraph.Cost(q.costs[i])})
		}
	}
	return eps, nil
}

// piece appends the exact path from a to z inside cluster c (without a
// when raw already ends there).
func (q *Query) piece(raw []grid.Point, a, z grid.Point, c int) ([]grid.Point, error) {
	if _, ok := q.straight(a, z); ok {
		if len(raw) == 0 || raw[len(raw)-1] != a {
			raw = append(raw, a)
		}
		return q.p.g.AppendStepLine(raw, a, z), nil
	}
	win := q.p.tier.ClusterRect(c)
	r, err := q.search(a, z, grid.Options{Window: win, Penalty: q.penIn(win)}, q.seg)
	q.seg = r.Path
	if err != nil {
		return raw, err
	}
	if len(raw) > 0 && raw[len(raw)-1] == a {
		return append(raw, r.Path[1:]...), nil
	}
	return append(raw, r.Path...), nil
}

// bent reports whether one of the step line's bends (grid.RareFirst,
// grid.RareLast: its rarer steps all first or all last) from a to z is
// legal and costs the least conceivable, and that cost and bend: then it
// is a least-cost path too, found without a search. Not under a
// penalty.
func (q *Query) bent(a, z grid.Point) (grid.Cost, grid.Bend, bool) {
	g := q.p.g
	least := g.LeastCost(a, z)
	for b := grid.RareFirst; b <= grid.RareLast; b++ {
		if c, ok := g.UnitBentLineCost(a, z, grid.Unit{}, b, least+1, nil); ok && c == least {
			return c, b, true
		}
	}
	return 0, 0, false
}

// straight reports whether the step line from a to z is legal and runs
// over least-weight cells only (and no penalty), and its cost: then it
// costs exactly the heuristic bound, so it is a least-cost path.
func (q *Query) straight(a, z grid.Point) (grid.Cost, bool) {
	g := q.p.g
	c, ok := g.StepLineCostWith(a, z, grid.Unreachable, q.penLine(a, z))
	return c, ok && c == g.LeastCost(a, z)
}
