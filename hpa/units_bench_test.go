package hpa_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// BenchmarkUnits times the same queries for units 1, 2 and 3 cells across
// on every StarCraft map: every 8th scenario line whose ends hold a 3×3
// unit and that the 3×3 unit can walk (so that every size answers the very
// same queries), Cells smoothing, one core. It reports µs/query per size,
// and the bake's memory per cell (grid not counted) with layers for
// sizes 1 to 4 of the two Moving AI classes (ground, hover; the maps read
// with their terrain) and the layers the timing needs (B/cell), without
// any layer (base-B/cell), and the same on the WarCraft III maps, where
// water sets the two classes apart (wc3-B/cell, wc3-base-B/cell). Every
// answer on the clock is checked against one computed before it. Command:
//
//	go test -run '^$' -bench Units -benchtime 1x ./hpa
func BenchmarkUnits(b *testing.B) {
	type mapQ struct {
		q     *hpa.Query
		scens []grid.Scenario
		want  [4][]grid.Cost
	}
	var maps []mapQ
	// Sizes 1 to 4 of both classes, and sizes 2 and 3 of no class.
	var units []grid.Unit
	for c := 1; c <= 2; c++ {
		for k := 1; k <= 4; k++ {
			units = append(units, grid.Unit{Size: k, Class: c})
		}
	}
	units = append(units, grid.Unit{Size: 2}, grid.Unit{Size: 3})
	memory := func(set string) (withLayers, base float64, gs []*grid.Grid, bakes []*preprocess.Bake, scens [][]grid.Scenario) {
		var cells, all, plain int
		for _, m := range testmaps.Bench(b, set) {
			f, err := os.Open(m.Path)
			if err != nil {
				b.Fatal(err)
			}
			g, err := grid.ReadMap(f, grid.MapOptions{Terrain: true})
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			_, sc := testmaps.Load(b, m)
			bk, err := preprocess.Build(g, preprocess.Config{Units: units})
			if err != nil {
				b.Fatal(err)
			}
			pb, err := preprocess.Build(g, preprocess.Config{})
			if err != nil {
				b.Fatal(err)
			}
			cells += g.Width() * g.Height()
			all += bk.Bytes()
			plain += pb.Bytes()
			gs, bakes, scens = append(gs, g), append(bakes, bk), append(scens, sc)
		}
		return float64(all) / float64(cells), float64(plain) / float64(cells), gs, bakes, scens
	}
	wc3, wc3base, _, _, _ := memory("wc3")
	layers, base, _, bakes, scens := memory("sc1")
	for mi, bk := range bakes {
		sc := scens[mi]
		m := testmaps.Map{Name: fmt.Sprint(mi)}
		mq := mapQ{q: hpa.NewPlanner(bk, hpa.Config{}).NewQuery()}
		for i := 0; i < len(sc); i += 8 {
			s := sc[i]
			res, err := mq.q.Find(s.Start, s.Goal, hpa.Options{Size: 3, Smooth: hpa.Cells}, nil)
			if err != nil || res.Status != hpa.Found {
				continue // the 3×3 unit does not fit at an end, or cannot get there
			}
			mq.scens = append(mq.scens, s)
		}
		for k := 1; k <= 3; k++ {
			for _, s := range mq.scens {
				res, err := mq.q.Find(s.Start, s.Goal, hpa.Options{Size: k, Smooth: hpa.Cells}, nil)
				if err != nil || res.Status != hpa.Found {
					b.Fatalf("%s %v→%v size %d: %v %v", m.Name, s.Start, s.Goal, k, res.Status, err)
				}
				mq.want[k] = append(mq.want[k], res.Cost)
			}
		}
		maps = append(maps, mq)
	}
	b.Logf("bake memory (grid not counted): StarCraft %.2f B/cell with the layers, %.2f without; WarCraft III %.2f and %.2f", layers, base, wc3, wc3base)
	for k := 1; k <= 3; k++ {
		b.Run(fmt.Sprintf("size=%d", k), func(b *testing.B) {
			n := 0
			var buf []grid.Point
			for b.Loop() {
				n = 0
				for _, mq := range maps {
					for i, s := range mq.scens {
						res, err := mq.q.Find(s.Start, s.Goal, hpa.Options{Size: k, Smooth: hpa.Cells}, buf)
						buf = res.Path
						if err != nil || res.Cost != mq.want[k][i] {
							b.Fatalf("size %d %v→%v: cost %d, want %d (%v)", k, s.Start, s.Goal, res.Cost, mq.want[k][i], err)
						}
						n++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n*b.N), "µs/query")
			b.ReportMetric(float64(n), "queries")
			b.ReportMetric(layers, "B/cell")
			b.ReportMetric(base, "base-B/cell")
			b.ReportMetric(wc3, "wc3-B/cell")
			b.ReportMetric(wc3base, "wc3-base-B/cell")
		})
	}
}
