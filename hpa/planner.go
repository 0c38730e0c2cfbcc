package hpa

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// ErrStale is returned by a query on a planner whose bake has been
// updated since the planner last synced: call Planner.Sync.
var ErrStale = errors.New("hpa: bake updated since the planner synced; call Sync")

// Config tunes a Planner. The zero value is the default.
type Config struct {
	// Landmarks is the number of ALT landmarks on the waypoint graph
	// (0: 16; negative: none). Each costs 4 bytes per waypoint slot and
	// one Dijkstra over the waypoint graph when the planner is made or
	// synced; 16 cut the coarse search on the StarCraft maps from 645 to
	// 111 expanded waypoints per query (go test -bench 'SC1/hpa' ./hpa).
	Landmarks int
	// Workers bounds the goroutines NewPlanner and Sync use (0:
	// GOMAXPROCS).
	Workers int
}

// DefaultLandmarks is the number of landmarks of the zero Config.
const DefaultLandmarks = 16

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
	lmCells  []grid.Point // where the landmarks stood at the last Sync
	routes   *routeCache
	// penalties made on this planner, kept in step by Sync
	penalties []*Penalties
}

// NewPlanner returns a planner for b.
func NewPlanner(b *preprocess.Bake, cfg Config) *Planner {
	if cfg.Landmarks == 0 {
		cfg.Landmarks = DefaultLandmarks
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	p := &Planner{bake: b, cfg: cfg}
	p.Sync()
	return p
}

// Sync refreshes what the planner derives from its bake; call it after
// Bake.Update, when no query is running. It computes the landmark
// distances again (Config.Landmarks Dijkstras over the waypoint graph, on
// Config.Workers goroutines; the landmarks are picked again only when an
// update moved one) and drops the cached routes of the clusters the
// update rebuilt. Cost: see BenchmarkSync (go test -bench Sync ./hpa).
func (p *Planner) Sync() {
	b := p.bake
	p.g, p.tier, p.version = b.Grid(), b.Tier(), b.Version()
	n := p.tier.Graph.Len()
	if p.cfg.Landmarks > 0 {
		var lm *navgraph.Landmarks
		var err error
		if p.lm != nil && p.sameLandmarks() {
			// The landmarks still stand where they stood: their distances
			// alone are computed again, one Dijkstra per worker at a time.
			lm, err = p.lm.Recompute(p.tier.Graph, p.cfg.Workers)
		} else {
			lm, err = navgraph.NewLandmarks(p.tier.Graph, p.cfg.Landmarks, p.cfg.Workers)
		}
		if err != nil {
			panic("hpa: " + err.Error()) // a bake's edges always come in pairs
		}
		p.lm = lm
		p.lmCells = p.lmCells[:0]
		for _, v := range lm.Nodes() {
			p.lmCells = append(p.lmCells, p.tier.Points[v].Cell)
		}
	}
	// The route cache survives updates (its entries check their
	// cluster's version); it is made anew only when the tier outgrew it.
	if edges := intraEdges(p.tier); p.routes == nil || 2*edges > len(p.routes.slots) {
		p.routes = newRouteCache(edges)
	}
	for _, f := range p.penalties {
		f.sync()
	}
	p.deadBits = make([]uint64, (n+63)/64)
	p.nodeDead = make([]int32, n)
	for c := range b.Clusters() {
		first, end := p.tier.PointsOf(c)
		for u := first; u < end; u++ {
			d := b.RegionDeadEnd(b.PointRegion(p.tier.Points[u]))
			p.nodeDead[u] = d
			if d >= 0 {
				p.deadBits[u/64] |= 1 << (u % 64)
			}
		}
		for u := end; u < p.tier.ClusterStart[c+1]; u++ {
			p.nodeDead[u] = -1
		}
	}
}

// Bytes returns the memory the planner holds beside its bake: dead-end
// marks, landmark distances and the routes cached so far.
func (p *Planner) Bytes() int {
	n := 8*len(p.deadBits) + 4*len(p.nodeDead) + 8*len(p.routes.slots) + int(p.routes.size.Load())
	if p.lm != nil {
		n += p.lm.Bytes()
	}
	return n
}

// sameLandmarks reports whether every landmark slot still holds a point
// on the landmark's cell.
func (p *Planner) sameLandmarks() bool {
	t := p.tier
	for i, v := range p.lm.Nodes() {
		if int(v) >= len(t.Points) {
			return false
		}
		c := t.Points[v].Cluster
		if v >= t.ClusterStart[c]+t.ClusterLen[c] || t.Points[v].Cell != p.lmCells[i] {
			return false
		}
	}
	return true
}

// Bake returns the planner's bake.
func (p *Planner) Bake() *preprocess.Bake { return p.bake }

// Smoothing says what shape of path a query returns.
type Smoothing uint8

const (
	// Raw returns the refined path cell by cell, as the hierarchy found it.
	Raw Smoothing = iota
	// Cells shortcuts the zig-zags with straight lines that have line of
	// sight (and cost no more) and returns the result cell by cell: every
	// step is a legal grid step, for games that move tile to tile.
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
	// 0.35% to 0.23% and the 99th percentile from 2.5% to 2.0%, for about
	// 11 µs more per query. Passes stop early once one changes nothing.
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
	// and goal to the waypoints, the coarse search, refinement, and with
	// Nearest each cluster and cell examined in the search for the nearest
	// reachable cell. Smoothing expands nothing. A call that runs out
	// returns Status Exhausted (with Nearest, a partial path; see there).
	MaxExpansions int
	// Penalty, if set (Penalties.For), adds an influence map and other
	// units' claims to the costs the query minimizes, at both tiers.
	// Result.Cost includes them.
	Penalty Penalty
}

// MaxSmoothPasses is the largest Options.SmoothPasses: passes beyond it
// stop paying. On the StarCraft maps (every 8th of 10,238 scenarios),
// pass 2 made 3,750 paths cheaper, pass 8 only 62, moving the mean length
// over the optimum from 0.1826% to 0.1816%; the 99th percentile has not
// moved since pass 6 (1.763%). Passes 9 to 12 together took the mean
// 0.0015% further (measured before the cap). Command:
// go test -run '^$' -bench SmoothPasses -benchtime 1x ./hpa
const MaxSmoothPasses = 8

// ErrOptions is wrapped by the error Find returns for out-of-range
// Options.
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
