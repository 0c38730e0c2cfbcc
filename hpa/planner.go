package hpa

import (
	"errors"
	"fmt"
	"runtime"
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// ErrStale is wrapped by the error of a query on a planner out of step
// with its grid: the grid has edits no Bake.Update has applied (call
// Update, then Sync), or the bake was updated since the planner last
// synced (call Sync). Such a query never returns a path.
var ErrStale = errors.New("hpa: planner out of step with its grid")

// ErrNoBake is returned by every query and Sync of a planner that
// NewPlanner was given no bake for.
var ErrNoBake = errors.New("hpa: NewPlanner was given no bake")

var (
	errNilBake   = fmt.Errorf("%w: NewPlanner(nil, ...)", ErrNoBake)
	errUnsynced  = fmt.Errorf("%w: bake updated since the planner synced; call Sync", ErrStale)
	errUnapplied = fmt.Errorf("%w: grid edited since the last Bake.Update; call Update, then Sync", ErrStale)
)

// Config tunes a Planner. The zero value is the default.
type Config struct {
	// Landmarks is the number of ALT landmarks on the waypoint graph
	// (0: DefaultLandmarks on two Tiers, DefaultLandmarksTiers on three,
	// DefaultLandmarksFourTiers on four, DefaultLandmarksFiveTiers on
	// more; negative: none). Each costs 4 bytes per waypoint slot and
	// one Dijkstra over the waypoint graph when the planner is made or
	// synced; 16 cut the coarse search on the StarCraft maps from 645 to
	// 111 expanded waypoints per query (go test -run '^$' -bench SC1
	// -benchtime 2x ./hpa: hpa against hpa-no-landmarks).
	Landmarks int
	// Workers bounds the goroutines NewPlanner and Sync use (0:
	// GOMAXPROCS).
	Workers int
	// Tiers is the number of tiers above the grid, 2 to MaxTiers: 2,
	// the clusters and their waypoints; 3, and groups of clusters
	// (GroupClusters on a side); 4, and groups of those groups; and so
	// on. The coarse search crosses a group that holds neither end from
	// waypoint to waypoint on its border, at the exact cost inside the
	// group (navgraph.Overlay), at the highest tier where the group holds
	// neither, so that its work grows with the route's length rather
	// than with the map. On three tiers the paths cost what they cost on
	// two. From the fourth up, a group of groups keeps fewer of the
	// waypoints on its sides as its border (its doors: per pair of
	// connected parts of neighbouring groups, one in each stretch of
	// their shared side, a quarter of it and at least a cluster long;
	// navgraph.NewOverlayDoors), for far fewer inner costs and a faster
	// search, and a path that crosses one may stray to pass a door: the
	// more tiers and the smaller the groups, the more (clusters of 8 in
	// groups of 2 or 3 on five or six tiers: raw paths 3.44% over the
	// optimum on average, 2.98% on two tiers; go test -run
	// TestGroupDoorsAgainstAStar -v ./hpa). 0 chooses 2 on maps of
	// fewer than ThirdTier clusters, 4 on fewer than FourthTier, else 5,
	// in groups of DefaultGroupClustersDeep: small groups, and tiers
	// enough that the top one's are few, answer faster than fewer,
	// bigger groups, for paths that stray a little more (see ThirdTier
	// and FourthTier).
	// Queries under a Penalty search the waypoints as with 2 (the group
	// costs do not know the penalties). A live map and a player's view
	// redo the groups their edits touch off their publishes and reveals
	// (see LiveConfig.RegroupLag, KnowledgeConfig.Planner), and keep
	// every waypoint on a group's side as its border at every tier, so
	// that their paths cost what they cost on two.
	Tiers int
	// GroupClusters is the side of a group of the third tier in
	// clusters, and of each tier's groups above in the groups below (0:
	// DefaultGroupClusters on three tiers, DefaultGroupClustersDeep on
	// more; else 2 to MaxGroupClusters).
	GroupClusters int
}

// MaxTiers bounds Config.Tiers.
const MaxTiers = 6

// DefaultGroupClusters is the side, in clusters, of a group of the third
// tier with the zero Config on three tiers (a live map's, a player's
// view's): 256×256 cells with clusters of 32.
const DefaultGroupClusters = 8

// DefaultGroupClustersDeep is DefaultGroupClusters on four tiers or
// more: 128×128 cells with clusters of 32, and each tier's groups 4×4
// of the tier's below.
const DefaultGroupClustersDeep = 4

// MaxGroupClusters bounds Config.GroupClusters.
const MaxGroupClusters = 64

// ThirdTier is the number of clusters from which the zero Config builds
// groups over the clusters: a 4096×4096 map of 32×32 clusters. Below,
// the coarse search is too small a share of a query for it to pay (a
// generated 2048×2048 map: 660 waypoints expanded a query with two
// tiers, 375 with three, for about the same time). From there it builds
// four tiers, groups of 4×4 clusters and groups of 4×4 of those, rather
// than three with groups of 8×8: on generated maps (go run
// ./cmd/rtspath bench -scale 4096 -astar-up-to 4096 -queries 150, with
// -tiers 3 -group-clusters 8 for three), 4096×4096 answers in 1,585 and
// 1,602 µs a query rather than 1,719 and 1,891, paths 0.96% over the
// optimum on average rather than 0.71% (worst 2.6% on both); 8192×8192
// (-scale 8192 -astar-up-to 8192 -queries 60) in 3,121 µs rather than
// 3,890, p99 9.0 ms rather than 22.1, 0.92% over rather than 0.72%
// (worst 2.2% on both), the heap the same to 0.1 byte a cell.
const ThirdTier = 128 * 128

// FourthTier is the number of clusters from which the zero Config builds
// a fifth tier: a 16384×16384 map of 32×32 clusters, where with fewer
// the top tier's groups are so many that the coarse search spends most
// of a query crossing them. On a generated 16384×16384 map, five tiers
// of groups of 4 answered in 6,478 µs a query (p99 22.1 ms), against
// 8,648 and 8,637 (p99 23.6 and 24.9 ms) on four tiers of groups of 8
// run just before and after, the planner made in 11.1 s rather than
// 17–19 (go run ./cmd/rtspath bench -scale 16384, and with -tiers 4
// -group-clusters 8; the README's Scaling). Four tiers of groups of 4
// there took 12,221 µs, p99 52.2 ms, heap 6.0 bytes a cell, against
// 6,250 µs, 18.5 ms and 5.9 on five, the two run one after the other
// (-tiers 4 -group-clusters 4, and without).
const FourthTier = 512 * 512

// DefaultLandmarks is the number of landmarks of the zero Config on two
// tiers, DefaultLandmarksTiers on three: there they serve the search less
// (it crosses groups by their hops) and would take three fourths of the
// planner's memory (on a generated 4096×4096 map, 8 rather than 16
// landmarks raise the waypoints a query expands, the unpacking of the
// groups' hops included, from 990 to 1195, and save 6.3 MB, 0.37 bytes
// a cell).
const DefaultLandmarks, DefaultLandmarksTiers = 16, 8

// DefaultLandmarksFourTiers is the number of landmarks of the zero Config
// on four tiers, DefaultLandmarksFiveTiers on more. Until the grid kept
// no weights on maps of one weight (aff7e31), memory held them to 4 and
// 3 (the heap at 6 bytes a cell at 16384²); with that byte a cell back,
// 8 on both, on generated maps (go run ./cmd/rtspath bench -scale N,
// with -landmarks 8 and without, alternated): at 4096² 766–928 µs a
// query against 856–1,209 (3.6% fewer instructions, 832 waypoints
// expanded against 935), at 8192² 1,881–2,184 against 2,384–2,842, at
// 16384² 5,504 and 7,254 against 6,991 and 8,143 (p99 11.6 and 17.3 ms
// against 16.8 and 21.4), for 0.18 and 0.23 bytes a cell more (heap
// after queries 5.15 and 5.22); 16 at 8192² were no faster than 8.
const DefaultLandmarksFourTiers, DefaultLandmarksFiveTiers = 8, 8

// Planner answers queries on one bake.
type Planner struct {
	cfg      Config
	bake     *preprocess.Bake
	g        *grid.Grid
	tier     *waypoint.Tier
	version  uint64
	deadBits []uint64 // waypoint slots that lie in a dead end
	nodeDead []int32  // per slot: dead end id or -1
	lm       *navgraph.Landmarks
	ov       *navgraph.Overlay     // the tiers of groups (nil: none)
	ovCells  []int32               // apply's scratch: the groups to update
	unitLM   []*navgraph.Landmarks // per unit layer of the bake (Units order)
	units    []grid.Unit
	// Per unit layer: the routes of its intra-cluster edges refined so
	// far (the layer is built anew by each update, and so is its cache).
	unitRoutes []*routeCache
	lmCells    []grid.Point // where the landmarks stood at the last Sync
	routes     *routeCache
	err        error // why the last Sync failed, or nil
	nilBake    bool  // NewPlanner was given no bake
	// penalties made on this planner, kept in step by Sync
	penalties []*Penalties
	// a live map's landmark refresh (refresh.go): the waypoints rewritten
	// since it began, and whether a full Sync made it moot
	refreshing, refreshBroken bool
	refreshNodes              []int32
	// a live map's group rebuild (regroup.go): the groups' marks when it
	// began, and whether a full Sync made it moot; asyncGroups: updates
	// only mark groups stale, the live map redoes them, and the groups
	// have no doors (every transition counts at every level)
	regrouping, regroupBroken bool
	regroupSince              uint64
	asyncGroups               bool
	// noRaise: apply only repairs the landmark bound where costs fell,
	// never raises it where they rose (a player's view, whose reveals
	// raise costs all the time and whose landmarks are refreshed)
	noRaise bool
	// scratch of apply
	rewritten  []int32
	applyNodes []int32
	applyMark  []uint64
}

// NewPlanner returns a planner for b. It syncs with b (see Sync); if that
// fails, the planner's queries return the error. A nil b gives a planner
// whose queries and Sync return ErrNoBake. Cost: one Sync.
func NewPlanner(b *preprocess.Bake, cfg Config) *Planner {
	return newPlanner(b, cfg, false)
}

// newPlanner is NewPlanner; async makes a planner whose groups its
// updates rebuild off the caller's goroutine (a live map's, a player's
// view's: see regroup.go), whose groups keep every transition at every
// level (no doors: see groupDoors), since the doors would not follow the
// edits until a rebuild.
func newPlanner(b *preprocess.Bake, cfg Config, async bool) *Planner {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	tiers := max(cfg.Tiers, 2) // a nil bake's planner: what was asked
	if b != nil {
		tiers = tiersFor(cfg, b.Tier())
	}
	cfg.GroupClusters = groupClustersFor(cfg, tiers)
	if cfg.Landmarks == 0 {
		switch {
		case tiers > 4:
			cfg.Landmarks = DefaultLandmarksFiveTiers
		case tiers > 3:
			cfg.Landmarks = DefaultLandmarksFourTiers
		case tiers > 2:
			cfg.Landmarks = DefaultLandmarksTiers
		default:
			cfg.Landmarks = DefaultLandmarks
		}
	}
	if b == nil {
		// No panic on a nil bake: a planner over an empty one, every
		// query and Sync of which says what is wrong.
		g, _ := grid.New(1, 1, grid.Octile)
		g.SetPassable(grid.Point{}, false)
		b, _ = preprocess.Build(g, preprocess.Config{Workers: 1})
		p := &Planner{bake: b, cfg: cfg, g: b.Grid(), tier: b.Tier(), nilBake: true}
		p.sync()
		p.err = errNilBake
		return p
	}
	p := &Planner{bake: b, cfg: cfg, g: b.Grid(), tier: b.Tier(), asyncGroups: async}
	p.Sync()
	return p
}

// Sync refreshes what the planner derives from its bake; call it after
// Bake.Update, when no query is running. What it derives depends on the
// bake alone, never on the planner's history, so a synced planner
// answers every query as a fresh planner on the same bake does. It picks
// the landmarks on the waypoint graph as it is, as NewPlanner does, and
// computes their distances (Config.Landmarks Dijkstras over the waypoint
// graph on Config.Workers goroutines, and one more per connected part; a
// landmark that an update moved costs one more, not in parallel), marks
// the dead ends, refreshes the penalty layers, and keeps the cached
// routes of the clusters the updates did not touch (a cached route is
// the route a fresh refinement finds). Cost: 6.4 to 6.9 ms per
// StarCraft map on one core, 4.1 to 7.1 ms on two, in three runs on a
// shared 2-core machine (go test -run '^$' -bench Sync ./hpa).
//
// It returns an error wrapping ErrStale when the grid has edits the bake
// has not applied (the planner is synced with the bake nonetheless, and
// its queries return ErrStale until Update and Sync), or when the bake
// does not hold together (the planner's queries then return the error
// until a Sync succeeds).
func (p *Planner) Sync() error {
	if p.nilBake {
		return p.err
	}
	if err := p.sync(); err != nil {
		p.err = fmt.Errorf("%w: sync failed: %w", ErrStale, err)
		return p.err
	}
	p.err = nil
	if p.bake.Stale() {
		return errUnapplied
	}
	return nil
}

func (p *Planner) sync() error {
	if err := checkTiers(p.cfg); err != nil {
		return err
	}
	p.refreshBroken = p.refreshing
	p.regroupBroken = p.regrouping
	b := p.bake
	t := b.Tier()
	n := t.Graph.Len()
	deadBits := make([]uint64, (n+63)/64)
	nodeDead := make([]int32, n)
	for c := range b.Clusters() {
		first, end := t.PointsOf(c)
		for u := first; u < end; u++ {
			pt := t.Points[u]
			if r := b.LocalRegion(pt.Cell); r < 0 || r != pt.Region {
				return fmt.Errorf("waypoint %d at %v: region %d, the bake's cell says %d", u, pt.Cell, pt.Region, r)
			}
			d := b.RegionDeadEnd(b.PointRegion(pt))
			nodeDead[u] = d
			if d >= 0 {
				deadBits[u/64] |= 1 << (u % 64)
			}
		}
		for u := end; u < t.ClusterStart[c+1]; u++ {
			nodeDead[u] = -1
		}
	}
	var lm *navgraph.Landmarks
	if p.cfg.Landmarks > 0 {
		var err error
		// The landmarks are picked afresh; where the old ones still stand,
		// their distances are computed in parallel first.
		lm, err = navgraph.NewLandmarksHint(t.Graph, p.cfg.Landmarks, p.cfg.Workers, p.landmarkHint())
		if err != nil {
			return err
		}
	}
	p.lmCells = p.lmCells[:0]
	if lm != nil {
		for _, v := range lm.Nodes() {
			p.lmCells = append(p.lmCells, t.Points[v].Cell)
		}
	}
	if err := p.syncUnits(); err != nil {
		return err
	}
	var ov *navgraph.Overlay
	if n := p.tiers(t); n > 2 {
		lv := groupLevels(t, p.cfg.GroupClusters, n-2)
		var doors []uint8
		if !p.asyncGroups {
			doors = groupDoors(t, lv, p.cfg.GroupClusters)
		}
		var err error
		if ov, err = navgraph.NewOverlayDoors(t.Graph, lv, doors, p.cfg.Workers); err != nil {
			return err
		}
	}
	p.ov = ov
	p.g, p.tier = b.Grid(), t
	p.lm, p.deadBits, p.nodeDead = lm, deadBits, nodeDead
	// The route cache survives updates (its entries check their
	// cluster's version); it is made anew only when the tier outgrew it.
	if edges := intraEdges(t); p.routes == nil || roomFor(edges) > len(p.routes.slots) {
		p.routes = newRouteCache(edges)
	}
	p.version = b.Version()
	for _, f := range p.penalties {
		f.sync()
	}
	return nil
}

// syncUnits picks the landmarks of each unit layer of the bake (an update
// builds the layers anew). Cost: Config.Landmarks Dijkstras per layer.
func (p *Planner) syncUnits() error {
	b := p.bake
	p.units = b.Units()
	p.unitLM = p.unitLM[:0]
	p.unitRoutes = p.unitRoutes[:0]
	for i, u := range p.units {
		t := b.Layer(u).Tier()
		if j := slices.IndexFunc(p.units[:i], func(v grid.Unit) bool { return b.Layer(v) == b.Layer(u) }); j >= 0 {
			// A layer two units share: its landmarks and routes too.
			p.unitRoutes = append(p.unitRoutes, p.unitRoutes[j])
			p.unitLM = append(p.unitLM, p.unitLM[j])
			continue
		}
		p.unitRoutes = append(p.unitRoutes, newRouteCache(intraEdges(t)))
		var ulm *navgraph.Landmarks
		if p.cfg.Landmarks > 0 && t.Graph.Len() > 0 {
			var err error
			if ulm, err = navgraph.NewLandmarks(t.Graph, p.cfg.Landmarks, p.cfg.Workers); err != nil {
				return err
			}
		}
		p.unitLM = append(p.unitLM, ulm)
	}
	return nil
}

// Bytes returns the memory the planner holds beside its bake: dead-end
// marks, landmark distances, the groups of the tiers above the second
// (Config.Tiers) and the routes cached so far.
func (p *Planner) Bytes() int {
	n := 8*len(p.deadBits) + 4*len(p.nodeDead)
	if p.routes != nil {
		n += 8*len(p.routes.slots) + int(p.routes.size.Load())
	}
	if p.lm != nil {
		n += p.lm.Bytes()
	}
	if p.ov != nil {
		n += p.ov.Bytes()
	}
	for i, lm := range p.unitLM {
		if lm != nil && !slices.Contains(p.unitLM[:i], lm) {
			n += lm.Bytes()
		}
	}
	for i, c := range p.unitRoutes {
		if !slices.Contains(p.unitRoutes[:i], c) {
			n += 8*len(c.slots) + int(c.size.Load())
		}
	}
	return n
}

// landmarkHint returns the landmarks of the last Sync, renumbered to the
// slots that hold their cells now (an update may have laid the tier out
// again).
func (p *Planner) landmarkHint() []int32 {
	t := p.bake.Tier()
	var nodes []int32
	for _, cell := range p.lmCells {
		if !p.g.Contains(cell) {
			continue
		}
		first, end := t.PointsOf(t.ClusterOf(cell))
		for u := first; u < end; u++ {
			if t.Points[u].Cell == cell {
				nodes = append(nodes, u)
				break
			}
		}
	}
	return nodes
}

// stale returns why q may not answer now (wrapping ErrStale), or nil.
// O(1).
func (q *Query) stale() error {
	p := q.p
	switch {
	case p.err != nil:
		return p.err
	case p.version != p.bake.Version() || q.fine != nil && q.fine.Grid() != p.g:
		return errUnsynced
	case p.bake.Stale():
		return errUnapplied
	}
	return nil
}

// Bake returns the planner's bake (nil if NewPlanner was given none).
func (p *Planner) Bake() *preprocess.Bake {
	if p.nilBake {
		return nil
	}
	return p.bake
}

// Smoothing says what shape of path a query returns.
type Smoothing uint8

const (
	// Raw returns the refined path cell by cell, as the hierarchy found it.
	Raw Smoothing = iota
	// Cells shortcuts the zig-zags with straight step lines that are
	// legal (and cost no more), then with their bends (grid.Bend), and
	// returns the result cell by cell: every step is a legal grid step,
	// for games that move tile to tile.
	Cells
	// Corners returns only the corners of the Cells path: consecutive
	// points have line of sight, for any-angle movement.
	Corners
)

// Options tune one query. The zero value returns the whole raw path.
// Find rejects out-of-range values with an error wrapping ErrOptions.
type Options struct {
	// Smooth is Raw, Cells or Corners.
	Smooth Smoothing
	// SmoothPasses is the number of Cells smoothing passes, 0 to
	// MaxSmoothPasses (0: one). A second pass starts from the first one's
	// corners and straightens what it left bent: on the StarCraft maps
	// (every 8th scenario) it takes the mean length over the optimum from
	// 0.095% to 0.075% and the 99th percentile from 1.10% to 1.03%, for
	// 2% to 32% more time per query in one day's runs on a noisy host
	// (go test -run '^$' -bench SmoothPasses -benchtime 1x ./hpa, and
	// -bench SC1). Passes stop early once one
	// changes nothing.
	// Other Smooth values ignore it.
	SmoothPasses int
	// FirstSteps, if positive, returns only the path's first FirstSteps
	// cells past the start (start moving now, ask again later); the rest is
	// not refined, which saves time on long paths. Result.Truncated says
	// whether the path was cut. Negative is an error.
	FirstSteps int
	// Nearest: when the goal cannot be reached (it lies on another island,
	// or it is blocked: a click on a building or a rock), return the path
	// to the reachable cell nearest it, with Status Partial. "Nearest" is
	// as in grid.Options.Nearest: the least octile distance
	// (grid.OctileCost) to the goal; ties go to the cell with the least
	// octile distance from the start, then to the least row-major index
	// (y, then x). The cell is found from the bake's islands by looking
	// outward from the goal, cluster by cluster, for cells of the start's
	// island, so its cost grows with how far the goal lies from them, not
	// with the map. Without Nearest a blocked goal is an error
	// (grid.ErrBlocked) and an unreachable one NoPath.
	//
	// With MaxExpansions, Nearest also shapes what a call that runs out
	// returns, as grid's searcher does: a path from the start to the cell
	// nearest the goal (least octile distance, then least cost) among the
	// cells on the paths from the start that the call found before it ran
	// out (the exact window search's best, the searches that join the
	// start to the waypoints, the part of the route already refined), or
	// the start alone.
	Nearest bool
	// MaxExpansions bounds the work of one call (0: no bound; negative is
	// an error): Result.Expanded never exceeds it. Every grid cell and
	// waypoint the call expands counts: the window search, joining start
	// and goal to the waypoints, the coarse search, refinement (a route
	// from the cache counts what refining it took), the band's cells
	// (Band), and with
	// Nearest each cluster and cell examined in the search for the nearest
	// reachable cell. Smoothing expands nothing. A call that runs out
	// returns Status Exhausted (with Nearest, a partial path; see there),
	// except in the rival route under a Penalty (see Band), which keeps
	// the path found before it.
	MaxExpansions int
	// Penalty, if set (Penalties.For), adds an influence map and other
	// units' claims to the costs the query minimizes, at both tiers.
	// Result.Cost includes them.
	Penalty Penalty
	// Size, above 1, plans for a unit Size×Size cells (a tank where an
	// infantryman is 1), and Class, above 0, for a unit of the grid's
	// movement class Class-1 (grid.Grid.SetClasses: a hover unit crosses
	// water a tank cannot): the path lists the cells of the unit's
	// top-left corner, the whole unit stands on cells it may enter at
	// every one, and every step is one grid.Grid.UnitMoves allows (a
	// diagonal step only where the unit also fits beside it, as the
	// movement rule says); cells weigh what the class says. The bake
	// must keep a layer for the unit (preprocess.Config.Units;
	// ErrOptions otherwise). Start and goal must fit (grid.ErrBlocked;
	// with Nearest a goal it cannot stand on or reach gives the path to
	// the nearest cell it can, as for one cell). Corners smoothing joins
	// the corners by the unit's step lines. A Penalty is paid where the
	// unit's top-left cell enters (the coarse route on the unit's layer
	// does not see it yet; joining, refining and smoothing do). Not yet
	// with Nearest and MaxExpansions together (ErrOptions). Zero: one
	// cell of no class.
	Size, Class int
	// Band is the half-width, in cells, of the band round the
	// hierarchy's path in which the query looks again for a cheaper one
	// (twice as wide round cells that pay a Penalty; each row of the band
	// spans from its leftmost such cell to its rightmost, so a bend's
	// inside is in too; see the package doc): 0 chooses DefaultBand when
	// the path's cost is not plain distance (terrain weights that differ,
	// a unit class, a Penalty whose layer holds influence or claims) and
	// none otherwise; negative: none; at most MaxBand. When 0 chose it
	// for a Penalty alone and the path is smoothed, the pieces of the
	// band where no cell pays are not searched (smoothing straightens
	// them, as without the Penalty). With a band under such a Penalty,
	// a one-cell unit of no class also tries the route on plain costs
	// (see the package doc), which may double the band's work. The
	// band searches its path piece by piece, in rectangles of at most
	// 96² cells or (48+2w)² for a band grown w cells a side (w is Band,
	// twice it under a Penalty) where that is more: up to 176² for Band
	// 32 under a Penalty. The band's cells count as expansions
	// (MaxExpansions): often ten times what the rest of the query
	// expands, so a budget sized for Band -1 runs out; one that runs out
	// in the second route keeps the first.
	Band int
}

// MaxSmoothPasses is the largest Options.SmoothPasses: passes beyond it
// stop paying. On the StarCraft maps (every 8th of 10,238 scenarios),
// pass 2 made 3,750 paths cheaper, pass 8 only 62, moving the mean length
// over the optimum from 0.1826% to 0.1816%; the 99th percentile has not
// moved since pass 6 (1.763%). Command:
// go test -run '^$' -bench SmoothPasses -benchtime 1x ./hpa
const MaxSmoothPasses = 8

// ErrOptions is wrapped by the error Find returns for out-of-range
// Options, and for a Penalty made on another planner.
var ErrOptions = errors.New("hpa: bad query options")

// check reports out-of-range options.
func (o *Options) check() error {
	switch {
	case o.Smooth > Corners:
		return fmt.Errorf("%w: Smooth %d (want Raw, Cells or Corners)", ErrOptions, o.Smooth)
	case o.SmoothPasses < 0 || o.SmoothPasses > MaxSmoothPasses:
		return fmt.Errorf("%w: SmoothPasses %d (want 0..%d)", ErrOptions, o.SmoothPasses, MaxSmoothPasses)
	case o.FirstSteps < 0:
		return fmt.Errorf("%w: negative FirstSteps %d", ErrOptions, o.FirstSteps)
	case o.MaxExpansions < 0:
		return fmt.Errorf("%w: negative MaxExpansions %d", ErrOptions, o.MaxExpansions)
	case o.Band > MaxBand:
		return fmt.Errorf("%w: Band %d (want at most %d)", ErrOptions, o.Band, MaxBand)
	case o.Size < 0 || o.Size > grid.MaxClearance || o.Class < 0 || o.Class > grid.MaxClasses:
		return fmt.Errorf("%w: Size %d, Class %d (want 0..%d, 0..%d)", ErrOptions, o.Size, o.Class, grid.MaxClearance, grid.MaxClasses)
	}
	return nil
}

// Status says how a query ended.
type Status uint8

const (
	// NoPath: the goal cannot be reached (and Nearest was not set).
	NoPath Status = iota
	// Found: Path leads to the goal.
	Found
	// Partial: Nearest was set and the goal cannot be reached (another
	// island, or blocked); Path leads to the reachable cell nearest it.
	Partial
	// Exhausted: MaxExpansions ran out. With Nearest, Path leads to the
	// best cell the call reached (see Options.Nearest); without, it is
	// empty.
	Exhausted
)

func (s Status) String() string {
	return [...]string{"no path", "found", "partial", "exhausted"}[min(int(s), 3)]
}

// Result is a query's answer; Path is the caller's buffer, reused.
type Result struct {
	Status Status
	Path   []grid.Point
	// Cost is the cost of Path as returned, penalties included: of its
	// cells for Raw and Cells; for Corners, of the Cells path the corners
	// come from, up to the last corner returned. A truncated path's Cost
	// is its prefix's, not the whole route's.
	Cost grid.Cost
	// Truncated: Options.FirstSteps cut Path short of where it leads
	// (the goal for Found, the nearest reachable cell for Partial, the
	// best cell reached for Exhausted). Ask again to get further.
	Truncated bool
	// Expanded counts grid cells and waypoints expanded (at most
	// Options.MaxExpansions when that is set); Waypoints the waypoints
	// alone (the coarse search's share).
	Expanded int
	// Coarse is the number of waypoints on the abstract route (0 when an
	// exact search joined start and goal directly).
	Coarse    int
	Waypoints int
	// Version is the version the answer was computed on: a Live map's
	// published version (LiveQuery), or the bake's Version (Query).
	Version uint64
}

func (p *Planner) check(pt grid.Point, what string) error {
	if !p.g.Contains(pt) {
		return fmt.Errorf("hpa: %s %v off the %d×%d map: %w", what, pt, p.g.Width(), p.g.Height(), grid.ErrOutOfBounds)
	}
	if !p.g.Passable(pt) {
		return fmt.Errorf("hpa: %s %v: %w", what, pt, grid.ErrBlocked)
	}
	return nil
}
