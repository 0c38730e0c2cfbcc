package hpa

import (
	"fmt"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// maxSpreadPasses bounds the passes of Spread's local search.
const maxSpreadPasses = 16

// Spread gives each unit of a group ordered to one cell a destination of
// its own, so that they do not all fight for the cell clicked: the
// len(units) cells nearest goal by path cost (grid.Searcher.NearestCells:
// all on goal's island, reachable from it; fewer units than cells when
// the island is smaller, and then the units beyond get the goal itself),
// assigned so that paths cross little. The assignment starts with the
// unit nearest the goal on the nearest cell, the next nearest on the
// next, and then swaps two units' cells while that lowers the sum of the
// squared straight distances from each unit to its cell (at most 16
// passes over the pairs): a unit west of the others ends on a western
// cell. dst[i] is units[i]'s destination; dst is reused from its start.
// Deterministic: the same map, goal and units give the same cells.
//
// Options.Size and Class choose the unit the cells must hold; the other
// options are not used. Errors: a unit or the goal off the map
// (grid.ErrOutOfBounds), the goal blocked for the unit (grid.ErrBlocked),
// a stale planner (ErrStale). Cost: NearestCells for n = len(units), plus
// O(n²) a pass of the local search: 13 ms in all for 1,000 units on
// random cells of a generated 1024² map (go test -run '^$' -bench
// BenchmarkSpread ./hpa). It allocates the units' order.
func (q *Query) Spread(goal grid.Point, units []grid.Point, opt Options, dst []grid.Point) ([]grid.Point, error) {
	dst = dst[:0]
	if err := q.stale(); err != nil {
		return dst, err
	}
	if err := opt.check(); err != nil {
		return dst, err
	}
	g := q.p.g
	for i, u := range units {
		if !g.Contains(u) {
			return dst, fmt.Errorf("hpa: Spread: unit %d at %v off the %d×%d map: %w", i, u, g.Width(), g.Height(), grid.ErrOutOfBounds)
		}
	}
	if len(units) == 0 {
		if !g.Contains(goal) {
			return dst, fmt.Errorf("hpa: Spread: goal %v off the %d×%d map: %w", goal, g.Width(), g.Height(), grid.ErrOutOfBounds)
		}
		return dst, nil
	}
	cells, err := q.fine.NearestCells(goal, len(units), grid.Options{Size: opt.Size, Class: opt.Class}, q.tmp)
	q.tmp = cells
	if err != nil {
		return dst, err
	}
	// The units, nearest the goal first (ties: by index), on the cells in
	// order; units beyond the cells stay on the goal.
	order := make([]int32, len(units))
	for i := range order {
		order[i] = int32(i)
	}
	d2 := func(a, b grid.Point) int64 {
		dx, dy := int64(a.X-b.X), int64(a.Y-b.Y)
		return dx*dx + dy*dy
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		da, db := d2(units[a], goal), d2(units[b], goal)
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	dst = slices.Grow(dst, len(units))[:len(units)]
	for k, i := range order {
		if k < len(cells) {
			dst[i] = cells[k]
		} else {
			dst[i] = goal
		}
	}
	// Swap two units' cells while that lowers the sum of squared
	// distances.
	for range maxSpreadPasses {
		swapped := false
		for i := range units {
			for j := i + 1; j < len(units); j++ {
				ui, uj, ci, cj := units[i], units[j], dst[i], dst[j]
				if ci == cj {
					continue
				}
				if d2(ui, cj)+d2(uj, ci) < d2(ui, ci)+d2(uj, cj) {
					dst[i], dst[j] = cj, ci
					swapped = true
				}
			}
		}
		if !swapped {
			break
		}
	}
	return dst, nil
}
