package hpa

import (
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
