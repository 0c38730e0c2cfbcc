package hpa

import (
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// GroupMin is the least number of requests sharing a goal that a Service
// answers together (see Service): below it, each request's own coarse
// search costs less than a search towards all of them.
const GroupMin = 8

// goalTree is the coarse search a group of requests with one goal
// shares: a Dijkstra from the goal's waypoints (their exact cost from the
// goal inside its cluster, the targets of each member's coarse search)
// outwards over the waypoint graph, until it has settled every waypoint
// of every member's start region. A member then joins its start to its
// region's waypoints as usual, takes the waypoint w of least join cost +
// dist(w), and follows the tree from w to the goal: a least-cost route of
// the waypoint graph, as the member's own A* would find (the edges cost
// the same both ways when no penalty applies, and dead ends are skipped
// as the A* skips them). Built by the first member that needs it, on that
// member's slices; shared by the rest.
type goalTree struct {
	p      *Planner
	goal   grid.Point
	need   []int32 // waypoints to settle: the members' start regions'
	state  uint8   // treeEmpty, treeBuilding, treeDone
	owner  *Query  // who is building it
	dead   int32   // the goal's dead end (its waypoints may be entered)
	target []navgraph.Endpoint
	dist   []navgraph.Cost // per waypoint slot: cost to the goal
	next   []int32         // per slot: the next waypoint towards the goal (-1: a target)
	seen   []uint32        // per slot: gen when reached
	done   []uint32        // per slot: gen when settled
	want   []uint32        // per slot: gen when in need
	gen    uint32
	open   treeHeap
	box    grid.Rect // the members' starts
	// expanded: waypoints the build settled (charged to its builder).
	expanded int
	members  int    // requests of a Service still using it
	ver      uint64 // the planner's version it was made for
}

const (
	treeEmpty uint8 = iota
	treeBuilding
	treeDone
)

type treeItem struct {
	f, g navgraph.Cost // f = g + the bound to the members' box
	n    int32
}

func (a treeItem) less(b treeItem) bool { return a.f < b.f || a.f == b.f && a.n < b.n }

// treeHeap is a binary heap of treeItems by (f, n).
type treeHeap []treeItem

func (h *treeHeap) push(it treeItem) {
	a := append(*h, it)
	for i := len(a) - 1; i > 0; {
		up := (i - 1) / 2
		if !a[i].less(a[up]) {
			break
		}
		a[i], a[up] = a[up], a[i]
		i = up
	}
	*h = a
}

func (h *treeHeap) pop() treeItem {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(a) && a[l].less(a[m]) {
			m = l
		}
		if r := l + 1; r < len(a) && a[r].less(a[m]) {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}

func (t *goalTree) push(it treeItem) { t.open.push(it) }

func (t *goalTree) pop() treeItem { return t.open.pop() }

// reset empties t for a group towards goal on p.
func (t *goalTree) reset(p *Planner, goal grid.Point) {
	t.p, t.goal, t.state, t.owner, t.ver = p, goal, treeEmpty, nil, p.version
	t.need, t.target = t.need[:0], t.target[:0]
	t.expanded = 0
	t.box = grid.Rect{}
}

// addStart adds the waypoints of start's region to what the tree must
// settle.
func (t *goalTree) addStart(start grid.Point) {
	if cell := grid.R(start.X, start.Y, start.X+1, start.Y+1); t.box.Empty() {
		t.box = cell
	} else {
		t.box = t.box.Union(cell)
	}
	tier, b := t.p.tier, t.p.bake
	c := tier.ClusterOf(start)
	region := b.LocalRegion(start)
	first, end := tier.PointsOf(c)
	for u := first; u < end; u++ {
		if tier.Points[u].Region == region {
			t.need = append(t.need, u)
		}
	}
}

// settled reports whether u has its distance to the goal.
func (t *goalTree) settled(u int32) bool {
	return t.state == treeDone && int(u) < len(t.done) && t.done[u] == t.gen
}

// build runs the tree's search from targets (the goal's waypoints and
// their costs from the goal) for q, charging q's slices a unit per
// waypoint settled. It is A* towards the box around the members' starts
// (the least cost from a waypoint to the box, a consistent bound, so a
// settled waypoint's cost is final) until every waypoint in need is
// settled, and skips dead ends other than the goal's, as the members' A*
// does. O(W log W) for the W waypoints it settles: about those of one A*
// to the box, plus those nearer the goal than the farthest start inside
// the box.
func (t *goalTree) build(q *Query, targets []navgraph.Endpoint) {
	p := t.p
	g := p.tier.Graph
	n := g.Len()
	t.state, t.owner = treeBuilding, q
	t.target = append(t.target[:0], targets...)
	t.dead = q.dG
	if len(t.dist) < n {
		t.dist = make([]navgraph.Cost, n)
		t.next = make([]int32, n)
		t.seen = make([]uint32, n)
		t.done = make([]uint32, n)
		t.want = make([]uint32, n)
		t.gen = 0
	}
	t.gen++
	gen := t.gen
	left := 0 // waypoints in need not yet settled
	for _, u := range t.need {
		if t.want[u] != gen {
			t.want[u] = gen
			left++
		}
	}
	box := t.box
	h := func(u int32) navgraph.Cost {
		c := p.tier.Points[u].Cell
		in := grid.Pt(min(max(c.X, box.Min.X), box.Max.X-1), min(max(c.Y, box.Min.Y), box.Max.Y-1))
		return navgraph.Cost(p.g.LeastCost(c, in))
	}
	t.open = t.open[:0]
	for _, e := range targets {
		u := e.Node
		if t.seen[u] == gen && t.dist[u] <= e.Cost {
			continue
		}
		t.seen[u] = gen
		t.dist[u], t.next[u] = e.Cost, -1
		t.push(treeItem{e.Cost + h(u), e.Cost, u})
	}
	t.expanded = 0
	for len(t.open) > 0 && left > 0 {
		it := t.pop()
		u := it.n
		if t.done[u] == gen || it.g != t.dist[u] {
			continue
		}
		q.spend(1)
		t.expanded++
		t.done[u] = gen
		if t.want[u] == gen {
			left--
		}
		to, cost := g.Out(u)
		for i, v := range to {
			if d := p.nodeDead[v]; d >= 0 && d != t.dead {
				continue
			}
			ng := min(it.g+cost[i], navgraph.MaxPathCost)
			if t.done[v] == gen || t.seen[v] == gen && t.dist[v] <= ng {
				continue
			}
			t.seen[v] = gen
			t.dist[v], t.next[v] = ng, u
			t.push(treeItem{ng + h(v), ng, v})
		}
	}
	t.state, t.owner = treeDone, nil
}

// viaTree returns the coarse route (waypoints, start side first) through
// q's group tree, building the tree first if no member has, and true; or
// false when the query cannot use it: no tree, another goal or version,
// (or the same copy of a live map at another version), a penalty or a
// budget, a start in a dead end other than the goal's,
// a tree another member is still building, or a start waypoint it has not
// settled. q.cq.Sources must hold the start's waypoints;
// the goal's are taken from the tree (q.cq.Targets, when it builds).
// Cost: a lookup per source and the route's length, or the build, and a
// search in the start's cluster for each lazy source (see lazyjoin.go)
// whose bound makes it the least until a settled one is.
func (q *Query) viaTree(goal grid.Point, res *Result) ([]int32, bool) {
	t := q.tree
	if t == nil || t.p != q.p || t.ver != q.p.version || t.goal != goal || q.pen != nil || q.bud.max > 0 ||
		q.dS >= 0 && q.dS != q.dG || t.state == treeBuilding {
		return nil, false
	}
	if t.state == treeEmpty {
		// Claim the tree before joining the goal to the waypoints: that
		// search may pause, and another member must not start a build
		// of its own meanwhile.
		t.state, t.owner = treeBuilding, q
		var err error
		cg := q.p.tier.ClusterOf(goal)
		if q.cq.Targets, err = q.connect(goal, cg, q.cq.Targets[:0], false); err != nil || len(q.cq.Targets) == 0 {
			t.state, t.owner = treeEmpty, nil
			return nil, false
		}
		t.build(q, q.cq.Targets) // charged to q as expansions (spend)
		res.Waypoints = t.expanded
	}
	// Every source must be settled: the least over some would not be the
	// least over all.
	for _, e := range q.cq.Sources {
		if !t.settled(e.Node) {
			return nil, false
		}
	}
	// The least source, the first on ties; a lazy one (at its bound) is
	// joined and the choice made again, until a joined one is least:
	// then no lazy one can beat it, nor tie with it from before it.
	best := -1
	for {
		best = -1
		var bestC navgraph.Cost
		for i, e := range q.cq.Sources {
			if c := min(e.Cost+t.dist[e.Node], navgraph.MaxPathCost); best < 0 || c < bestC {
				best, bestC = i, c
			}
		}
		if best < 0 || !q.cq.Sources[best].Lazy {
			break
		}
		if q.settleNow(best) != nil || len(q.cq.Sources) == 0 {
			return nil, false
		}
	}
	if best < 0 {
		return nil, false
	}
	q.treeSrc = best
	q.nodes = q.nodes[:0]
	for u := q.cq.Sources[best].Node; u >= 0; u = t.next[u] {
		q.nodes = append(q.nodes, u)
	}
	return q.nodes, true
}

// groupKey is what requests must share to be answered together: goal,
// options, and the block of groupBlock×groupBlock clusters their starts
// lie in (a tree serves a group well when its starts lie close together:
// an army's squad, not units strewn over the map).
type groupKey struct {
	goal  grid.Point
	opt   Options
	block int
}

// groupBlock is the side, in clusters, of the blocks that split a group.
const groupBlock = 4

// group answers together the requests of fresh that share a goal and
// options (no penalty, no budget), at least GroupMin of them whose starts
// lie in no dead end but the goal's and farther from the goal than the
// exact window search reaches: it gives them one goal tree, which the
// first of them to run builds. O(len(fresh)).
func (s *Service) group(p *Planner, fresh []*entry) {
	if s.cfg.NoGroups || len(fresh) < GroupMin {
		return
	}
	b, t := p.bake, p.tier
	cw := t.ClustersX()
	near := max(nearby, nearbyCells/t.ClusterSize)
	fits := func(e *entry) bool {
		o := e.o
		if e.done || o.Options.Size > 1 || o.Options.Class > 0 { // cancelled before its first Tick; a unit's layer has no trees
			return false
		}
		if o.Options.Penalty != (Penalty{}) || o.Options.MaxExpansions > 0 ||
			!p.g.Passable(o.Start) || !p.g.Passable(o.Goal) || !b.SameIsland(o.Start, o.Goal) {
			return false
		}
		if d := b.DeadEnd(o.Start); d >= 0 && d != b.DeadEnd(o.Goal) {
			return false
		}
		cs, cg := t.ClusterOf(o.Start), t.ClusterOf(o.Goal)
		dx, dy := cs%cw-cg%cw, cs/cw-cg/cw
		return dx < -near || dx > near || dy < -near || dy > near
	}
	key := func(e *entry) groupKey {
		c := t.ClusterOf(e.o.Start)
		return groupKey{e.o.Goal, e.o.Options, c/cw/groupBlock*((cw+groupBlock-1)/groupBlock) + c%cw/groupBlock}
	}
	count := map[groupKey]int{}
	for _, e := range fresh {
		if fits(e) {
			count[key(e)]++
		}
	}
	trees := map[groupKey]*goalTree{}
	for _, e := range fresh { // in ticket order: deterministic
		k := key(e)
		if count[k] < GroupMin || !fits(e) {
			continue
		}
		tr := trees[k]
		if tr == nil {
			if n := len(s.trees); n > 0 {
				tr, s.trees = s.trees[n-1], s.trees[:n-1]
			} else {
				tr = &goalTree{}
			}
			tr.reset(p, k.goal)
			trees[k] = tr
		}
		tr.addStart(e.o.Start)
		tr.members++
		e.tree = tr
	}
}

// leave takes e out of its group; the last member out gives the tree
// back.
func (s *Service) leave(e *entry) {
	if tr := e.tree; tr != nil {
		e.tree = nil
		if tr.members--; tr.members == 0 {
			tr.state, tr.owner = treeEmpty, nil
			s.trees = append(s.trees, tr)
		}
	}
}
