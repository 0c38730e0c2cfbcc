package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// Load is what a run puts on every map before its queries, to measure
// path quality where the best path is not the shortest: the penalties of
// a game in progress, or varied terrain. Under a load other than NoLoad a
// path's figure is its cost over the exact search's (grid A* under the
// same load) instead of its length over the published optimum.
type Load string

const (
	// NoLoad runs the maps as read.
	NoLoad Load = "none"
	// Light is the load of hpa's TestPenaltiesAgainstAStar: up to 5 hot
	// spots (radius < 8, peak < 20 straight steps), up to 7 claiming
	// units, a claim radius of 1 to 40 cells and a claim cost of up to 3
	// straight steps, and a third of the maps with their influence
	// decayed by 1 to 3 quarters. The penalties lie where the run's
	// queries go: each hot spot is centred on a random cell of the exact
	// path of a random scenario line the run answers, and each unit
	// claims the whole exact path of one (half of them advanced part of
	// the way), as a group ahead of the unit that asks.
	Light Load = "light"
	// Heavy is a battle laid out as Light's: 30 hot spots (radius 8 to
	// 16, peak 10 to 40 straight steps) and 40 claiming units, with the
	// default claim radius (64 cells) and cost (one straight step).
	Heavy Load = "heavy"
	// Influence is Heavy's 30 hot spots alone: influence, no claiming
	// units.
	Influence Load = "influence"
	// Terrain gives every passable cell a random weight from 1 to 5; no
	// penalties.
	Terrain Load = "terrain"
)

// Loads lists the loads ParseLoad accepts.
var Loads = []Load{NoLoad, Light, Heavy, Influence, Terrain}

// ParseLoad returns the load named s ("" is NoLoad).
func ParseLoad(s string) (Load, error) {
	if s == "" {
		return NoLoad, nil
	}
	for _, l := range Loads {
		if string(l) == s {
			return l, nil
		}
	}
	names := make([]string, len(Loads))
	for i, l := range Loads {
		names[i] = string(l)
	}
	return "", fmt.Errorf("bench: unknown load %q (have %s)", s, strings.Join(names, ", "))
}

// hotSpot is one AddInfluence call.
type hotSpot struct {
	at     grid.Point
	radius int
	peak   grid.Cost
}

// unitPlan is one claiming unit: the path it claims and how far along it
// the unit has advanced.
type unitPlan struct {
	path []grid.Point
	at   int
}

// world is one map's load: the writes a penalty layer receives, and the
// same penalties priced by the bench itself from hpa's documented rules,
// for the exact reference search and for pricing every path.
type world struct {
	load        Load
	claimRadius int
	claimCost   grid.Cost
	hot         []hotSpot
	keep        int // influence decayed to keep/4 (0: no decay)
	units       []unitPlan
	infl        []int32 // per cell: the influence
	cells       []int32 // per cell: what the current query pays
	touched     []int32 // cells whose claims the current query pays
	pen         grid.Penalty
	unit        int // the current query's unit (-1: none)
}

// penalized reports whether the load puts penalties on the map (and
// not only terrain).
func (w *world) penalized() bool { return w != nil && w.load != Terrain && w.load != NoLoad }

// newWorld draws the load for map number mi on g (seeded by seed and
// mi), changing g's weights for Terrain; scens and every are the lines
// the run answers. It returns nil for NoLoad. Cost: one A* per hot spot
// and unit.
func newWorld(g *grid.Grid, scens []grid.Scenario, every int, load Load, seed uint64, mi int) (*world, error) {
	if load == NoLoad || load == "" {
		return nil, nil
	}
	r := rand.New(rand.NewPCG(seed, uint64(mi)))
	n := g.Width() * g.Height()
	w := &world{load: load, unit: -1}
	if load == Terrain {
		for i := range n {
			if p := g.PointAt(i); g.Passable(p) {
				if err := g.SetWeight(p, uint8(1+r.IntN(5))); err != nil {
					return nil, err
				}
			}
		}
		return w, nil
	}
	var hot, units int
	switch load {
	case Light:
		hot, units = r.IntN(6), r.IntN(8)
		w.claimRadius = 1 + r.IntN(40)
		w.claimCost = grid.Cost(r.IntN(3 * int(grid.Straight)))
		if w.claimCost == 0 {
			w.claimCost = grid.Straight
		}
		if r.IntN(3) == 0 {
			w.keep = 1 + r.IntN(3)
		}
	case Heavy:
		hot, units = 30, 40
		w.claimRadius, w.claimCost = 64, grid.Straight
	case Influence:
		hot = 30
		w.claimRadius, w.claimCost = 64, grid.Straight
	default:
		return nil, fmt.Errorf("bench: unknown load %q", load)
	}
	var lines []int
	for i := 0; i < len(scens); i += max(every, 1) {
		if sc := scens[i]; sc.Start != sc.Goal && g.Passable(sc.Start) && g.Passable(sc.Goal) {
			lines = append(lines, i)
		}
	}
	s := grid.NewSearcher(g)
	route := func() ([]grid.Point, error) {
		for range 100 {
			sc := scens[lines[r.IntN(len(lines))]]
			res, err := s.FindPath(sc.Start, sc.Goal, grid.Options{}, nil)
			if err != nil {
				return nil, err
			}
			if res.Status == grid.Found {
				return res.Path, nil
			}
		}
		return nil, fmt.Errorf("bench: %s load: no scenario line with a path in 100 tries", load)
	}
	if len(lines) == 0 {
		hot, units = 0, 0
	}
	for range hot {
		p, err := route()
		if err != nil {
			return nil, err
		}
		h := hotSpot{at: p[r.IntN(len(p))]}
		if load == Light {
			h.radius, h.peak = r.IntN(8), grid.Cost(r.IntN(20*int(grid.Straight)))
		} else {
			h.radius, h.peak = 8+r.IntN(9), grid.Cost(10+r.IntN(31))*grid.Straight
		}
		w.hot = append(w.hot, h)
	}
	for range units {
		p, err := route()
		if err != nil {
			return nil, err
		}
		u := unitPlan{path: p}
		if r.IntN(2) == 0 {
			u.at = r.IntN(len(p))
		}
		w.units = append(w.units, u)
	}
	w.influence(g)
	w.cells = append([]int32(nil), w.infl...)
	w.pen = grid.Penalty{Cells: w.cells}
	return w, nil
}

// influence sums the hot spots into w.infl as AddInfluence documents
// them (a cell at Euclidean distance d, rounded down, of at most radius
// gets peak·(radius+1−d)/(radius+1)), then decays them (⌊v·keep/4⌋).
// The loads stay far below hpa.MaxInfluence, so no cell is cut.
func (w *world) influence(g *grid.Grid) {
	w.infl = make([]int32, g.Width()*g.Height())
	for _, h := range w.hot {
		for y := h.at.Y - h.radius; y <= h.at.Y+h.radius; y++ {
			for x := h.at.X - h.radius; x <= h.at.X+h.radius; x++ {
				p := grid.Pt(x, y)
				if !g.Contains(p) {
					continue
				}
				d2 := (x-h.at.X)*(x-h.at.X) + (y-h.at.Y)*(y-h.at.Y)
				d := 0
				for (d+1)*(d+1) <= d2 {
					d++
				}
				if d <= h.radius {
					w.infl[g.Index(p)] += int32(h.peak * grid.Cost(h.radius+1-d) / grid.Cost(h.radius+1))
				}
			}
		}
	}
	if w.keep > 0 {
		for i, v := range w.infl {
			w.infl[i] = v * int32(w.keep) / 4
		}
	}
}

// queryUnit is the unit a scenario line's query is made for: each of the
// load's units in turn, and nobody (-1) in between.
func (w *world) queryUnit(line int) int { return line%(len(w.units)+1) - 1 }

// price readies w.pen for a query from start made for unit: the
// influence, plus the claim cost for every claim on a cell by another
// unit whose current cell lies within the claim radius of start
// (Chebyshev distance). O(cells the units claim).
func (w *world) price(g *grid.Grid, start grid.Point, unit int) {
	for _, i := range w.touched {
		w.cells[i] = w.infl[i]
	}
	w.touched = w.touched[:0]
	w.unit = unit
	for k, u := range w.units {
		cur := u.path[u.at]
		if k == unit || max(cur.X-start.X, start.X-cur.X, cur.Y-start.Y, start.Y-cur.Y) > w.claimRadius {
			continue
		}
		for _, p := range u.path[u.at:] {
			i := g.Index(p)
			w.cells[i] += int32(w.claimCost)
			w.touched = append(w.touched, int32(i))
		}
	}
}

// cost returns the cost of a legal cell path under the load, priced as
// w.price left it for the path's start.
func (w *world) cost(g *grid.Grid, path []grid.Point) (grid.Cost, error) {
	if w.penalized() {
		return g.PathCostWith(path, &w.pen)
	}
	return g.PathCost(path)
}

// layer makes the load's penalty layer on pl with hpa's own writes.
func (w *world) layer(pl *hpa.Planner) (*hpa.Penalties, error) {
	f := pl.NewPenalties(hpa.PenaltyConfig{ClaimRadius: w.claimRadius, ClaimCost: w.claimCost})
	for _, h := range w.hot {
		if err := f.AddInfluence(h.at, h.radius, h.peak); err != nil {
			return nil, err
		}
	}
	if w.keep > 0 {
		if err := f.DecayInfluence(w.keep, 4); err != nil {
			return nil, err
		}
	}
	for k, u := range w.units {
		if err := f.Claim(unitID(k), u.path); err != nil {
			return nil, err
		}
		if u.at > 0 && !f.Advance(unitID(k), u.path[u.at]) {
			return nil, fmt.Errorf("bench: unit %d could not advance along its path", k)
		}
	}
	return f, nil
}

// unitID is the layer's id of the load's unit k (-1: nobody).
func unitID(k int) uint64 {
	if k < 0 {
		return hpa.NoUnit
	}
	return uint64(k)
}
