package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// stepsLegal reports whether path is a legal step path on g (the oracle's
// rules), from start to goal.
func stepsLegal(g *grid.Grid, path []grid.Point, start, goal grid.Point) bool {
	if len(path) == 0 || path[0] != start || path[len(path)-1] != goal {
		return false
	}
	og := oracle.Graph{G: g}
	for k := 1; k < len(path); k++ {
		if !og.Legal(path[k-1], path[k]) {
			return false
		}
	}
	return true
}

// TestSlicedStaleAfterEdit: a planner's sliced query paused mid-way, then
// the map edited under it (a wall across the middle) in the three ways a
// game can: the grid alone, the grid and Bake.Update, both and Sync. Its
// next Step ends it with an error wrapping ErrStale in each case; started
// again after Sync it answers as Query.Find on the edited map, with a path
// legal on it (oracle).
func TestSlicedStaleAfterEdit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	paused := 0
	for seed := range uint64(24) {
		g, b := genBake(t, 160, 160, 9200+seed, grid.Octile, 16)
		pl := hpa.NewPlanner(b, hpa.Config{})
		s := pl.NewSliced()
		n := g.Width() * g.Height()
		var a, z grid.Point
		for {
			a, z = g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if g.Passable(a) && g.Passable(z) && a.Y < 70 && z.Y > 90 && b.SameIsland(a, z) {
				break
			}
		}
		opt := hpa.Options{Smooth: hpa.Cells, Nearest: true}
		s.Start(a, z, opt, nil)
		if s.Step(20).Done {
			s.Close()
			continue
		}
		paused++
		wall := grid.R(0, 78, 160, 82)
		g.Fill(wall, false)
		how := seed % 3
		if how > 0 {
			if err := b.Update(wall, 0); err != nil {
				t.Fatal(err)
			}
		}
		if how > 1 {
			if err := pl.Sync(); err != nil {
				t.Fatal(err)
			}
		}
		pr := s.Step(0)
		if _, err := s.Result(); !pr.Done || !errors.Is(err, hpa.ErrStale) {
			t.Fatalf("seed %d, edit kind %d: the Step after the edit gave %+v, %v; want done, ErrStale", seed, how, pr, err)
		}
		if how < 1 {
			if err := b.Update(wall, 0); err != nil {
				t.Fatal(err)
			}
		}
		if how < 2 {
			if err := pl.Sync(); err != nil {
				t.Fatal(err)
			}
		}
		s.Start(a, z, opt, nil)
		for !s.Step(1 + r.IntN(200)).Done {
		}
		got, err := s.Result()
		want, wantErr := pl.NewQuery().Find(a, z, opt, nil)
		sameAnswer(t, fmt.Sprintf("seed %d: %v→%v after the edit", seed, a, z), got, want, err, wantErr)
		if err == nil && len(got.Path) > 0 && !stepsLegal(g, got.Path, a, got.Path[len(got.Path)-1]) {
			t.Fatalf("seed %d: the path after the edit is not legal on the edited map", seed)
		}
		s.Close()
	}
	if paused < 12 {
		t.Fatalf("only %d queries were paused at the edit", paused)
	}
}

// TestServiceEditsWithoutSync: a planner's service with requests in
// flight; a wall is built across the map and applied to the bake, the
// planner not synced. Every reply of the following ticks is a legal path
// on the edited map or an error wrapping ErrStale (as Find answers on the
// unsynced planner), never a path through the wall. After Sync, new
// orders are answered as Query.Find answers them.
func TestServiceEditsWithoutSync(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inflight, stale := 0, 0
	for seed := range uint64(30) {
		g, b := genBake(t, 160, 160, 9100+seed, grid.Octile, 16)
		pl := hpa.NewPlanner(b, hpa.Config{})
		svc := pl.NewService(hpa.ServiceConfig{FirstSteps: -1})
		n := g.Width() * g.Height()
		orders := map[hpa.Ticket]hpa.Order{}
		for range 20 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if g.Passable(a) && g.Passable(z) {
				o := hpa.Order{Start: a, Goal: z}
				tk, err := svc.Submit(o)
				if err != nil {
					t.Fatal(err)
				}
				orders[tk] = o
			}
		}
		svc.Tick(40)
		inflight += svc.Pending()
		wall := grid.R(0, 78, 160, 82)
		g.Fill(wall, false)
		if err := b.Update(wall, 0); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 1000 && svc.Pending() > 0; i++ {
			for _, rp := range svc.Tick(0) {
				o := orders[rp.Ticket]
				switch {
				case rp.Kind != hpa.Final:
				case rp.Err != nil:
					if !errors.Is(rp.Err, hpa.ErrStale) {
						t.Fatalf("seed %d: %v→%v: %v, want ErrStale", seed, o.Start, o.Goal, rp.Err)
					}
					stale++
				case len(rp.Path) > 0 && !stepsLegal(g, rp.Path, o.Start, o.Goal):
					t.Fatalf("seed %d: %v→%v: after the edit (not synced) the service answered %v with a path of %d cells that is not legal on the edited map",
						seed, o.Start, o.Goal, rp.Status, len(rp.Path))
				}
			}
		}
		if svc.Pending() != 0 {
			t.Fatalf("seed %d: %d requests never answered", seed, svc.Pending())
		}
		if err := pl.Sync(); err != nil {
			t.Fatal(err)
		}
		q := pl.NewQuery()
		again := map[hpa.Ticket]hpa.Order{}
		for _, o := range orders {
			tk, err := svc.Submit(o)
			if err != nil {
				t.Fatal(err)
			}
			again[tk] = o
		}
		orders = again
		for svc.Pending() > 0 {
			for _, rp := range svc.Tick(1 + r.IntN(300)) {
				if rp.Kind != hpa.Final {
					continue
				}
				o := orders[rp.Ticket]
				want, wantErr := q.Find(o.Start, o.Goal, o.Options, nil)
				sameAnswer(t, fmt.Sprintf("seed %d: %v→%v after Sync", seed, o.Start, o.Goal), rp.Result, want, rp.Err, wantErr)
			}
		}
		svc.Close()
	}
	if inflight == 0 || stale == 0 {
		t.Fatalf("%d requests in flight at the edit, %d answered ErrStale: the test did not test", inflight, stale)
	}
}

// TestServiceWritesDoNotWait: a live map with the default two replicas and
// a service with the default config, requests in flight; the game
// publishes a wall and writes again before the next Tick. The write must
// not wait for the service (only Tick advances its requests: it would
// wait forever), and every request is then answered on the newest version
// as LiveQuery.FindIn answers it there.
func TestServiceWritesDoNotWait(t *testing.T) {
	g, b := genBake(t, 160, 160, 9101, grid.Octile, 16)
	l, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	svc := l.NewService(hpa.ServiceConfig{})
	defer svc.Close()
	r := rand.New(rand.NewPCG(3, 4))
	n := g.Width() * g.Height()
	orders := map[hpa.Ticket]hpa.Order{}
	for range 50 {
		a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
		if g.Passable(a) && g.Passable(z) {
			o := hpa.Order{Start: a, Goal: z, Options: hpa.Options{Nearest: true}}
			tk, err := svc.Submit(o)
			if err != nil {
				t.Fatal(err)
			}
			orders[tk] = o
		}
	}
	svc.Tick(40)
	if svc.Pending() == 0 {
		t.Fatal("nothing in flight after a tick of 40 expansions")
	}
	for round := range 3 {
		if err := l.Fill(grid.R(10+20*round, 10, 12+20*round, 150), false); err != nil {
			t.Fatal(err)
		}
		if _, err := l.Publish(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- l.Fill(grid.R(100, 20*round, 102, 20*round+10), false) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("round %d: a write after Publish, before the next Tick, waits for the %d requests in flight", round, svc.Pending())
		}
	}
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	v := l.Acquire()
	defer v.Release()
	lq := l.NewQuery()
	for svc.Pending() > 0 {
		for _, rp := range svc.Tick(200) {
			if rp.Kind != hpa.Final {
				continue
			}
			if rp.Version != v.Version() {
				t.Fatalf("answered on version %d, the newest is %d", rp.Version, v.Version())
			}
			o := orders[rp.Ticket]
			want, wantErr := lq.FindIn(v, o.Start, o.Goal, o.Options, nil)
			sameAnswer(t, fmt.Sprintf("%v→%v", o.Start, o.Goal), rp.Result, want, rp.Err, wantErr)
		}
	}
}
