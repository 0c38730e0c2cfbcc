package hpa

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// ErrPlaced is wrapped by the error of an edit that would block a
// designer-placed waypoint (preprocess.Config.Placed): nothing changes.
var ErrPlaced = errors.New("hpa: edit blocks a placed waypoint")

// ErrLive is wrapped by the error of a write or publish on a live map
// none of whose spare copies can take it: one failed to replay a version
// that succeeded on another, which is a bug (the copy is taken out of
// service).
var ErrLive = errors.New("hpa: live map copy out of service")

var errNilLive = fmt.Errorf("%w: a nil *Live (make one with NewLive)", ErrNoBake)

// LiveConfig tunes a Live map. The zero value is the default.
type LiveConfig struct {
	// Planner configures the planner of every version (landmarks; its
	// Workers also bound the goroutines of a publish's full resyncs).
	// On more than two tiers a publish marks the groups its edits touch
	// stale (searched waypoint by waypoint, still exactly) and a group
	// rebuild redoes them on a goroutine of its own (see RegroupLag).
	// Tiers 0 chooses as on a static map but at most 3: the rebuild
	// redoes the tiers above the groups on the publish that installs it,
	// which on a fourth tier costs seconds.
	Planner Config
	// Replicas is the number of copies of the map, bake and planner kept
	// (0: 2; 2 to 64). One is the published version; the others are
	// older versions still read by queries, or spares the next version
	// is built on. The first write after a publish waits only when every
	// spare is still read by a query that began on an older version: with
	// two copies, until the queries that began before the last publish
	// end (bound their work with Options.MaxExpansions). A third copy
	// spares that wait, for the memory of one more copy and, on a publish
	// while it lags, the replay of a batch or two more (every copy goes
	// through every version).
	Replicas int
	// Workers bounds the goroutines of a publish's bake update (0: 1: a
	// small edit costs less on one than the goroutines cost to start).
	Workers int
	// RefreshEvery is the number of cluster rebuilds (publishes that
	// change the map, each counted by the clusters it rebuilt) between
	// landmark refreshes (0: DefaultRefreshEvery, or one per 32 clusters
	// of the map if more; negative: never): see Publish.
	RefreshEvery int
	// RefreshLag is the number of versions between the publish that
	// starts a landmark refresh and the one that installs it, which waits
	// for it if it is not done (0 or less: DefaultRefreshLag, or one per
	// 2048 waypoint slots if more: 2 or 3 on the 512² StarCraft maps,
	// about 300 on a generated 8192² one).
	RefreshLag int
	// RegroupLag is the number of versions between the publish that
	// starts rebuilding the stale groups of a third tier and the one that
	// installs them, which waits for the rebuild if it is not done (0 or
	// less: DefaultRegroupLag). A publish that finds a sixteenth of the
	// groups stale (at least 2) and no rebuild in flight starts one: it
	// copies the groups' waypoint edges and builds their hops on a
	// goroutine (a few milliseconds a group on one core); a group an
	// edit touches in between stays stale for the next.
	RegroupLag int
}

// Live is a map that changes while queries run: the game edits it (block
// or open rectangles, change terrain weights, write penalty layers) and
// publishes the edits as a new version in one call, while any number of
// goroutines answer queries on it. A query runs on the version that was
// published when it began, whatever is published meanwhile: nothing a
// query reads is ever written while it runs. Every Result says its
// Version.
//
// How: a Live holds Replicas complete copies of the map, its bake, its
// planner and its penalty layers. One is the published version. A write
// goes to a spare copy that no query reads (the staging copy), and
// Publish brings that copy's bake and planner up to date
// (preprocess.Bake.Update rebuilds only the clusters the edits touched;
// the planner repairs its landmark bound and penalty edges there, see
// Publish) and makes it the published version with one atomic store.
// The copy that was published before becomes a spare once the last query
// on it ends; before it is written again it replays the edits it missed,
// in order, so every copy goes through the same sequence of versions and
// the same version answers every query the same way on every copy and
// every machine. A publish thus costs the rebuild of what changed, twice
// (once on the staging copy, once when the old copy catches up), and
// never a copy of the map.
//
// Writes (Fill, FillWeight, SetPassable, SetWeight, NewPenalties and the
// LivePenalties methods) and Publish may come from any goroutine; they
// take turns on a lock that queries never take. Queries (NewQuery,
// Acquire, FindAll) are lock-free: one atomic add to pin a version and
// one to release it.
type Live struct {
	cfg  LiveConfig
	w, h int
	mu   sync.Mutex // writers
	cur  atomic.Pointer[replica]
	reps []*replica
	wake chan struct{} // a released spare, for a waiting writer

	version   uint64
	stage     *replica // the copy the next version is built on, or nil
	pending   []op     // writes since the last publish, applied to stage
	log       []batch  // published batches the oldest copy may still need
	layers    int      // penalty layers made (published or pending)
	edits     int      // publishes that changed the bake since the last refresh began
	refresh   *refresh // the landmark refresh in flight, or nil
	refreshes int      // landmark refreshes installed (tests)
	regroup   *regroup // the group rebuild in flight, or nil
	regroups  int      // group rebuilds installed (tests)
	placed    []grid.Point
	queries   sync.Pool // *LiveQuery, for FindAll
}

// replica is one complete copy: a grid, its bake, a planner on it and the
// penalty layers, at version ver.
type replica struct {
	id   int
	g    *grid.Grid
	b    *preprocess.Bake
	p    *Planner
	pens []*Penalties
	ver  uint64
	refs atomic.Int64
	// broken: a replay failed (a bug); the copy is out of service
	broken bool
	sum    atomic.Pointer[uint64] // Checksum, once computed
}

// op is one write, replayed on every copy in the order it was made.
type op func(r *replica) error

// batch is the writes of one published version, and whether the
// version starts or installs a landmark refresh (see refresh.go).
type batch struct {
	ver     uint64
	ops     []op
	start   bool
	install *refresh
	// the same for a group rebuild (see regroup.go)
	regroupStart   bool
	regroupInstall *regroup
}

// NewLive returns a live map starting from b and its grid, at version 0.
// It copies the grid and the bake (LiveConfig.Replicas times) and makes a
// planner on each copy, so b stays the caller's, untouched. A nil b, or
// one whose grid has edits it has not applied, is an error (ErrNoBake,
// preprocess.ErrStale); so is a LiveConfig out of range (ErrOptions).
// Cost: Replicas times a bake load (preprocess.Load) and a planner.
func NewLive(b *preprocess.Bake, cfg LiveConfig) (*Live, error) {
	if b == nil {
		return nil, fmt.Errorf("%w: NewLive(nil, ...)", ErrNoBake)
	}
	if b.Stale() {
		return nil, fmt.Errorf("%w: NewLive on a bake with unapplied edits; call Update", preprocess.ErrStale)
	}
	if cfg.Replicas == 0 {
		cfg.Replicas = 2
	}
	if cfg.Replicas < 2 || cfg.Replicas > 64 || cfg.Workers < 0 {
		return nil, fmt.Errorf("%w: LiveConfig Replicas %d (want 2..64), Workers %d", ErrOptions, cfg.Replicas, cfg.Workers)
	}
	if cfg.Workers == 0 {
		cfg.Workers = 1
	}
	if cfg.RegroupLag <= 0 {
		cfg.RegroupLag = DefaultRegroupLag
	}
	cfg.Planner.Tiers = editedTiers(cfg.Planner, b.Tier())

	g := b.Grid()
	l := &Live{cfg: cfg, w: g.Width(), h: g.Height(), wake: make(chan struct{}, 1), placed: slices.Clone(b.Placed())}
	data := b.AppendBinary(nil)
	for i := range cfg.Replicas {
		gc := g.Clone()
		bc, err := preprocess.Read(bytes.NewReader(data), gc, cfg.Planner.Workers)
		if err != nil {
			return nil, fmt.Errorf("hpa: NewLive: copying the bake: %w", err)
		}
		p := newPlanner(bc, cfg.Planner, true)
		if p.err != nil {
			return nil, p.err
		}
		l.reps = append(l.reps, &replica{id: i, g: gc, b: bc, p: p})
	}
	// A refresh costs about a Dijkstra per landmark over the waypoint
	// graph: on big maps, refresh less often and give it longer.
	n := l.reps[0].p.tier.Graph.Len()
	if l.cfg.RefreshEvery == 0 {
		l.cfg.RefreshEvery = max(DefaultRefreshEvery, b.Clusters()/32)
	}
	if l.cfg.RefreshLag <= 0 {
		l.cfg.RefreshLag = max(DefaultRefreshLag, n/2048)
	}
	l.cur.Store(l.reps[0])
	return l, nil
}

// Version returns the last published version (0 before the first
// Publish). Lock-free, O(1): it pins the published copy while it reads
// the copy's version, as a query does, since a copy that stops being the
// published one may be caught up (its version rewritten) at once.
func (l *Live) Version() uint64 {
	if l == nil {
		return 0
	}
	r := l.acquire()
	v := r.ver
	l.release(r)
	return v
}

// Width and Height return the map's size.
func (l *Live) Width() int {
	if l == nil {
		return 0
	}
	return l.w
}

func (l *Live) Height() int {
	if l == nil {
		return 0
	}
	return l.h
}

// Fill blocks (passable false) or opens every cell of r (clipped to the
// map) in the next version. Blocking a placed waypoint is an error
// (ErrPlaced) and changes nothing. O(area of r), plus catching the
// staging copy up (see Live) on the first write after a publish.
func (l *Live) Fill(r grid.Rect, passable bool) error {
	if l == nil {
		return errNilLive
	}
	if !passable {
		for _, p := range l.placed {
			if p.In(r) {
				return fmt.Errorf("%w: Fill %v blocks %v", ErrPlaced, r, p)
			}
		}
	}
	return l.write(func(x *replica) error { x.g.Fill(r, passable); return nil })
}

// SetPassable blocks or opens one cell in the next version: an error for
// a cell off the map (grid.ErrOutOfBounds) or a placed waypoint blocked
// (ErrPlaced).
func (l *Live) SetPassable(pt grid.Point, passable bool) error {
	if l == nil {
		return errNilLive
	}
	if !passable && slices.Contains(l.placed, pt) {
		return fmt.Errorf("%w: SetPassable %v", ErrPlaced, pt)
	}
	return l.write(func(x *replica) error { return x.g.SetPassable(pt, passable) })
}

// FillWeight sets the terrain weight of every cell of r (clipped to the
// map) in the next version; errors as grid.Grid.FillWeight.
func (l *Live) FillWeight(r grid.Rect, w uint8) error {
	return l.write(func(x *replica) error { return x.g.FillWeight(r, w) })
}

// SetWeight sets one cell's terrain weight in the next version; errors as
// grid.Grid.SetWeight.
func (l *Live) SetWeight(pt grid.Point, w uint8) error {
	return l.write(func(x *replica) error { return x.g.SetWeight(pt, w) })
}

// FillTerrain sets the terrain type of every cell of r (clipped to the
// map) in the next version (the movement classes' ground: a bridge built
// over water, a field flooded); errors as grid.Grid.FillTerrain.
func (l *Live) FillTerrain(r grid.Rect, t int) error {
	return l.write(func(x *replica) error { return x.g.FillTerrain(r, t) })
}

// write applies o to the staging copy and keeps it for the others. An
// op that fails must change nothing; it is dropped.
func (l *Live) write(o op) error {
	if l == nil {
		return errNilLive
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.writeLocked(o)
}

// writeLocked is write with l.mu held.
func (l *Live) writeLocked(o op) error {
	r, err := l.staging()
	if err != nil {
		return err
	}
	if err := o(r); err != nil {
		return err
	}
	l.pending = append(l.pending, o)
	return nil
}

// Publish makes the writes since the last Publish the new version and
// returns its number; queries that begin after it returns see it, those
// already running finish on the version they began on. With no write
// pending it returns the current version and does nothing.
//
// On the staging copy it runs Bake.Update, which rebuilds the clusters
// the edits touched (and the islands and dead ends when the region graph
// changed), and brings the planner in step without starting over: the
// dead-end marks of the rebuilt clusters; the landmark distances,
// lowered where a rewritten edge broke the ALT bound
// (navgraph.Landmarks.Repair: costs fell) and raised a bounded way out
// from the rewritten waypoints where costs rose (Landmarks.Raise), so
// the bound stays admissible and close to a fresh one; the penalty edges
// of the rewritten waypoints; and the route cache, whose other clusters'
// routes stay. Once publishes have rebuilt LiveConfig.RefreshEvery
// clusters, one starts picking the landmarks afresh on a goroutine, and
// the publish LiveConfig.RefreshLag versions later installs them (see
// refresh.go): which versions do so depends on the publishes alone, so
// answers stay deterministic. The README's live figures give the costs.
//
// An error leaves the version as it was; it comes only from a bake that
// does not hold together after the edits, which is a bug.
func (l *Live) Publish() (uint64, error) {
	if l == nil {
		return 0, errNilLive
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.pending) == 0 {
		return l.version, nil
	}
	r, err := l.staging()
	if err != nil {
		return l.version, err
	}
	bakeVer := r.b.Version()
	if err := l.settle(r); err != nil {
		// A bug: the copy is left out of service; the writes stay pending
		// and go to the next staging copy.
		r.broken, l.stage = true, nil
		return l.version, fmt.Errorf("%w: %w", ErrLive, err)
	}
	l.version++
	r.ver = l.version
	bt := batch{ver: l.version, ops: l.pending}
	if r.b.Version() != bakeVer {
		l.edits += len(r.b.LastUpdate().Clusters)
	}
	switch {
	case l.refresh != nil && l.refresh.install == l.version:
		bt.install, l.refresh = l.refresh, nil
		l.refreshes++
		r.p.installRefresh(bt.install)
	case l.refresh == nil && l.cfg.RefreshEvery > 0 && l.edits >= l.cfg.RefreshEvery && r.p.lm != nil:
		l.edits = 0
		l.refresh = l.startRefresh(r, l.version)
		bt.start = true
		r.p.beginRefresh()
	}
	if l.regroup != nil && l.regroup.install == l.version {
		bt.regroupInstall, l.regroup = l.regroup, nil
		l.regroups++
		r.p.installRegroup(bt.regroupInstall)
	}
	if l.regroup == nil { // (what the install left stale, too)
		if l.regroup = startRegroup(r.p, l.version, l.cfg.RegroupLag); l.regroup != nil {
			bt.regroupStart = true
			r.p.beginRegroup()
		}
	}
	l.log = append(l.log, bt)
	l.pending = nil
	l.stage = nil
	l.cur.Store(r)
	// A spare that only serves when the others are read falls behind;
	// replay up to two batches on the one that lags most (if no query
	// reads it), so that it never has a long log to replay when needed.
	var lag *replica
	for _, x := range l.reps {
		if x != r && !x.broken && x.refs.Load() == 0 && x.ver+2 < l.version && (lag == nil || x.ver < lag.ver) {
			lag = x
		}
	}
	if lag != nil {
		_ = l.catchUpTo(lag, lag.ver+2) // a failure takes the copy out of service
	}
	// Drop the batches every copy has.
	oldest := l.version
	for _, x := range l.reps {
		oldest = min(oldest, x.ver)
	}
	k := 0
	for k < len(l.log) && l.log[k].ver <= oldest {
		k++
	}
	l.log = slices.Delete(l.log, 0, k)
	return l.version, nil
}

// settle runs the bake update and the planner's refresh after a batch's
// writes.
func (l *Live) settle(r *replica) error {
	if err := r.b.Update(grid.Rect{}, l.cfg.Workers); err != nil {
		return err
	}
	return r.p.apply()
}

// staging returns the copy the next version is built on, choosing it
// (and catching it up) on the first write after a publish: the spare
// closest to the current version that no query reads. When every spare is
// still read, it waits for a query to end. Call with l.mu held. An error
// means a replay failed where the first run succeeded, which is a bug;
// the copy is then left out of service.
func (l *Live) staging() (*replica, error) {
	if l.stage != nil {
		return l.stage, nil
	}
	for {
		cur := l.cur.Load()
		var best *replica
		spares := 0
		for _, r := range l.reps {
			if r != cur && !r.broken {
				spares++
			}
			if r != cur && !r.broken && r.refs.Load() == 0 && (best == nil || r.ver > best.ver) {
				best = r
			}
		}
		if best != nil {
			if err := l.catchUp(best); err != nil {
				continue // out of service now: try another
			}
			// Writes made on a copy that failed to publish them.
			for _, o := range l.pending {
				if err := o(best); err != nil {
					best.broken = true
					return nil, fmt.Errorf("%w: replaying a pending write: %w", ErrLive, err)
				}
			}
			best.sum.Store(nil)
			l.stage = best
			return best, nil
		}
		if spares == 0 {
			return nil, fmt.Errorf("%w: no spare copy left", ErrLive)
		}
		<-l.wake
	}
}

// acquire pins the current version: its copy is not written until
// release. Lock-free: it retries if a publish moved on between reading
// the pointer and pinning the copy.
func (l *Live) acquire() *replica {
	for {
		r := l.cur.Load()
		r.refs.Add(1)
		if l.cur.Load() == r {
			return r
		}
		l.release(r)
	}
}

func (l *Live) release(r *replica) {
	if r.refs.Add(-1) == 0 && l.cur.Load() != r {
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

// catchUp replays on r the published batches it has not seen. Call with
// l.mu held, on a copy no query reads.
func (l *Live) catchUp(r *replica) error { return l.catchUpTo(r, l.version) }

// catchUpTo replays on r the published batches it has not seen, up to
// version to.
func (l *Live) catchUpTo(r *replica, to uint64) error {
	for _, bt := range l.log {
		if bt.ver <= r.ver {
			continue
		}
		if bt.ver > to {
			break
		}
		for _, o := range bt.ops {
			if err := o(r); err != nil {
				r.broken = true
				return fmt.Errorf("%w: replaying version %d: %w", ErrLive, bt.ver, err)
			}
		}
		if err := l.settle(r); err != nil {
			r.broken = true
			return fmt.Errorf("%w: replaying version %d: %w", ErrLive, bt.ver, err)
		}
		if bt.start {
			r.p.beginRefresh()
		}
		if bt.install != nil {
			r.p.installRefresh(bt.install)
		}
		if bt.regroupInstall != nil {
			r.p.installRegroup(bt.regroupInstall)
		}
		if bt.regroupStart {
			r.p.beginRegroup()
		}
		r.ver = bt.ver
		r.sum.Store(nil)
	}
	return nil
}
