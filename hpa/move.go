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
	// walks cell by cell). A field takes no penalty and no
	// budget: with either set, Move gives paths.
	Options
	// Guide chooses paths, a field, or (Auto) the cheaper.
	Guide Guide
	// Spread gives each unit a destination of its own near the goal
	// (Query.Spread) instead of the goal itself.
	Spread bool
	// Formation, when not nil, gives unit i the destination goal +
	// Formation[i] (len(units) offsets). A unit whose cell there is off
	// the map, does not fit, lies on another island or repeats an
	// earlier unit's gets one of the spread cells (Spread) that no
	// formation cell took, nearest the goal first.
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
	// or, with a field, its last leg once Step made it: nil until then.
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
// take paths and a few dozen a field; a field also needs no penalty and
// no budget. With a field,
// Move builds the clusters the units stand in (Field.Ready), nearest the
// goal first; a unit's walk builds the others it enters.
//
// Errors as Find's and Spread's (the goal, the units, the options);
// dst's previous content is dropped. Cost: Spread when asked, plus the
// paths (a Find per unit) or the field (NewField and Ready).
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
		q.formation(goal, opt, m.Dest)
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
	for i, u := range units {
		if err := q.p.check(u, fmt.Sprintf("Move: unit %d", i)); err != nil {
			return err
		}
	}
	return nil
}

// formation gives each unit whose formation cell (goal + its offset) is
// on the map, fits the unit and lies on the goal's island that cell, and
// the others the spread cells (dest, as Spread gave them) that no
// formation cell took, nearest the goal first (straight distance), to
// the units in order.
func (q *Query) formation(goal grid.Point, opt MoveOptions, dest []grid.Point) {
	g, b := q.p.g, q.p.bake
	k := grid.Unit{Size: max(opt.Size, 1), Class: opt.Class}
	spread := slices.Clone(dest)
	taken := make(map[grid.Point]bool, len(dest))
	var left []int
	for i, off := range opt.Formation {
		if c := goal.Add(off); g.Fits(c, k) && b.SameIsland(c, goal) && !taken[c] {
			dest[i], taken[c] = c, true
		} else {
			left = append(left, i)
		}
	}
	slices.SortStableFunc(spread, func(a, c grid.Point) int {
		return cmp.Compare(grid.OctileCost(a, goal), grid.OctileCost(c, goal))
	})
	j := 0
	for _, i := range left {
		for j < len(spread) && taken[spread[j]] {
			j++
		}
		if j < len(spread) {
			dest[i], taken[spread[j]] = spread[j], true
		} else {
			dest[i] = goal
		}
	}
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
