package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// View is one published version of a live map, pinned: queries made
// through it all see that version, and its copy is not written until
// Release. Take one per tick (or per batch) for answers that all agree;
// release it soon, as a publish waits for a spare copy when every spare
// is pinned (see LiveConfig.Replicas). A goroutine that holds a View
// must not write to the Live while it holds it with fewer than three
// replicas: the write may wait for that View's release.
type View struct {
	l *Live
	r *replica
}

// Acquire pins the published version. Lock-free, O(1).
// A nil *Live gives the zero View.
func (l *Live) Acquire() View {
	if l == nil {
		return View{}
	}
	return View{l, l.acquire()}
}

// Release unpins the version; the View must not be used after. Releasing
// a zero View does nothing.
func (v View) Release() {
	if v.r != nil {
		v.l.release(v.r)
	}
}

// Version returns the version the View pins (0 for the zero View).
func (v View) Version() uint64 {
	if v.r == nil {
		return 0
	}
	return v.r.ver
}

// Grid returns the map of the View's version (nil for the zero View). It
// is read-only: it is shared with every query on the version.
func (v View) Grid() *grid.Grid {
	if v.r == nil {
		return nil
	}
	return v.r.g
}

// Bake returns the bake of the View's version (islands, dead ends,
// clearance, the waypoint tier; nil for the zero View). Read-only, like
// Grid.
func (v View) Bake() *preprocess.Bake {
	if v.r == nil {
		return nil
	}
	return v.r.b
}

// LiveQuery is one goroutine's query state on a live map: a Query for
// each copy of the map, made when first needed. Not safe for concurrent
// use; make one per worker and keep it.
type LiveQuery struct {
	l  *Live
	qs []*Query
}

// NewQuery returns query state for l.
// (A nil *Live gives one whose queries return an error wrapping
// ErrNoBake.)
func (l *Live) NewQuery() *LiveQuery {
	if l == nil {
		return &LiveQuery{}
	}
	return &LiveQuery{l: l, qs: make([]*Query, len(l.reps))}
}

// Find answers one query on the version published when it begins, as
// Query.Find does; Result.Version says which. O(1) more than Query.Find.
func (lq *LiveQuery) Find(start, goal grid.Point, opt Options, dst []grid.Point) (Result, error) {
	if lq == nil || lq.l == nil {
		return Result{Path: dst[:0]}, errNilLive
	}
	r := lq.l.acquire()
	res, err := lq.find(r, start, goal, opt, dst)
	lq.l.release(r)
	return res, err
}

// FindIn answers one query on the version v pins (v from the same Live).
func (lq *LiveQuery) FindIn(v View, start, goal grid.Point, opt Options, dst []grid.Point) (Result, error) {
	if lq == nil || lq.l == nil {
		return Result{Path: dst[:0]}, errNilLive
	}
	if v.l != lq.l || v.r == nil {
		return Result{Path: dst[:0]}, fmt.Errorf("%w: FindIn with a View of another live map", ErrOptions)
	}
	return lq.find(v.r, start, goal, opt, dst)
}

func (lq *LiveQuery) find(r *replica, start, goal grid.Point, opt Options, dst []grid.Point) (Result, error) {
	q := lq.qs[r.id]
	if q == nil {
		q = r.p.NewQuery()
		lq.qs[r.id] = q
	}
	opt, err := r.options(lq.l, opt)
	if err != nil {
		return Result{Path: dst[:0]}, err
	}
	res, err := q.Find(start, goal, opt, dst)
	res.Version = r.ver
	return res, err
}

// options returns opt for a query on r (of l): a live penalty layer
// becomes r's copy of it. Errors: a layer of another map, or one not
// published yet.
func (r *replica) options(l *Live, opt Options) (Options, error) {
	if lp := opt.Penalty.live; lp != nil {
		if lp.l != l {
			return opt, errForeignLayer
		}
		if lp.idx >= len(r.pens) {
			return opt, fmt.Errorf("%w: Penalty: the layer is not published yet", ErrOptions)
		}
		opt.Penalty = Penalty{f: r.pens[lp.idx], unit: opt.Penalty.unit}
	}
	return opt, nil
}

// SpreadIn gives a group's destinations on the version v pins (v from
// the same Live), as Query.Spread does.
func (lq *LiveQuery) SpreadIn(v View, goal grid.Point, units []grid.Point, opt Options, dst []grid.Point) ([]grid.Point, error) {
	if lq == nil || lq.l == nil {
		return dst[:0], errNilLive
	}
	if v.l != lq.l || v.r == nil {
		return dst[:0], fmt.Errorf("%w: SpreadIn with a View of another live map", ErrOptions)
	}
	q := lq.qs[v.r.id]
	if q == nil {
		q = v.r.p.NewQuery()
		lq.qs[v.r.id] = q
	}
	return q.Spread(goal, units, opt, dst)
}
