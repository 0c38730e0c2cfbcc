package hpa_test

import (
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// BenchmarkUnits times the same queries for units 1, 2 and 3 cells across
// on every StarCraft map: every 8th scenario line whose ends hold a 3×3
// unit and that the 3×3 unit can walk (so that every size answers the very
// same queries), Cells smoothing, one core. It reports µs/query per size
// and, once, the bake's memory per cell with layers for sizes 2 to 4 and
// without (B/cell, layers-B/cell), and the build time. Every answer on
// the clock is checked against one computed before it. Command:
//
//	go test -run '^$' -bench Units -benchtime 1x ./hpa
func BenchmarkUnits(b *testing.B) {
	type mapQ struct {
		q     *hpa.Query
		scens []grid.Scenario
		want  [4][]grid.Cost
	}
	var maps []mapQ
	var cells, base, layers int
	for _, m := range testmaps.Bench(b, "sc1") {
		g, sc := testmaps.Load(b, m)
		bk, err := preprocess.Build(g, preprocess.Config{Units: []grid.Unit{{Size: 2}, {Size: 3}, {Size: 4}}})
		if err != nil {
			b.Fatal(err)
		}
		cells += g.Width() * g.Height()
		layers += bk.Bytes()
		plain, err := preprocess.Build(g, preprocess.Config{})
		if err != nil {
			b.Fatal(err)
		}
		base += plain.Bytes()
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
	b.Logf("bake memory: %.2f B/cell with layers for units 2..4, %.2f B/cell without (grid not counted: %d B/cell)",
		float64(layers)/float64(cells), float64(base)/float64(cells), 3)
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
			b.ReportMetric(float64(layers)/float64(cells), "B/cell")
			b.ReportMetric(float64(base)/float64(cells), "base-B/cell")
		})
	}
}
