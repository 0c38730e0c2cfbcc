package hpa_test

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// unitID is the layer's unit id type; nobody is the id of a query made
// for no unit.
type unitID = uint64

const nobody = hpa.NoUnit

// modelID is u as the model knows it.
func modelID(u unitID) uint64 {
	if u == nobody {
		return oracle.NoUnit
	}
	return u
}

// roads returns a map of two bases (open rectangles at the west and east
// ends) joined by straight roads of the given width at the given rows,
// and its bake (clusters of 16).
func roads(t testing.TB, w, h, width int, rows ...int) (*grid.Grid, *preprocess.Bake) {
	g, err := grid.New(w, h, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	g.Fill(g.Bounds(), false)
	g.Fill(grid.R(2, 4, 34, h-4), true)
	g.Fill(grid.R(w-34, 4, w-2, h-4), true)
	for _, y := range rows {
		g.Fill(grid.R(34, y, w-34, y+width), true)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// road returns which road a path takes: the row at which it crosses the
// map's middle column.
func road(g *grid.Grid, path []grid.Point) int {
	for _, p := range path {
		if p.X == g.Width()/2 {
			return p.Y
		}
	}
	return -1
}

// TestInfluenceMovesTheRoute: two roads between two bases, the northern
// one shorter. With a hot spot on the northern road, paths take the
// southern one once the hot spot costs more than the detour, and come
// back as it decays; at every step the path costs what the independent
// model of the penalty rules says, and hpa picks the road the exact
// search under the model picks (where the two roads' costs differ by
// more than hpa's own tolerance).
func TestInfluenceMovesTheRoute(t *testing.T) {
	g, b := roads(t, 160, 96, 5, 14, 70)
	pl := hpa.NewPlanner(b, hpa.Config{})
	x := newMirror(t, pl, g, hpa.PenaltyConfig{})
	f := x.f
	q := pl.NewQuery()
	from, to := grid.Pt(18, 40), grid.Pt(142, 40)
	north := func(p []grid.Point) bool { return road(g, p) < 48 }

	res, err := q.Find(from, to, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(nobody)}, nil)
	if err != nil || res.Status != hpa.Found || !north(res.Path) {
		t.Fatalf("no hot spot: %v %v, road at row %d", res.Status, err, road(g, res.Path))
	}
	// The detour: the cheapest southern path costs this much more.
	south, _, _ := exact(g, x.m, oracle.NoUnit, from, to, func(p grid.Point) bool { return p.Y < 48 && p.X == 80 })
	detour := south - res.Cost
	x.add(grid.Pt(80, 16), 6, 40*grid.Straight)
	var seen [2]int // ticks on the north, on the south road
	wentSouth, cameBack := false, false
	for tick := range 40 {
		res, err := q.Find(from, to, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(nobody)}, res.Path)
		if err != nil || res.Status != hpa.Found {
			t.Fatalf("tick %d: %v %v", tick, res.Status, err)
		}
		best, bestPath, ok := exact(g, x.m, oracle.NoUnit, from, to, nil)
		checkModel(t, g, x.m, oracle.NoUnit, from, to, res, best, ok, fmt.Sprintf("tick %d", tick))
		// The exact cost of the other road.
		other, _, _ := exact(g, x.m, oracle.NoUnit, from, to, func(p grid.Point) bool {
			return p.X == 80 && (p.Y < 48) == north(bestPath)
		})
		n := north(res.Path)
		if margin := float64(other-best) / float64(best); margin > 0.05 && n != north(bestPath) {
			t.Fatalf("tick %d: hpa takes the %s road, the exact search the other (%.1f%% cheaper)", tick, map[bool]string{true: "northern", false: "southern"}[n], 100*margin)
		}
		if n {
			seen[0]++
			cameBack = cameBack || wentSouth
		} else {
			seen[1]++
			wentSouth = true
			if hot := f.Influence(grid.Pt(80, 16)); 7*hot < detour {
				t.Errorf("tick %d: south with a hot spot of %d against a detour of %d", tick, hot, detour)
			}
		}
		x.decay(3, 4)
	}
	if !wentSouth || !cameBack {
		t.Errorf("north %d ticks, south %d: the route should leave the hot road and come back", seen[0], seen[1])
	}
	t.Logf("detour %d; %d ticks on the southern road, %d on the northern", detour, seen[1], seen[0])
}

// sendUnits sends n units one after another from a block of cells in the
// west base to a block in the east base, each claiming its whole path if
// claims is set, and returns the paths and the peak number of paths that
// share a cell.
func sendUnits(t testing.TB, g *grid.Grid, pl *hpa.Planner, n int, claims bool) ([][]grid.Point, int) {
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	q := pl.NewQuery()
	var paths [][]grid.Point
	count := make([]int, g.Width()*g.Height())
	peak := 0
	for k := range n {
		from := grid.Pt(10+k%10, g.Height()/2-2+k/10)
		to := grid.Pt(g.Width()-20+k%10, g.Height()/2-2+k/10)
		opt := hpa.Options{Smooth: hpa.Cells}
		if claims {
			opt.Penalty = f.For(uint64(k))
		}
		res, err := q.Find(from, to, opt, nil)
		if err != nil || res.Status != hpa.Found {
			t.Fatalf("unit %d: %v %v", k, res.Status, err)
		}
		if _, err := g.PathCost(res.Path); err != nil || res.Path[0] != from || res.Path[len(res.Path)-1] != to {
			t.Fatalf("unit %d: bad path: %v", k, err)
		}
		if claims {
			if err := f.Claim(uint64(k), res.Path); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range res.Path {
			count[g.Index(p)]++
			peak = max(peak, count[g.Index(p)])
		}
		paths = append(paths, res.Path)
	}
	return paths, peak
}

// TestClaimsSpreadUnits: 50 units sent one after another between two
// bases joined by three roads; with claims on, they spread over the
// lanes and the roads, and the peak number of paths through one cell
// falls. The same run twice gives the same paths.
func TestClaimsSpreadUnits(t *testing.T) {
	g, b := roads(t, 160, 120, 4, 20, 58, 96)
	pl := hpa.NewPlanner(b, hpa.Config{})
	_, off := sendUnits(t, g, pl, 50, false)
	on, peak := sendUnits(t, g, pl, 50, true)
	again, _ := sendUnits(t, g, pl, 50, true)
	for k := range on {
		if !slices.Equal(on[k], again[k]) {
			t.Fatalf("unit %d: two runs, two paths", k)
		}
	}
	roadsUsed := map[int]int{}
	for _, p := range on {
		roadsUsed[road(g, p)/38]++
	}
	t.Logf("peak paths per cell: %d with claims, %d without; units per road (north, middle, south): %d %d %d",
		peak, off, roadsUsed[0], roadsUsed[1], roadsUsed[2])
	if peak > off/2 || len(roadsUsed) < 3 {
		t.Errorf("peak %d with claims, %d without; roads %v", peak, off, roadsUsed)
	}
}

// mirror applies every write to the layer and to an independent model
// of the documented rules (oracle.Penalties), and checks that both accept
// or refuse it alike.
type mirrorOf[L penaltyLayer] struct {
	t testing.TB
	f L
	m *oracle.Penalties
}

// mirror is a planner's layer and its model.
type mirror = mirrorOf[*hpa.Penalties]

// penaltyLayer is what a planner's layer and a live map's have in common.
type penaltyLayer interface {
	AddInfluence(center grid.Point, radius int, peak grid.Cost) error
	SetInfluence(pt grid.Point, v grid.Cost) error
	DecayInfluence(keep, outOf int) error
	Claim(unit uint64, path []grid.Point) error
	Advance(unit uint64, at grid.Point) bool
	Release(unit uint64)
	Influence(pt grid.Point) grid.Cost
	ClaimsAt(pt grid.Point) int
	Claims(unit uint64, dst []grid.Point) []grid.Point
	For(unit uint64) hpa.Penalty
}

func newMirror(t testing.TB, pl *hpa.Planner, g *grid.Grid, cfg hpa.PenaltyConfig) mirror {
	return mirror{t, pl.NewPenalties(cfg), oracle.NewPenalties(g.Width(), g.Height(), int64(cfg.ClaimCost), cfg.ClaimRadius, cfg.ClaimAhead)}
}

func (x mirrorOf[L]) agree(what string, err error, ok bool) {
	x.t.Helper()
	if (err == nil) != ok {
		x.t.Fatalf("%s: layer says %v, model accepts: %v", what, err, ok)
	}
}

func (x mirrorOf[L]) add(c grid.Point, r int, peak grid.Cost) {
	x.t.Helper()
	x.agree(fmt.Sprintf("AddInfluence(%v, %d, %d)", c, r, peak), x.f.AddInfluence(c, r, peak), x.m.AddInfluence(c, r, int64(peak)))
}

func (x mirrorOf[L]) set(c grid.Point, v grid.Cost) {
	x.t.Helper()
	x.agree(fmt.Sprintf("SetInfluence(%v, %d)", c, v), x.f.SetInfluence(c, v), x.m.SetInfluence(c, int64(v)))
}

func (x mirrorOf[L]) decay(keep, outOf int) {
	x.t.Helper()
	x.agree(fmt.Sprintf("DecayInfluence(%d, %d)", keep, outOf), x.f.DecayInfluence(keep, outOf), x.m.Decay(keep, outOf))
}

func (x mirrorOf[L]) claim(u unitID, path []grid.Point) {
	x.t.Helper()
	x.agree(fmt.Sprintf("Claim(%d, %d cells)", u, len(path)), x.f.Claim(u, path), x.m.Claim(modelID(u), path))
}

func (x mirrorOf[L]) advance(u unitID, at grid.Point) {
	x.t.Helper()
	if a, b := x.f.Advance(u, at), x.m.Advance(modelID(u), at); a != b {
		x.t.Fatalf("Advance(%d, %v): layer %v, model %v", u, at, a, b)
	}
}

func (x mirrorOf[L]) release(u unitID) {
	x.f.Release(u)
	x.m.Release(modelID(u))
}

// same checks the layer's influence and claims against the model's.
func (x mirrorOf[L]) same(g *grid.Grid, units ...unitID) {
	x.t.Helper()
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		if a, b := x.f.Influence(p), x.m.Influence(p); int64(a) != b {
			x.t.Fatalf("influence at %v: layer %d, model %d", p, a, b)
		}
		if a, b := x.f.ClaimsAt(p), x.m.ClaimsAt(p); a != b {
			x.t.Fatalf("claims at %v: layer %d, model %d", p, a, b)
		}
	}
	for _, u := range units {
		if a, b := x.f.Claims(u, nil), x.m.Claims(modelID(u)); !slices.Equal(a, b) {
			x.t.Fatalf("claims of unit %d: layer %v, model %v", u, a, b)
		}
	}
}

// exactFrom returns the least cost from a to any cell under the model's
// prices for unit (one plain Dijkstra on the oracle's grid graph,
// oracle.Graph.ShortestFrom): for a goal z, the cost, a path of that
// cost, and whether z is reachable; avoid (nil: none) bars cells.
func exactFrom(g *grid.Grid, m *oracle.Penalties, unit uint64, a grid.Point, avoid func(grid.Point) bool) func(z grid.Point) (grid.Cost, []grid.Point, bool) {
	o := oracle.Graph{G: g, Avoid: avoid, Penalty: m.Pricer(unit, a)}
	dist, prev := o.ShortestFrom(a)
	return func(z grid.Point) (grid.Cost, []grid.Point, bool) {
		id := o.ID(z)
		if dist[id] == grid.Unreachable {
			return 0, nil, false
		}
		var cells []grid.Point
		for ; id >= 0; id = int64(prev[id]) {
			cells = append(cells, o.Point(id))
		}
		slices.Reverse(cells)
		c, _ := oracle.PathCost(o, cells)
		if c != dist[o.ID(z)] {
			panic("oracle: the path does not cost its distance")
		}
		return c, cells, true
	}
}

// exact is exactFrom for one goal.
func exact(g *grid.Grid, m *oracle.Penalties, unit uint64, a, z grid.Point, avoid func(grid.Point) bool) (grid.Cost, []grid.Point, bool) {
	return exactFrom(g, m, unit, a, avoid)(z)
}

// checkModel checks an hpa result for a query of unit from a to z
// against the model: found exactly when z is reachable, a legal path
// from a to z whose cost under the model is Result.Cost and no less than
// the optimum. It returns whether a path was found.
func checkModel(t testing.TB, g *grid.Grid, m *oracle.Penalties, unit uint64, a, z grid.Point, res hpa.Result, opt grid.Cost, reachable bool, what string) bool {
	t.Helper()
	if (res.Status == hpa.Found) != reachable {
		t.Fatalf("%s %v→%v: hpa %v, reachable %v", what, a, z, res.Status, reachable)
	}
	if !reachable {
		return false
	}
	c, legal := oracle.PathCost(oracle.Graph{G: g, Penalty: m.Pricer(unit, a)}, res.Path)
	if !legal || res.Path[0] != a || res.Path[len(res.Path)-1] != z {
		t.Fatalf("%s %v→%v: not a legal path from start to goal: %v", what, a, z, res.Path)
	}
	if c != res.Cost || c < opt {
		t.Fatalf("%s %v→%v: path costs %d under the model, Find says %d, optimum %d", what, a, z, c, res.Cost, opt)
	}
	return true
}

// TestPenaltiesAgainstOracle: on random generated maps with random
// influence and random claims (mirrored into the independent model),
// hpa under the penalty finds a path exactly when one exists, the path is
// legal and costs, under the model's prices, what Find reports and never
// less than the model's exact optimum (the oracle's plain Dijkstra, which
// internal/oracle checks against gonum's). Bounds: mean 1%, 99th
// percentile 10% over the optimum.
func TestPenaltiesAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	maps := 200
	if testing.Short() {
		maps = 30
	}
	var over []float64
	for i := range maps {
		g, b := genBake(t, 32+r.IntN(100), 32+r.IntN(100), uint64(1000+i), grid.Movement(i%3), []int{8, 16}[i%2])
		pl := hpa.NewPlanner(b, hpa.Config{})
		x := newMirror(t, pl, g, hpa.PenaltyConfig{ClaimRadius: 1 + r.IntN(40), ClaimCost: grid.Cost(r.IntN(3 * int(grid.Straight)))})
		q, q2 := pl.NewQuery(), pl.NewQuery()
		open := func() grid.Point {
			for {
				if p := g.PointAt(r.IntN(g.Width() * g.Height())); g.Passable(p) {
					return p
				}
			}
		}
		for range r.IntN(6) {
			x.add(open(), r.IntN(8), grid.Cost(r.IntN(20*int(grid.Straight))))
		}
		// Units claim the paths they were given.
		for u := range unitID(r.IntN(8)) {
			a, z := open(), open()
			res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == hpa.Found {
				x.claim(u, res.Path)
				if k := r.IntN(len(res.Path)); r.IntN(2) == 0 {
					x.advance(u, res.Path[k])
				}
			}
		}
		if r.IntN(3) == 0 {
			x.decay(1+r.IntN(3), 4)
		}
		var buf, buf2 []grid.Point
		for range 9 {
			a := open()
			unit := unitID(r.IntN(9))
			if unit == 8 {
				unit = nobody
			}
			pen := x.f.For(unit)
			from := exactFrom(g, x.m, modelID(unit), a, nil)
			z := open()
			opt, _, reachable := from(z)
			for k, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Raw, hpa.Cells, hpa.Raw, hpa.Cells} {
				if k > 0 && k%2 == 0 { // another goal from the same start
					z = open()
					opt, _, reachable = from(z)
				}
				res, err := q.Find(a, z, hpa.Options{Smooth: sm, Penalty: pen}, buf)
				if err != nil {
					t.Fatal(err)
				}
				buf = res.Path
				if !checkModel(t, g, x.m, modelID(unit), a, z, res, opt, reachable, fmt.Sprintf("map %d unit %d %v", i, unit, sm)) {
					continue
				}
				res2, _ := q2.Find(a, z, hpa.Options{Smooth: sm, Penalty: pen}, buf2)
				buf2 = res2.Path
				if !slices.Equal(res.Path, res2.Path) {
					t.Fatalf("map %d: two queries, two paths", i)
				}
				if sm == hpa.Cells && opt > 0 {
					over = append(over, float64(res.Cost-opt)/float64(opt))
				}
			}
		}
	}
	slices.Sort(over)
	var mean float64
	for _, o := range over {
		mean += o / float64(len(over))
	}
	p99 := over[len(over)*99/100]
	t.Logf("%d queries under penalties: over the exact optimum mean %.2f%%, p99 %.1f%%, worst %.1f%%", len(over), 100*mean, 100*p99, 100*over[len(over)-1])
	if worst := over[len(over)-1]; mean > 0.002 || p99 > 0.01 || worst > 0.10 {
		t.Errorf("cost over the optimum under penalties: mean %.2f%%, p99 %.1f%%, worst %.1f%%", 100*mean, 100*p99, 100*worst)
	}
}

// checkEdges checks the penalty the layer keeps for every waypoint-graph
// edge, as queries of the given units from the given starts see it,
// against the model: the sum of the model's prices over the cells the
// edge's route enters (the route as the bake defines it:
// waypoint.Tier.Route), less what a way inside the cluster round the
// influence saves: the influence part is the least of the route's
// influence and, for an edge inside one cluster, what the oracle's least
// way from end to end inside the cluster, paying each cell's influence,
// costs beyond the edge's terrain cost (never below 0).
func checkEdges(t testing.TB, pl *hpa.Planner, x mirror, units []unitID, starts []grid.Point) {
	t.Helper()
	tier := pl.Bake().Tier()
	g := pl.Bake().Grid()
	s := grid.NewSearcher(g)
	q := pl.NewQuery()
	var route []grid.Point
	infl := func(p grid.Point) grid.Cost { return grid.Cost(x.m.Influence(p)) }
	for u := range int32(tier.Graph.Len()) {
		to, costs := tier.Graph.Out(u)
		var least []grid.Cost // from u inside its cluster, paying influence
		for k, v := range to {
			var err error
			route, err = tier.Route(s, min(u, v), max(u, v), route)
			if err != nil {
				t.Fatal(err)
			}
			if u > v {
				slices.Reverse(route)
			}
			var onRoute grid.Cost
			for _, c := range route[1:] {
				onRoute += infl(c)
			}
			part := onRoute
			if cu := tier.Points[u].Cluster; cu == tier.Points[v].Cluster && onRoute > 0 {
				o := oracle.Graph{G: g, Win: tier.ClusterRect(int(cu)), Penalty: infl}
				if least == nil {
					least, _ = o.ShortestFrom(tier.Points[u].Cell)
				}
				part = min(onRoute, max(least[o.ID(tier.Points[v].Cell)]-grid.Cost(costs[k]), 0))
			}
			for _, unit := range units {
				for _, a := range starts {
					want := part - onRoute
					for _, c := range route[1:] {
						want += x.m.Cell(c, modelID(unit), a)
					}
					if got := hpa.EdgePenalty(q, x.f.For(unit), a, u, v); grid.Cost(got) != want {
						t.Fatalf("edge %d→%d (%v→%v, %d cells) for unit %d from %v: layer %d, model %d", u, v, route[0], route[len(route)-1], len(route), unit, a, got, want)
					}
				}
			}
		}
	}
}

// TestEdgePenaltiesAgainstModel: through a long run of random writes
// (hot spots, set and decayed influence, overlapping claims of several
// units that advance, re-claim and release), the edge penalties the layer
// keeps up to date equal, for every edge and several query views, the
// sum of the model's cell prices along the edge's route.
func TestEdgePenaltiesAgainstModel(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	maps := 16
	if testing.Short() {
		maps = 6
	}
	for i := range maps {
		g, b := genBake(t, 40+r.IntN(60), 40+r.IntN(60), uint64(2000+i), grid.Movement(i%3), []int{8, 16}[i%2])
		pl := hpa.NewPlanner(b, hpa.Config{})
		// Every other map with penalties near the cut: claims of a third
		// of MaxPenalty, or of math.MaxInt64, and influence near the top.
		cost, scale := grid.Cost(1+r.IntN(3*int(grid.Straight))), grid.Cost(1)
		if i%2 == 1 {
			cost, scale = []grid.Cost{hpa.MaxPenalty / 3, math.MaxInt64}[i/2%2], hpa.MaxPenalty/(10*grid.Straight)
		}
		x := newMirror(t, pl, g, hpa.PenaltyConfig{ClaimRadius: 1 + r.IntN(30), ClaimCost: cost, ClaimAhead: r.IntN(3) * 20})
		q := pl.NewQuery()
		open := func() grid.Point {
			for {
				if p := g.PointAt(r.IntN(g.Width() * g.Height())); g.Passable(p) {
					return p
				}
			}
		}
		units := []unitID{nobody, 0, 1, 2, 3, 4, 5}
		paths := map[unitID][]grid.Point{}
		for step := range 40 {
			switch k := r.IntN(10); {
			case k < 2:
				x.add(open(), r.IntN(6), scale*grid.Cost(r.IntN(20*int(grid.Straight))-5*int(grid.Straight)))
			case k < 3:
				x.set(open(), scale*grid.Cost(r.IntN(10*int(grid.Straight))))
			case k < 4:
				x.decay(r.IntN(4), 4)
			case k < 7: // a unit claims a path, often over another's
				u := units[1+r.IntN(len(units)-1)]
				a, z := open(), open()
				if r.IntN(2) == 0 && len(paths) > 0 {
					o := paths[units[1+r.IntN(len(units)-1)]]
					if len(o) > 1 {
						a, z = o[0], o[len(o)-1]
					}
				}
				res, _ := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
				if res.Status == hpa.Found {
					x.claim(u, res.Path)
					paths[u] = res.Path
				}
			case k < 9:
				u := units[1+r.IntN(len(units)-1)]
				if p := paths[u]; len(p) > 0 {
					x.advance(u, p[r.IntN(len(p))])
				} else {
					x.advance(u, open())
				}
			default:
				x.release(units[1+r.IntN(len(units)-1)])
			}
			if step%8 == 7 {
				x.same(g, units[1:]...)
				// Views from anywhere, and from where units stand, so
				// that their claims count.
				starts := []grid.Point{open()}
				for _, u := range units[1:4] {
					if c := x.m.Claims(modelID(u)); len(c) > 0 {
						starts = append(starts, c[0])
					}
				}
				checkEdges(t, pl, x, units, starts)
			}
		}
	}
}

// TestPenaltyUpdatesAreLocal: a hot spot inside one cluster refreshes the
// edge penalties of that cluster alone, and a unit's claims refresh the
// clusters its path crosses; the edge penalties then, and after a bake
// update and Sync, equal the independent model's sums along each route.
func TestPenaltyUpdatesAreLocal(t *testing.T) {
	g, b := genBake(t, 256, 256, 7, grid.Octile, 32)
	pl := hpa.NewPlanner(b, hpa.Config{})
	x := newMirror(t, pl, g, hpa.PenaltyConfig{})
	f := x.f
	center := grid.Pt(32*3+16, 32*4+16)
	for !g.Passable(center) {
		center.X++
	}
	views := []unitID{nobody, 1, 3}
	n0 := f.Refreshed()
	x.add(center, 5, 10*grid.Straight)
	if n1 := f.Refreshed(); n1-n0 != 1 {
		t.Fatalf("a hot spot inside one cluster refreshed %d clusters", n1-n0)
	}
	checkEdges(t, pl, x, views, []grid.Point{center})
	q := pl.NewQuery()
	a, z := grid.Pt(5, 5), grid.Pt(250, 250)
	for !g.Passable(a) || !b.SameIsland(a, grid.Pt(250, 250)) {
		a.X++
	}
	for !g.Passable(z) || !b.SameIsland(a, z) {
		z.X--
	}
	res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatalf("%v→%v: %v %v", a, z, res.Status, err)
	}
	crossed := map[int]bool{}
	for _, p := range res.Path {
		crossed[pl.Bake().Tier().ClusterOf(p)] = true
	}
	n1 := f.Refreshed()
	x.claim(3, res.Path)
	if n2 := f.Refreshed(); n2-n1 != len(crossed) {
		t.Fatalf("a claim over %d clusters refreshed %d", len(crossed), n2-n1)
	}
	checkEdges(t, pl, x, views, []grid.Point{a, z})
	x.release(3)
	if f.ClaimsAt(res.Path[5]) != 0 {
		t.Fatal("claims left after Release")
	}
	// Block a road the claims would use, update, sync.
	x.claim(4, res.Path)
	mid := res.Path[len(res.Path)/2]
	g.Fill(grid.R(mid.X-3, mid.Y-3, mid.X+4, mid.Y+4), false)
	if err := b.Update(grid.R(mid.X-3, mid.Y-3, mid.X+4, mid.Y+4), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); !errors.Is(err, hpa.ErrStale) {
		t.Fatalf("query before Sync: %v", err)
	}
	if err := pl.Sync(); err != nil {
		t.Fatal(err)
	}
	checkEdges(t, pl, x, views, []grid.Point{a, mid})
	if _, err := q.Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); err != nil {
		t.Fatal(err)
	}
	// Bad input.
	if err := f.Claim(hpa.NoUnit, res.Path); !errors.Is(err, hpa.ErrUnit) {
		t.Errorf("NoUnit claims: %v", err)
	}
	if err := f.AddInfluence(grid.Pt(-1, 0), 3, 1); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("center off the map: %v", err)
	}
	if err := f.DecayInfluence(5, 4); !errors.Is(err, hpa.ErrInfluence) {
		t.Errorf("decay above 1: %v", err)
	}
	if err := f.AddInfluence(center, hpa.MaxInfluenceRadius+1, 1); !errors.Is(err, hpa.ErrInfluence) {
		t.Errorf("radius above MaxInfluenceRadius: %v", err)
	}
	f.Close()
	g.Fill(grid.R(mid.X+6, mid.Y, mid.X+7, mid.Y+1), false)
	if err := b.Update(grid.R(mid.X+6, mid.Y, mid.X+7, mid.Y+1), 1); err != nil {
		t.Fatal(err)
	}
	if err := pl.Sync(); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); !errors.Is(err, hpa.ErrStale) {
		t.Errorf("a closed layer after Sync: %v", err)
	}
	other := hpa.NewPlanner(b, hpa.Config{})
	if _, err := other.NewQuery().Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); !errors.Is(err, hpa.ErrOptions) {
		t.Errorf("a penalty layer of another planner: %v, want ErrOptions", err)
	}
}

// TestPenaltyExtremes: every penalty input at its extremes (influence
// amounts, radii and decay fractions near the int limits, a ClaimCost of
// math.MaxInt64 with several claims per cell) saturates as documented,
// cell by cell as the independent model computes it; and queries under
// the largest penalties never report a wrapped cost, price their paths as
// the model does, and keep to the road the exact search under the model
// takes: the one that costs least, away from what costs most.
func TestPenaltyExtremes(t *testing.T) {
	g, b := roads(t, 160, 96, 5, 14, 70) // roads at rows 14..18 and 70..74
	pl := hpa.NewPlanner(b, hpa.Config{})
	big := hpa.PenaltyConfig{ClaimCost: math.MaxInt64, ClaimRadius: math.MaxInt, ClaimAhead: math.MaxInt}
	x := newMirror(t, pl, g, big)
	hot := grid.Pt(80, 16)
	x.add(hot, 3, math.MaxInt64)
	x.same(g)
	if v := x.f.Influence(hot); v != hpa.MaxInfluence {
		t.Fatalf("AddInfluence(MaxInt64) leaves the centre at %d", v)
	}
	x.add(hot, 3, math.MinInt64)
	x.same(g)
	x.add(hot, math.MaxInt, 1) // refused
	x.add(hot, -1, 1)          // refused
	x.add(hot, 1<<15, math.MaxInt64/3)
	x.same(g)
	// 2^40 where int has 64 bits, 2^20 where it has 32 (GOARCH=386).
	const huge = 1 << (bits.UintSize * 5 / 8)
	x.decay(huge, huge)
	x.same(g)
	x.decay(math.MaxInt-1, math.MaxInt)
	x.same(g)
	x.set(hot, math.MinInt64)
	x.set(grid.Pt(0, 0), math.MaxInt64)
	x.decay(math.MaxInt-huge, math.MaxInt)
	x.same(g)
	x.decay(0, math.MaxInt)
	x.same(g)

	// A max hot spot across the northern road; claims of MaxInt64 each,
	// five units to a lane, on every lane of the southern one.
	q := pl.NewQuery()
	from, to := grid.Pt(18, 40), grid.Pt(142, 40)
	query := func(what string, unit unitID, wantNorth bool) {
		t.Helper()
		opt, best, ok := exact(g, x.m, modelID(unit), from, to, nil)
		for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells} {
			res, err := q.Find(from, to, hpa.Options{Smooth: sm, Penalty: x.f.For(unit)}, nil)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			checkModel(t, g, x.m, modelID(unit), from, to, res, opt, ok, what)
			if n := road(g, res.Path) < 48; n != (road(g, best) < 48) || n != wantNorth {
				t.Fatalf("%s: hpa takes the road at row %d, the exact search the one at row %d", what, road(g, res.Path), road(g, best))
			}
			if float64(res.Cost) > 1.05*float64(opt) {
				t.Errorf("%s: cost %d, optimum %d", what, res.Cost, opt)
			}
			t.Logf("%s (smoothing %d): cost %d (2^%.1f), optimum %d", what, sm, res.Cost, math.Log2(float64(res.Cost)), opt)
		}
	}
	x.add(hot, 3, math.MaxInt64)
	for lane := range 5 {
		var p []grid.Point
		for X := 34; X < 126; X++ {
			p = append(p, grid.Pt(X, 70+lane))
		}
		for k := range 5 {
			x.claim(unitID(10*lane+k), p)
		}
	}
	x.same(g)
	query("claims in the south", 99, true)
	query("claims in the south, seen by a claimer", 0, true)
	// Now the whole northern road at the largest influence.
	for X := 34; X < 126; X += 4 {
		x.add(grid.Pt(X, 16), 3, math.MaxInt64)
	}
	x.decay(math.MaxInt, math.MaxInt)
	query("the northern road at max influence", 99, false)

	// A cluster of 64 that is a serpentine: joining the start to the
	// waypoints costs about 2000 cells at the largest penalty, 2^41,
	// beyond an edge's MaxCost.
	sg, err := grid.New(256, 64, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	sg.Fill(grid.R(63, 0, 64, 62), false)
	for y := 1; y < 63; y += 2 {
		sg.Fill(grid.R(0, y, 63, y+1), false)
		gap := 62
		if y/2%2 == 1 {
			gap = 0
		}
		sg.SetPassable(grid.Pt(gap, y), true)
	}
	sb, err := preprocess.Build(sg, preprocess.Config{ClusterSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	spl := hpa.NewPlanner(sb, hpa.Config{})
	sx := newMirror(t, spl, sg, big)
	sx.add(grid.Pt(128, 32), 1<<15, math.MaxInt64)
	sx.same(sg)
	a, z := grid.Pt(0, 0), grid.Pt(250, 30)
	opt, _, ok := exact(sg, sx.m, oracle.NoUnit, a, z, nil)
	res, err := spl.NewQuery().Find(a, z, hpa.Options{Smooth: hpa.Cells, Penalty: sx.f.For(nobody)}, nil)
	if err != nil {
		t.Fatalf("serpentine: %v", err)
	}
	checkModel(t, sg, sx.m, oracle.NoUnit, a, z, res, opt, ok, "serpentine")
	t.Logf("serpentine: cost %d (2^%.1f), optimum %d", res.Cost, math.Log2(float64(res.Cost)), opt)
}

// TestUnitIDsAreSparse: the layer's memory does not grow with the value
// of unit ids (an engine's sparse 32- or 64-bit entity ids), only with
// the units that hold claims, and a unit that holds none gives its room
// back; queries made for such ids see the claims as the model does.
func TestUnitIDsAreSparse(t *testing.T) {
	g, b := roads(t, 160, 96, 5, 14, 70)
	pl := hpa.NewPlanner(b, hpa.Config{})
	res, err := pl.NewQuery().Find(grid.Pt(18, 40), grid.Pt(142, 40), hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatal(res.Status, err)
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	grow := func(ids ...unitID) (int, int64) {
		f := pl.NewPenalties(hpa.PenaltyConfig{})
		defer f.Close()
		b0, h0 := f.Bytes(), heap()
		for _, id := range ids {
			if err := f.Claim(id, res.Path); err != nil {
				t.Fatal(err)
			}
		}
		n, h := f.Bytes()-b0, int64(heap()-h0)
		runtime.KeepAlive(f)
		return n, h
	}
	bigIDs := []unitID{1 << 40, math.MaxUint32, math.MaxUint64 - 1, 1<<63 + 5}
	smallB, smallH := grow(0, 1, 2, 3)
	largeB, largeH := grow(bigIDs...)
	t.Logf("claims of ids 0..3: %d bytes (heap %+d); of ids %v: %d bytes (heap %+d)", smallB, smallH, bigIDs, largeB, largeH)
	if largeB != smallB || largeH > smallH+64<<10 {
		t.Errorf("large ids take %d bytes (heap %+d), small ones %d (heap %+d)", largeB, largeH, smallB, smallH)
	}

	// Thousands of units come and go, each with a fresh random 64-bit
	// id: the layer holds what the most units alive at once need.
	r := rand.New(rand.NewPCG(81, 82))
	x := newMirror(t, pl, g, hpa.PenaltyConfig{ClaimAhead: 16})
	var alive []unitID
	peak := 0
	for round := range 400 {
		for range 10 {
			id := r.Uint64()
			if id == hpa.NoUnit {
				continue
			}
			k := r.IntN(len(res.Path) - 20)
			x.claim(id, res.Path[k:k+20])
			alive = append(alive, id)
		}
		for len(alive) > 15 {
			k := r.IntN(len(alive))
			if r.IntN(2) == 0 {
				x.release(alive[k])
			} else {
				x.advance(alive[k], grid.Pt(-1, -1)) // off its path: all released
			}
			alive = append(alive[:k], alive[k+1:]...)
		}
		if round == 40 {
			peak = x.f.Bytes()
		}
		if round%100 == 99 {
			x.same(g, alive...)
			a := res.Path[r.IntN(len(res.Path))]
			unit := alive[r.IntN(len(alive))]
			opt, _, ok := exact(g, x.m, unit, a, res.Path[len(res.Path)-1], nil)
			got, err := pl.NewQuery().Find(a, res.Path[len(res.Path)-1], hpa.Options{Smooth: hpa.Cells, Penalty: x.f.For(unit)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkModel(t, g, x.m, unit, a, res.Path[len(res.Path)-1], got, opt, ok, fmt.Sprintf("unit %#x", unit))
		}
	}
	// What grows past round 40 is the room of the few edges that saw
	// more units at once than before, not a slot per id: 4000 ids in a
	// table would take 48 KiB more.
	n := x.f.Bytes()
	t.Logf("4000 units, at most 25 alive: %d bytes after 400 rounds, %d after 40", n, peak)
	if n > peak+peak/20 {
		t.Errorf("4000 units, at most 25 alive: %d bytes after 400 rounds, %d after 40", n, peak)
	}
}

// TestPenaltyWritesBetweenUpdateAndSync: a game writes influence and
// claims every tick, also between a Bake.Update that reshaped the waypoint
// graph and the Planner.Sync that follows it. Those writes used to refresh
// edge penalties sized for the old graph (index out of range); after Sync
// every edge's penalty must equal the model's, as if the writes had come
// after it.
func TestPenaltyWritesBetweenUpdateAndSync(t *testing.T) {
	g, b := genBake(t, 128, 128, 3, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	x := newMirror(t, pl, g, hpa.PenaltyConfig{})
	q := pl.NewQuery()
	a, z := grid.Pt(2, 2), grid.Pt(125, 125)
	for !g.Passable(a) {
		a.X++
	}
	for !g.Passable(z) {
		z.X--
	}
	res, err := q.Find(a, z, hpa.Options{}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatalf("%v→%v: %v %v", a, z, res.Status, err)
	}
	path := slices.Clone(res.Path)
	views := []unitID{nobody, 1, 2}
	for round := range 6 {
		// Walls across the map add and remove waypoints and edges.
		col := 20 + 16*round
		g.Fill(grid.R(col, 10, col+2, 110), round%2 == 0)
		if err := b.Update(grid.Rect{}, 1); err != nil {
			t.Fatal(err)
		}
		x.add(path[len(path)/2], 6, 40*grid.Straight)
		x.claim(unitID(round%3), path)
		x.advance(unitID((round+1)%3), path[len(path)/3])
		x.decay(3, 4)
		if err := pl.Sync(); err != nil {
			t.Fatal(err)
		}
		checkEdges(t, pl, x, views, []grid.Point{a, path[len(path)/2]})
	}
}
