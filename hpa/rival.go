package hpa

import (
	"errors"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// rivalSlack: rival keeps a path that costs at most a rivalSlack-th
// more than the plain route, unchallenged. On the StarCraft maps (every
// 40th line) under the README's heavy and influence loads it saves 7%
// of the cells the smoothed queries expand (87,782 and 49,636 a query,
// against 94,476 and 53,638 when every rival runs), for means of 0.08%
// and 0.10% over the exact search (0.07% and 0.09%), worst 2.83% and
// 3.78% (2.64% and 3.78%): go run ./cmd/rtspath bench -maps
// ../shared/maps/sc1 -algos hpa,hpa-smooth -every 40 -load heavy (and
// influence) -out "" -quiet, against a build with rivalSlack 1<<40.
const rivalSlack = 64

// rival tries, for a query under a penalty layer that holds influence
// or claims, a second route: the one the coarse search finds on the
// waypoint graph's plain costs, refined and tightened in its band as
// the first was (raw, the route the penalty's edge prices chose). It
// returns the one whose answer (smoothed as opt says) costs less under
// the penalty, raw on ties: smoothing shortens some paths more than
// others, so the raw paths' costs could pick the dearer answer.
//
// Why: an edge's price under the penalty is its route's between two
// fixed transition points, round the influence inside the cluster. A
// way that crosses a cluster border beside a hot spot rather than at
// the transition point behind it has no edge, so the penalized search
// may send the path the long way round, a corridor away, where its band
// cannot find the way the exact search takes. The plain route keeps the
// short corridor, and its band steps round the hot spot. On the Moving
// AI maps under the README's loads, the worst query went from 22.72%
// over the exact search to 2.89% (maze, heavy) and from 9.72% to 3.78%
// (sc1, influence alone).
//
// What it costs: a coarse search. Nothing more when it finds the first
// route again, or when raw (before smoothing) costs at most a
// rivalSlack-th more than the plain route's coarse cost (its edges
// without the penalty, start and goal joined to it under the penalty
// as for the first route): raw is then within about that of the best a
// path could cost, penalty or not (on four tiers and more, of the best
// through the groups' doors, which may cost a little more). Else a refinement, one pass of the
// band and the smoothings that compare the answers (two, three when it
// wins: Options.SmoothPasses each); only a rival that beats raw then
// gets the further passes tightenAll gives, and is compared again. The
// waypoints it expands add to res.Waypoints; res.Coarse and
// CoarseRoute follow the route returned. A budget that runs out in the
// rival keeps raw (or a rival that beat it already), with no error and
// Status Found; other errors are returned with raw.
func (q *Query) rival(start, goal grid.Point, cs, cg int, opt Options, raw []grid.Point, res *Result) ([]grid.Point, error) {
	p := q.p
	// The first route, to compare and to restore.
	first := append(q.rivalNodes[:0], q.nodes...)
	q.rivalNodes = first
	cells := append(q.rivalCells[:0], q.coarseCells...)
	q.rivalCells = cells
	coarse, wp := res.Coarse, res.Waypoints
	// raw stays: its route restored; a budget spent is no error here.
	keep := func(err error) ([]grid.Point, error) {
		if err != nil && !errors.Is(err, errSpent) {
			return raw, err
		}
		q.coarseCells = append(q.coarseCells[:0], cells...)
		res.Coarse = coarse
		return raw, nil
	}

	// The sources and targets are the first search's: connect does not
	// depend on the edges' prices.
	q.cq.Penalty, q.cq.PenaltyFunc, q.cq.Overlay = nil, nil, p.ov
	res.Waypoints = 0 // (left as it was when the budget is gone before)
	cr, found, err := q.coarseRoute(false, res)
	res.Waypoints += wp
	if err != nil || !found || slices.Equal(cr.Path, first) {
		return keep(err)
	}
	if c := q.cost(raw); c <= grid.Cost(cr.Cost)+grid.Cost(cr.Cost)/rivalSlack {
		return keep(nil)
	}
	have := q.answerCost(raw, opt)
	src, tgt := q.cq.Sources[cr.Source].Cost, q.cq.Targets[cr.Target].Cost
	res.Coarse = len(cr.Path)
	alt, err := q.refine(q.alt[:0], start, goal, cs, cg, cr.Path, src, tgt, true, -1)
	// One pass of the band first: only a rival that beats raw then gets
	// the further passes raw had.
	var before grid.Cost
	if err == nil && len(alt) > 2 && alt[len(alt)-1] == goal {
		before = q.cost(alt)
		alt, err = q.tighten(alt)
	}
	wins := err == nil && len(alt) > 0 && alt[len(alt)-1] == goal && q.answerCost(alt, opt) < have
	if wins && len(alt) > 2 {
		// A pass the budget stops leaves the path as the last one did:
		// still a rival, compared again (smoothing is not monotone).
		if alt, err = q.tightenFrom(alt, 1, before); err == nil || errors.Is(err, errSpent) {
			wins, err = q.answerCost(alt, opt) < have, nil
		}
	}
	q.alt = alt
	if err != nil || !wins {
		return keep(err)
	}
	q.alt = raw
	return alt, nil
}

// answerCost returns what Find's answer on raw costs under opt.Smooth:
// raw's cost for Raw, its smoothing's for Cells and Corners (whose Cost
// is that of the Cells path its corners come from). Smoothing does not
// shorten every path alike, so rival compares the answers.
func (q *Query) answerCost(raw []grid.Point, opt Options) grid.Cost {
	var c grid.Cost
	switch opt.Smooth {
	case Cells:
		q.rivalSm, c = q.smoothed(raw, q.rivalSm[:0], opt.SmoothPasses)
	case Corners:
		q.rivalSm, c = q.smoothCells(raw, q.rivalSm[:0])
	default:
		c = q.cost(raw)
	}
	return c
}
