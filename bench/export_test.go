package bench

import (
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// LoadPenalty puts load on g as Run does for map number mi and the lines
// of scens it answers (changing g's weights for Terrain) and returns the
// penalty a query from start on scenario line `line` pays under it (nil
// for a load without penalties).
func LoadPenalty(g *grid.Grid, scens []grid.Scenario, every int, load Load, seed uint64, mi, line int, start grid.Point) (*grid.Penalty, error) {
	w, err := newWorld(g, scens, every, load, seed, mi)
	if err != nil || !w.penalized() {
		return nil, err
	}
	w.price(g, start, w.queryUnit(line))
	return &w.pen, nil
}

// LiveFinal returns the final map of a Live run, every unit's final
// request and its answer on the edited live map.
func LiveFinal(r *LiveReport) (*grid.Grid, []hpa.Request, []hpa.Answer) {
	return r.final.g, r.final.reqs, r.final.answers
}

// TicksTamper returns opt with the replay's test hook set: kind 1
// corrupts the first found path with a cell two steps off, kind 2 gives
// the first found path compared with FindIn a legal detour.
func TicksTamper(opt TicksOptions, kind int) TicksOptions {
	opt.tamper = tamper(kind)
	return opt
}
