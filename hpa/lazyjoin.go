package hpa

import (
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// A plain query (one cell of no class, no penalty, not heading for the
// nearest cell) joins its start to the waypoints that no line reaches
// without searching lazily: connect gives those waypoints to the coarse
// search as lazy sources (navgraph.Endpoint), at the least conceivable
// cost, and the coarse search has settleJoin search the cluster for the
// exact cost of the ones it comes to. The others, mostly the waypoints
// that lead away from the goal, are never searched. The coarse search
// takes the same steps as with every waypoint joined first (see
// navgraph's lazy endpoints), so the route is the same. The goal's
// waypoints are joined first: left lazy, their bounds would lower the
// landmarks' bound, and the search would expand more (on a generated
// 2048×2048 map, a query took 558 µs rather than 536, its largest
// search held twice the pages: bench -scale 2048).

// join is one end of the query as connect left it: its cell and
// cluster.
type join struct {
	pt grid.Point
	c  int
}

// lazyJoin reports whether connect may leave the start's waypoints
// (fromStart) lazy: not for a query that heads for the nearest cell
// (under a budget it offers the paths connect finds as partial answers,
// and a budget that lets it finish must give the answer it gets without
// one, so with or without a budget), under a penalty, or for a unit.
// Budgets and slices do not matter otherwise: settleJoin's cells count
// as the coarse search's expansions, so a budget that lets a query
// finish gives it the answer it gets without one, and a sliced query
// gets the one-shot answer. With a group tree viaTree settles the
// sources it needs.
func (q *Query) lazyJoin(fromStart bool) bool {
	return fromStart && !q.nearest && q.pen == nil && q.who == (grid.Unit{})
}

// settleNow settles the query's lazy source i at once (viaTree): a fine
// search under the call's budget and slices, as connect's own. A source
// out of reach is dropped, as connect drops one.
func (q *Query) settleNow(i int) error {
	e := &q.cq.Sources[i]
	j := q.joins[0]
	win := q.p.tier.ClusterRect(j.c)
	r, err := q.search(j.pt, q.p.tier.Points[e.Node].Cell, grid.Options{Window: win}, q.seg)
	q.seg = r.Path
	if err != nil {
		return err
	}
	if r.Status != grid.Found {
		q.cq.Sources = slices.Delete(q.cq.Sources, i, i+1)
		return nil
	}
	e.Cost, e.Lazy = navgraph.Cost(r.Cost), false
	return nil
}

// joinLazily appends to eps the waypoints q.ids (at cells q.pts) of
// cluster c as lazy endpoints of pt, at the least conceivable cost, and
// notes pt and c for settleJoin. O(len(q.ids)).
func (q *Query) joinLazily(pt grid.Point, c int, eps []navgraph.Endpoint, fromStart bool) []navgraph.Endpoint {
	side := 1
	if fromStart {
		side = 0
	}
	q.joins[side] = join{pt, c}
	g := q.p.g
	for i, u := range q.ids {
		eps = append(eps, navgraph.Endpoint{Node: u, Cost: navgraph.Cost(g.LeastCost(pt, q.pts[i])), Lazy: true})
	}
	return eps
}

// settleJoin is the coarse search's Query.Settle: the exact cost, inside
// the cluster, between the query's start (or, for a target, its goal)
// and the waypoint of endpoint i, by A* over the cluster, within limit
// expansions (0: no bound) and then pause's (the coarse search's bound
// and Pause: its cells count as the coarse search's expansions).
//
// connect leaves only the start's waypoints lazy (lazyJoin), so the
// coarse search asks for sources only; the goal's side (joins[1], and
// joinLazily's fromStart) stays so that lazy goal joins need no more
// than lazyJoin's word, and TestConnectAgainstDijkstra checks it
// against Dijkstra as it does the start's.
func (q *Query) settleJoin(target bool, i int, limit int, pause func(int) int) (navgraph.Cost, int, bool) {
	j, eps := q.joins[0], q.cq.Sources
	if target {
		j, eps = q.joins[1], q.cq.Targets
	}
	win := q.p.tier.ClusterRect(j.c)
	r, err := q.fineFind(j.pt, q.p.tier.Points[eps[i].Node].Cell, grid.Options{Window: win, MaxExpansions: limit, Pause: pause}, q.seg)
	q.seg = r.Path
	switch {
	case err == nil && r.Status == grid.Exhausted:
		return 0, r.Expanded, false
	case err != nil || r.Status != grid.Found:
		return navgraph.Unreachable, r.Expanded, true
	}
	return navgraph.Cost(r.Cost), r.Expanded, true
}
