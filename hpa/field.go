package hpa

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/radix"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// ErrField is wrapped by the errors of a Field used wrongly: a nil
// field or planner, or a view of another live map (see Field.SyncTo).
var ErrField = errors.New("hpa: bad field")

// Field is a flow field towards one goal: for any cell of the goal's
// island, the step to take next, looked up in O(1) without allocation.
// A group of units ordered to one cell shares it instead of searching a
// path each (see Query.Move).
//
// It is built lazily, cluster by cluster. Making it runs a Dijkstra from
// the goal over the waypoint graph, which gives every waypoint its cost
// to the goal. A cluster's cells then get theirs from one search inside
// the cluster (on a map of one weight, for a one-cell unit without
// penalties, label correcting over whole rows; else Dijkstra), seeded at
// its waypoints with those costs and along its borders with the costs
// of the neighbouring clusters already built
// (plus the step across). A lookup in a cluster not built yet builds it
// and, first, the clusters its coarse route to the goal crosses, nearest
// the goal first, so that each takes its borders from a neighbour nearer
// the goal; Ready builds the clusters of many cells in that order. Each
// cell's step leads to a cell of lower cost (a cell's cost is that of
// the way the field leads from it), so following the steps from any
// cell the field reaches ends at the goal.
//
// A Field is not safe for concurrent use, as a lookup may build a
// cluster: give each goroutine its own, or build the clusters first
// (Ready) and then only look up cells in them.
type Field struct {
	p    *Planner
	tier *waypoint.Tier
	unit grid.Unit
	goal grid.Point
	ver  uint64
	cs   int // cluster side
	log2 int // log2(cs) when cs is a power of two, else -1
	cw   int // clusters a row
	// per waypoint slot: cost to the goal over the waypoint graph
	// (navgraph.MaxPathCost: none) and the next waypoint (-1: none, or
	// the goal's cluster reaches the goal from it)
	dist []navgraph.Cost
	next []int32
	// per cluster: its tile, nil until built
	tiles []*fieldTile
	spare []*fieldTile
	ts    *tileSearcher
	q     radix.Heap[int32] // the coarse search's, by cost
	open  treeHeap          // Sync's, by (key, cluster)
	built int
	want  []clusterKey
	chain []int32
	// the penalty layer whose influence the field pays (nil: none), and
	// its writes when the field was made
	pen       *Penalties
	penWrites uint64
	// a live map's field: the map and the version it answers for
	live     *Live
	lver     uint64
	rebuilds []uint8
	pending  []bool
	nb       []int
}

// fieldTile is a field's data for one cluster: per cell (row-major in
// the cluster's rectangle, w cells a row) the cost to the goal along the
// field and the step to take; read them with at, costAt and dirAt.
type fieldTile struct {
	cost []grid.Cost
	dir  []uint8
	w    int
	// packed: cost holds keys (see keyBits) as the row search left them,
	// the cost and the step in one, keyNone and above for a cell not
	// reached; dir is not used. Decoding on read spares the search a
	// pass over the tile.
	packed bool
	// shift is added to every cost: a live edit that lengthened every
	// way out of the cluster alike leaves its steps as they were.
	shift grid.Cost
	// pts: the cluster's waypoints when it was built, and their costs
	// (SyncTo keeps the tile when they all changed alike); bakeVer: the
	// bake's version then.
	pts     []tilePoint
	bakeVer uint64
}

type tilePoint struct {
	cell grid.Point
	cost navgraph.Cost
}

// Direction codes of a field cell besides the eight grid.Dir steps.
const (
	dirGoal uint8 = 8    // the goal itself: nowhere to go
	dirNone uint8 = 0xff // no way to the goal from here
)

// NewField returns the flow field towards goal for the unit of
// opt.Size and opt.Class (its bake layer must exist, as for Find). With
// opt.Penalty the field pays the layer's influence on every cell entered,
// as Find does, as the influence is when the field is made: a later
// write to the layer makes the field stale (it leads nowhere) until
// Reset. Claims are not counted, as their radius lies round a query's
// start and a field has none. A field takes no budget, no live map's
// layer, and no layer for a unit of another size or class (ErrOptions);
// the options that shape a path (Smooth, SmoothPasses, FirstSteps,
// Nearest) are not used. Errors as Find's for the goal and the layer;
// ErrStale.
//
// Cost: one Dijkstra inside the goal's cluster and one over the waypoint
// graph, O(S² + W log W) for S×S clusters and W waypoints; no cluster
// is built yet.
func (p *Planner) NewField(goal grid.Point, opt Options) (*Field, error) {
	f := &Field{}
	if err := f.Reset(p, goal, opt); err != nil {
		return nil, err
	}
	return f, nil
}

// Reset makes f the field towards goal on p, as NewField does, reusing
// its memory. On an error f leads nowhere until the next Reset.
func (f *Field) Reset(p *Planner, goal grid.Point, opt Options) error {
	if f == nil {
		return fmt.Errorf("%w: nil field", ErrField)
	}
	f.p = nil
	if p == nil {
		return fmt.Errorf("%w: nil planner", ErrField)
	}
	if err := opt.check(); err != nil {
		return err
	}
	if opt.MaxExpansions > 0 {
		return fmt.Errorf("%w: a field takes no budget", ErrOptions)
	}
	if err := (&Query{p: p}).stale(); err != nil {
		return err
	}
	pen := opt.Penalty
	switch {
	case pen.live != nil:
		return fmt.Errorf("%w: a field takes no live map's penalty layer yet", ErrOptions)
	case pen.f != nil && pen.f.p != p:
		return errForeignLayer
	case pen.f != nil && pen.f.version != p.version:
		return ErrStale
	case pen.f != nil && (opt.Size > 1 || opt.Class > 0):
		// A unit's layer has no edge penalties: its coarse costs would
		// leave out what its clusters pay, and steps could climb.
		return fmt.Errorf("%w: a field for a unit of another size or class takes no penalty layer yet", ErrOptions)
	}
	u := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	if u != (grid.Unit{Size: 1}) {
		if err := p.checkUnit(Options{Size: opt.Size, Class: opt.Class}); err != nil {
			return err
		}
	}
	if err := p.check(goal, "field goal"); err != nil {
		return err
	}
	if !p.g.Fits(goal, u) {
		return fmt.Errorf("hpa: field goal %v: a unit %d cells across of class %d does not fit: %w", goal, u.Size, u.Class, grid.ErrBlocked)
	}
	f.unit, f.goal, f.pen = u, goal, pen.f
	if f.pen != nil {
		f.penWrites = f.pen.writes
	}
	f.live, f.lver = nil, 0 // View.NewField sets them again
	f.use(p)
	for c, t := range f.tiles {
		if t != nil {
			f.drop(c)
		}
	}
	f.tiles = resize(f.tiles, f.cw*f.tier.ClustersY())
	clear(f.tiles)
	f.built = 0
	f.coarse()
	return nil
}

// use points f at planner p (its tier for f's unit) at p's version.
func (f *Field) use(p *Planner) {
	f.p, f.ver, f.tier = p, p.version, p.tier
	if f.unit != (grid.Unit{Size: 1}) {
		f.tier = p.bake.Layer(f.unit).Tier()
	}
	f.cs, f.cw = f.tier.ClusterSize, f.tier.ClustersX()
	f.log2 = -1
	if f.cs&(f.cs-1) == 0 {
		f.log2 = bits.TrailingZeros(uint(f.cs))
	}
	if f.ts == nil {
		f.ts = &tileSearcher{}
	}
}

// resize returns s with length n, reallocated only when too short.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// coarse computes the waypoints' costs to the goal: a Dijkstra inside
// the goal's cluster gives those of its waypoints, one over the waypoint
// graph the rest.
func (f *Field) coarse() {
	t := f.tier
	n := t.Graph.Len()
	f.dist, f.next = resize(f.dist, n), resize(f.next, n)
	for i := range f.dist {
		f.dist[i], f.next[i] = navgraph.MaxPathCost, -1
	}
	if !f.p.g.Fits(f.goal, f.unit) {
		return // a live edit blocked the goal: nothing leads there
	}
	cg := t.ClusterOf(f.goal)
	tile := f.newTile(cg)
	r := t.ClusterRect(cg)
	f.ts.seeds = append(f.ts.seeds[:0], tileSeed{0, int32(tile.index(f.goal, r)), dirGoal})
	f.ts.search(f.p.g, f.unit, r, tile, f.penFunc(), nil, -1)
	f.q.Reset()
	first, end := t.PointsOf(cg)
	for u := first; u < end; u++ {
		if k := tile.costAt(tile.index(t.Points[u].Cell, r)); k != grid.Unreachable {
			f.dist[u] = navgraph.Cost(k)
			f.q.Push(uint64(k), u)
		}
	}
	f.spare = append(f.spare, tile)
	// Costs never fall along an edge (navgraph's costs and the influence
	// are ≥ 0), so the keys pushed are never below the last popped, as
	// the radix heap needs. It pops equal keys last pushed first; a
	// waypoint's next is still the one of least (cost, id) among those
	// that give its cost, as if they came out in that order, for the
	// choice steers which clusters the field builds first (and so seeds
	// from): the last pushed gave a mean excess half as high again
	// (bench -group on ArcticStation, 0.258% against 0.167%). A bake's
	// edges join distinct cells, so cost more than 0; the rule never
	// follows an edge of cost 0 (c > d), which could turn next into a
	// loop by changing a waypoint already popped.
	g := t.Graph
	for f.q.Len() > 0 {
		e := f.q.Pop()
		u, d := e.Val, navgraph.Cost(e.Key)
		if d != f.dist[u] {
			continue
		}
		to, cost := g.Out(u)
		for i, v := range to {
			c := min(d+cost[i]+f.edgeInfluence(v, u), navgraph.MaxPathCost)
			if c < f.dist[v] {
				f.dist[v], f.next[v] = c, u
				f.q.Push(uint64(c), v)
			} else if w := f.next[v]; c == f.dist[v] && c > d && w >= 0 && d == f.dist[w] && u < w {
				f.next[v] = u // popped after w, but first by (cost, id)
			}
		}
	}
}

// edgeInfluence returns the influence a unit pays along the waypoint
// edge u→v under f's penalty layer (0 without one, or on a unit's layer,
// whose edges the penalty layer does not price).
func (f *Field) edgeInfluence(u, v int32) navgraph.Cost {
	if f.pen == nil || f.tier != f.p.tier {
		return 0
	}
	g := f.tier.Graph
	j, ok := edgeIndex(g, u, v)
	if !ok {
		return 0
	}
	c := f.pen.edge[g.EdgeID(u, j)]
	if c < 0 {
		c = -1 - c // claimed cells on the route: their influence alone
	}
	return c
}

// at returns the cost and the step of the tile's cell li
// (grid.Unreachable and dirNone where nothing leads).
func (t *fieldTile) at(li int) (grid.Cost, uint8) { return t.costAt(li), t.dirAt(li) }

// costAt returns the cost of the tile's cell li (grid.Unreachable where
// nothing leads), without the shift.
func (t *fieldTile) costAt(li int) grid.Cost {
	k := t.cost[li]
	if !t.packed {
		return k
	}
	if k >= keyNone {
		return grid.Unreachable
	}
	return k >> keyBits
}

// dirAt returns the step of the tile's cell li (dirGoal at the goal,
// dirNone where nothing leads).
func (t *fieldTile) dirAt(li int) uint8 {
	if !t.packed {
		return t.dir[li]
	}
	if k := t.cost[li]; k < keyNone {
		return uint8(k & keyLow)
	}
	return dirNone
}

// index returns pt's index in the tile of rectangle r.
func (t *fieldTile) index(pt grid.Point, r grid.Rect) int {
	return (pt.Y-r.Min.Y)*t.w + pt.X - r.Min.X
}

// newTile returns a tile for cluster c, its cells not set (search sets
// them).
func (f *Field) newTile(c int) *fieldTile {
	r := f.tier.ClusterRect(c)
	var t *fieldTile
	n := r.Area()
	if k := len(f.spare); k > 0 {
		t, f.spare = f.spare[k-1], f.spare[:k-1]
	} else {
		t = &fieldTile{}
	}
	if cap(t.cost) < n { // a tile of smaller clusters, or new
		m := f.cs * f.cs
		t.cost, t.dir = make([]grid.Cost, m), make([]uint8, m)
	}
	t.cost, t.dir, t.w = t.cost[:n], t.dir[:n], r.Dx()
	t.shift, t.pts = 0, t.pts[:0]
	return t
}

// fill sets every element of s to v, by doubling copies.
func fill[T any](s []T, v T) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for k := 1; k < len(s); k *= 2 {
		copy(s[k:], s[:k])
	}
}

// penFunc returns the influence the field's steps pay per cell entered
// (nil: none).
func (f *Field) penFunc() func(int) grid.Cost {
	if f.pen == nil {
		return nil
	}
	return f.pen.influence
}

// drop forgets the tile of cluster c.
func (f *Field) drop(c int) {
	if t := f.tiles[c]; t != nil {
		f.tiles[c] = nil
		f.spare = append(f.spare, t)
	}
}

// build computes the tile of cluster c, seeded at the goal, at the
// waypoints whose next waypoint lies in another cluster, and along the
// borders with the built neighbours accepted by from (nil: all).
func (f *Field) build(c int, from func(n int) bool) *fieldTile {
	p, tr := f.p, f.tier
	g := p.g
	t := f.newTile(c)
	r := tr.ClusterRect(c)
	ts := f.ts
	seed := func(pt grid.Point, cost grid.Cost, d uint8) {
		ts.seeds = append(ts.seeds, tileSeed{cost, int32(t.index(pt, r)), d})
	}
	if f.goal.In(r) && g.Fits(f.goal, f.unit) { // a live edit may have blocked it
		seed(f.goal, 0, dirGoal)
	}
	first, end := tr.PointsOf(c)
	for u := first; u < end; u++ {
		t.pts = append(t.pts, tilePoint{tr.Points[u].Cell, f.dist[u]})
		nx := f.next[u]
		if nx < 0 || tr.Points[nx].Cluster == int32(c) {
			continue
		}
		a, b := tr.Points[u].Cell, tr.Points[nx].Cell
		if d, ok := grid.DirOf(a, b); ok && g.UnitMoves(a, f.unit)&(1<<d) != 0 {
			seed(a, grid.Cost(f.dist[u]), uint8(d))
		}
	}
	f.seedBorders(c, r, t, from)
	ts.search(g, f.unit, r, t, f.penFunc(), nil, -1)
	t.bakeVer = p.bake.Version()
	f.tiles[c] = t
	f.built++
	return t
}

// ensure builds cluster c if it is not built: first the clusters its
// coarse route to the goal crosses that are not built, nearest the goal
// first, then c.
func (f *Field) ensure(c int) *fieldTile {
	if t := f.tiles[c]; t != nil {
		return t
	}
	tr := f.tier
	f.chain = append(f.chain[:0], int32(c))
	// The coarse route from c's best waypoint.
	best := int32(-1)
	first, end := tr.PointsOf(c)
	for u := first; u < end; u++ {
		if f.dist[u] < navgraph.MaxPathCost && (best < 0 || f.dist[u] < f.dist[best]) {
			best = u
		}
	}
	for u := best; u >= 0; u = f.next[u] {
		k := int(tr.Points[u].Cluster)
		if f.tiles[k] != nil {
			break
		}
		if int32(k) != f.chain[len(f.chain)-1] && !slices.Contains(f.chain, int32(k)) {
			f.chain = append(f.chain, int32(k))
		}
	}
	for i := len(f.chain) - 1; i > 0; i-- {
		f.build(int(f.chain[i]), nil)
	}
	return f.build(c, nil)
}

// tile returns the tile holding pt (building it) and pt's index in it;
// nil when pt is off the map.
func (f *Field) tile(pt grid.Point) (*fieldTile, int) {
	if uint(pt.X) >= uint(f.tier.Width) || uint(pt.Y) >= uint(f.tier.Height) {
		return nil, 0
	}
	var cx, cy int
	if f.log2 >= 0 { // a power of two
		cx, cy = pt.X>>f.log2, pt.Y>>f.log2
	} else {
		cx, cy = pt.X/f.cs, pt.Y/f.cs
	}
	c := cy*f.cw + cx
	t := f.tiles[c]
	if t == nil {
		t = f.ensure(c)
	}
	return t, (pt.Y-cy*f.cs)*t.w + pt.X - cx*f.cs
}

// Ready builds the clusters holding cells that are not built yet, in
// order of their waypoints' least cost to the goal, nearest first, so
// that each takes its borders from the clusters nearer the goal: the
// field is then close to the exact cost to the goal everywhere. Call it
// with a group's cells when the order is given. Cost: one Dijkstra
// inside each cluster built, O(S²) each (the clusters' coarse routes
// included, as for Next).
func (f *Field) Ready(cells []grid.Point) {
	if !f.ok() {
		return
	}
	tr := f.tier
	f.want = f.want[:0]
	for _, pt := range cells {
		c := tr.ClusterOf(pt)
		if c < 0 || f.tiles[c] != nil {
			continue
		}
		f.want = append(f.want, clusterKey{f.key(c), int32(c)})
	}
	slices.SortFunc(f.want, func(a, b clusterKey) int { return cmp.Or(cmp.Compare(a.k, b.k), cmp.Compare(a.c, b.c)) })
	for _, w := range f.want {
		f.ensure(int(w.c))
	}
}

// clusterKey orders clusters for Ready.
type clusterKey struct {
	k navgraph.Cost
	c int32
}

// key returns the least cost to the goal of cluster c's waypoints (0
// for the goal's cluster).
func (f *Field) key(c int) navgraph.Cost {
	if f.goal.In(f.tier.ClusterRect(c)) {
		return 0
	}
	k := navgraph.MaxPathCost
	first, end := f.tier.PointsOf(c)
	for u := first; u < end; u++ {
		k = min(k, f.dist[u])
	}
	return k
}

// ok reports whether f may be looked up.
func (f *Field) ok() bool {
	return f != nil && f.p != nil && f.p.version == f.ver && f.p.bake.Version() == f.ver && !f.p.bake.Stale() &&
		(f.pen == nil || f.pen.writes == f.penWrites)
}

// Next returns the cell to step to from pt and true; false when pt is
// the goal, off the map, or has no way to the goal (another island, a
// cell the unit does not fit, a field that Reset refused, whose planner
// has moved on or whose penalty layer was written since). O(1) and no allocation once pt's cluster is
// built; else that cluster's build.
func (f *Field) Next(pt grid.Point) (grid.Point, bool) {
	if !f.ok() {
		return pt, false
	}
	t, li := f.tile(pt)
	d := dirNone
	if t != nil {
		d = t.dirAt(li)
	}
	if d >= dirGoal {
		return pt, false
	}
	return pt.Add(grid.Dir(d).Delta()), true
}

// Cost returns the field's cost at pt: 0 at the goal, grid.Unreachable
// where it leads nowhere; it falls along every step Next gives. On a
// field that SyncTo has not moved it is at least the cost of the way
// the field leads from pt (often that cost: less where a cluster on the
// way was built before the next one, as its waypoints' costs over the
// waypoint graph are then its seeds); after SyncTo it is the field's
// measure, not a cost. As Next.
func (f *Field) Cost(pt grid.Point) grid.Cost {
	if !f.ok() {
		return grid.Unreachable
	}
	t, li := f.tile(pt)
	if t == nil {
		return grid.Unreachable
	}
	c := t.costAt(li)
	if c == grid.Unreachable {
		return grid.Unreachable
	}
	return c + t.shift
}

// Goal returns the field's goal.
func (f *Field) Goal() grid.Point {
	if f == nil {
		return grid.Point{}
	}
	return f.goal
}

// Built returns the number of cluster builds since the field was made
// (Reset); a cluster a live edit made built again counts again.
func (f *Field) Built() int {
	if f == nil {
		return 0
	}
	return f.built
}

// Path appends to dst[:0] the cells the field leads through from start
// to the goal, both included, and true; false and dst empty when it
// leads nowhere. Cost: the clusters it crosses that are not built yet,
// and O(1) a step.
func (f *Field) Path(start grid.Point, dst []grid.Point) ([]grid.Point, bool) {
	dst = dst[:0]
	if !f.ok() || f.Cost(start) == grid.Unreachable {
		return dst, false
	}
	dst = append(dst, start)
	most := f.p.g.Width() * f.p.g.Height()
	for pt := start; pt != f.goal; {
		nx, ok := f.Next(pt)
		if !ok || len(dst) > most {
			return dst[:0], false // a bug: costs fall along the steps
		}
		dst = append(dst, nx)
		pt = nx
	}
	return dst, true
}
