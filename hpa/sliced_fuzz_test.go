package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// FuzzSliced drives a sliced query from a script: on a small generated
// map (the seed, movement rule and cluster size from the first two
// bytes), it starts queries with every option (a penalty layer
// written between queries included), advances them by Step and
// StepToFirst with budgets of 1 to unlimited, cancels them, restarts them
// mid-way and starts new ones over running ones. Checked: no panic; no
// step spends more than its budget, and one that is not the last spends
// all of it (but a StepToFirst that stops at the first steps); the steps
// since a Start add up to Result.Expanded; the first steps are a legal
// step path from the start (oracle.Graph); a cancelled query is not
// Running and its Result an error wrapping ErrSliced; and every answer is
// byte-identical to Query.Find's on another planner of the same bake,
// with the same penalty writes.
//
// The seeds (and so `go test`) run 40 random scripts; CI fuzzes further.
func FuzzSliced(f *testing.F) {
	// A long query across the map stepped one expansion at a time,
	// started over half-way, cancelled, then one under a penalty.
	long := []byte{3, 0, 0, 3, 4, 70, 52, 1, 1}
	for k := range 600 {
		long = append(long, 5, 0, byte(k%2))
		if k == 100 {
			long = append(long, 2)
		}
	}
	long = append(long, 3, 4, 36, 28, 4, 200, 0, 3, 4, 70, 52, 64, 1, 1)
	f.Add(long)
	addScripts(f, rand.New(rand.NewPCG(17, 18)), 40, 160)
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) < 2 {
			return
		}
		g, b := genBake(t, slicedW, slicedH, uint64(script[0]), grid.Movement(script[1]%3), []int{8, 16}[script[1]/3%2])
		og := oracle.Graph{G: g}
		one := hpa.NewPlanner(b, sessionConfig)
		two := hpa.NewPlanner(b, sessionConfig)
		q := one.NewQuery()
		pens := [2]*hpa.Penalties{one.NewPenalties(hpa.PenaltyConfig{}), two.NewPenalties(hpa.PenaltyConfig{})}
		s := two.NewSliced()
		defer s.Close()

		// The query running, if any: its order and the expansions its
		// steps spent since it started.
		type job struct {
			a, z     grid.Point
			opt, one hpa.Options // the Sliced's, and the one-shot query's
			used     int
			steps    int
		}
		var cur *job
		var buf []grid.Point
		start := func(j *job) {
			j.used, j.steps = 0, 0
			s.Start(j.a, j.z, j.opt, buf)
			cur = j
		}
		finish := func(what string) {
			got, err := s.Result()
			want, wantErr := q.Find(cur.a, cur.z, cur.one, nil)
			what = fmt.Sprintf("%s: %v→%v %+v after %d steps", what, cur.a, cur.z, cur.opt, cur.steps)
			sameAnswer(t, what, got, want, err, wantErr)
			if debugFuzz {
				t.Logf("DEBUG %s: %v %v exp %d", what, got.Status, err, got.Expanded)
			}
			if err == nil && cur.used != got.Expanded {
				t.Fatalf("%s: the steps spent %d, Expanded %d", what, cur.used, got.Expanded)
			}
			buf = got.Path
			cur = nil
		}
		step := func(budget int, toFirst bool) {
			var pr hpa.Progress
			if toFirst {
				pr = s.StepToFirst(budget)
			} else {
				pr = s.Step(budget)
			}
			if cur == nil {
				if pr.Used != 0 || s.Running() {
					t.Fatalf("a step with no query running: %+v, running %v", pr, s.Running())
				}
				return
			}
			cur.steps++
			cur.used += pr.Used
			if pr.Used < 0 || budget > 0 && pr.Used > budget {
				t.Fatalf("%v→%v %+v: a step spent %d of %d", cur.a, cur.z, cur.opt, pr.Used, budget)
			}
			if pr.First {
				first, ok := s.FirstSteps(nil)
				if !ok || len(first) == 0 || first[0] != cur.a {
					t.Fatalf("%v→%v %+v: first steps %v (%v)", cur.a, cur.z, cur.opt, first, ok)
				}
				for k := 1; k < len(first); k++ {
					if !og.Legal(first[k-1], first[k]) {
						t.Fatalf("%v→%v %+v: first steps %v: illegal step %v→%v", cur.a, cur.z, cur.opt, first, first[k-1], first[k])
					}
				}
			}
			if pr.Done {
				if s.Running() {
					t.Fatal("Running after Done")
				}
				finish("done")
				return
			}
			if !s.Running() {
				t.Fatalf("%v→%v: not running, not done", cur.a, cur.z)
			}
			if budget > 0 && pr.Used != budget && !(toFirst && pr.First) {
				t.Fatalf("%v→%v %+v: a step that is not the last spent %d of %d", cur.a, cur.z, cur.opt, pr.Used, budget)
			}
		}

		rd := reader{b: script[2:]}
		for !rd.done() {
			switch op := rd.byte() % 16; op {
			case 0, 1: // a new query (over the one running, if any)
				j := &job{a: slicedPoint(&rd), z: slicedPoint(&rd)}
				var unit uint64
				j.opt, unit = rd.options(pens[1])
				j.one = j.opt
				if j.opt.Penalty != (hpa.Penalty{}) {
					j.one.Penalty = pens[0].For(unit)
				}
				if rd.byte()%4 == 0 {
					s.SetFirstSteps(rd.byte()%24 - 2)
				}
				start(j)
			case 2: // the running query starts over
				if cur != nil {
					start(cur)
				}
			case 3:
				was := s.Running()
				s.Cancel()
				if s.Running() {
					t.Fatal("Running after Cancel")
				}
				if was {
					if _, err := s.Result(); !errors.Is(err, hpa.ErrSliced) {
						t.Fatalf("Result after Cancel: %v", err)
					}
				}
				if cur != nil && !was {
					t.Fatalf("%v→%v: not running before Cancel, and not done", cur.a, cur.z)
				}
				cur = nil
			case 4: // a penalty write, between queries (a Planner's layer is not versioned)
				if cur == nil {
					c, rad, peak := slicedPoint(&rd), rd.byte()%6, grid.Cost(rd.byte())*grid.Straight
					for _, p := range pens {
						_ = p.AddInfluence(c, rad, peak) // an error or none, alike on both
					}
				}
			default:
				budget := 0
				switch k := rd.byte(); k % 4 {
				case 0:
					budget = 1 + k/4%4
				case 1:
					budget = 1 + k/4%32
				case 2:
					budget = 1 + k
				}
				step(budget, rd.byte()%2 == 0)
			}
		}
		for k := 0; cur != nil; k++ { // the last query runs to its end
			if k > 1_000_000 {
				t.Fatalf("%v→%v: no end after %d steps", cur.a, cur.z, k)
			}
			step(1+k%200, false)
		}
	})
}

// The map of a FuzzSliced or FuzzService script.
const slicedW, slicedH = 72, 56

// slicedPoint reads a cell: mostly on the map, now and then just off it.
func slicedPoint(rd *reader) grid.Point {
	return grid.Pt(rd.byte()%(slicedW+2)-1, rd.byte()%(slicedH+2)-1)
}

var debugFuzz = false
