package preprocess

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
)

// Update brings the bake up to date after the cells of r changed on its
// grid (a building went up or came down): it rebuilds the regions and
// border runs, transition points and intra-cluster edges of the clusters
// that r, grown by one cell, touches, the clearance around r, and then the
// global parts
// (islands, dead ends, the waypoint graph), whose cost is linear in the
// number of regions and points, not cells. The result equals a bake built
// from scratch on the edited grid.
//
// The grid must be the one the bake was built for, edited in place; the
// edit must lie inside r. workers is as in Config (0: GOMAXPROCS).
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
	r = r.Grow(1).Intersect(g.Bounds())
	if r.Empty() {
		return nil
	}
	b.version++
	// A border run depends only on the two cells beside the border, so
	// r grown by one reaches every cluster whose regions, runs, points or
	// edges can change: a changed run always has both of its clusters here.
	x0, y0 := r.Min.X/b.cs, r.Min.Y/b.cs
	x1, y1 := (r.Max.X-1)/b.cs, (r.Max.Y-1)/b.cs
	var touched []int
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			touched = append(touched, cy*b.cw+cx)
		}
	}
	for _, c := range touched {
		b.clVersion[c] = b.version
	}
	b.rebuild(touched, touched, workers)
	b.computeClearance(r)
	return nil
}

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
