package hpa_test

import (
	"flag"
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

var unitsEvery = flag.Int("units.every", 0, "TestUnitsStarCraft: every how many scenario lines to run (0: 64, 256 with -short)")

// TestUnitsStarCraft: on every StarCraft map, units 2 and 3 cells across
// on the scenario lines (every 64th by default; the figure is
// every 8th: go test -run TestUnitsStarCraft ./hpa -units.every 8 -v).
// A line whose start or goal cannot hold the unit is refused with
// grid.ErrBlocked. The planner finds a path exactly when the oracle's
// flood fill over the cells where the unit fits joins start and goal;
// every step of its Cells path is legal for the unit (oracle); its length
// over the optimum (exact A* for the unit, grid.Options.Size, itself
// checked against the oracle's Dijkstra on every map's first such line)
// is at most 1% on average and 10% at worst.
func TestUnitsStarCraft(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	maps := testmaps.All(t, "sc1")
	every := 64
	if testing.Short() {
		every = 256
	}
	if *unitsEvery > 0 {
		every = *unitsEvery
	}
	type stat struct {
		n, refused, none int
		over, over2      []float64
		worst            string
		worstV           float64
	}
	stats := map[int]*stat{2: {}, 3: {}}
	var buf []grid.Point
	for _, m := range maps {
		g, scens := testmaps.Load(t, m)
		b, err := preprocess.Build(g, preprocess.Config{Units: []grid.Unit{{Size: 2}, {Size: 3}}})
		if err != nil {
			t.Fatal(err)
		}
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		s := grid.NewSearcher(g)
		for _, k := range []int{2, 3} {
			st := stats[k]
			o := oracle.Graph{G: g, Size: k}
			comp := o.Components()
			checked := false
			for i, sc := range scens {
				if i%every != 0 {
					continue
				}
				name := fmt.Sprintf("%s line %d %v→%v size %d", m.Name, i, sc.Start, sc.Goal, k)
				res, err := q.Find(sc.Start, sc.Goal, hpa.Options{Size: k, Smooth: hpa.Cells}, buf)
				buf = res.Path
				if !o.Fits(sc.Start) || !o.Fits(sc.Goal) {
					st.refused++
					if err == nil {
						t.Fatalf("%s: the unit does not fit at an end, answered %v", name, res.Status)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				st.n++
				if comp[g.Index(sc.Start)] != comp[g.Index(sc.Goal)] {
					st.none++
					if res.Status != hpa.NoPath {
						t.Fatalf("%s: %v; the oracle joins them not", name, res.Status)
					}
					continue
				}
				if res.Status != hpa.Found {
					t.Fatalf("%s: %v; the oracle finds a path", name, res.Status)
				}
				p := res.Path
				if p[0] != sc.Start || p[len(p)-1] != sc.Goal {
					t.Fatalf("%s: path runs %v→%v", name, p[0], p[len(p)-1])
				}
				for j := 1; j < len(p); j++ {
					if !o.Legal(p[j-1], p[j]) {
						t.Fatalf("%s: step %v→%v not legal for the unit", name, p[j-1], p[j])
					}
				}
				best, err := s.FindPath(sc.Start, sc.Goal, grid.Options{Size: k}, nil)
				if err != nil || best.Status != grid.Found {
					t.Fatalf("%s: exact search %v %v", name, best.Status, err)
				}
				if !checked {
					checked = true
					dist, _ := o.ShortestFrom(sc.Start)
					if d := dist[g.Index(sc.Goal)]; d != best.Cost {
						t.Fatalf("%s: exact search %d, the oracle's Dijkstra %d", name, best.Cost, d)
					}
				}
				if res.Cost < best.Cost {
					t.Fatalf("%s: cost %d below the optimum %d", name, res.Cost, best.Cost)
				}
				if best.Cost > 0 {
					v := 100 * float64(res.Cost-best.Cost) / float64(best.Cost)
					st.over = append(st.over, v)
					if v > st.worstV {
						st.worstV, st.worst = v, name
					}
					two, err := q.Find(sc.Start, sc.Goal, hpa.Options{Size: k, Smooth: hpa.Cells, SmoothPasses: 2}, buf)
					buf = two.Path
					if err != nil || two.Status != hpa.Found {
						t.Fatalf("%s: two passes: %v %v", name, two.Status, err)
					}
					st.over2 = append(st.over2, 100*float64(two.Cost-best.Cost)/float64(best.Cost))
				}
			}
		}
	}
	for _, k := range []int{2, 3} {
		st := stats[k]
		if len(st.over) == 0 {
			t.Fatalf("size %d: no path compared", k)
		}
		mean, p99, worst := summary(st.over)
		mean2, p992, worst2 := summary(st.over2)
		t.Logf("size %d, every %d line: %d queries (%d without a path), %d refused (the unit does not fit at an end); Cells length over the optimum: mean %.3f%%, p99 %.3f%%, worst %.3f%% (%s); two passes (SmoothPasses 2): mean %.3f%%, p99 %.3f%%, worst %.3f%%",
			k, every, st.n, st.none, st.refused, mean, p99, worst, st.worst, mean2, p992, worst2)
		if mean2 > 1 || worst2 > 10 {
			t.Errorf("size %d: two passes: mean %.3f%% (≤ 1%%), worst %.3f%% (≤ 10%%) over the optimum", k, mean2, worst2)
		}
	}
}
