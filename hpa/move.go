package hpa

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// Guide says how a Move's units find their way.
type Guide uint8

const (
	// Auto lets Move choose: a field when it costs less than a path per
	// unit (see Query.Move).
	Auto Guide = iota
	// ByPaths gives each unit a path of its own (Query.Find).
	ByPaths
	// ByField has the units share a flow field to the goal, each taking
	// a path of its own for the last cells to its destination.
	ByField
)

// MoveOptions tunes Query.Move.
type MoveOptions struct {
	// Options are the path options (Size and Class choose the unit, as
	// for Find; Smooth shapes the paths, Corners taken as Cells: Step
	// walks cell by cell). With a penalty or a budget Move gives paths:
	// a field counts a layer's influence but not its claims, and takes
	// no budget.
	Options
	// Guide chooses paths, a field, or (Auto) the cheaper.
	Guide Guide
	// Spread gives each unit a destination of its own near the goal
	// (Query.Spread) instead of the goal itself.
	Spread bool
	// Formation, when not nil, gives unit i the destination goal +
	// Formation[i] (len(units) offsets). A unit whose cell there it
	// cannot reach from the goal (off the map, blocked for it, walled
	// off, or reached only by a long way round: see Query.Move), or
	// whose footprint there overlaps an earlier unit's, gets one of the
	// spread cells (Spread) that no formation footprint took, nearest
	// the goal first.
	Formation []grid.Point
}

// Move is what a group ordered to one goal follows: a destination per
// unit, and a shared flow field or a path per unit. Step walks a unit
// along it. Keep one per order and reuse it; not safe for concurrent
// use.
type Move struct {
	// Dest[i] is unit i's destination.
	Dest []grid.Point
	// Field is the shared field to the goal (nil when the units follow
	// paths).
	Field *Field
	// Paths[i] is unit i's path (Find's, from where it stood to Dest[i]),
	// or, with a field, its last leg once Step made it: empty until then.
	Paths [][]grid.Point

	q     *Query
	opt   Options
	goal  grid.Point
	at    []int // per unit: its index on Paths[i]
	near  grid.Rect
	cells []grid.Point
	field Field
}

// Move orders units (their cells) to goal and fills m with what they
// follow: their destinations (the goal; or Spread's cells, or the
// formation's), and paths or a shared field.
//
// With Guide Auto it takes a field when that is the cheaper estimate:
// a field costs one Dijkstra over the waypoint graph (taken as four
// cells a waypoint) and one inside each cluster the units start in or
// cross on the coarse route (S² cells each, for S×S clusters), a path
// per unit about three clusters' worth of cells. So a handful of units
// take paths and a few dozen a field; under a penalty or a budget it
// gives paths. With a field,
// Move builds the clusters the units stand in (Field.Ready), nearest the
// goal first; a unit's walk builds the others it enters.
//
// A formation's cells are checked by one exact search from the goal in
// a window round the goal and the formation cells, grown by a cluster.
//
// Errors as Find's and Spread's (the goal, the units, the options); m's
// previous content is replaced. Cost: Spread when asked (and for a
// formation), the formation's search, plus the paths (a Find per unit)
// or the field (NewField and Ready). It allocates.
func (q *Query) Move(goal grid.Point, units []grid.Point, opt MoveOptions, m *Move) error {
	if m == nil {
		return fmt.Errorf("%w: nil Move", ErrOptions)
	}
	if opt.Guide > ByField {
		return fmt.Errorf("%w: Guide %d", ErrOptions, opt.Guide)
	}
	if opt.Formation != nil && len(opt.Formation) != len(units) {
		return fmt.Errorf("%w: %d formation offsets for %d units", ErrOptions, len(opt.Formation), len(units))
	}
	m.q, m.opt, m.goal, m.Field = q, opt.Options, goal, nil
	if m.opt.Smooth == Corners {
		m.opt.Smooth = Cells // Step walks cell by cell
	}
	n := len(units)
	m.Dest = resize(m.Dest, n)
	m.Paths = resize(m.Paths, n)
	m.at = resize(m.at, n)
	clear(m.at)
	var err error
	if opt.Spread || opt.Formation != nil {
		if m.Dest, err = q.Spread(goal, units, opt.Options, m.Dest); err != nil {
			return err
		}
	} else {
		if err := q.checkMove(goal, units, opt.Options); err != nil {
			return err
		}
		for i := range m.Dest {
			m.Dest[i] = goal
		}
	}
	if opt.Formation != nil {
		if err := q.formation(goal, opt, m.Dest); err != nil {
			return err
		}
	}
	m.near = grid.Rect{}
	for _, d := range m.Dest {
		m.near = m.near.Union(grid.R(d.X, d.Y, d.X+1, d.Y+1))
	}
	m.near = m.near.Union(grid.R(goal.X, goal.Y, goal.X+1, goal.Y+1)).Grow(2)
	guide := opt.Guide
	if opt.Penalty != (Penalty{}) || opt.MaxExpansions > 0 {
		guide = ByPaths
	}
	if guide == Auto {
		guide = ByPaths
		if q.fieldCheaper(goal, units) {
			guide = ByField
		}
	}
	if guide == ByField {
		if err := m.field.Reset(q.p, goal, opt.Options); err != nil {
			return err
		}
		m.Field = &m.field
		m.Field.Ready(units)
		for i := range m.Paths {
			m.Paths[i] = m.Paths[i][:0]
		}
		return nil
	}
	for i, u := range units {
		res, err := q.Find(u, m.Dest[i], m.opt, m.Paths[i])
		if err != nil {
			return err
		}
		m.Paths[i] = res.Path
	}
	return nil
}

// checkMove checks goal and units as Spread does.
func (q *Query) checkMove(goal grid.Point, units []grid.Point, opt Options) error {
	_, err := q.Spread(goal, nil, opt, nil)
	if err != nil {
		return err
	}
	g := q.p.g
	for i, u := range units {
		if !g.Contains(u) || !g.Passable(u) { // the message only for a bad one
			return q.p.check(u, fmt.Sprintf("Move: unit %d", i))
		}
	}
	return nil
}

// formation gives each unit whose formation cell (goal + its offset) the
// unit can reach from the goal, by a search in a window round the goal
// and the formation (a cell reached only by a longer way round counts as
// unreachable), and whose footprint overlaps no earlier unit's, that
// cell; and the others the spread cells (dest, as Spread gave them) that
// no formation footprint took, nearest the goal first (straight
// distance), to the units in order.
func (q *Query) formation(goal grid.Point, opt MoveOptions, dest []grid.Point) error {
	g := q.p.g
	k := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	win := grid.R(goal.X, goal.Y, goal.X+1, goal.Y+1)
	cells := make([]grid.Point, len(opt.Formation))
	for i, off := range opt.Formation {
		cells[i] = goal.Add(off)
		if g.Contains(cells[i]) {
			win = win.Union(grid.R(cells[i].X, cells[i].Y, cells[i].X+1, cells[i].Y+1))
		}
	}
	win = win.Grow(q.p.tier.ClusterSize).Intersect(g.Bounds())
	costs := make([]grid.Cost, len(cells))
	var in []grid.Point // the cells where the unit fits
	var at []int
	for i, c := range cells {
		costs[i] = grid.Unreachable
		if g.Fits(c, k) {
			in, at = append(in, c), append(at, i)
		}
	}
	inCost := make([]grid.Cost, len(in))
	if _, err := q.fine.FindAll(goal, in, grid.Options{Window: win, Size: k.Size, Class: k.Class}, inCost); err != nil {
		return err
	}
	for j, i := range at {
		costs[i] = inCost[j]
	}
	spread := slices.Clone(dest)
	taken := make(map[grid.Point]bool, len(dest)*k.Size*k.Size)
	free := func(c grid.Point) bool {
		for y := range k.Size {
			for x := range k.Size {
				if taken[c.Add(grid.Pt(x, y))] {
					return false
				}
			}
		}
		return true
	}
	take := func(c grid.Point) {
		for y := range k.Size {
			for x := range k.Size {
				taken[c.Add(grid.Pt(x, y))] = true
			}
		}
	}
	var left []int
	for i, c := range cells {
		if costs[i] != grid.Unreachable && free(c) {
			dest[i] = c
			take(c)
		} else {
			left = append(left, i)
		}
	}
	slices.SortStableFunc(spread, func(a, c grid.Point) int {
		return cmp.Compare(grid.OctileCost(a, goal), grid.OctileCost(c, goal))
	})
	j := 0
	for _, i := range left {
		for j < len(spread) && !free(spread[j]) {
			j++
		}
		if j < len(spread) {
			dest[i] = spread[j]
			take(spread[j])
		} else {
			dest[i] = goal
		}
	}
	return nil
}

// fieldCheaper estimates whether a field serves units at less cost than
// a path each (see Move).
func (q *Query) fieldCheaper(goal grid.Point, units []grid.Point) bool {
	t := q.p.tier
	s := t.ClusterSize
	cg := t.ClusterOf(goal)
	cw := t.ClustersX()
	q.ids = q.ids[:0]
	far := 0
	for _, u := range units {
		c := t.ClusterOf(u)
		q.ids = append(q.ids, int32(c))
		far = max(far, abs(c%cw-cg%cw), abs(c/cw-cg/cw))
	}
	distinct := countDistinct(q.ids)
	field := 4*t.NumPoints() + (distinct+far)*s*s
	paths := len(units) * 3 * s * s
	return field < paths
}

// countDistinct sorts ids and returns how many differ.
func countDistinct(ids []int32) int {
	if len(ids) == 0 {
		return 0
	}
	slices.Sort(ids)
	n := 1
	for i := 1; i < len(ids); i++ {
		if ids[i] != ids[i-1] {
			n++
		}
	}
	return n
}

// Step returns the cell unit i (standing at pos) steps to next, and
// true; false when it has arrived at its destination or has no way
// there. With paths it walks Paths[i] (from wherever pos lies on it;
// a unit pushed off its path gets a new one). With a field it follows
// the field until it comes within two cells of the box around the
// destinations, then takes a path of its own to its destination (one
// Find, kept in Paths[i]). O(1) a step but for those Finds.
func (m *Move) Step(i int, pos grid.Point) (grid.Point, bool) {
	if m == nil || m.q == nil || i < 0 || i >= len(m.Dest) || pos == m.Dest[i] {
		return pos, false
	}
	if m.Field != nil && len(m.Paths[i]) == 0 && !pos.In(m.near) {
		return m.Field.Next(pos)
	}
	path := m.Paths[i]
	k := m.at[i]
	if k >= len(path) || path[k] != pos {
		// Off the path (or none yet): find pos on it, else a new one.
		k = -1
		for j := len(path) - 1; j >= 0; j-- {
			if path[j] == pos {
				k = j
				break
			}
		}
		if k < 0 {
			res, err := m.q.Find(pos, m.Dest[i], m.opt, path)
			m.Paths[i] = res.Path
			if err != nil || res.Status != Found || len(res.Path) < 2 {
				return pos, false
			}
			path, k = res.Path, 0
		}
	}
	if k+1 >= len(path) {
		return pos, false
	}
	m.at[i] = k + 1
	return path[k+1], true
}
