package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

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
// back as it decays; at every step hpa picks the road the exact search
// under the same penalty picks (where the two roads' costs differ by more
// than hpa's own tolerance).
func TestInfluenceMovesTheRoute(t *testing.T) {
	g, b := roads(t, 160, 96, 5, 14, 70)
	pl := hpa.NewPlanner(b, hpa.Config{})
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	q := pl.NewQuery()
	s := grid.NewSearcher(g)
	from, to := grid.Pt(18, 40), grid.Pt(142, 40)
	north := func(p []grid.Point) bool { return road(g, p) < 48 }

	res, err := q.Find(from, to, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(-1)}, nil)
	if err != nil || res.Status != hpa.Found || !north(res.Path) {
		t.Fatalf("no hot spot: %v %v, road at row %d", res.Status, err, road(g, res.Path))
	}
	// The detour: the cheapest southern path costs this much more.
	south, _ := s.FindPath(from, to, grid.Options{Avoid: func(i int) bool { return g.PointAt(i).Y < 48 && g.PointAt(i).X == 80 }}, nil)
	detour := south.Cost - res.Cost
	if err := f.AddInfluence(grid.Pt(80, 16), 6, 40*grid.Straight); err != nil {
		t.Fatal(err)
	}
	var seen [2]int // ticks on the north, on the south road
	wentSouth, cameBack := false, false
	for tick := range 40 {
		res, err := q.Find(from, to, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(-1)}, res.Path)
		if err != nil || res.Status != hpa.Found {
			t.Fatalf("tick %d: %v %v", tick, res.Status, err)
		}
		pen := hpa.GridPenalty(pl.NewQuery(), f.For(-1), from)
		if c, err := g.PathCostWith(res.Path, pen); err != nil || c != res.Cost {
			t.Fatalf("tick %d: path costs %d (%v) with the penalty, Find says %d", tick, c, err, res.Cost)
		}
		exact, _ := s.FindPath(from, to, grid.Options{Penalty: pen}, nil)
		// The exact cost of the other road.
		other, _ := s.FindPath(from, to, grid.Options{Penalty: pen, Avoid: func(i int) bool {
			p := g.PointAt(i)
			return p.X == 80 && (p.Y < 48) == north(exact.Path)
		}}, nil)
		n := north(res.Path)
		if margin := float64(other.Cost-exact.Cost) / float64(exact.Cost); margin > 0.05 && n != north(exact.Path) {
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
		if err := f.DecayInfluence(3, 4); err != nil {
			t.Fatal(err)
		}
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
			opt.Penalty = f.For(int32(k))
		}
		res, err := q.Find(from, to, opt, nil)
		if err != nil || res.Status != hpa.Found {
			t.Fatalf("unit %d: %v %v", k, res.Status, err)
		}
		if _, err := g.PathCost(res.Path); err != nil || res.Path[0] != from || res.Path[len(res.Path)-1] != to {
			t.Fatalf("unit %d: bad path: %v", k, err)
		}
		if claims {
			if err := f.Claim(int32(k), res.Path); err != nil {
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

// TestPenaltiesAgainstAStar: on random generated maps with random
// influence and random claims, hpa under the penalty finds a path exactly
// when A* does, the path is legal and costs what Find reports (terrain
// plus penalty), never less than the exact search under the same penalty;
// and the edge penalties kept up to date equal the ones computed from
// scratch. Bounds: mean 1%, 99th percentile 10% over the exact cost.
func TestPenaltiesAgainstAStar(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	maps := 300
	if testing.Short() {
		maps = 60
	}
	var over []float64
	for i := range maps {
		g, b := genBake(t, 32+r.IntN(100), 32+r.IntN(100), uint64(1000+i), grid.Movement(i%3), []int{8, 16}[i%2])
		pl := hpa.NewPlanner(b, hpa.Config{})
		f := pl.NewPenalties(hpa.PenaltyConfig{ClaimRadius: 1 + r.IntN(40), ClaimCost: grid.Cost(r.IntN(3 * int(grid.Straight)))})
		q, q2 := pl.NewQuery(), pl.NewQuery()
		s := grid.NewSearcher(g)
		open := func() grid.Point {
			for {
				if p := g.PointAt(r.IntN(g.Width() * g.Height())); g.Passable(p) {
					return p
				}
			}
		}
		for range r.IntN(6) {
			if err := f.AddInfluence(open(), r.IntN(8), grid.Cost(r.IntN(20*int(grid.Straight)))); err != nil {
				t.Fatal(err)
			}
		}
		// Units claim the paths they were given.
		for u := range int32(r.IntN(8)) {
			a, z := open(), open()
			res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status == hpa.Found {
				if err := f.Claim(u, res.Path); err != nil {
					t.Fatal(err)
				}
				if k := r.IntN(len(res.Path)); r.IntN(2) == 0 && !f.Advance(u, res.Path[k]) {
					t.Fatalf("advance along the claimed path failed")
				}
			}
		}
		if r.IntN(3) == 0 {
			f.DecayInfluence(1+r.IntN(3), 4)
		}
		kept, scratch, _ := f.EdgePenalties()
		if !slices.Equal(kept, scratch) {
			t.Fatalf("map %d: edge penalties kept up to date differ from the ones made from scratch", i)
		}
		var buf, buf2 []grid.Point
		for range 8 {
			a, z := open(), open()
			unit := int32(r.IntN(10)) - 1
			pen := f.For(unit)
			exact, _ := s.FindPath(a, z, grid.Options{Penalty: hpa.GridPenalty(pl.NewQuery(), pen, a)}, nil)
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells} {
				res, err := q.Find(a, z, hpa.Options{Smooth: sm, Penalty: pen}, buf)
				if err != nil {
					t.Fatal(err)
				}
				buf = res.Path
				if !agrees(t, g, hpa.GridPenalty(pl.NewQuery(), pen, a), res, exact, a, z, fmt.Sprintf("map %d", i)) {
					continue
				}
				c := res.Cost
				res2, _ := q2.Find(a, z, hpa.Options{Smooth: sm, Penalty: pen}, buf2)
				buf2 = res2.Path
				if !slices.Equal(res.Path, res2.Path) {
					t.Fatalf("map %d: two queries, two paths", i)
				}
				if sm == hpa.Cells && exact.Cost > 0 {
					over = append(over, float64(c-exact.Cost)/float64(exact.Cost))
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
	if mean > 0.01 || p99 > 0.10 {
		t.Errorf("cost over the optimum under penalties: mean %.2f%%, p99 %.1f%%", 100*mean, 100*p99)
	}
}

// TestPenaltyUpdatesAreLocal: a hot spot inside one cluster refreshes the
// edge penalties of that cluster alone, and a unit's claims refresh the
// clusters its path crosses; after a bake update and Sync the layer
// still matches a rebuild from scratch.
func TestPenaltyUpdatesAreLocal(t *testing.T) {
	g, b := genBake(t, 256, 256, 7, grid.Octile, 32)
	pl := hpa.NewPlanner(b, hpa.Config{})
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	center := grid.Pt(32*3+16, 32*4+16)
	for !g.Passable(center) {
		center.X++
	}
	_, _, n0 := f.EdgePenalties()
	if err := f.AddInfluence(center, 5, 10*grid.Straight); err != nil {
		t.Fatal(err)
	}
	kept, scratch, n1 := f.EdgePenalties()
	if n1-n0 != 1 || !slices.Equal(kept, scratch) {
		t.Fatalf("a hot spot inside one cluster refreshed %d clusters (edges right: %v)", n1-n0, slices.Equal(kept, scratch))
	}
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
	if err := f.Claim(3, res.Path); err != nil {
		t.Fatal(err)
	}
	kept, scratch, n2 := f.EdgePenalties()
	if n2-n1 != len(crossed) || !slices.Equal(kept, scratch) {
		t.Fatalf("a claim over %d clusters refreshed %d", len(crossed), n2-n1)
	}
	f.Release(3)
	if f.ClaimsAt(res.Path[5]) != 0 {
		t.Fatal("claims left after Release")
	}
	// Block a road the claims would use, update, sync.
	if err := f.Claim(4, res.Path); err != nil {
		t.Fatal(err)
	}
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
	kept, scratch, _ = f.EdgePenalties()
	if !slices.Equal(kept, scratch) {
		t.Fatal("edge penalties after Sync differ from a rebuild")
	}
	if _, err := q.Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); err != nil {
		t.Fatal(err)
	}
	// Bad input.
	if err := f.Claim(-1, res.Path); !errors.Is(err, hpa.ErrUnit) {
		t.Errorf("negative unit: %v", err)
	}
	if err := f.AddInfluence(grid.Pt(-1, 0), 3, 1); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("center off the map: %v", err)
	}
	if err := f.DecayInfluence(5, 4); err == nil {
		t.Error("decay above 1 accepted")
	}
	if err := f.Claim(hpa.MaxUnits, res.Path); !errors.Is(err, hpa.ErrUnit) {
		t.Errorf("unit id too large: %v", err)
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
	if _, err := other.NewQuery().Find(a, z, hpa.Options{Penalty: f.For(1)}, nil); err == nil {
		t.Error("a penalty layer of another planner accepted")
	}
}
