package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
)

// MaxRevealRadius bounds the radius of RevealCircle and RevealCircles.
const MaxRevealRadius = 1 << 12

// RevealRect shows the player every cell of r (clipped to the map) as it
// is on truth, the true map now: the cells become seen and the player's
// beliefs about them (passability, terrain weight, and terrain type when
// either map has types) become the truth's. When a belief changed, the
// view's hierarchy is brought up to date before RevealRect returns (the
// clusters the changed cells touch are rebuilt, see Knowledge), so the
// next query sees it.
//
// truth must have the knowledge's size and movement rule (ErrKnowledge);
// it is only read. Cost: O(cells of r) when no belief changes; otherwise
// also a bake update of the touched clusters and the planner's repair.
func (k *Knowledge) RevealRect(truth *grid.Grid, r grid.Rect) (Revealed, error) {
	if err := k.checkTruth(truth); err != nil {
		return Revealed{}, err
	}
	r = r.Intersect(grid.Rect{Max: grid.Point{X: k.w, Y: k.h}})
	k.begin()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		k.row(truth, y, r.Min.X, r.Max.X)
	}
	return k.commit()
}

// RevealCircle shows the player the cells within radius of c (every cell
// (x, y) with (x-c.X)² + (y-c.Y)² ≤ radius², clipped to the map), as
// RevealRect does. c may lie off the map. A radius out of
// 0..MaxRevealRadius is an error (ErrKnowledge). Cost: as RevealRect's
// over the disc's cells; radius 8 is 197 cells.
func (k *Knowledge) RevealCircle(truth *grid.Grid, c grid.Point, radius int) (Revealed, error) {
	return k.RevealCircles(truth, []grid.Point{c}, radius)
}

// RevealCircles shows the player the discs of the given radius round
// every centre in one reveal (one update of the view for all of them): a
// tick's sight of a whole army. As RevealCircle otherwise.
func (k *Knowledge) RevealCircles(truth *grid.Grid, centres []grid.Point, radius int) (Revealed, error) {
	if err := k.checkTruth(truth); err != nil {
		return Revealed{}, err
	}
	if radius < 0 || radius > MaxRevealRadius {
		return Revealed{}, fmt.Errorf("%w: reveal radius %d (want 0..%d)", ErrKnowledge, radius, MaxRevealRadius)
	}
	// Half widths of the disc's rows: the cells x with
	// (x-cx)² ≤ radius² - dy².
	if cap(k.xs) < radius+1 {
		k.xs = make([]int32, radius+1)
	}
	xs := k.xs[:radius+1]
	r2 := radius * radius
	hw := radius
	for dy := 0; dy <= radius; dy++ {
		for hw*hw > r2-dy*dy {
			hw--
		}
		xs[dy] = int32(hw)
	}
	k.begin()
	for _, c := range centres {
		for dy := -radius; dy <= radius; dy++ {
			y := c.Y + dy
			if y < 0 || y >= k.h {
				continue
			}
			hw := int(xs[abs(dy)])
			x0, x1 := max(c.X-hw, 0), min(c.X+hw+1, k.w)
			if x0 < x1 {
				k.row(truth, y, x0, x1)
			}
		}
		if err := k.flush(); err != nil {
			return k.last, err
		}
	}
	return k.commit()
}

// checkTruth reports a truth grid that cannot be this knowledge's map.
func (k *Knowledge) checkTruth(truth *grid.Grid) error {
	if !k.made() {
		return fmt.Errorf("%w: a nil or zero Knowledge (make one with NewKnowledge)", ErrKnowledge)
	}
	if truth == nil {
		return fmt.Errorf("%w: a reveal of no truth grid", ErrKnowledge)
	}
	return sameShape(k.view, truth)
}

// begin starts a reveal.
func (k *Knowledge) begin() {
	k.last = Revealed{}
	k.edits, k.terrains = k.edits[:0], k.terrains[:0]
}

// row reveals cells x0..x1-1 of row y, all on the map.
func (k *Knowledge) row(truth *grid.Grid, y, x0, x1 int) {
	base := y * k.w
	tOpen, vOpen := truth.Passability(), k.view.Passability()
	// Terrain types, when either grid has any (nil: all 0).
	tt, vt := truth.Terrains(), k.view.Terrains()
	for x := x0; x < x1; x++ {
		i := base + x
		if m := uint64(1) << (i % 64); k.seen[i/64]&m == 0 {
			k.seen[i/64] |= m
			k.last.Seen++
			k.nSeen++
		}
		o := tOpen.Contains(uint32(i))
		terr := false
		if tt != nil || vt != nil {
			var a, b uint8
			if tt != nil {
				a = tt[i]
			}
			if vt != nil {
				b = vt[i]
			}
			if terr = a != b; terr {
				k.terrains = append(k.terrains, terrainEdit{int32(i), a})
			}
		}
		a, b := truth.WeightAt(i), k.view.WeightAt(i)
		if terr || o != vOpen.Contains(uint32(i)) || a != b {
			k.edits = append(k.edits, grid.CellEdit{At: grid.Point{X: x, Y: y}, Passable: o, Weight: a})
		}
	}
}

// terrainEdit is a cell whose terrain type a reveal changes.
type terrainEdit struct {
	i int32
	t uint8
}

// flush writes the edits of one shape into the view, so that a later
// shape of the same reveal sees them (and lists no cell twice).
func (k *Knowledge) flush() error {
	if len(k.edits) == 0 {
		return nil
	}
	if err := k.view.SetCells(k.edits); err != nil {
		return fmt.Errorf("%w: %w", ErrKnowledge, err)
	}
	for _, e := range k.terrains {
		if err := k.view.SetTerrain(k.view.PointAt(int(e.i)), int(e.t)); err != nil {
			return fmt.Errorf("%w: %w", ErrKnowledge, err)
		}
	}
	k.terrains = k.terrains[:0]
	for _, e := range k.edits {
		k.last.Rect = k.last.Rect.Union(grid.Rect{Min: e.At, Max: e.At.Add(grid.Point{X: 1, Y: 1})})
	}
	k.last.Changed += len(k.edits)
	k.edits = k.edits[:0]
	return nil
}

// commit ends a reveal: the view's bake and planner catch up with the
// beliefs it changed (or with those of an earlier reveal that failed
// half-way, which left them behind: queries answered ErrStale meanwhile).
func (k *Knowledge) commit() (Revealed, error) {
	if err := k.flush(); err != nil {
		return k.last, err
	}
	if k.bake.Stale() {
		// The grid records where its cells changed: the bake rebuilds the
		// clusters those touch, not the box round every disc.
		if err := k.bake.Update(grid.Rect{}, 1); err != nil {
			return k.last, err
		}
	}
	if k.plan.version != k.bake.Version() {
		if err := k.plan.apply(); err != nil {
			return k.last, err
		}
		k.refreshLandmarks()
		k.rebuildGroups()
	}
	k.last.Version = k.bake.Version()
	return k.last, nil
}

// refreshLandmarks starts or installs a landmark refresh of the view
// after a reveal changed it. Both are counted in clusters rebuilt, not in
// reveals (one reveal may rebuild one cluster or a hundred): a refresh
// starts once reveals have rebuilt k.every clusters since the last one
// was installed, and is installed by the reveal that brings the clusters
// rebuilt since it started to k.lag, waiting for it if need be. Which
// reveals do so depends on the reveals alone, so the answers stay
// deterministic.
func (k *Knowledge) refreshLandmarks() {
	n := len(k.bake.LastUpdate().Clusters)
	switch {
	case k.refresh != nil:
		if k.lagged += n; k.lagged >= k.lag {
			k.plan.installRefresh(k.refresh)
			k.refresh = nil
			k.refreshes++
		}
	case k.every > 0 && k.plan.lm != nil:
		if k.rebuilt += n; k.rebuilt >= k.every {
			k.rebuilt, k.lagged = 0, 0
			k.refresh = startRefresh(k.plan, k.bake.Version(), 0)
			k.plan.beginRefresh()
		}
	}
}

// rebuildGroups installs the group rebuild in flight once
// DefaultRegroupLag reveals have changed the view since it began
// (waiting for it if need be), and starts one when none is in flight
// and enough groups are stale (see regroup.go): which reveals do so
// depends on the reveals alone.
func (k *Knowledge) rebuildGroups() {
	if k.regroup != nil {
		if k.regrouped++; k.regrouped < DefaultRegroupLag {
			return
		}
		k.plan.installRegroup(k.regroup)
		k.regroup = nil
		k.regroups++
	}
	v := k.bake.Version()
	if k.regroup = startRegroup(k.plan, v, 0); k.regroup != nil {
		k.regrouped = 0
		k.plan.beginRegroup()
	}
}
