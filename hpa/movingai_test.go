package hpa_test

import (
	"errors"
	"os"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// TestMovingAI runs the planner on every benchmark map in ../shared/maps:
// it must find a path for every solvable scenario and none for the
// unsolvable ones, reject blocked endpoints with ErrBlocked, and every
// path must be legal cell by cell (Raw and Cells) or segment by segment
// (Corners, line of sight) and no shorter than the published optimum. On
// the StarCraft set the smoothed lengths must meet the quality bounds:
// mean within 1% of the optimum, 99th percentile within 5%, worst within
// 15%. Every 4th line by default, every line with RTSPATH_FULL=1, every
// 20th with -short.
func TestMovingAI(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	maps := testmaps.All(t)
	every := 4
	switch {
	case os.Getenv("RTSPATH_FULL") != "":
		every = 1
	case testing.Short():
		every = 20
	}
	var buf []grid.Point
	var solved, unsolvable, invalid int
	var sc1 []float64
	for _, m := range maps {
		g, scens := testmaps.Load(t, m)
		b, err := preprocess.Build(g, preprocess.Config{})
		if err != nil {
			t.Fatal(err)
		}
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		for i, sc := range scens {
			open := g.Contains(sc.Start) && g.Contains(sc.Goal) && g.Passable(sc.Start) && g.Passable(sc.Goal)
			none := sc.Optimal == 0 && sc.Start != sc.Goal
			if open && !none && i%every != 0 {
				continue // the special lines always run
			}
			for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
				res, err := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: sm}, buf)
				buf = res.Path
				switch {
				case !open:
					if !errors.Is(err, grid.ErrBlocked) && !errors.Is(err, grid.ErrOutOfBounds) {
						t.Fatalf("%s line %d: blocked endpoint answered %v, %v", m.Name, i, res.Status, err)
					}
					continue
				case err != nil:
					t.Fatalf("%s line %d: %v", m.Name, i, err)
				case none:
					if res.Status != hpa.NoPath {
						t.Fatalf("%s line %d: unsolvable, got %v", m.Name, i, res.Status)
					}
					continue
				case res.Status != hpa.Found:
					t.Fatalf("%s line %d %v→%v: %v for a solvable scenario", m.Name, i, sc.Start, sc.Goal, res.Status)
				}
				p := res.Path
				if p[0] != sc.Start || p[len(p)-1] != sc.Goal {
					t.Fatalf("%s line %d: path runs %v→%v", m.Name, i, p[0], p[len(p)-1])
				}
				if sm == hpa.Corners {
					for k := 1; k < len(p); k++ {
						if !g.LineOfSight(p[k-1], p[k]) {
							t.Fatalf("%s line %d: corners %v→%v without line of sight", m.Name, i, p[k-1], p[k])
						}
					}
					continue
				}
				if _, err := g.PathCost(p); err != nil {
					t.Fatalf("%s line %d smooth %d: %v", m.Name, i, sm, err)
				}
				l := grid.Length(p)
				if l < sc.Optimal-sc.Tolerance() {
					t.Fatalf("%s line %d: length %v below the optimum %v", m.Name, i, l, sc.Optimal)
				}
				if sm == hpa.Cells && m.Set == "sc1" && sc.Optimal > 0 {
					sc1 = append(sc1, max(0, l/sc.Optimal-1))
				}
			}
			switch {
			case !open:
				invalid++
			case none:
				unsolvable++
			default:
				solved++
			}
		}
	}
	mean, p99, worst := summary(sc1)
	t.Logf("%d maps: %d solvable, %d unsolvable, %d invalid lines; sc1 smoothed: mean +%.2f%%, p99 +%.2f%%, worst +%.2f%% over %d paths",
		len(maps), solved, unsolvable, invalid, 100*mean, 100*p99, 100*worst, len(sc1))
	if mean > 0.01 || p99 > 0.05 || worst > 0.15 {
		t.Error("StarCraft quality outside the bounds")
	}
}
