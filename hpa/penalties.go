package hpa

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// ErrUnit is wrapped by the errors for a bad unit id (NoUnit).
var ErrUnit = errors.New("hpa: bad unit id")

// NoUnit is the one unit id no unit may have: For(NoUnit) is the layer
// as nobody sees it. Any other 64-bit value is a unit id: an engine's
// entity id as it is (a signed one converted with uint64(id)).
const NoUnit uint64 = math.MaxUint64

// ErrInfluence is wrapped by the errors for a bad influence radius or
// decay fraction.
var ErrInfluence = errors.New("hpa: bad influence")

// MaxPenalty bounds the penalty of one cell as a query sees it: its
// influence plus ClaimCost per claim counted, cut to MaxPenalty. With it,
// no sum wraps a grid.Cost: a step costs under 2^30.01, so a search's
// path (each cell of a map of at most grid.MaxCells = 2^28 cells entered
// at most once) costs under 2^59, and Result.Cost adds up any path of up
// to 2^32 steps; a waypoint-graph edge's route enters at most
// ClusterSize² ≤ 2^16 cells, so its penalty is at most 2^46, and the
// coarse search's sums stop at navgraph.MaxPathCost (2^61), which a
// coarse route of fewer than 2^14 edges cannot reach.
const MaxPenalty grid.Cost = 1 << 30

// MaxInfluence bounds the influence of one cell (MaxPenalty); larger
// values are cut to it.
const MaxInfluence grid.Cost = MaxPenalty

// MaxInfluenceRadius bounds the radius of AddInfluence.
const MaxInfluenceRadius = 1 << 15

// PenaltyConfig tunes Penalties. The zero value is the default.
type PenaltyConfig struct {
	// ClaimCost is what a query pays to enter a cell, per claim on it by
	// another unit (0 or less: grid.Straight, one plain straight step;
	// more than MaxPenalty: MaxPenalty).
	ClaimCost grid.Cost
	// ClaimRadius: only the claims of units whose current cell (the first
	// cell they still claim) lies within this many cells of the query's
	// start (Chebyshev distance) count; the claims of units further away
	// are ignored, as those units will have moved on (0 or less: 64; any
	// positive int, math.MaxInt for every unit on the map).
	ClaimRadius int
	// ClaimAhead bounds the cells Claim takes from a path, the unit's
	// current cell included (0 or less: the whole path).
	ClaimAhead int
}

// Penalties is a layer of extra costs that queries made with it pay on
// top of the terrain: an influence map the game writes to (danger where
// units died, cost around enemy towers), and the cells units have claimed
// for the path ahead of them, so that the next unit takes another lane or
// another road rather than queue behind them. Make one per team with
// Planner.NewPenalties, and pass it to a query with Options.Penalty
// (Penalties.For(unit)).
//
// Both tiers see the penalties: a waypoint-graph edge costs its terrain
// plus the penalties on the cells of its route, kept up to date for the
// clusters each write changes (not by re-baking), so the coarse route
// leaves a hot road for a free one; the fine searches that connect, refine
// and smooth add the same penalties per cell.
//
// What a penalty changes and what it cannot: it never blocks a cell (a
// column of units still fits through one gate, one after another), it
// only makes cells dearer, and a query's path is the one of least
// terrain-plus-penalty cost within the hierarchy's usual bounds. Result.Cost
// includes the penalties. An abstract edge inside a cluster is charged
// the influence of the cheapest way between its ends inside the cluster
// that pays it (it may step round a hot spot), and the claims on the
// route its terrain alone picks; the refinement searches the cluster
// again with the penalties, and the query then searches the band round
// its path (Options.Band). Paths stay deterministic: penalties are
// integers, and claims count units, not the order they claimed in.
//
// Writes (influence, claims) and Planner.Sync must not run concurrently
// with queries that use the layer; queries read it concurrently. A game
// that writes while queries run uses a live map's layer instead
// (Live.NewPenalties): writes published with the map, never seen half
// done.
type Penalties struct {
	p   *Planner
	cfg PenaltyConfig
	w   int
	// cells is the grid-tier penalty (grid.Penalty.Cells): a cell's
	// influence, or ^influence (negative) where units hold claims, so that
	// a query asks who they are.
	cells  []int32
	nInfl  []int32 // per cluster: cells with influence
	nClaim []int32 // per cluster: claimed cells
	// edge is the waypoint-tier penalty per edge id: the influence on the
	// cells the edge's route enters, or -1-that when some are claimed.
	edge []navgraph.Cost
	// edgeClaims lists, per edge id whose penalty is negative, the units
	// holding claims on the cells its route enters and how many each: a
	// query adds what it pays for them.
	edgeClaims [][]unitCount
	hot        []uint64 // per cluster: holds influence or claims
	nHot       int      // clusters set in hot
	version    uint64   // the planner's tier version the edges were made for
	writes     uint64   // changes of penalties so far (a field made on the layer goes stale)
	// compactions is the graph's Compactions when the edges were sized
	compactions uint64
	dirty       []uint64
	todo        []int32
	// per cluster: its influence changed since its edges were priced
	// (a refresh for claims alone keeps the influence they pay)
	inflDirty []uint64
	q         *Query // for the routes of edges

	// Units are known by slot: ids holds the slot of each unit that holds
	// claims, so memory follows the units, not the values of their ids.
	ids       table[uint64]
	units     []unitClaims // by slot
	freeUnits []int32      // slots of units that hold no claims
	claims    table[int32] // cell → first entry of its claim list
	entries   []claimEntry
	free      int32 // first free entry, -1 for none

	refreshed int     // clusters refreshed so far (tests)
	walk      []int32 // scratch of refresh
	// scratch of leastInfluence: its search, and per pair of the
	// cluster's points (from, to) the least cost between them inside
	// the cluster with the influence paid, for the cluster least holds
	ts     tileSearcher
	tile   fieldTile
	least  []grid.Cost
	lready []bool // per column of least: filled
	lc     int
	lfrom  int32
	ln     int
}

type unitClaims struct {
	id    uint64
	cells []int32 // claimed cells in path order (by grid index)
	from  int     // cells[from:] are still claimed
}

type claimEntry struct {
	unit, next int32 // unit: the claimer's slot
}

type unitCount struct {
	unit, n int32 // unit: a slot (or -1, and n a cell: see setEdge)
}

// NewPenalties returns an empty penalty layer for p's map: no influence,
// no claims. It takes 4 bytes per cell, 32 per waypoint-graph edge,
// about 24 per claimed cell and about 70 per unit holding claims,
// whatever the values of unit ids (see Bytes).
func (p *Planner) NewPenalties(cfg PenaltyConfig) *Penalties {
	if cfg.ClaimCost <= 0 {
		cfg.ClaimCost = grid.Straight
	}
	cfg.ClaimCost = min(cfg.ClaimCost, MaxPenalty)
	if cfg.ClaimRadius <= 0 {
		cfg.ClaimRadius = 64
	}
	n := p.bake.Clusters()
	f := &Penalties{
		p: p, cfg: cfg, w: p.g.Width(),
		cells:  make([]int32, p.g.Width()*p.g.Height()),
		nInfl:  make([]int32, n),
		nClaim: make([]int32, n),
		dirty:  make([]uint64, (n+63)/64),
		free:   -1,
		q:      p.NewQuery(),
	}
	f.sync()
	p.penalties = append(p.penalties, f)
	return f
}

// Close detaches the layer from its planner, which stops keeping it in
// step: once the bake is updated and the planner synced, queries with it
// get ErrStale.
func (f *Penalties) Close() {
	ps := f.p.penalties
	for i, x := range ps {
		if x == f {
			f.p.penalties = append(ps[:i:i], ps[i+1:]...)
			return
		}
	}
}

// Penalty is a penalty layer as one query sees it: made by
// Penalties.For and passed in Options.Penalty. The zero value is none.
type Penalty struct {
	f    *Penalties
	live *LivePenalties
	unit uint64
}

// For returns the layer as unit sees it: the claims of other units
// within the claim radius of the query's start count, its own do not.
// For(NoUnit) is nobody's view: every claim within the radius counts.
func (f *Penalties) For(unit uint64) Penalty { return Penalty{f: f, unit: unit} }

// Bytes returns the memory the layer holds.
func (f *Penalties) Bytes() int {
	n := 4*len(f.cells) + 8*len(f.nInfl) + 32*len(f.edge) + 8*len(f.dirty) + 8*len(f.entries) + f.claims.bytes()
	for _, c := range f.edgeClaims {
		n += 8 * cap(c)
	}
	n += f.ids.bytes() + 4*cap(f.freeUnits)
	// the scratch of pricing edges by the way round the influence
	n += 8*cap(f.least) + cap(f.lready) + 9*cap(f.tile.cost) + f.ts.bytes()
	for _, u := range f.units {
		n += 4*cap(u.cells) + 40
	}
	return n
}

func (f *Penalties) index(pt grid.Point, what string) (int, error) {
	if !f.p.g.Contains(pt) {
		return 0, fmt.Errorf("hpa: %s %v off the %d×%d map: %w", what, pt, f.p.g.Width(), f.p.g.Height(), grid.ErrOutOfBounds)
	}
	return pt.Y*f.w + pt.X, nil
}

// Influence returns the influence on pt (0 off the map).
func (f *Penalties) Influence(pt grid.Point) grid.Cost {
	if !f.p.g.Contains(pt) {
		return 0
	}
	return f.influence(pt.Y*f.w + pt.X)
}

func (f *Penalties) influence(i int) grid.Cost {
	if v := f.cells[i]; v < 0 {
		return grid.Cost(^v)
	}
	return grid.Cost(f.cells[i])
}

// setInfluence sets cell i's influence to v (cut to 0..MaxInfluence) and
// marks its cluster when it changed.
func (f *Penalties) setInfluence(i int, v grid.Cost) {
	v = min(max(v, 0), MaxInfluence)
	old := f.influence(i)
	if old == v {
		return
	}
	c := f.p.tier.ClusterOf(grid.Point{X: i % f.w, Y: i / f.w})
	switch {
	case old == 0:
		f.nInfl[c]++
	case v == 0:
		f.nInfl[c]--
	}
	if f.cells[i] < 0 {
		f.cells[i] = ^int32(v)
	} else {
		f.cells[i] = int32(v)
	}
	f.inflDirty[c/64] |= 1 << (c % 64)
	f.mark(c)
}

// SetInfluence sets the influence on pt to v (cut to 0..MaxInfluence),
// in cost units: grid.Straight is one plain straight step.
func (f *Penalties) SetInfluence(pt grid.Point, v grid.Cost) error {
	i, err := f.index(pt, "cell")
	if err != nil {
		return err
	}
	f.setInfluence(i, v)
	f.flush()
	return nil
}

// AddInfluence adds peak to the influence at center, falling off in a
// straight line to nothing past radius cells (Euclidean distance, rounded
// down): a cell at distance d gets peak·(radius+1-d)/(radius+1), the
// quotient rounded toward zero, in exact arithmetic for any peak. A
// negative peak takes influence away; a cell's influence stays within
// 0..MaxInfluence. The part of the disc off the map is ignored; a center
// off the map (grid.ErrOutOfBounds) or a radius outside
// 0..MaxInfluenceRadius (ErrInfluence) is an error, and then nothing
// changes. Cost: O(radius²) cells, and a refresh of the clusters touched.
func (f *Penalties) AddInfluence(center grid.Point, radius int, peak grid.Cost) error {
	if _, err := f.index(center, "center"); err != nil {
		return err
	}
	if radius < 0 || radius > MaxInfluenceRadius {
		return fmt.Errorf("%w: radius %d (want 0..%d)", ErrInfluence, radius, MaxInfluenceRadius)
	}
	// Beyond ±MaxInfluence·(radius+1) every cell of the disc gets at
	// least MaxInfluence either way: cut there, the products below stay
	// under 2^61 and the cut values are what the exact ones would be.
	bound := MaxInfluence * grid.Cost(radius+1)
	peak = min(max(peak, -bound), bound)
	r := f.p.g.Bounds().Intersect(grid.R(center.X-radius, center.Y-radius, center.X+radius+1, center.Y+radius+1))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			dx, dy := x-center.X, y-center.Y
			d := isqrt(dx*dx + dy*dy)
			if d > radius {
				continue
			}
			i := y*f.w + x
			f.setInfluence(i, f.influence(i)+peak*grid.Cost(radius+1-d)/grid.Cost(radius+1))
		}
	}
	f.flush()
	return nil
}

// isqrt returns ⌊√v⌋ for v ≥ 0.
func isqrt(v int) int {
	r := int(math.Sqrt(float64(v)))
	for r*r > v {
		r--
	}
	for (r+1)*(r+1) <= v {
		r++
	}
	return r
}

// DecayInfluence multiplies every influence by keep/outOf, rounding down
// (DecayInfluence(7, 8) each tick fades danger by an eighth), so that
// influence dies out; any 0 ≤ keep ≤ outOf, outOf > 0 is exact (else
// ErrInfluence). It visits only the clusters that hold influence.
func (f *Penalties) DecayInfluence(keep, outOf int) error {
	if outOf <= 0 || keep < 0 || keep > outOf {
		return fmt.Errorf("%w: decay %d/%d (want 0 ≤ keep ≤ outOf, outOf > 0)", ErrInfluence, keep, outOf)
	}
	t := f.p.tier
	for c, n := range f.nInfl {
		if n == 0 {
			continue
		}
		r := t.ClusterRect(c)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for i := y*f.w + r.Min.X; i < y*f.w+r.Max.X; i++ {
				if v := f.influence(i); v > 0 {
					// v·keep < 2^64·outOf, so the quotient fits.
					hi, lo := bits.Mul64(uint64(v), uint64(keep))
					k, _ := bits.Div64(hi, lo, uint64(outOf))
					f.setInfluence(i, grid.Cost(k))
				}
			}
		}
	}
	f.flush()
	return nil
}

// ClearInfluence sets every influence to 0.
func (f *Penalties) ClearInfluence() { _ = f.DecayInfluence(0, 1) }

// Claim makes the cells of path (path[0] is the unit's current cell) the
// unit's claims, in place of any it held: the path ahead of it, which
// queries made for other units nearby pay PenaltyConfig.ClaimCost to
// enter. Only the first ClaimAhead cells are taken when that is set. A
// cell the path holds twice is claimed twice. The id NoUnit is an error
// (ErrUnit), and so are cells off the map; then nothing changes.
// Cost: O(len(path)) and a refresh of the clusters whose claims changed.
func (f *Penalties) Claim(unit uint64, path []grid.Point) error {
	if unit == NoUnit {
		return fmt.Errorf("%w: NoUnit claims", ErrUnit)
	}
	if f.cfg.ClaimAhead > 0 && len(path) > f.cfg.ClaimAhead {
		path = path[:f.cfg.ClaimAhead]
	}
	for _, pt := range path {
		if _, err := f.index(pt, "claimed cell"); err != nil {
			return err
		}
	}
	if s := f.ids.get(unit); s >= 0 {
		f.release(s, len(f.units[s].cells))
	}
	if len(path) > 0 {
		s := f.slot(unit)
		u := &f.units[s]
		for _, pt := range path {
			i := pt.Y*f.w + pt.X
			u.cells = append(u.cells, int32(i))
			f.addClaim(i, s)
		}
	}
	f.flush()
	return nil
}

// slot returns a slot for unit, which holds no claims: a free one (the
// last freed first), or a new one.
func (f *Penalties) slot(unit uint64) int32 {
	var s int32
	if k := len(f.freeUnits); k > 0 {
		s, f.freeUnits = f.freeUnits[k-1], f.freeUnits[:k-1]
	} else {
		s = int32(len(f.units))
		f.units = append(f.units, unitClaims{})
	}
	f.units[s].id = unit
	f.ids.set(unit, s)
	return s
}

// Advance tells the layer that unit now stands on at: the claims on the
// cells before at on its path are released. It reports whether at is on
// the unit's claimed path (the first such cell at or after the unit's
// current one); if it is not (the unit left its path), every claim of the
// unit is released. O(cells released + cells skipped).
func (f *Penalties) Advance(unit uint64, at grid.Point) bool {
	s := f.ids.get(unit)
	if s < 0 {
		return false
	}
	k := len(f.units[s].cells)
	if f.p.g.Contains(at) {
		u := &f.units[s]
		want := int32(at.Y*f.w + at.X)
		k = u.from
		for k < len(u.cells) && u.cells[k] != want {
			k++
		}
	}
	on := k < len(f.units[s].cells)
	f.release(s, k)
	f.flush()
	return on
}

// Release drops every claim of unit.
func (f *Penalties) Release(unit uint64) {
	if s := f.ids.get(unit); s >= 0 {
		f.release(s, len(f.units[s].cells))
		f.flush()
	}
}

// Claims appends the cells unit still claims to dst.
func (f *Penalties) Claims(unit uint64, dst []grid.Point) []grid.Point {
	s := f.ids.get(unit)
	if s < 0 {
		return dst
	}
	u := f.units[s]
	for _, i := range u.cells[u.from:] {
		dst = append(dst, grid.Point{X: int(i) % f.w, Y: int(i) / f.w})
	}
	return dst
}

// ClaimsAt returns the number of claims on pt, all units counted.
func (f *Penalties) ClaimsAt(pt grid.Point) int {
	if !f.p.g.Contains(pt) {
		return 0
	}
	n := 0
	for e := f.claims.get(int32(pt.Y*f.w + pt.X)); e >= 0; e = f.entries[e].next {
		n++
	}
	return n
}

// release drops the claims of the unit in slot s on cells[from:to]; a
// unit left with none gives up its slot.
func (f *Penalties) release(s int32, to int) {
	u := &f.units[s]
	for _, i := range u.cells[u.from:to] {
		f.dropClaim(int(i), s)
	}
	u.from = to
	if u.from == len(u.cells) {
		u.cells, u.from = u.cells[:0], 0
		f.ids.del(u.id)
		f.freeUnits = append(f.freeUnits, s)
	}
}

func (f *Penalties) addClaim(i int, unit int32) {
	e := f.free
	if e >= 0 {
		f.free = f.entries[e].next
	} else {
		e = int32(len(f.entries))
		f.entries = append(f.entries, claimEntry{})
	}
	head := f.claims.get(int32(i))
	f.entries[e] = claimEntry{unit: unit, next: head}
	f.claims.set(int32(i), e)
	// Every claim changes the tallies of the edges entering the cell.
	c := f.p.tier.ClusterOf(grid.Point{X: i % f.w, Y: i / f.w})
	f.mark(c)
	if head < 0 { // first claim: queries must ask who holds it
		f.cells[i] = ^f.cells[i]
		f.nClaim[c]++
	}
}

func (f *Penalties) dropClaim(i int, unit int32) {
	head := f.claims.get(int32(i))
	prev := int32(-1)
	for e := head; e >= 0; prev, e = e, f.entries[e].next {
		if f.entries[e].unit != unit {
			continue
		}
		next := f.entries[e].next
		if prev < 0 {
			head = next
		} else {
			f.entries[prev].next = next
		}
		f.entries[e] = claimEntry{unit: -1, next: f.free}
		f.free = e
		break
	}
	c := f.p.tier.ClusterOf(grid.Point{X: i % f.w, Y: i / f.w})
	f.mark(c)
	if head >= 0 {
		f.claims.set(int32(i), head)
		return
	}
	f.claims.del(int32(i))
	f.cells[i] = ^f.cells[i]
	f.nClaim[c]--
}

func (f *Penalties) mark(c int) {
	f.writes++
	if f.dirty[c/64]&(1<<(c%64)) == 0 {
		f.dirty[c/64] |= 1 << (c % 64)
		f.todo = append(f.todo, int32(c))
	}
}

// sync fits the edge penalties to the planner's tier as it is now: every
// cluster that holds influence or claims is refreshed.
func (f *Penalties) sync() {
	p := f.p
	g := p.tier.Graph
	n := g.EdgeIDs()
	f.edge = append(f.edge[:0], make([]navgraph.Cost, n)...)
	f.edgeClaims = make([][]unitCount, n)
	f.hot, f.nHot = make([]uint64, (len(f.nInfl)+63)/64), 0
	f.inflDirty = make([]uint64, (len(f.nInfl)+63)/64)
	for c := range f.nInfl {
		f.inflDirty[c/64] |= 1 << (c % 64) // the edges are new: price them all
	}
	f.version = p.version
	f.compactions = g.Compactions()
	f.q.coarse.SetGraph(g)
	f.q.fine.SetGrid(p.g)
	for c := range f.nInfl {
		if f.nInfl[c] > 0 || f.nClaim[c] > 0 {
			f.mark(c)
		}
	}
	f.flush()
}

// flush refreshes the edge penalties of the marked clusters. While the
// bake is ahead of the planner (Bake.Update ran, Planner.Sync has not),
// the planner's tier is no longer the one the layer's edges were sized
// for: the marks wait, and Sync refreshes them with the rest.
func (f *Penalties) flush() {
	if f.p.bake.Version() != f.version {
		return
	}
	for _, c := range f.todo {
		f.dirty[c/64] &^= 1 << (c % 64)
		f.refresh(int(c))
	}
	f.todo = f.todo[:0]
}

// refresh computes the penalties of the edges whose routes enter cells of
// cluster c: its intra-cluster edges and the inter-cluster edges into its
// points.
func (f *Penalties) refresh(c int) {
	f.refreshed++
	t := f.p.tier
	g := t.Graph
	empty := f.nInfl[c] == 0 && f.nClaim[c] == 0
	if empty {
		if f.hot[c/64]&(1<<(c%64)) != 0 {
			f.nHot--
		}
		f.hot[c/64] &^= 1 << (c % 64)
	} else {
		if f.hot[c/64]&(1<<(c%64)) == 0 {
			f.nHot++
		}
		f.hot[c/64] |= 1 << (c % 64)
	}
	first, end := t.PointsOf(c)
	// The influence each intra-cluster edge pays: priced afresh when the
	// cluster's influence changed, else as it was.
	fresh := f.inflDirty[c/64]&(1<<(c%64)) != 0
	f.inflDirty[c/64] &^= 1 << (c % 64)
	f.ln = 0
	if fresh && f.nInfl[c] > 0 {
		f.leastInfluence(c)
	}
	for u := first; u < end; u++ {
		to, costs := g.Out(u)
		for i, v := range to {
			e := g.EdgeID(u, i)
			if t.Points[v].Cluster != int32(c) {
				// The edge into u from v's cluster enters u's cell.
				if j, ok := edgeIndex(g, v, u); ok {
					e := g.EdgeID(v, j)
					i := t.Points[u].Cell.Y*f.w + t.Points[u].Cell.X
					f.walk = f.walk[:0]
					if f.cells[i] < 0 {
						f.walk = append(f.walk, int32(i))
					}
					f.setEdge(e, f.influence(i), f.walk)
				}
				continue
			}
			if v < u {
				continue // done with the pair from v
			}
			back := int32(-1)
			if j, ok := edgeIndex(g, v, u); ok {
				back = g.EdgeID(v, j)
			}
			if empty {
				f.setEdge(e, 0, nil)
				f.setEdge(back, 0, nil)
				continue
			}
			// One walk over the route gives both directions: u→v enters
			// every cell but u's, v→u every cell but v's.
			r, err := f.q.edgeRoute(u, v)
			if err != nil {
				continue // cannot happen on a synced bake; the edge stays as it was
			}
			f.walk = f.walk[:0]
			var sum grid.Cost
			cell := t.Points[u].Cell
			for k := 0; ; k++ {
				i := cell.Y*f.w + cell.X
				sum += f.influence(i)
				if f.cells[i] < 0 {
					f.walk = append(f.walk, int32(i))
				}
				if k == len(r.steps) {
					break
				}
				cell = cell.Add(r.steps[k].Delta())
			}
			iu := int32(t.Points[u].Cell.Y*f.w + t.Points[u].Cell.X)
			iv := int32(t.Points[v].Cell.Y*f.w + t.Points[v].Cell.X)
			cl := f.walk
			if len(cl) > 0 && cl[0] == iu {
				cl = cl[1:]
			}
			inUV, inVU := f.edgeInfl(e), f.edgeInfl(back)
			if fresh {
				inUV = f.edgeInfluence(u, v, costs[i], sum-f.influence(int(iu)))
				if back >= 0 {
					_, bc := g.Out(v)
					j, _ := edgeIndex(g, v, u)
					inVU = f.edgeInfluence(v, u, bc[j], sum-f.influence(int(iv)))
				}
			}
			f.setEdge(e, inUV, cl)
			cl = f.walk
			if len(cl) > 0 && cl[len(cl)-1] == iv {
				cl = cl[:len(cl)-1]
			}
			f.setEdge(back, inVU, cl)
		}
	}
}

// leastInfluence readies f.least for cluster c: for each pair of its
// points (u, v), the least cost of a way from u to v inside the cluster
// that pays each cell's influence as it enters it (terrain plus
// influence). Each column v is filled on first use (leastTo), by one
// tile search from v over the cluster, O(cells of the cluster).
func (f *Penalties) leastInfluence(c int) {
	first, end := f.p.tier.PointsOf(c)
	n := int(end - first)
	f.lc, f.lfrom, f.ln = c, first, n
	f.least = resize(f.least, n*n)
	f.lready = resize(f.lready, n)
	clear(f.lready)
}

// leastTo fills column v of f.least (see leastInfluence) if it is not.
func (f *Penalties) leastTo(v int) {
	if f.lready[v] {
		return
	}
	f.lready[v] = true
	t := f.p.tier
	r := t.ClusterRect(f.lc)
	tl := &f.tile
	tl.cost, tl.dir, tl.w = resize(tl.cost, r.Area()), resize(tl.dir, r.Area()), r.Dx()
	f.ts.seeds = append(f.ts.seeds[:0], tileSeed{0, int32(tl.index(t.Points[f.lfrom+int32(v)].Cell, r)), dirGoal})
	f.ts.search(f.p.g, grid.Unit{}, r, tl, f.influence, nil, -1)
	for u := range f.ln {
		f.least[u*f.ln+v] = tl.costAt(tl.index(t.Points[f.lfrom+int32(u)].Cell, r))
	}
}

// edgeInfl returns the influence edge e (if e >= 0) pays now.
func (f *Penalties) edgeInfl(e int32) grid.Cost {
	if e < 0 {
		return 0
	}
	if v := f.edge[e]; v < 0 {
		return grid.Cost(-1 - v)
	}
	return grid.Cost(f.edge[e])
}

// edgeInfluence returns the influence to charge the edge u→v of terrain
// cost e inside one cluster, whose route pays onRoute: what the least
// way from u to v with the influence costs beyond e, when leastInfluence
// ran for the cluster (a way round a hot spot inside it), but never more
// than onRoute (the route itself is such a way) nor less than 0.
func (f *Penalties) edgeInfluence(u, v int32, e navgraph.Cost, onRoute grid.Cost) grid.Cost {
	iu, iv := int(u-f.lfrom), int(v-f.lfrom)
	if onRoute == 0 || f.ln == 0 || iu < 0 || iv < 0 || iu >= f.ln || iv >= f.ln {
		return onRoute
	}
	f.leastTo(iv)
	return min(onRoute, max(f.least[iu*f.ln+iv]-grid.Cost(e), 0))
}

// setEdge sets the penalty of edge e (if e >= 0): the influence on the
// cells it enters and the claimed ones among them. The claims are
// tallied per unit, unless a cell could reach MaxPenalty with all its
// claims counted: then the cut must be made cell by cell, and the edge
// lists its claimed cells instead (as unitCount{-1, cell}).
func (f *Penalties) setEdge(e int32, infl grid.Cost, claimed []int32) {
	if e < 0 {
		return
	}
	tally := f.edgeClaims[e][:0]
	perCell := false
	for _, i := range claimed {
		n := grid.Cost(0)
	entries:
		for x := f.claims.get(i); x >= 0; x = f.entries[x].next {
			n++
			u := f.entries[x].unit
			for k := range tally {
				if tally[k].unit == u {
					tally[k].n++
					continue entries
				}
			}
			tally = append(tally, unitCount{u, 1})
		}
		perCell = perCell || n > (MaxPenalty-f.influence(int(i)))/f.cfg.ClaimCost
	}
	if perCell {
		tally = tally[:0]
		for _, i := range claimed {
			tally = append(tally, unitCount{-1, i})
		}
	}
	f.edgeClaims[e] = tally
	f.edge[e] = navgraph.Cost(infl)
	if len(claimed) > 0 {
		f.edge[e] = -1 - navgraph.Cost(infl)
	}
}

// edgeIndex returns the index of v among the edges out of u.
func edgeIndex(g *navgraph.Graph, u, v int32) (int, bool) {
	to, _ := g.Out(u)
	return slices.BinarySearch(to, v)
}

var errLiveLayer = fmt.Errorf("%w: Penalty: a live map's layer; query through its LiveQuery", ErrOptions)

var errForeignLayer = fmt.Errorf("%w: Penalty: the layer belongs to another planner", ErrOptions)

// usePenalty readies the query's penalty for a query from start.
func (q *Query) usePenalty(pen Penalty, start grid.Point) error {
	if pen.live != nil {
		return errLiveLayer
	}
	f := pen.f
	if f == nil {
		q.pen, q.pf = nil, nil
		return nil
	}
	if f.p != q.p {
		return errForeignLayer
	}
	if f.version != q.p.version {
		return ErrStale
	}
	q.pf, q.unit, q.from = f, -1, start
	if pen.unit != NoUnit {
		q.unit = f.ids.get(pen.unit) // -1 when it holds no claims
	}
	q.penVal.Cells = f.cells
	q.pen = &q.penVal
	return nil
}

// cellPenalty is the penalty of a cell some unit claimed, as the query's
// unit sees it: the cell's influence, plus ClaimCost for each claim of
// another unit standing within the claim radius of the query's start,
// cut to MaxPenalty.
func (q *Query) cellPenalty(i int) grid.Cost {
	infl := grid.Cost(^q.pf.cells[i])
	return infl + q.claimPenalty(i, MaxPenalty-infl)
}

// claimPenalty is ClaimCost for each claim on cell i by another unit
// standing within the claim radius of the query's start, cut to most.
func (q *Query) claimPenalty(i int, most grid.Cost) grid.Cost {
	f := q.pf
	var c grid.Cost
	r := f.cfg.ClaimRadius
	for e := f.claims.get(int32(i)); e >= 0; e = f.entries[e].next {
		u := f.entries[e].unit
		if u == q.unit {
			continue
		}
		uc := &f.units[u]
		pos := int(uc.cells[uc.from])
		if dx, dy := pos%f.w-q.from.X, pos/f.w-q.from.Y; dx >= -r && dx <= r && dy >= -r && dy <= r {
			if c += f.cfg.ClaimCost; c >= most {
				return most
			}
		}
	}
	return c
}

// edgePenalty returns the penalty of the waypoint-graph edge u→v as the
// query sees it (0 without a penalty).
func (q *Query) edgePenalty(u, v int32) navgraph.Cost {
	if q.pen == nil {
		return 0
	}
	g := q.p.tier.Graph
	j, ok := edgeIndex(g, u, v)
	if !ok {
		return 0
	}
	e := g.EdgeID(u, j)
	if pv := q.pf.edge[e]; pv >= 0 {
		return pv
	}
	return q.edgePenaltyOf(e)
}

// edgePenaltyOf is the exact penalty of an edge whose route enters
// claimed cells: its influence plus what the query pays for the claims,
// cut to MaxPenalty per cell.
func (q *Query) edgePenaltyOf(e int32) navgraph.Cost {
	f := q.pf
	c := -1 - f.edge[e]
	if cl := f.edgeClaims[e]; len(cl) > 0 && cl[0].unit < 0 { // cell by cell
		for _, x := range cl {
			c += navgraph.Cost(q.claimPenalty(int(x.n), MaxPenalty-f.influence(int(x.n))))
		}
		return c
	}
	r := f.cfg.ClaimRadius
	for _, uc := range f.edgeClaims[e] {
		if uc.unit == q.unit {
			continue
		}
		u := &f.units[uc.unit]
		pos := int(u.cells[u.from])
		if dx, dy := pos%f.w-q.from.X, pos/f.w-q.from.Y; dx >= -r && dx <= r && dy >= -r && dy <= r {
			c += navgraph.Cost(uc.n) * navgraph.Cost(f.cfg.ClaimCost)
		}
	}
	return c
}

// penIn returns the query's penalty if a cluster that meets r holds
// influence or claims, else nil: searches and lines elsewhere run as fast
// as without a penalty.
func (q *Query) penIn(r grid.Rect) *grid.Penalty {
	if q.pen == nil {
		return nil
	}
	t, hot := q.p.tier, q.pf.hot
	cs := t.ClusterSize
	cw := t.ClustersX()
	for cy := r.Min.Y / cs; cy <= (r.Max.Y-1)/cs; cy++ {
		for cx := r.Min.X / cs; cx <= (r.Max.X-1)/cs; cx++ {
			if c := cy*cw + cx; hot[c/64]&(1<<(c%64)) != 0 {
				return q.pen
			}
		}
	}
	return nil
}

// penLine returns the query's penalty if the step line from a to z may
// enter a cluster that holds some (see penIn).
func (q *Query) penLine(a, z grid.Point) *grid.Penalty {
	if q.pen == nil {
		return nil
	}
	return q.penIn(grid.R(min(a.X, z.X), min(a.Y, z.Y), max(a.X, z.X)+1, max(a.Y, z.Y)+1))
}
