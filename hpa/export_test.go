package hpa

import (
	"slices"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
)

// GridPenalty returns the grid-tier penalty a query from start sees
// through pen, for exact reference searches (valid until q's next Find).
func GridPenalty(q *Query, pen Penalty, start grid.Point) *grid.Penalty {
	if err := q.usePenalty(pen, start); err != nil {
		panic(err)
	}
	return q.pen
}

// EdgePenalties returns a copy of the edge penalties as kept up to date,
// the same computed from scratch over every cluster, and the number of
// clusters refreshed so far (the scratch pass not counted).
func (f *Penalties) EdgePenalties() (kept, scratch []navgraph.Cost, refreshed int) {
	kept = slices.Clone(f.edge)
	n := f.refreshed
	for c := range f.nInfl {
		f.mark(c)
	}
	f.flush()
	scratch = slices.Clone(f.edge)
	f.refreshed = n
	return kept, scratch, n
}
