package hpa

import (
	"errors"

	"github.com/rtspath/rtspath/grid"
)

// errSpent stops a call whose Options.MaxExpansions ran out; Find turns
// it into Status Exhausted. It never leaves the package.
var errSpent = errors.New("hpa: expansion budget spent")

// budget is what a call may expand: max (0: no bound) and used so far.
type budget struct{ max, used int }

// limit returns the MaxExpansions to give the next search: what is left,
// or 0 (no bound) when the call has no budget; errSpent when nothing is
// left.
func (b *budget) limit() (int, error) {
	if b.max == 0 {
		return 0, nil
	}
	if b.used >= b.max {
		return 0, errSpent
	}
	return b.max - b.used, nil
}

// search runs the fine searcher from a to z under opt within the call's
// budget; a search the budget stopped returns errSpent (its result, a
// partial path with opt.Nearest, is returned too).
//
// A sliced query (q.pc) may wait for its next slice inside the search.
func (q *Query) search(a, z grid.Point, opt grid.Options, dst []grid.Point) (grid.Result, error) {
	var err error
	if opt.MaxExpansions, opt.Pause, err = q.limit(); err != nil {
		return grid.Result{Path: dst[:0]}, err
	}
	r, err := q.fineFind(a, z, opt, dst)
	q.settle(r.Expanded)
	if err == nil && r.Status == grid.Exhausted {
		err = errSpent
	}
	return r, err
}

// offer considers the cells of path (legal, from the start) as the end
// of a partial answer: the first one nearest the goal, with the prefix
// that leads to it, replaces the best so far when it lies nearer the goal,
// or as near and costs less. O(len(path)).
func (q *Query) offer(path []grid.Point) {
	if len(path) == 0 {
		return
	}
	k, h := 0, grid.OctileCost(path[0], q.bestTo)
	for i, pt := range path {
		if d := grid.OctileCost(pt, q.bestTo); d < h {
			k, h = i, d
		}
	}
	if h > q.bestH {
		return
	}
	if c := q.cost(path[:k+1]); h < q.bestH || c < q.bestC {
		q.best = append(q.best[:0], path[:k+1]...)
		q.bestH, q.bestC = h, c
	}
}
