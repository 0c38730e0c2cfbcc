package hpa_test

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// belief is the tests' own model of a player's knowledge, kept apart
// from hpa's: plain arrays, a disc written from its definition.
type belief struct {
	w, h int
	open []bool
	wt   []uint8
	seen []bool
}

// newBelief: nothing seen; every cell believed passable with weight 1,
// or as prior says.
func newBelief(w, h int, prior *grid.Grid) *belief {
	b := &belief{w: w, h: h, open: make([]bool, w*h), wt: make([]uint8, w*h), seen: make([]bool, w*h)}
	for i := range b.open {
		b.open[i], b.wt[i] = true, 1
		if prior != nil {
			p := grid.Pt(i%w, i/w)
			b.open[i], b.wt[i] = prior.Passable(p), prior.Weight(p)
		}
	}
	return b
}

// disc: the player sees truth on every cell within r of c.
func (b *belief) disc(truth *grid.Grid, c grid.Point, r int) {
	for y := max(c.Y-r, 0); y < min(c.Y+r+1, b.h); y++ {
		for x := max(c.X-r, 0); x < min(c.X+r+1, b.w); x++ {
			if dx, dy := x-c.X, y-c.Y; dx*dx+dy*dy <= r*r {
				p := grid.Pt(x, y)
				i := y*b.w + x
				b.seen[i], b.open[i], b.wt[i] = true, truth.Passable(p), truth.Weight(p)
			}
		}
	}
}

// grid builds the belief as a plain grid, from map characters.
func (b *belief) grid(tb testing.TB, rule grid.Movement) *grid.Grid {
	m := &grid.MapFile{Width: b.w, Height: b.h, Cells: make([]byte, b.w*b.h)}
	for i, o := range b.open {
		m.Cells[i] = '@'
		if o {
			m.Cells[i] = '.'
		}
	}
	g, err := m.Grid(grid.MapOptions{Movement: rule})
	if err != nil {
		tb.Fatal(err)
	}
	for i, w := range b.wt {
		if w != 1 {
			g.SetWeight(grid.Pt(i%b.w, i/b.w), w)
		}
	}
	return g
}

// same checks the knowledge cell by cell against the model.
func (b *belief) same(tb testing.TB, k *hpa.Knowledge) {
	tb.Helper()
	seen := 0
	for i := range b.open {
		p := grid.Pt(i%b.w, i/b.w)
		open, w, _ := k.Believes(p)
		if open != b.open[i] || w != b.wt[i] || k.Seen(p) != b.seen[i] {
			tb.Fatalf("cell %v: knowledge says open %v weight %d seen %v; model %v %d %v", p, open, w, k.Seen(p), b.open[i], b.wt[i], b.seen[i])
		}
		if b.seen[i] {
			seen++
		}
	}
	if k.SeenCells() != seen {
		tb.Fatalf("SeenCells %d, model %d", k.SeenCells(), seen)
	}
}

func find(tb testing.TB, k *hpa.Knowledge, s, g grid.Point) hpa.Result {
	tb.Helper()
	res, err := k.Planner().NewQuery().Find(s, g, hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil {
		tb.Fatalf("%v→%v: %v", s, g, err)
	}
	return res
}

// crosses reports whether path steps on a cell blocked in g.
func crosses(g *grid.Grid, path []grid.Point) bool {
	return slices.ContainsFunc(path, func(p grid.Point) bool { return !g.Passable(p) })
}

// TestFogUnseenWall (a), on an open field: a wall the player has not
// seen does not change its path, which runs straight through it; a
// reveal of part of the wall turns the path round what it saw, through
// the part it has not; a reveal of the whole wall sends it through the
// real gap. Each path is the exact optimum of what the player believed
// (oracle model, exact A*) up to the planner's tolerance.
func TestFogUnseenWall(t *testing.T) {
	truth, _ := grid.New(96, 64, grid.Octile)
	truth.Fill(grid.R(48, 0, 49, 56), false) // a wall with a gap at the bottom
	k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
	if err != nil {
		t.Fatal(err)
	}
	model := newBelief(96, 64, nil)
	s, g := grid.Pt(10, 10), grid.Pt(85, 10)
	check := func(stage string) hpa.Result {
		t.Helper()
		model.same(t, k)
		view := model.grid(t, grid.Octile)
		res := find(t, k, s, g)
		opt, _ := grid.NewSearcher(view).FindPath(s, g, grid.Options{}, nil)
		if res.Status != hpa.Found || crosses(view, res.Path) {
			t.Fatalf("%s: %v, path through a cell the player believes blocked: %v", stage, res.Status, crosses(view, res.Path))
		}
		if c, err := view.PathCost(res.Path); err != nil || c != res.Cost || float64(c) > 1.02*float64(opt.Cost) {
			t.Fatalf("%s: cost %v (%v, view %v), optimum on the view %v", stage, res.Cost, err, c, opt.Cost)
		}
		return res
	}
	before := check("unseen wall")
	if !crosses(truth, before.Path) {
		t.Fatal("the path avoids a wall the player has not seen")
	}
	// An edit of the truth the player does not see changes nothing.
	truth.Fill(grid.R(60, 4, 62, 20), false)
	if got := find(t, k, s, g); !slices.Equal(got.Path, before.Path) || got.Version != before.Version {
		t.Fatal("an unseen edit changed the player's path")
	}
	// A reveal of part of the wall.
	rv, err := k.RevealCircle(truth, grid.Pt(48, 10), 8)
	if err != nil {
		t.Fatal(err)
	}
	model.disc(truth, grid.Pt(48, 10), 8)
	if rv.Changed != 17 || rv.Seen != 197 || rv.Version != 1 {
		t.Fatalf("reveal: %+v, want 17 changed of 197 seen, version 1", rv)
	}
	part := check("part seen")
	if slices.Equal(part.Path, before.Path) || !crosses(truth, part.Path) {
		t.Fatal("the path did not turn round the part of the wall the player saw, or saw the rest")
	}
	// The whole wall, and the new building.
	if _, err := k.RevealRect(truth, grid.R(40, 0, 70, 64)); err != nil {
		t.Fatal(err)
	}
	for y := range 64 {
		for x := 40; x < 70; x++ {
			i := y*96 + x
			p := grid.Pt(x, y)
			model.seen[i], model.open[i], model.wt[i] = true, truth.Passable(p), truth.Weight(p)
		}
	}
	all := check("all seen")
	if crosses(truth, all.Path) || !slices.ContainsFunc(all.Path, func(p grid.Point) bool { return p.X == 48 && p.Y >= 56 }) {
		t.Fatal("with the wall seen, the path does not take the gap")
	}
}

// TestFogKnownTerrain (a) on generated maps, with the terrain known from
// the start (Prior): a building the game puts on a player's path changes
// nothing until the player sees it, then the path goes round it.
func TestFogKnownTerrain(t *testing.T) {
	checked := 0
	defer func() {
		if checked < 3 {
			t.Fatalf("only %d maps had a query to check", checked)
		}
	}()
	for seed := range uint64(4) {
		truth, err := mapgen.NewGrid(mapgen.Config{Width: 192, Height: 160, Seed: seed + 40}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: truth, Bake: preprocess.Config{ClusterSize: 16}})
		if err != nil {
			t.Fatal(err)
		}
		s, g, ok := farPair(truth, seed)
		if !ok {
			continue
		}
		before := find(t, k, s, g)
		if before.Status != hpa.Found {
			t.Fatalf("seed %d: %v", seed, before.Status)
		}
		// A 3×3 building on the middle of the path, off both ends.
		mid := before.Path[len(before.Path)/2]
		bld := grid.R(mid.X-1, mid.Y-1, mid.X+2, mid.Y+2)
		if s.In(bld) || g.In(bld) {
			continue
		}
		truth.Fill(bld, false)
		if got := find(t, k, s, g); !slices.Equal(got.Path, before.Path) {
			t.Fatalf("seed %d: an unseen building changed the path", seed)
		}
		if _, err := k.RevealCircle(truth, mid, 6); err != nil {
			t.Fatal(err)
		}
		after := find(t, k, s, g)
		if after.Status != hpa.Found {
			t.Fatalf("seed %d: %v after the reveal", seed, after.Status)
		}
		if slices.ContainsFunc(after.Path, func(p grid.Point) bool { return p.In(bld) }) {
			t.Fatalf("seed %d: the path still crosses the building the player saw", seed)
		}
		checked++
		truth.Fill(bld, true) // the next seed's truth is fresh anyway
	}
}

// farPair picks two passable cells of one component far apart.
func farPair(g *grid.Grid, seed uint64) (grid.Point, grid.Point, bool) {
	comp := oracle.Components(g)
	r := mapgen.NewRand(seed)
	for range 1000 {
		s := grid.Pt(r.Intn(g.Width()), r.Intn(g.Height()))
		t := grid.Pt(r.Intn(g.Width()), r.Intn(g.Height()))
		if g.Passable(s) && g.Passable(t) && comp[g.Index(s)] == comp[g.Index(t)] && grid.OctileCost(s, t) > 80*grid.Straight {
			return s, t, true
		}
	}
	return grid.Point{}, grid.Point{}, false
}

// TestFogAgainstModel (b): on generated maps, players reveal discs while
// the game builds and razes buildings; after each round every query of a
// player is checked against the tests' model of what it knows: a path
// exactly when the player's view (a plain grid, oracle flood fill) joins
// start and goal, never through a cell it believes blocked (seen so),
// and the knowledge agrees with the model cell by cell. Odd seeds and
// seed 2 plan with the third tier (groups of 2×2 clusters), which the
// reveals keep in step (rebuilding groups off the reveals): their raw
// routes cost what the same player's on two tiers do.
func TestFogAgainstModel(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 4
	}
	noPath, regroups := 0, 0
	defer func() {
		if noPath == 0 && !t.Failed() {
			t.Fatal("no query without a path: the test checks too little")
		}
	}()
	for seed := range uint64(seeds) {
		truth, err := mapgen.NewGrid(mapgen.Config{Width: 160, Height: 128, Seed: seed + 7}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var prior *grid.Grid
		if seed%2 == 1 {
			prior = truth.Clone() // the terrain known from the start
		}
		var cfg hpa.Config
		if seed%2 == 1 || seed%4 == 2 {
			cfg = hpa.Config{Tiers: 3, GroupClusters: 2}
		}
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: prior, Bake: preprocess.Config{ClusterSize: 16}, Planner: cfg})
		if err != nil {
			t.Fatal(err)
		}
		// With the third tier, the same player on two tiers: its coarse
		// routes must cost the same.
		var two *hpa.Knowledge
		if cfg.Tiers == 3 {
			if two, err = hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: prior, Bake: preprocess.Config{ClusterSize: 16}, Planner: hpa.Config{Tiers: 2}}); err != nil {
				t.Fatal(err)
			}
		}
		model := newBelief(160, 128, prior)
		r := mapgen.NewRand(seed)
		q := k.Planner().NewQuery()
		var buf []grid.Point
		for round := range 12 {
			// The game edits the truth: buildings up and down.
			for range 3 {
				x, y := r.Intn(156), r.Intn(124)
				truth.Fill(grid.R(x, y, x+1+r.Intn(4), y+1+r.Intn(4)), r.Intn(3) > 0)
			}
			// The player's units look round.
			var cs []grid.Point
			for range 1 + r.Intn(4) {
				cs = append(cs, grid.Pt(r.Intn(170)-5, r.Intn(138)-5))
			}
			rad := r.Intn(14)
			if _, err := k.RevealCircles(truth, cs, rad); err != nil {
				t.Fatal(err)
			}
			if two != nil {
				if _, err := two.RevealCircles(truth, cs, rad); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range cs {
				model.disc(truth, c, rad)
			}
			model.same(t, k)
			view := model.grid(t, grid.Octile)
			comp := oracle.Components(view)
			exact := grid.NewSearcher(view)
			for i := range 30 {
				s := grid.Pt(r.Intn(160), r.Intn(128))
				g := grid.Pt(r.Intn(160), r.Intn(128))
				name := fmt.Sprintf("seed %d round %d query %d %v→%v", seed, round, i, s, g)
				res, err := q.Find(s, g, hpa.Options{Smooth: hpa.Cells}, buf)
				buf = res.Path
				if !view.Passable(s) || !view.Passable(g) {
					if !errors.Is(err, grid.ErrBlocked) {
						t.Fatalf("%s: an end the player believes blocked: %v %v", name, res.Status, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				joined := comp[view.Index(s)] == comp[view.Index(g)]
				if (res.Status == hpa.Found) != joined {
					t.Fatalf("%s: %v; the player's view joins them: %v", name, res.Status, joined)
				}
				if !joined {
					noPath++
				}
				if joined && two != nil {
					raw, err := q.Find(s, g, hpa.Options{Smooth: hpa.Raw, Band: -1}, nil)
					want, err2 := two.Planner().NewQuery().Find(s, g, hpa.Options{Smooth: hpa.Raw, Band: -1}, nil)
					if err != nil || err2 != nil || raw.Cost != want.Cost {
						t.Fatalf("%s: raw path cost %d on three tiers (%v), %d on two (%v)", name, raw.Cost, err, want.Cost, err2)
					}
				}
				if joined {
					c, ok := oracle.PathCost(oracle.Graph{G: view}, res.Path)
					if !ok || res.Path[0] != s || res.Path[len(res.Path)-1] != g || c != res.Cost {
						t.Fatalf("%s: the path (legal on the view %v, cost %d of %d) does not lead from start to goal on the player's view", name, ok, c, res.Cost)
					}
					if best, _ := exact.FindPath(s, g, grid.Options{}, nil); res.Cost < best.Cost || float64(res.Cost) > 1.25*float64(best.Cost) {
						t.Fatalf("%s: cost %d, the view's optimum %d", name, res.Cost, best.Cost)
					}
				}
			}
		}
		if two != nil {
			regroups += hpa.KnowledgeRegroups(k)
		}
	}
	if regroups == 0 {
		t.Fatal("no group rebuild installed on a view: the test misses them")
	}
}

// TestFogTwoPlayers (c): two players who have seen different parts of
// one map get different paths for one query, and the same reveals give
// the same paths again.
func TestFogTwoPlayers(t *testing.T) {
	run := func() [2][]grid.Point {
		truth, _ := grid.New(128, 96, grid.Octile)
		// Two walls with gaps: north of centre and south of it.
		truth.Fill(grid.R(64, 0, 65, 40), false)
		truth.Fill(grid.R(64, 56, 65, 96), false)
		truth.Fill(grid.R(64, 40, 65, 56), false)
		truth.Fill(grid.R(64, 4, 65, 8), true) // a gap far north
		var out [2][]grid.Point
		for pl := range 2 {
			k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
			if err != nil {
				t.Fatal(err)
			}
			// Player 0 scouted the centre of the wall, player 1 the north.
			c := []grid.Point{grid.Pt(64, 48), grid.Pt(64, 20)}[pl]
			if _, err := k.RevealCircles(truth, []grid.Point{c, c.Add(grid.Pt(0, 12)), c.Add(grid.Pt(0, -12))}, 10); err != nil {
				t.Fatal(err)
			}
			out[pl] = slices.Clone(find(t, k, grid.Pt(20, 48), grid.Pt(110, 48)).Path)
		}
		return out
	}
	a := run()
	if slices.Equal(a[0], a[1]) {
		t.Fatal("players with different knowledge got the same path")
	}
	for range 3 {
		if b := run(); !slices.Equal(a[0], b[0]) || !slices.Equal(a[1], b[1]) {
			t.Fatal("the same reveals gave other paths")
		}
	}
}

// TestFogMisuse: bad input is an error, never a panic.
func TestFogMisuse(t *testing.T) {
	truth, _ := grid.New(40, 30, grid.Octile)
	if _, err := hpa.NewKnowledge(nil, hpa.KnowledgeConfig{}); !errors.Is(err, hpa.ErrKnowledge) {
		t.Fatal(err)
	}
	other, _ := grid.New(40, 31, grid.Octile)
	if _, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: other}); !errors.Is(err, hpa.ErrKnowledge) {
		t.Fatal(err)
	}
	four, _ := grid.New(40, 30, grid.Cardinal)
	if _, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: four}); !errors.Is(err, hpa.ErrKnowledge) {
		t.Fatal(err)
	}
	if _, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{Placed: []grid.Point{grid.Pt(1, 1)}}}); !errors.Is(err, hpa.ErrKnowledge) {
		t.Fatal(err)
	}
	if _, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 3}}); !errors.Is(err, preprocess.ErrConfig) {
		t.Fatal(err)
	}
	k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []func() error{
		func() error { _, err := k.RevealCircle(nil, grid.Pt(1, 1), 3); return err },
		func() error { _, err := k.RevealCircle(other, grid.Pt(1, 1), 3); return err },
		func() error { _, err := k.RevealCircle(four, grid.Pt(1, 1), 3); return err },
		func() error { _, err := k.RevealCircle(truth, grid.Pt(1, 1), -1); return err },
		func() error { _, err := k.RevealCircle(truth, grid.Pt(1, 1), hpa.MaxRevealRadius+1); return err },
		func() error { _, err := k.RevealRect(other, grid.R(0, 0, 5, 5)); return err },
		func() error { var n *hpa.Knowledge; _, err := n.RevealRect(truth, grid.R(0, 0, 5, 5)); return err },
	} {
		if err := f(); !errors.Is(err, hpa.ErrKnowledge) {
			t.Fatalf("misuse answered %v", err)
		}
	}
	// Off the map: clipped, nothing seen, no error.
	if rv, err := k.RevealRect(truth, grid.R(-10, -10, -1, -1)); err != nil || rv.Seen != 0 {
		t.Fatal(rv, err)
	}
	if rv, err := k.RevealCircle(truth, grid.Pt(-100, 5), 50); err != nil || rv.Seen != 0 {
		t.Fatal(rv, err)
	}
	if k.Seen(grid.Pt(-1, 0)) || k.Seen(grid.Pt(40, 0)) {
		t.Fatal("seen off the map")
	}
	if o, w, _ := k.Believes(grid.Pt(0, 99)); o || w != 0 {
		t.Fatal("a belief off the map")
	}
	if k.FirstBlocked([]grid.Point{grid.Pt(0, 0), grid.Pt(1, 1), grid.Pt(5, 5)}, grid.Unit{}) != 2 ||
		k.FirstBlocked([]grid.Point{grid.Pt(0, 0), grid.Pt(-1, 0)}, grid.Unit{}) != 1 ||
		k.FirstBlocked([]grid.Point{grid.Pt(0, 0)}, grid.Unit{Class: 3}) != 0 ||
		k.FirstBlocked(nil, grid.Unit{}) != -1 {
		t.Fatal("FirstBlocked")
	}
	// A nil or zero Knowledge answers as a player who knows no map.
	for _, z := range []*hpa.Knowledge{nil, {}} {
		if _, err := z.RevealRect(truth, grid.R(0, 0, 5, 5)); !errors.Is(err, hpa.ErrKnowledge) {
			t.Fatal(err)
		}
		if _, err := z.RevealCircles(truth, []grid.Point{grid.Pt(1, 1)}, 2); !errors.Is(err, hpa.ErrKnowledge) {
			t.Fatal(err)
		}
		if _, err := z.Planner().NewQuery().Find(grid.Pt(0, 0), grid.Pt(1, 1), hpa.Options{}, nil); !errors.Is(err, hpa.ErrNoBake) {
			t.Fatal(err)
		}
		svc := z.NewService(hpa.ServiceConfig{})
		svc.Close()
		if o, w, tt := z.Believes(grid.Pt(0, 0)); z.Seen(grid.Pt(0, 0)) || z.SeenCells() != 0 || o || w != 0 || tt != 0 ||
			z.View() != nil || z.Bake() != nil || z.Version() != 0 || z.Bytes() != 0 || z.FirstBlocked([]grid.Point{grid.Pt(0, 0)}, grid.Unit{}) != 0 {
			t.Fatal("a zero knowledge answered as one that knows a map")
		}
	}
}

// TestFogWalk: units cross generated maps they have never seen, on the
// player's path service, seeing a disc round them each tick and asking
// again when what they see blocks their path (the free-space assumption
// of navigation in unknown terrain). The map does not change, so each
// must reach its goal exactly when the true map joins start and goal
// (otherwise its player comes to know it cannot: NoPath), and no step it
// takes may cross a true wall.
func TestFogWalk(t *testing.T) {
	reached, refused := 0, 0
	for seed := range uint64(4) {
		truth, err := mapgen.NewGrid(mapgen.Config{Width: 128, Height: 128, Seed: seed + 90}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		comp := oracle.Components(truth)
		r := mapgen.NewRand(seed)
		for u := range 6 {
			k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
			if err != nil {
				t.Fatal(err)
			}
			svc := k.NewService(hpa.ServiceConfig{})
			var at, goal grid.Point
			for !truth.Passable(at) || !truth.Passable(goal) || at == goal {
				at, goal = grid.Pt(r.Intn(128), r.Intn(128)), grid.Pt(r.Intn(128), r.Intn(128))
			}
			joined := comp[truth.Index(at)] == comp[truth.Index(goal)]
			var path []grid.Point
			waiting, gaveUp := false, false
			order := func() {
				if _, err := svc.Submit(hpa.Order{Start: at, Goal: goal, Options: hpa.Options{Smooth: hpa.Cells}}); err != nil {
					t.Fatal(err)
				}
				path, waiting = path[:0], true
			}
			for tick := 0; at != goal && !gaveUp; tick++ {
				if tick > 20000 {
					t.Fatalf("seed %d unit %d: still walking after %d ticks", seed, u, tick)
				}
				if _, err := k.RevealCircle(truth, at, 3); err != nil {
					t.Fatal(err)
				}
				if !waiting && (len(path) == 0 || k.FirstBlocked(path, grid.Unit{}) >= 0) {
					order()
				}
				for _, rp := range svc.Tick(500) {
					if rp.Kind != hpa.Final {
						continue
					}
					waiting = false
					if rp.Err != nil {
						t.Fatalf("seed %d unit %d: %v", seed, u, rp.Err)
					}
					if rp.Status != hpa.Found {
						gaveUp = true
						break
					}
					path = append(path[:0], rp.Path[1:]...)
				}
				if len(path) > 0 && !waiting {
					if !truth.CanStep(at, path[0]) {
						t.Fatalf("seed %d unit %d: a step %v→%v through a true wall", seed, u, at, path[0])
					}
					at, path = path[0], path[1:]
				}
			}
			svc.Close()
			if (at == goal) != joined {
				t.Fatalf("seed %d unit %d: at the goal %v, the true map joins them %v", seed, u, at == goal, joined)
			}
			if joined {
				reached++
			} else {
				refused++
			}
		}
	}
	t.Logf("%d units reached their goals, %d learnt they could not", reached, refused)
	if reached == 0 || refused == 0 {
		t.Fatal("the test checks too little: no unit reached its goal, or none was refused")
	}
}

// TestFogServiceRestarts: a request in flight on the player's service
// when a reveal changes the player's view is answered on the new view,
// as a fresh query on it answers.
func TestFogServiceRestarts(t *testing.T) {
	truth, err := mapgen.NewGrid(mapgen.Config{Width: 256, Height: 256, Seed: 3}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
	if err != nil {
		t.Fatal(err)
	}
	s, g, ok := farPair(truth, 5)
	if !ok {
		t.Fatal("no far pair")
	}
	svc := k.NewService(hpa.ServiceConfig{FirstSteps: -1})
	defer svc.Close()
	if _, err := svc.Submit(hpa.Order{Start: s, Goal: g, Options: hpa.Options{Smooth: hpa.Cells}}); err != nil {
		t.Fatal(err)
	}
	if rs := svc.Tick(5); len(rs) != 0 {
		t.Fatalf("answered within 5 expansions: %+v", rs)
	}
	before := find(t, k, s, g)
	rv, err := k.RevealRect(truth, grid.R(0, 0, 256, 256))
	if err != nil || rv.Changed == 0 {
		t.Fatal(rv, err)
	}
	want := find(t, k, s, g)
	if slices.Equal(want.Path, before.Path) {
		t.Fatal("the reveal did not change the path: the test checks nothing")
	}
	var got []hpa.Reply
	for len(got) == 0 {
		got = svc.Tick(0)
	}
	if !slices.Equal(got[0].Path, want.Path) || got[0].Version != rv.Version {
		t.Fatalf("the service answered version %d, %d cells; a fresh query on version %d: %d cells", got[0].Version, len(got[0].Path), rv.Version, len(want.Path))
	}
}

// FuzzKnowledge drives a player's knowledge with arbitrary reveals
// (discs, rectangles, off the map too), edits of the truth and queries,
// and checks every answer against the tests' model of the view: beliefs
// cell by cell, a path exactly when the view joins the ends, every step
// legal on the view.
func FuzzKnowledge(f *testing.F) {
	f.Add([]byte{0, 10, 10, 5, 2, 3, 3, 1, 40, 40, 9, 3, 1, 2, 30, 20})
	f.Add([]byte{1, 0, 0, 48, 40, 2, 5, 5, 3, 3, 3, 0, 0, 47, 39})
	f.Fuzz(func(t *testing.T, ops []byte) {
		const w, h = 48, 40
		truth, err := mapgen.NewGrid(mapgen.Config{Width: w, Height: h, Seed: uint64(len(ops) % 5)}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 8}})
		if err != nil {
			t.Fatal(err)
		}
		model := newBelief(w, h, nil)
		q := k.Planner().NewQuery()
		next := func() int {
			if len(ops) == 0 {
				return 0
			}
			v := int(ops[0])
			ops = ops[1:]
			return v
		}
		for n := 0; len(ops) > 0 && n < 40; n++ {
			switch next() % 4 {
			case 0: // a disc, maybe off the map
				c, r := grid.Pt(next()-20, next()-20), next()%20
				if _, err := k.RevealCircle(truth, c, r); err != nil {
					t.Fatal(err)
				}
				model.disc(truth, c, r)
			case 1: // a rectangle
				x, y := next()-10, next()-10
				rc := grid.R(x, y, x+next()%30, y+next()%30)
				if _, err := k.RevealRect(truth, rc); err != nil {
					t.Fatal(err)
				}
				rc = rc.Intersect(truth.Bounds())
				for yy := rc.Min.Y; yy < rc.Max.Y; yy++ {
					for xx := rc.Min.X; xx < rc.Max.X; xx++ {
						i, p := yy*w+xx, grid.Pt(xx, yy)
						model.seen[i], model.open[i], model.wt[i] = true, truth.Passable(p), truth.Weight(p)
					}
				}
			case 2: // the game edits the truth
				x, y := next()%w, next()%h
				truth.Fill(grid.R(x, y, x+1+next()%5, y+1+next()%5), next()%2 == 0)
			case 3: // a query
				s, g := grid.Pt(next()%w, next()%h), grid.Pt(next()%w, next()%h)
				view := model.grid(t, grid.Octile)
				res, err := q.Find(s, g, hpa.Options{Smooth: hpa.Smoothing(next() % 3)}, nil)
				if !view.Passable(s) || !view.Passable(g) {
					if !errors.Is(err, grid.ErrBlocked) {
						t.Fatalf("%v→%v: an end believed blocked: %v %v", s, g, res.Status, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v→%v: %v", s, g, err)
				}
				comp := oracle.Components(view)
				joined := comp[view.Index(s)] == comp[view.Index(g)]
				if (res.Status == hpa.Found) != joined {
					t.Fatalf("%v→%v: %v, the view joins them: %v", s, g, res.Status, joined)
				}
				if joined && res.Path != nil {
					cells, err := q.Find(s, g, hpa.Options{Smooth: hpa.Cells}, nil)
					if err != nil {
						t.Fatal(err)
					}
					c, ok := oracle.PathCost(oracle.Graph{G: view}, cells.Path)
					if !ok || cells.Path[0] != s || cells.Path[len(cells.Path)-1] != g || c != cells.Cost {
						t.Fatalf("%v→%v: not a path from start to goal on the view (legal %v)", s, g, ok)
					}
					if best, _ := grid.NewSearcher(view).FindPath(s, g, grid.Options{}, nil); c < best.Cost {
						t.Fatalf("%v→%v: cost %d below the view's optimum %d", s, g, c, best.Cost)
					}
				}
			}
		}
		model.same(t, k)
	})
}

// TestFogDeterministic: the same reveals give the same answers after
// every one of them, on one core or two, although the view's landmarks
// are refreshed on goroutines along the way (a refresh is installed at a
// fixed reveal, whenever its goroutine ends).
func TestFogDeterministic(t *testing.T) {
	truth, err := mapgen.NewGrid(mapgen.Config{Width: 256, Height: 256, Seed: 11}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	run := func(procs int) []grid.Cost {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
		if err != nil {
			t.Fatal(err)
		}
		q := k.Planner().NewQuery()
		r := mapgen.NewRand(9)
		var out []grid.Cost
		defer func() {
			if n := hpa.KnowledgeRefreshes(k); n < 3 {
				t.Fatalf("%d landmark refreshes: the test checks too little", n)
			}
		}()
		for range 120 {
			if _, err := k.RevealCircle(truth, grid.Pt(r.Intn(256), r.Intn(256)), 12); err != nil {
				t.Fatal(err)
			}
			for range 4 {
				s, g := grid.Pt(r.Intn(256), r.Intn(256)), grid.Pt(r.Intn(256), r.Intn(256))
				res, err := q.Find(s, g, hpa.Options{}, nil)
				if err != nil {
					out = append(out, -1)
					continue
				}
				out = append(out, res.Cost, grid.Cost(res.Waypoints), grid.Cost(len(res.Path)))
			}
		}
		return out
	}
	a := run(1)
	for _, procs := range []int{2, 1, 2} {
		if b := run(procs); !slices.Equal(a, b) {
			t.Fatalf("GOMAXPROCS %d: other answers", procs)
		}
	}
}

// TestFogTerrain: terrain types are beliefs too. A player who knows the
// river from the start (Prior, with the truth's movement classes) has no
// ground path across it; a bridge built where it does not look changes
// nothing, and once it sees the bridge its ground units cross.
func TestFogTerrain(t *testing.T) {
	truth, _ := grid.New(64, 48, grid.Octile)
	if err := truth.SetClasses(grid.MovingAIClasses()); err != nil {
		t.Fatal(err)
	}
	if err := truth.FillTerrain(grid.R(30, 0, 34, 48), grid.TerrainWater); err != nil {
		t.Fatal(err)
	}
	ground := grid.Unit{Size: 1, Class: 1}
	k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Prior: truth, Bake: preprocess.Config{ClusterSize: 16, Units: []grid.Unit{ground}}})
	if err != nil {
		t.Fatal(err)
	}
	q := k.Planner().NewQuery()
	ask := func() hpa.Status {
		t.Helper()
		res, err := q.Find(grid.Pt(10, 22), grid.Pt(50, 22), hpa.Options{Class: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.Status
	}
	if ask() != hpa.NoPath {
		t.Fatal("ground units cross the river")
	}
	if err := truth.FillTerrain(grid.R(30, 20, 34, 25), grid.TerrainGround); err != nil {
		t.Fatal(err)
	}
	if ask() != hpa.NoPath {
		t.Fatal("a bridge the player has not seen changed its path")
	}
	rv, err := k.RevealCircle(truth, grid.Pt(32, 22), 5)
	if err != nil {
		t.Fatal(err)
	}
	if rv.Changed != 20 || k.View().Terrain(grid.Pt(31, 22)) != grid.TerrainGround || k.View().Terrain(grid.Pt(31, 19)) != grid.TerrainWater {
		t.Fatalf("reveal %+v: the view's terrain %d, %d", rv, k.View().Terrain(grid.Pt(31, 22)), k.View().Terrain(grid.Pt(31, 19)))
	}
	if ask() != hpa.Found {
		t.Fatal("the player saw the bridge; its ground units do not cross")
	}
}

// TestFogFirstBlockedUnit: FirstBlocked checks the unit's whole
// footprint: a post under the lower row of a 2×2 unit's path blocks it,
// though every top-left cell stays open.
func TestFogFirstBlockedUnit(t *testing.T) {
	truth, _ := grid.New(48, 32, grid.Octile)
	two := grid.Unit{Size: 2}
	k, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16, Units: []grid.Unit{two}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := k.Planner().NewQuery().Find(grid.Pt(2, 10), grid.Pt(44, 10), hpa.Options{Size: 2}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatal(res.Status, err)
	}
	path := slices.Clone(res.Path)
	mid := path[len(path)/2]
	post := mid.Add(grid.Pt(0, 1)) // under the footprint, not a top-left cell
	if slices.Contains(path, post) {
		t.Fatal("the post lies on the path itself: the test checks nothing")
	}
	truth.SetPassable(post, false)
	if _, err := k.RevealCircle(truth, post, 3); err != nil {
		t.Fatal(err)
	}
	if i := k.FirstBlocked(path, grid.Unit{}); i != -1 {
		t.Fatalf("one cell is blocked at step %d", i)
	}
	i := k.FirstBlocked(path, two)
	if i < 0 || i > len(path)/2 {
		t.Fatalf("the 2×2 unit is blocked at step %d, want by step %d", i, len(path)/2)
	}
	if _, err := k.View().UnitPathCost(path[:i+1], two); err == nil {
		t.Fatal("FirstBlocked named a step the unit may take")
	}
	if _, err := k.View().UnitPathCost(path[:i], two); err != nil {
		t.Fatalf("the steps before %d: %v", i, err)
	}
}
