package hpa

import (
	"errors"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// Refreshed returns the number of clusters whose edge penalties the
// layer has refreshed so far.
func (f *Penalties) Refreshed() int { return f.refreshed }

// EdgePenalty returns the penalty of the waypoint-graph edge u→v as a
// query from start sees it through pen.
func EdgePenalty(q *Query, pen Penalty, start grid.Point, u, v int32) navgraph.Cost {
	if err := q.usePenalty(pen, start); err != nil {
		panic(err)
	}
	return q.edgePenalty(u, v)
}

// LiveCopies brings every copy of l up to the published version (no
// write may be pending and no query running) and returns a View of each.
func LiveCopies(l *Live) ([]View, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.pending) > 0 {
		return nil, errors.New("LiveCopies with writes pending")
	}
	var vs []View
	for _, r := range l.reps {
		if err := l.catchUp(r); err != nil {
			return nil, err
		}
		r.refs.Add(1)
		vs = append(vs, View{l, r})
	}
	return vs, nil
}

// LiveRefreshes returns the number of landmark refreshes l installed.
func LiveRefreshes(l *Live) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refreshes
}

// LiveRegroups returns the number of group rebuilds l installed, and
// the groups stale on its published version.
func LiveRegroups(l *Live) (int, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.regroups, len(l.cur.Load().p.ov.Stale(nil))
}

// KnowledgeRefreshes returns the landmark refreshes k installed.
func KnowledgeRefreshes(k *Knowledge) int { return k.refreshes }

// KnowledgeRegroups returns the group rebuilds k installed.
func KnowledgeRegroups(k *Knowledge) int { return k.regroups }

// BuiltClusters returns the clusters f has built, in increasing order.
func (f *Field) BuiltClusters() []int {
	var cs []int
	for c, t := range f.tiles {
		if t != nil {
			cs = append(cs, c)
		}
	}
	return cs
}

// SetFieldMaxRebuilds sets how often SyncTo builds a cluster again before
// it seeds it from its waypoints alone, and returns the undo.
func SetFieldMaxRebuilds(n uint8) func() {
	old := maxRebuilds
	maxRebuilds = n
	return func() { maxRebuilds = old }
}

// Tighten runs the band search round path (legal for unit) with
// half-width band, paying pen (nil: none) per cell entered, as a query
// does after the hierarchy's path; path is left as it was.
func Tighten(q *Query, path []grid.Point, band int, unit grid.Unit, pen *grid.Penalty) ([]grid.Point, error) {
	q.bandW, q.bandLean, q.who, q.pen, q.bud, q.pc = band, false, unit, pen, budget{}, nil
	return q.tighten(append([]grid.Point(nil), path...))
}

// TightenCharged is Tighten that also returns the band cells charged.
func TightenCharged(q *Query, path []grid.Point, band int, unit grid.Unit, pen *grid.Penalty) ([]grid.Point, int, error) {
	p, err := Tighten(q, path, band, unit, pen)
	return p, q.bud.used, err
}

// TightenLean is Tighten as a query whose band is its penalty's alone
// runs it (see bandWidth): pieces whose band holds no cell that pays are
// kept as they are. It also returns the band cells charged.
func TightenLean(q *Query, path []grid.Point, band int, unit grid.Unit, pen *grid.Penalty) ([]grid.Point, int, error) {
	q.bandW, q.bandLean, q.who, q.pen, q.bud, q.pc = band, true, unit, pen, budget{}, nil
	p, err := q.tighten(append([]grid.Point(nil), path...))
	return p, q.bud.used, err
}

// SetNoRival turns q's rival route (rival.go) off or on again.
func SetNoRival(q *Query, off bool) { q.noRival = off }

// PieceSide is pieceSide: the least side, band excluded, of a piece's
// rectangle in the band search.
const PieceSide = pieceSide
