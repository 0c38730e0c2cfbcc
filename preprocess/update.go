package preprocess

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// ErrStale is wrapped by WriteTo on a bake whose grid has been edited
// since the bake last caught up with it (see Stale): call Update first.
var ErrStale = errors.New("preprocess: grid edited since the bake's last Update")

// Update brings the bake up to date with its grid after cells changed (a
// building went up or came down). It rebuilds the cells of r together
// with every cell edited since the bake last caught up with the grid,
// which the grid records itself (grid.Grid.Dirty): r may be empty, wrong
// or off the map and the bake is still right, so Update(grid.Rect{}, 0)
// is enough; with no edit to apply and r empty or off the map it changes
// nothing (Version stays, planners need no Sync). It rebuilds the regions and border runs, transition points
// and intra-cluster edges of the clusters that those cells, grown by one,
// touch, and then the global parts (islands, dead ends, the waypoint
// graph), whose cost is linear in the number of regions and points, not
// cells; and of the unit layers, the clusters the edits reach (their
// graphs assembled anew). The result equals a bake built from scratch on
// the edited grid.
//
// When another bake on the same grid caught up first, the grid no longer
// knows what changed before that, and Update rebuilds the whole map (the
// cost of Build). The grid must be the one the bake was built for, edited
// in place. workers is as in Config (0: GOMAXPROCS). An error (a placed
// waypoint now blocked, a unit whose movement class the grid no longer
// has) leaves the bake as it was, and Stale.
func (b *Bake) Update(r grid.Rect, workers int) error {
	g := b.g
	if g.Width() != b.w || g.Height() != b.h || g.Movement() != b.rule {
		return fmt.Errorf("%w: the grid changed size or movement rule; build a new bake", ErrConfig)
	}
	for _, p := range b.placed {
		if !g.Passable(p) {
			return fmt.Errorf("%w: placed waypoint %v is now blocked", ErrConfig, p)
		}
	}
	if _, err := checkUnits(g, b.unitList); err != nil {
		return fmt.Errorf("%w (the grid's movement classes changed under the bake's units; build a new bake)", err)
	}
	// The edits since the bake caught up, each edit's own rectangle (the
	// whole grid if the grid cannot tell), and r.
	rs := b.scratch.rects[:0]
	if dirty, ok := g.DirtySince(b.gridVer); !ok {
		rs = append(rs, dirty)
	} else if !dirty.Empty() {
		rs = g.DirtyRects(rs)
	}
	if r = r.Intersect(g.Bounds()); !r.Empty() {
		rs = append(rs, r)
	}
	b.scratch.rects = rs
	b.caughtUp()
	if len(rs) == 0 { // nothing to apply
		return nil
	}
	b.version++
	// A border run depends only on the two cells beside the border, so
	// each rectangle grown by one reaches every cluster whose regions,
	// runs, points or edges can change: a changed run always has both of
	// its clusters here.
	var touched []int
	for _, r := range rs {
		r = r.Grow(1).Intersect(g.Bounds())
		x0, y0 := r.Min.X/b.cs, r.Min.Y/b.cs
		x1, y1 := (r.Max.X-1)/b.cs, (r.Max.Y-1)/b.cs
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				touched = append(touched, cy*b.cw+cx)
			}
		}
	}
	slices.Sort(touched)
	touched = slices.Compact(touched)
	for _, c := range touched {
		b.clVersion[c] = b.version
	}
	b.last = UpdateInfo{Version: b.version, Clusters: touched}
	b.unitRects = rs
	b.rebuild(touched, touched, workers)
	return nil
}

// caughtUp records that the bake is in step with its grid as it is now.
func (b *Bake) caughtUp() {
	b.gridVer = b.g.Version()
	b.g.ClearDirty()
}

// Stale reports whether the grid has been edited since the bake last
// caught up with it (Build, Load or Update). A stale bake's answers
// (SameIsland, Island, Region, DeadEnd, AvoidDeadEnds, the tier)
// describe the grid as it was then (Clearance, kept by the grid, is
// always the grid's now): call Update before trusting them. O(1).
func (b *Bake) Stale() bool { return b.g.Version() != b.gridVer }

// GridVersion returns the grid's Version the bake is in step with.
func (b *Bake) GridVersion() uint64 { return b.gridVer }

// Version counts the updates applied to the bake; planners built on it
// compare it to know when to refresh what they derived from it.
func (b *Bake) Version() uint64 { return b.version }

// ClusterVersion returns the Version of the last update that rebuilt
// cluster c (0 if none did, or there is no cluster c): what a planner
// caches about a cluster stays true while this does not change.
func (b *Bake) ClusterVersion(c int) uint64 {
	if c < 0 || c >= len(b.clVersion) {
		return 0
	}
	return b.clVersion[c]
}

// UpdateInfo says what the last Update that changed the bake rebuilt, for
// a planner that keeps what it derives in step without starting over.
type UpdateInfo struct {
	// Version is the bake's Version after that update (0: none yet).
	Version uint64
	// Clusters are the clusters rebuilt, in increasing order. Their
	// waypoint slots were rewritten, and so were the edges of the
	// waypoints of the clusters beside them (east, west, north, south).
	Clusters []int
	// Regions: the region graph changed, so islands and dead ends were
	// recomputed everywhere (else they are as they were).
	Regions bool
	// Layout: the waypoint tier was laid out afresh (a cluster outgrew its
	// slots), so every waypoint may sit in another slot.
	Layout bool
}

// LastUpdate returns what the last Update that changed the bake rebuilt
// (the zero UpdateInfo before any). The slice is the bake's own: do not
// modify it. O(1).
func (b *Bake) LastUpdate() UpdateInfo { return b.last }

// Placed returns the designer-placed waypoints (Config.Placed), sorted
// row-major and without repeats: cells an edit may not block (Update
// refuses it). The slice is the bake's own: do not modify it. O(1).
func (b *Bake) Placed() []grid.Point { return b.placed }
