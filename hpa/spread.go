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
// all on goal's island, reachable from it; when the island holds fewer
// cells than there are units, the units left over get the goal itself).
// For units of Size k > 1 the cells are the top-left corners of k×k
// footprints that do not overlap, taken greedily nearest first. The
// cells are assigned so that each unit takes a cell on its own side of
// the group: the unit nearest the goal gets the nearest cell, the next
// nearest the next, and then two units swap cells while that lowers the
// sum of the squared straight distances from each unit to its cell (at
// most 16 passes over the pairs): a unit west of the others ends on a
// western cell. (That leaves every pair of units heading the same way,
// not every pair of straight lines uncrossed.) dst[i] is units[i]'s
// destination; dst is reused from its start. Deterministic: the same map,
// goal and units give the same cells.
//
// Options.Size and Class choose the unit (its bake layer must exist, as
// for Find); the other options are checked and not used. Errors: a unit
// or the goal off the map (grid.ErrOutOfBounds), the goal blocked for the
// unit (grid.ErrBlocked), options out of range or a unit the bake has no
// layer for (ErrOptions), a stale planner (ErrStale), no bake
// (ErrNoBake). Cost: NearestCells for n = len(units) (k²-fold more
// candidates for k×k units), plus O(n²) a pass of the local search: 9
// ms in all for 1,000 units on random cells of a generated 1024² map (go
// test -run '^$' -bench BenchmarkSpread ./hpa). It allocates.
func (q *Query) Spread(goal grid.Point, units []grid.Point, opt Options, dst []grid.Point) ([]grid.Point, error) {
	dst = dst[:0]
	if err := q.stale(); err != nil {
		return dst, err
	}
	if err := opt.check(); err != nil {
		return dst, err
	}
	p, g := q.p, q.p.g
	k := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	if k != (grid.Unit{Size: 1}) {
		if err := p.checkUnit(Options{Size: opt.Size, Class: opt.Class}); err != nil {
			return dst, err
		}
	}
	if err := p.check(goal, "Spread: goal"); err != nil {
		return dst, err
	}
	if !g.Fits(goal, k) {
		return dst, fmt.Errorf("hpa: Spread: goal %v: a unit %d cells across of class %d does not fit: %w", goal, k.Size, k.Class, grid.ErrBlocked)
	}
	for i, u := range units {
		if !g.Contains(u) {
			return dst, fmt.Errorf("hpa: Spread: unit %d at %v off the %d×%d map: %w", i, u, g.Width(), g.Height(), grid.ErrOutOfBounds)
		}
	}
	if len(units) == 0 {
		return dst, nil
	}
	cells, err := q.spreadCells(goal, len(units), k)
	if err != nil {
		return dst, fmt.Errorf("hpa: Spread: %w", err)
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
	for n, i := range order {
		if n < len(cells) {
			dst[i] = cells[n]
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

// spreadCells returns up to n cells nearest goal where unit k stands,
// whose k×k footprints do not overlap (greedily, nearest first), in
// q.tmp.
func (q *Query) spreadCells(goal grid.Point, n int, k grid.Unit) ([]grid.Point, error) {
	opt := grid.Options{Size: k.Size, Class: k.Class}
	if k.Size <= 1 {
		cells, err := q.fine.NearestCells(goal, n, opt, q.tmp)
		q.tmp = cells
		return cells, err
	}
	for m := n * k.Size * k.Size; ; m *= 2 {
		cand, err := q.fine.NearestCells(goal, m, opt, q.tmp)
		q.tmp = cand
		if err != nil {
			return nil, err
		}
		taken := make(map[grid.Point]bool, n*k.Size*k.Size)
		var cells []grid.Point
	next:
		for _, c := range cand {
			for y := range k.Size {
				for x := range k.Size {
					if taken[c.Add(grid.Pt(x, y))] {
						continue next
					}
				}
			}
			for y := range k.Size {
				for x := range k.Size {
					taken[c.Add(grid.Pt(x, y))] = true
				}
			}
			if cells = append(cells, c); len(cells) == n {
				return cells, nil
			}
		}
		if len(cand) < m { // every corner the unit reaches, and not n of them apart
			return cells, nil
		}
	}
}
