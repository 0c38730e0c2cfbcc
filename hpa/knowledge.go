package hpa

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// ErrKnowledge is wrapped by the errors of a player's Knowledge used
// wrongly: a truth grid of another size or movement rule than the
// knowledge's, a negative reveal radius, a configuration it cannot keep.
var ErrKnowledge = errors.New("hpa: knowledge misuse")

// KnowledgeConfig sets up a player's Knowledge. The zero value is the
// default.
type KnowledgeConfig struct {
	// Prior is what the player believes of the map before it sees any of
	// it (nil: every cell passable ground, weight 1, terrain type 0, as
	// the classic advice has it). A game whose players know the terrain
	// from the start and not the buildings passes the terrain here. It is
	// copied, with its movement classes (the view's classes are the
	// prior's: give it the truth's for class queries); it must have the
	// truth's size and movement rule.
	Prior *grid.Grid
	// Bake configures the hierarchy over the player's view (cluster size,
	// Units for units larger than one cell; Workers bounds the first
	// build; Slack 0 is DefaultViewSlack here, as a view changes much).
	// Placed waypoints are refused: the player may come to see one
	// blocked.
	Bake preprocess.Config
	// Planner configures the planner on the player's view. On more than
	// two tiers reveals mark the groups they touch stale, and once a
	// sixteenth are, one starts rebuilding them on a goroutine, which
	// the reveal DefaultRegroupLag reveals later that change the view
	// installs, as a live map's publishes do (see LiveConfig.RegroupLag);
	// Tiers 0 chooses at most 3, as there.
	Planner Config
	// RefreshEvery and RefreshLag say when the view's landmarks are
	// picked afresh, as a live map's are (see LiveConfig), counted in
	// clusters that reveals rebuilt: once RefreshEvery have been since
	// the last refresh, a new one starts on a goroutine, and the reveal
	// that brings the clusters rebuilt since then to RefreshLag installs
	// it (waiting for it if it is not done). 0: RefreshEvery an eighth of
	// the map's clusters and RefreshLag one per 256 waypoint slots, each
	// at least DefaultRefreshEvery (a refresh costs about as much as that
	// many cluster rebuilds, so the install seldom waits); RefreshEvery
	// negative: never. Without refreshes an explored view keeps the
	// landmarks of the open land it first believed: on a 1024² generated
	// map after 130 reveals of 10 discs of radius 16, its coarse searches
	// expanded 484 waypoints a query without landmarks, 437 with 16
	// repaired as the view changed, and 182 with 16 picked afresh
	// (go test -run '^$' -bench FogQuery ./hpa).
	RefreshEvery, RefreshLag int
}

// DefaultViewSlack is the preprocess.Config.Slack of a view's bake when
// KnowledgeConfig.Bake leaves it 0: room for the waypoints reveals add to
// a cluster, so that they seldom lay the view's tier out again.
const DefaultViewSlack = 16

// Knowledge is what one player knows of the map: which cells it has seen
// and what it believes of every cell (passable or not, and its terrain
// weight). Cells it has not seen hold the prior belief (KnowledgeConfig.
// Prior); a cell it has seen holds what the cell was the last time the
// player saw it, so an edit of the true map reaches the player only where
// a reveal shows it. Queries for the player (Planner, NewService) run on
// that view, at both tiers: islands, dead ends, transition points and
// edge costs are those of the view, so a player's unit heads through
// unexplored land the player believes open and takes a wrong turn into a
// dead end it has not seen, until a reveal shows the way.
//
// The game reveals cells as its units see them (RevealCircle,
// RevealRect, RevealCircles), tick by tick. A reveal that changes no
// belief only marks cells seen; one that does updates the view's bake
// where it changed (preprocess.Bake.Update, the clusters touched) and
// brings the planner in step as a live map's publish does (its landmark
// bound repaired in place), so the next query sees it. Every reveal is
// deterministic: the same truth and the same reveals give the same view
// and the same paths on every machine.
//
// One Knowledge per player, not per unit. A Knowledge is for one
// goroutine: reveal and query it from the game loop, or run its queries
// on many goroutines between reveals (each with its own Query). Players'
// knowledges are independent and may be revealed and queried in
// parallel with one another while the truth grid is not being written.
//
// Memory: the view is a grid of its own with its own bake and planner,
// plus one bit per cell for the cells seen (Bytes): on a 1024² generated
// map, 6.8 MB per player where the truth's bake and planner take 3.6 MB
// (go test -run '^$' -bench FogMemory ./hpa). A view that shares the
// truth's clusters where it equals the truth is not built yet.
type Knowledge struct {
	w, h     int
	rule     grid.Movement
	seen     []uint64 // bit y*w+x: the player has seen the cell
	nSeen    int
	view     *grid.Grid
	bake     *preprocess.Bake
	plan     *Planner
	last     Revealed
	xs       []int32         // RevealCircles scratch: half widths of the disc's rows
	edits    []grid.CellEdit // a reveal's changed beliefs, not yet written
	terrains []terrainEdit   // and the changed terrain types among them
	// landmark refreshes, as a live map's (refresh.go)
	every, lag int
	rebuilt    int      // clusters rebuilt since the last refresh was installed
	lagged     int      // clusters rebuilt since the refresh in flight began
	refresh    *refresh // in flight, or nil
	refreshes  int      // installed (tests)
	// group rebuilds, as a live map's (regroup.go): in flight, reveals
	// that changed the view since it began, installed (tests)
	regroup   *regroup
	regrouped int
	regroups  int
}

// Revealed says what one reveal did.
type Revealed struct {
	// Seen is the number of cells seen for the first time.
	Seen int
	// Changed is the number of cells whose belief changed (passability
	// or weight), and Rect their bounding box (empty when none).
	Changed int
	Rect    grid.Rect
	// Version is the view's bake version after the reveal: it grows by
	// one with every reveal that changed a belief.
	Version uint64
}

// NewKnowledge returns the knowledge of a player who has seen nothing of
// the map truth yet (the truth is read for its size and movement rule
// only). It returns an error wrapping ErrKnowledge for a nil truth, a
// prior of another size or movement rule, or placed waypoints in
// cfg.Bake, and the bake's errors (preprocess.ErrConfig) for a bad
// cluster size or unit. Cost: a bake of the prior and a planner on it.
func NewKnowledge(truth *grid.Grid, cfg KnowledgeConfig) (*Knowledge, error) {
	if truth == nil {
		return nil, fmt.Errorf("%w: NewKnowledge for no truth grid", ErrKnowledge)
	}
	if len(cfg.Bake.Placed) > 0 {
		return nil, fmt.Errorf("%w: placed waypoints in a player's view (a reveal may block them)", ErrKnowledge)
	}
	w, h := truth.Width(), truth.Height()
	var view *grid.Grid
	if cfg.Prior != nil {
		if err := sameShape(truth, cfg.Prior); err != nil {
			return nil, fmt.Errorf("%w (the prior)", err)
		}
		view = cfg.Prior.Clone()
	} else {
		var err error
		if view, err = grid.New(w, h, truth.Movement()); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrKnowledge, err)
		}
	}
	if cfg.Bake.Slack == 0 {
		cfg.Bake.Slack = DefaultViewSlack
	}
	b, err := preprocess.Build(view, cfg.Bake)
	if err != nil {
		return nil, err
	}
	cfg.Planner.Tiers = editedTiers(cfg.Planner, b.Tier())
	p := newPlanner(b, cfg.Planner, true)
	if p.err != nil {
		return nil, p.err
	}
	k := &Knowledge{w: w, h: h, rule: truth.Movement(), seen: make([]uint64, (w*h+63)/64), view: view, bake: b, plan: p}
	p.noRaise = true
	k.every, k.lag = cfg.RefreshEvery, cfg.RefreshLag
	if k.every == 0 {
		k.every = max(DefaultRefreshEvery, b.Clusters()/8)
	}
	if k.lag <= 0 {
		k.lag = max(DefaultRefreshEvery, p.tier.Graph.Len()/256)
	}
	k.last.Version = b.Version()
	return k, nil
}

// sameShape reports a grid of another size or movement rule than t.
func sameShape(t, g *grid.Grid) error {
	if g.Width() != t.Width() || g.Height() != t.Height() || g.Movement() != t.Movement() {
		return fmt.Errorf("%w: a %d×%d %v grid for a %d×%d %v map", ErrKnowledge,
			g.Width(), g.Height(), g.Movement(), t.Width(), t.Height(), t.Movement())
	}
	return nil
}

// made reports whether k was made by NewKnowledge (not nil, not the zero
// value): the methods of any other answer as for a player who knows no
// map, never with a panic.
func (k *Knowledge) made() bool { return k != nil && k.view != nil }

// Planner returns the planner on the player's view: make a Query per
// goroutine, or a Service (NewService), from it. Do not Sync it or edit
// its grid; reveals keep it in step. For a Knowledge NewKnowledge did not
// make, a planner whose queries return ErrNoBake.
func (k *Knowledge) Planner() *Planner {
	if !k.made() {
		return NewPlanner(nil, Config{}) // misuse only: no planner built at init
	}
	return k.plan
}

// NewService returns a path service on the player's view (see Service).
// Requests in flight when a reveal changes the view start again on it
// when they next run, so a unit's answer always comes from what its
// player knows when it is answered.
func (k *Knowledge) NewService(cfg ServiceConfig) *Service { return k.Planner().NewService(cfg) }

// View returns the player's view as a grid: what it believes of every
// cell. It is the planner's own: read it, never edit it. Nil for a
// Knowledge NewKnowledge did not make.
func (k *Knowledge) View() *grid.Grid {
	if !k.made() {
		return nil
	}
	return k.view
}

// Bake returns the hierarchy over the player's view (read-only), or nil
// for a Knowledge NewKnowledge did not make.
func (k *Knowledge) Bake() *preprocess.Bake {
	if !k.made() {
		return nil
	}
	return k.bake
}

// Version returns the view's version: 0 when made, one more with each
// reveal that changed a belief.
func (k *Knowledge) Version() uint64 {
	if !k.made() {
		return 0
	}
	return k.bake.Version()
}

// Seen reports whether the player has seen p (false off the map).
func (k *Knowledge) Seen(p grid.Point) bool {
	if !k.made() || p.X < 0 || p.Y < 0 || p.X >= k.w || p.Y >= k.h {
		return false
	}
	i := p.Y*k.w + p.X
	return k.seen[i/64]&(1<<(i%64)) != 0
}

// SeenCells returns the number of cells the player has seen.
func (k *Knowledge) SeenCells() int {
	if !k.made() {
		return 0
	}
	return k.nSeen
}

// Believes returns what the player believes of p: passable or not, its
// terrain weight and its terrain type (false, 0, 0 off the map).
func (k *Knowledge) Believes(p grid.Point) (passable bool, weight uint8, terrain int) {
	if !k.made() || !k.view.Contains(p) {
		return false, 0, 0
	}
	return k.view.Passable(p), k.view.Weight(p), k.view.Terrain(p)
}

// FirstBlocked returns the index of the first step of path that the
// player's view no longer allows unit u (the zero Unit: one cell of no
// class) to take: path[i] is the cell it cannot reach (where the unit
// does not fit: blocked, off the map, too tight, terrain its class does
// not enter; or not one legal step for it from path[i-1]), or -1 when the
// view allows the whole path. A unit following a path through fog asks
// it after its player's reveals, and asks for a new path when the answer
// is not -1. A unit the view's grid does not know (a class it lacks) is
// blocked at 0, and so is every non-empty path on a Knowledge
// NewKnowledge did not make. O(len(path)).
func (k *Knowledge) FirstBlocked(path []grid.Point, u grid.Unit) int {
	if len(path) == 0 {
		return -1
	}
	if !k.made() {
		return 0
	}
	for i, p := range path {
		if !k.view.Fits(p, u) {
			return i
		}
		if i > 0 {
			d, ok := grid.DirOf(path[i-1], p)
			if !ok || k.view.UnitMoves(path[i-1], u)&(1<<d) == 0 {
				return i
			}
		}
	}
	return -1
}

// Bytes returns the memory the knowledge holds: the seen bits, the view
// grid (grid.Grid.Bytes), its bake and its planner (see
// preprocess.Bake.Bytes, Planner.Bytes), not the searchers of queries.
func (k *Knowledge) Bytes() int {
	if !k.made() {
		return 0
	}
	n := 8 * len(k.seen)
	n += k.view.Bytes()
	return n + k.bake.Bytes() + k.plan.Bytes() + 4*cap(k.xs) + int(unsafe.Sizeof(grid.CellEdit{}))*cap(k.edits) + 8*cap(k.terrains)
}
