package hpa

import (
	"errors"
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// ErrStale is returned by a query on a planner whose bake has been
// updated since the planner last synced: call Planner.Sync.
var ErrStale = errors.New("hpa: bake updated since the planner synced; call Sync")

// Planner answers queries on one bake.
type Planner struct {
	bake     *preprocess.Bake
	g        *grid.Grid
	tier     *waypoint.Tier
	version  uint64
	deadBits []uint64 // waypoint slots that lie in a dead end
	nodeDead []int32  // per slot: dead end id or -1
}

// NewPlanner returns a planner for b.
func NewPlanner(b *preprocess.Bake) *Planner {
	p := &Planner{bake: b}
	p.Sync()
	return p
}

// Sync refreshes what the planner derives from its bake; call it after
// Bake.Update, when no query is running. O(waypoints).
func (p *Planner) Sync() {
	b := p.bake
	p.g, p.tier, p.version = b.Grid(), b.Tier(), b.Version()
	n := p.tier.Graph.Len()
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
type Options struct {
	Smooth Smoothing
	// FirstSteps, if positive, returns only the path's first FirstSteps
	// cells past the start (start moving now, ask again later); the rest is
	// not refined, which saves time on long paths.
	FirstSteps int
	// Nearest: when the goal cannot be reached, return the path to the
	// reachable cell closest to it (found by a fine search bounded by
	// MaxExpansions, or by 1<<20 expansions when that is zero).
	Nearest bool
	// MaxExpansions bounds the work of one call, counted in expanded grid
	// cells and waypoints (0: no bound). A query that runs out returns
	// Status Exhausted.
	MaxExpansions int
}

// Status says how a query ended.
type Status uint8

const (
	NoPath Status = iota
	Found
	Partial   // Nearest: the path leads to the reachable cell closest to the goal
	Exhausted // MaxExpansions ran out
)

func (s Status) String() string {
	return [...]string{"no path", "found", "partial", "exhausted"}[min(int(s), 3)]
}

// Result is a query's answer; Path is the caller's buffer, reused.
type Result struct {
	Status Status
	Path   []grid.Point
	// Cost is the path's cost on the grid (for Corners, the cost of the
	// Cells path the corners come from).
	Cost grid.Cost
	// Expanded counts grid cells and waypoints expanded.
	Expanded int
	// Coarse is the number of waypoints on the abstract route (0 when an
	// exact search joined start and goal directly).
	Coarse int
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

var _ = navgraph.Cost(0)
