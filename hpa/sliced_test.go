package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// sameAnswer fails unless two answers agree byte for byte.
func sameAnswer(t *testing.T, what string, got, want hpa.Result, gotErr, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("%s: error %v, one-shot %v", what, gotErr, wantErr)
	}
	if got.Status != want.Status || !slices.Equal(got.Path, want.Path) || got.Cost != want.Cost ||
		got.Truncated != want.Truncated || got.Expanded != want.Expanded || got.Coarse != want.Coarse ||
		got.Waypoints != want.Waypoints || got.Version != want.Version {
		t.Fatalf("%s:\nsliced   %v cost %d trunc %v exp %d coarse %d wp %d v%d %v\none-shot %v cost %d trunc %v exp %d coarse %d wp %d v%d %v",
			what, got.Status, got.Cost, got.Truncated, got.Expanded, got.Coarse, got.Waypoints, got.Version, got.Path,
			want.Status, want.Cost, want.Truncated, want.Expanded, want.Coarse, want.Waypoints, want.Version, want.Path)
	}
}

// TestSlicedEqualsOneShot is the property of sliced queries: on random
// generated maps (every movement rule, clusters of 8 to 32, swamp), for
// random queries (goals on the start's island, on other islands, on
// blocked cells; every smoothing; with and without Nearest, FirstSteps,
// MaxExpansions and a penalty layer) and random budgets per step (1,
// small, large, a mix, unlimited), the answer of a query advanced step by
// step is byte-identical to Query.Find's on another planner of the same
// bake: status, path, cost, truncation, expansions, coarse counts and
// error. Each step spends at most its budget and, unless it is the last,
// all of it; the steps add up to Result.Expanded. The first steps
// handed out on the way are a legal step path from the start (oracle).
func TestSlicedEqualsOneShot(t *testing.T) {
	r := rand.New(rand.NewPCG(151, 152))
	maps := 120
	if testing.Short() {
		maps = 30
	}
	var queries, steps, firsts, paused int
	for i := range maps {
		rule := grid.Movement(i % 3)
		g, b := genBake(t, 32+r.IntN(150), 32+r.IntN(150), uint64(7000+i), rule, []int{8, 16, 32}[i/3%3])
		og := oracle.Graph{G: g}
		one := hpa.NewPlanner(b, hpa.Config{})
		two := hpa.NewPlanner(b, hpa.Config{})
		q := one.NewQuery()
		s := two.NewSliced()
		var pens [2]*hpa.Penalties
		for k, pl := range []*hpa.Planner{one, two} {
			pens[k] = pl.NewPenalties(hpa.PenaltyConfig{})
		}
		n := g.Width() * g.Height()
		for range 5 { // the same hot spots on both planners' layers
			c, rad, peak := g.PointAt(r.IntN(n)), 1+r.IntN(8), grid.Cost(1+r.IntN(4000))
			for _, f := range pens {
				if err := f.AddInfluence(c, rad, peak); err != nil {
					t.Fatal(err)
				}
			}
		}
		for range 12 {
			a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
			if !g.Passable(a) {
				continue
			}
			opt := hpa.Options{Nearest: r.IntN(2) == 0, Smooth: hpa.Smoothing(r.IntN(3)), SmoothPasses: r.IntN(3)}
			if r.IntN(4) == 0 {
				opt.FirstSteps = 1 + r.IntN(30)
			}
			if r.IntN(4) == 0 {
				opt.MaxExpansions = 1 + r.IntN(3000)
			}
			o1, o2 := opt, opt
			if r.IntN(3) == 0 {
				o1.Penalty, o2.Penalty = pens[0].For(hpa.NoUnit), pens[1].For(hpa.NoUnit)
			}
			want, wantErr := q.Find(a, z, o1, nil)
			for _, mode := range []string{"1", "small", "large", "mixed", "unlimited"} {
				queries++
				s.SetFirstSteps(r.IntN(20))
				s.Start(a, z, o2, nil)
				used, k := 0, 0
				var first []grid.Point
				for {
					budget := 0
					switch mode {
					case "1":
						budget = 1
					case "small":
						budget = 1 + r.IntN(40)
					case "large":
						budget = 200 + r.IntN(2000)
					case "mixed":
						budget = []int{1, 7, 100, 5000}[r.IntN(4)]
					}
					toFirst := r.IntN(2) == 0
					var pr hpa.Progress
					if toFirst {
						pr = s.StepToFirst(budget)
					} else {
						pr = s.Step(budget)
					}
					steps++
					k++
					used += pr.Used
					if budget > 0 && pr.Used > budget {
						t.Fatalf("map %d %v→%v: step used %d of %d", i, a, z, pr.Used, budget)
					}
					if pr.First && first == nil {
						first, _ = s.FirstSteps(nil)
						if first == nil {
							first = []grid.Point{}
						}
					}
					if pr.Done {
						break
					}
					if budget > 0 && pr.Used != budget && !(toFirst && pr.First) {
						t.Fatalf("map %d %v→%v: a step that is not the last used %d of %d", i, a, z, pr.Used, budget)
					}
					if k > 1_000_000 {
						t.Fatalf("map %d %v→%v: no end after %d steps", i, a, z, k)
					}
				}
				if k > 1 {
					paused++
				}
				got, err := s.Result()
				what := fmt.Sprintf("map %d (%v) %v→%v %+v budget %s after %d steps", i, rule, a, z, opt, mode, k)
				sameAnswer(t, what, got, want, err, wantErr)
				if err == nil && used != got.Expanded {
					t.Fatalf("%s: steps used %d, Expanded %d", what, used, got.Expanded)
				}
				if len(first) > 0 {
					firsts++
					if first[0] != a {
						t.Fatalf("%s: first steps %v do not leave the start", what, first)
					}
					for j := 1; j < len(first); j++ {
						if !og.Legal(first[j-1], first[j]) {
							t.Fatalf("%s: first steps %v: illegal step %v→%v", what, first, first[j-1], first[j])
						}
					}
				}
			}
		}
		s.Close()
	}
	t.Logf("%d sliced queries (%d over several steps, %d steps), %d handed out first steps", queries, paused, steps, firsts)
	if paused < queries/3 || firsts < queries/4 {
		t.Fatalf("too few queries paused (%d) or with first steps (%d) of %d: the test tests little", paused, firsts, queries)
	}
}

// TestSlicedCancel: a query cancelled at any step stops, says so, and the
// same Sliced then answers the next query as Find does; so does a query
// started over one still running.
func TestSlicedCancel(t *testing.T) {
	g, b := genBake(t, 160, 140, 77, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	q := pl.NewQuery()
	s := pl.NewSliced()
	defer s.Close()
	r := rand.New(rand.NewPCG(1, 2))
	n := g.Width() * g.Height()
	cancelled := 0
	for range 60 {
		a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
		if !g.Passable(a) || !g.Passable(z) {
			continue
		}
		s.Start(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
		for range r.IntN(4) {
			s.Step(1 + r.IntN(50))
		}
		if r.IntN(2) == 0 {
			was := s.Running()
			s.Cancel()
			if s.Running() {
				t.Fatal("running after Cancel")
			}
			if _, err := s.Result(); was && !errors.Is(err, hpa.ErrSliced) {
				t.Fatalf("Result after Cancel: %v", err)
			}
			if was {
				cancelled++
			}
		}
		// Start over (cancelling whatever runs) and finish.
		s.Start(z, a, hpa.Options{Smooth: hpa.Cells}, nil)
		for !s.Step(1 + r.IntN(100)).Done {
		}
		got, err := s.Result()
		want, wantErr := q.Find(z, a, hpa.Options{Smooth: hpa.Cells}, nil)
		sameAnswer(t, fmt.Sprintf("%v→%v", z, a), got, want, err, wantErr)
	}
	if cancelled == 0 {
		t.Fatal("no query was cancelled while running")
	}
}

// TestSlicedMisuse: Result before Done, StartIn on a planner's Sliced,
// use after Close: errors, no panic.
func TestSlicedMisuse(t *testing.T) {
	_, b := genBake(t, 64, 64, 3, grid.Octile, 16)
	pl := hpa.NewPlanner(b, hpa.Config{})
	s := pl.NewSliced()
	if _, err := s.Result(); !errors.Is(err, hpa.ErrSliced) {
		t.Fatalf("Result before Start: %v", err)
	}
	if pr := s.Step(10); pr.Used != 0 {
		t.Fatalf("Step before Start: %+v", pr)
	}
	s.StartIn(hpa.View{}, grid.Pt(1, 1), grid.Pt(2, 2), hpa.Options{}, nil)
	if _, err := s.Result(); !errors.Is(err, hpa.ErrSliced) {
		t.Fatalf("StartIn on a planner's Sliced: %v", err)
	}
	s.Start(grid.Pt(-1, 0), grid.Pt(2, 2), hpa.Options{}, nil)
	s.Step(0)
	if _, err := s.Result(); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatalf("start off the map: %v", err)
	}
	s.Close()
	s.Close()
	s.Start(grid.Pt(1, 1), grid.Pt(2, 2), hpa.Options{}, nil)
	s.Step(0)
	if _, err := s.Result(); !errors.Is(err, hpa.ErrSliced) {
		t.Fatalf("after Close: %v", err)
	}
}
