package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// liveArmy is a live map, a field on it and units walking the field.
type liveArmy struct {
	live  *hpa.Live
	view  hpa.View
	f     *hpa.Field
	units []grid.Point
}

func newLiveArmy(t *testing.T, g *grid.Grid, cs int, goal grid.Point, units []grid.Point) *liveArmy {
	t.Helper()
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	live, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 3})
	if err != nil {
		t.Fatal(err)
	}
	a := &liveArmy{live: live, view: live.Acquire(), units: slices.Clone(units)}
	if a.f, err = a.view.NewField(goal, hpa.Options{}); err != nil {
		t.Fatal(err)
	}
	a.f.Ready(a.units)
	return a
}

// walk moves every unit up to steps steps along the field, checking each
// step against the oracle on the view's map; it reports whether all
// have arrived.
func (a *liveArmy) walk(t *testing.T, steps int, what string) bool {
	t.Helper()
	o := oracle.Graph{G: a.view.Grid()}
	comp := o.Components()
	goal := comp[a.view.Grid().Index(a.f.Goal())]
	all := true
	for i, u := range a.units {
		for range steps {
			if u == a.f.Goal() {
				break
			}
			nx, ok := a.f.Next(u)
			if !ok && comp[a.view.Grid().Index(u)] != goal {
				break // walled off from the goal
			}
			if !ok || !o.Legal(u, nx) {
				t.Fatalf("%s: unit %d at %v: step to %v, %v (legal %v)", what, i, u, nx, ok, o.Legal(u, nx))
			}
			u = nx
		}
		a.units[i] = u
		all = all && u == a.f.Goal()
	}
	return all
}

// publish writes edit, publishes, and moves the field to the new version;
// it returns the clusters rebuilt and those the edit touched that the
// field had built.
func (a *liveArmy) publish(t *testing.T, edit func(l *hpa.Live) error) (rebuilt, touched int) {
	t.Helper()
	if err := edit(a.live); err != nil {
		t.Fatal(err)
	}
	had := a.f.BuiltClusters()
	a.view.Release()
	if _, err := a.live.Publish(); err != nil {
		t.Fatal(err)
	}
	a.view = a.live.Acquire()
	for _, c := range a.view.Bake().LastUpdate().Clusters {
		if _, ok := slices.BinarySearch(had, c); ok {
			touched++
		}
	}
	before := a.f.Built()
	if err := a.f.SyncTo(a.view); err != nil {
		t.Fatal(err)
	}
	return a.f.Built() - before, touched
}

// TestFieldLiveEdit: a group walks a field across an open map with
// scattered rocks; a rock goes up on the corridor ahead of it (inside a
// cluster the field has built), and the field moves to the new version:
// exactly the clusters the edit touched are built again, the others
// kept; every unit then reaches the goal, each step legal on the edited
// map (oracle).
func TestFieldLiveEdit(t *testing.T) {
	g, err := grid.New(256, 128, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 60 {
		x, y := r.IntN(250), r.IntN(122)
		g.Fill(grid.R(x, y, x+1+r.IntN(4), y+1+r.IntN(4)), false)
	}
	goal := openCell(t, g, 240, 64)
	var units []grid.Point
	for len(units) < 40 {
		if u := grid.Pt(r.IntN(24), 40+r.IntN(48)); g.Passable(u) {
			units = append(units, u)
		}
	}
	a := newLiveArmy(t, g, 16, goal, units)
	defer a.view.Release()
	a.walk(t, 40, "before the edit")
	// A rock on the corridor, 60 steps ahead of the first unit, in the
	// middle of its cluster.
	path, ok := a.f.Path(a.units[0], nil)
	if !ok || len(path) < 80 {
		t.Fatalf("no corridor ahead: %d cells", len(path))
	}
	at := path[60]
	c0 := grid.Pt(at.X/16*16, at.Y/16*16)
	rock := grid.R(c0.X+6, c0.Y+6, c0.X+10, c0.Y+10)
	rebuilt, touched := a.publish(t, func(l *hpa.Live) error { return l.Fill(rock, false) })
	t.Logf("rock %v: %d clusters touched that the field had built, %d rebuilt", rock, touched, rebuilt)
	if touched == 0 || rebuilt != touched {
		t.Fatalf("rock %v: %d built clusters touched, %d rebuilt", rock, touched, rebuilt)
	}
	if !a.walk(t, 1000, "after the edit") {
		t.Fatal("units did not reach the goal")
	}
}

// TestFieldLiveStress: on generated maps, groups walk fields while walls
// go up and come down across their corridors version after version
// (some closing a corridor, so the way round is long): after each sync
// every unit still steps legally on the map of its version (oracle) and,
// at the end, every unit whose start the map still joins to the goal
// arrives. Again with clusters built again seeded from their waypoints
// alone (the fallback SyncTo takes for a cluster built again too often).
func TestFieldLiveStress(t *testing.T) {
	for _, rebuilds := range []uint8{2, 0} {
		t.Run(fmt.Sprintf("rebuilds=%d", rebuilds), func(t *testing.T) {
			defer hpa.SetFieldMaxRebuilds(rebuilds)()
			fieldLiveStress(t)
		})
	}
}

func fieldLiveStress(t *testing.T) {
	for seed := range uint64(8) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 160, Height: 128, Seed: seed + 300}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 77))
		comp := oracle.Components(g)
		goal := grid.Pt(r.IntN(160), r.IntN(128))
		for comp[g.Index(goal)] == 0 {
			goal = grid.Pt(r.IntN(160), r.IntN(128))
		}
		var units []grid.Point
		for len(units) < 30 {
			if u := grid.Pt(r.IntN(160), r.IntN(128)); comp[g.Index(u)] == comp[g.Index(goal)] {
				units = append(units, u)
			}
		}
		a := newLiveArmy(t, g, []int{8, 16}[seed%2], goal, units)
		for v := range 12 {
			what := fmt.Sprintf("seed %d version %d", seed, v)
			a.walk(t, 6, what)
			// A wall across the corridor of a random unit, sometimes
			// taken down again later.
			u := a.units[r.IntN(len(a.units))]
			path, _ := a.f.Path(u, nil)
			if len(path) < 12 {
				continue
			}
			at := path[len(path)/2]
			var wall grid.Rect
			if r.IntN(2) == 0 {
				wall = grid.R(at.X-r.IntN(12), at.Y, at.X+r.IntN(12)+1, at.Y+1)
			} else {
				wall = grid.R(at.X, at.Y-r.IntN(12), at.X+1, at.Y+r.IntN(12)+1)
			}
			open := v%4 == 3
			a.publish(t, func(l *hpa.Live) error {
				// Never wall in a unit or the goal.
				for _, p := range append(slices.Clone(a.units), goal) {
					if p.In(wall) && !open {
						return nil
					}
				}
				return l.Fill(wall, open)
			})
		}
		comp = oracle.Components(a.view.Grid())
		o := oracle.Graph{G: a.view.Grid()}
		for i, u := range a.units {
			if comp[g.Index(u)] != comp[g.Index(goal)] {
				continue
			}
			for n := 0; u != goal; n++ {
				nx, ok := a.f.Next(u)
				if !ok || !o.Legal(u, nx) || n > 160*128 {
					t.Fatalf("seed %d: unit %d stuck at %v (step to %v, %v)", seed, i, u, nx, ok)
				}
				u = nx
			}
		}
		a.view.Release()
	}
}

// TestSpreadIn: on a live map, SpreadIn gives what Query.Spread gives on
// a planner of the same map, and refuses a View of another live map.
func TestSpreadIn(t *testing.T) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 96, Seed: 12}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	goal := openCell(t, g, 48, 48)
	units := []grid.Point{openCell(t, g, 3, 3), openCell(t, g, 90, 5), openCell(t, g, 40, 80)}
	want, err := hpa.NewPlanner(b, hpa.Config{}).NewQuery().Spread(goal, units, hpa.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	live, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	other, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	lq := live.NewQuery()
	v, w := live.Acquire(), other.Acquire()
	defer v.Release()
	defer w.Release()
	got, err := lq.SpreadIn(v, goal, units, hpa.Options{}, nil)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("SpreadIn %v, %v; want %v", got, err, want)
	}
	if _, err := lq.SpreadIn(w, goal, units, hpa.Options{}, nil); !errors.Is(err, hpa.ErrOptions) {
		t.Errorf("another map's View: %v", err)
	}
	var nilq *hpa.LiveQuery
	if _, err := nilq.SpreadIn(v, goal, units, hpa.Options{}, nil); err == nil {
		t.Error("a nil LiveQuery spreads")
	}
}

// TestFieldSyncBackwards: a field moved to a newer version and then back
// to an older View (still held) answers for the older map: a rock that
// was removed in the newer version is walked round again.
func TestFieldSyncBackwards(t *testing.T) {
	g, _ := grid.New(48, 16, grid.Octile)
	rock := grid.R(6, 2, 10, 14)
	g.Fill(rock, false)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 3})
	if err != nil {
		t.Fatal(err)
	}
	v0 := l.Acquire()
	defer v0.Release()
	f, err := v0.NewField(grid.Pt(40, 8), hpa.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Fill(rock, true); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	v1 := l.Acquire()
	defer v1.Release()
	start := grid.Pt(2, 8)
	for _, v := range []hpa.View{v1, v0, v1, v0} {
		if err := f.SyncTo(v); err != nil {
			t.Fatal(err)
		}
		walkField(t, oracle.Graph{G: v.Grid()}, f, start, fmt.Sprintf("version %d", v.Version()))
	}
}

// TestFieldReuse: a field (and a Move) made again on planners of other
// maps and cluster sizes answers for the new one; one made on a live map
// and then Reset on a planner is no longer the live map's (SyncTo is
// ErrField).
func TestFieldReuse(t *testing.T) {
	var f hpa.Field
	var m hpa.Move
	for _, cs := range []int{8, 32, 4, 16} {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 100, Height: 70, Seed: uint64(cs)}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		p := hpa.NewPlanner(b, hpa.Config{})
		o := oracle.Graph{G: g}
		comp := o.Components()
		goal := openCell(t, g, 50, 35)
		if err := f.Reset(p, goal, hpa.Options{}); err != nil {
			t.Fatal(err)
		}
		var units []grid.Point
		for i := range g.Width() * g.Height() {
			if pt := g.PointAt(i); comp[i] != 0 && comp[i] == comp[g.Index(goal)] && i%37 == 0 {
				walkField(t, o, &f, pt, fmt.Sprintf("cluster size %d", cs))
				units = append(units, pt)
			}
		}
		if err := p.NewQuery().Move(goal, units, hpa.MoveOptions{Guide: hpa.ByField, Spread: true}, &m); err != nil {
			t.Fatal(err)
		}
		walkMove(t, o, &m, units, fmt.Sprintf("Move, cluster size %d", cs))
	}
	g, _ := grid.New(64, 64, grid.Octile)
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	l, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	v := l.Acquire()
	defer v.Release()
	lf, err := v.NewField(grid.Pt(60, 60), hpa.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := lf.Reset(hpa.NewPlanner(b, hpa.Config{}), grid.Pt(3, 3), hpa.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := lf.SyncTo(v); !errors.Is(err, hpa.ErrField) {
		t.Errorf("SyncTo after Reset on a planner: %v", err)
	}
	// A live map's penalty layer is not taken (yet).
	if _, err := v.NewField(grid.Pt(60, 60), hpa.Options{Penalty: l.NewPenalties(hpa.PenaltyConfig{}).For(hpa.NoUnit)}); !errors.Is(err, hpa.ErrOptions) {
		t.Errorf("a live layer: %v", err)
	}
}

// TestFieldGoalBlocked: a live edit that blocks the goal for the unit (a
// lake dug under it, for a tank) leaves no cell leading anywhere; once
// drained, the field leads there again.
func TestFieldGoalBlocked(t *testing.T) {
	g, b := unitBake(t, 96, 64, 31, grid.Octile, 16)
	l, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	tank := hpa.Options{Size: 1, Class: 1}
	o := oracle.Graph{G: g, Class: &testClasses[0]}
	goal := grid.Pt(48, 32)
	for !o.Fits(goal) {
		goal.X++
	}
	v := l.Acquire()
	f, err := v.NewField(goal, tank)
	if err != nil {
		t.Fatal(err)
	}
	var cells []grid.Point
	for i := range 96 * 64 {
		cells = append(cells, g.PointAt(i))
	}
	f.Ready(cells)
	v.Release()
	for _, terrain := range []int{2, 0} { // water, then plain ground
		if err := l.FillTerrain(grid.R(goal.X, goal.Y, goal.X+1, goal.Y+1), terrain); err != nil {
			t.Fatal(err)
		}
		if _, err := l.Publish(); err != nil {
			t.Fatal(err)
		}
		v := l.Acquire()
		if err := f.SyncTo(v); err != nil {
			t.Fatal(err)
		}
		o := oracle.Graph{G: v.Grid(), Class: &testClasses[0]}
		comp := o.Components()
		led := 0
		for _, c := range cells {
			_, ok := f.Next(c)
			joined := comp[v.Grid().Index(goal)] != 0 && comp[v.Grid().Index(c)] == comp[v.Grid().Index(goal)]
			if ok != (joined && c != goal) {
				t.Fatalf("terrain %d: %v leads on %v, joined %v", terrain, c, ok, joined)
			}
			if ok {
				led++
				walkField(t, o, f, c, "drained")
			}
		}
		if (led == 0) != (terrain == 2) {
			t.Fatalf("terrain %d: %d cells lead to the goal", terrain, led)
		}
		v.Release()
	}
}
