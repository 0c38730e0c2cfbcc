package hpa_test

import (
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// BenchmarkSmoothPasses measures what each Cells smoothing pass buys on
// the StarCraft maps (every 8th scenario): the length over the published
// optimum (mean and 99th percentile) and how many paths the last pass
// made cheaper than one pass fewer did. It is where MaxSmoothPasses
// comes from:
//
//	go test -run '^$' -bench SmoothPasses -benchtime 1x ./hpa
func BenchmarkSmoothPasses(b *testing.B) {
	maps := sc1(b)
	var prev []grid.Cost
	for k := 1; k <= hpa.MaxSmoothPasses; k++ {
		b.Run(fmt.Sprintf("passes=%d", k), func(b *testing.B) {
			qs := make([]*hpa.Query, len(maps))
			for i, m := range maps {
				qs[i] = hpa.NewPlanner(m.b, hpa.Config{}).NewQuery()
			}
			var over []float64
			var costs []grid.Cost
			var buf []grid.Point
			n := 0
			b.ReportAllocs()
			for range b.N {
				over, costs, n = over[:0], costs[:0], 0
				for i, m := range maps {
					for _, sc := range m.scens {
						res, err := qs[i].Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells, SmoothPasses: k}, buf)
						if err != nil || res.Status != hpa.Found {
							b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
						}
						buf = res.Path
						n++
						costs = append(costs, res.Cost)
						if sc.Optimal > 0 {
							over = append(over, max(0, grid.Length(res.Path)/sc.Optimal-1))
						}
					}
				}
			}
			cheaper := 0
			for i := range prev {
				if costs[i] < prev[i] {
					cheaper++
				}
			}
			prev = append(prev[:0], costs...)
			mean, p99, _ := summary(over)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
			b.ReportMetric(100*mean, "%mean-over")
			b.ReportMetric(100*p99, "%p99-over")
			b.ReportMetric(float64(cheaper), "cheaper-than-one-pass-fewer")
			b.ReportMetric(float64(n), "queries")
		})
	}
}
