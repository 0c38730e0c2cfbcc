package hpa_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestRivalNeverDearer: under hot spots and claims on generated maps
// of plain terrain (where the lean band leaves pieces to the smoothing),
// every answer (Raw, Cells, Corners) with the rival route costs no more
// than the same query's answer without it, at the same status, and
// some cost less: the rival compares the answers as Find shapes them,
// not the raw paths before smoothing. With no budget left for the rival
// the answer is the first route's. Every answer the rival made cheaper,
// and every tenth other one (Raw and Cells: Corners returns no cell
// path), is checked against the independent model of the penalty
// rules: a legal path whose cost there is Result.Cost, no less than
// the model's exact optimum. Quality against the exact search is
// bench's TestHeavyQualityMaze.
func TestRivalNeverDearer(t *testing.T) {
	better, asked := 0, 0
	for seed := uint64(1); seed <= 16; seed++ {
		g, b := uniformBake(t, 192, 192, seed, grid.Octile, 16)
		p := hpa.NewPlanner(b, hpa.Config{})
		x := newMirror(t, p, g, hpa.PenaltyConfig{ClaimRadius: 32, ClaimCost: grid.Straight})
		f := x.f
		r := rand.New(rand.NewPCG(seed, 99))
		for range 24 {
			x.add(grid.Pt(r.IntN(192), r.IntN(192)), 4+r.IntN(10), grid.Cost(10+r.IntN(30))*grid.Straight)
		}
		with, without := p.NewQuery(), p.NewQuery()
		hpa.SetNoRival(without, true)
		for range 200 {
			a, z := grid.Pt(r.IntN(192), r.IntN(192)), grid.Pt(r.IntN(192), r.IntN(192))
			opt := hpa.Options{Smooth: []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners}[r.IntN(3)], SmoothPasses: 1 + r.IntN(2), Penalty: f.For(hpa.NoUnit)}
			r1, err1 := with.Find(a, z, opt, nil)
			r2, err2 := without.Find(a, z, opt, nil)
			if (err1 == nil) != (err2 == nil) || r1.Status != r2.Status {
				t.Fatalf("seed %d %v→%v %+v: %v %v with the rival, %v %v without", seed, a, z, opt.Smooth, r1.Status, err1, r2.Status, err2)
			}
			if err1 != nil || r1.Status != hpa.Found {
				continue
			}
			asked++
			// With the budget the first route takes, the rival has none:
			// the answer is the first route's, Found, its waypoints
			// counted once.
			cut := opt
			cut.MaxExpansions = r2.Expanded
			r3, err := with.Find(a, z, cut, nil)
			if err != nil || r3.Status != hpa.Found || r3.Cost != r2.Cost || r3.Waypoints != r2.Waypoints || r3.Coarse != r2.Coarse {
				t.Fatalf("seed %d %v→%v budget %d: %v %v cost %d waypoints %d coarse %d, want Found %d %d %d", seed, a, z, cut.MaxExpansions, r3.Status, err, r3.Cost, r3.Waypoints, r3.Coarse, r2.Cost, r2.Waypoints, r2.Coarse)
			}
			if opt.Smooth != hpa.Corners && (r1.Cost < r2.Cost || asked%10 == 0) {
				best, _, ok := exact(g, x.m, oracle.NoUnit, a, z, nil)
				checkModel(t, g, x.m, oracle.NoUnit, a, z, r1, best, ok, "with the rival")
			}
			switch {
			case r1.Cost > r2.Cost:
				t.Fatalf("seed %d %v→%v smooth %d: %d with the rival, %d without", seed, a, z, opt.Smooth, r1.Cost, r2.Cost)
			case r1.Cost < r2.Cost:
				better++
			}
		}
	}
	t.Logf("%d of %d answers cheaper with the rival", better, asked)
	if better == 0 || asked < 300 {
		t.Fatalf("%d of %d answers cheaper with the rival: the test does not reach it", better, asked)
	}
}
