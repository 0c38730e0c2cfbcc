package hpa_test

import (
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// BenchmarkSliced: what spreading queries over ticks costs. The
// StarCraft maps' queries (every 8th line, smoothed Cells) answered one
// shot (Find) and sliced with budgets of 100, 1,000 and 10,000
// expansions per step; every sliced answer is checked against Find's (the
// same cost and path length). ns/query is the time per query, steps/query
// the Steps it took.
//
//	go test -run '^$' -bench Sliced -benchtime 2x ./hpa
func BenchmarkSliced(b *testing.B) {
	maps := sc1(b)
	n := 0
	for _, m := range maps {
		n += len(m.scens)
	}
	opt := hpa.Options{Smooth: hpa.Cells}
	type answer struct {
		cost grid.Cost
		len  int
	}
	want := make([][]answer, len(maps))
	qs := make([]*hpa.Query, len(maps))
	ss := make([]*hpa.Sliced, len(maps))
	for i, m := range maps {
		pl := hpa.NewPlanner(m.b, hpa.Config{})
		qs[i], ss[i] = pl.NewQuery(), pl.NewSliced()
		for _, sc := range m.scens { // warm the route cache, note the answers
			res, err := qs[i].Find(sc.Start, sc.Goal, opt, nil)
			if err != nil || res.Status != hpa.Found {
				b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
			}
			want[i] = append(want[i], answer{res.Cost, len(res.Path)})
		}
	}
	b.Cleanup(func() {
		for _, s := range ss {
			s.Close()
		}
	})
	var buf []grid.Point
	b.Run("one-shot", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for i, m := range maps {
				for k, sc := range m.scens {
					res, err := qs[i].Find(sc.Start, sc.Goal, opt, buf)
					if err != nil || (answer{res.Cost, len(res.Path)}) != want[i][k] {
						b.Fatalf("%v→%v: %v %v", sc.Start, sc.Goal, res.Status, err)
					}
					buf = res.Path
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
	})
	for _, budget := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("budget-%d", budget), func(b *testing.B) {
			b.ReportAllocs()
			steps := 0
			for range b.N {
				for i, m := range maps {
					s := ss[i]
					for k, sc := range m.scens {
						s.Start(sc.Start, sc.Goal, opt, buf)
						for {
							steps++
							if s.Step(budget).Done {
								break
							}
						}
						res, err := s.Result()
						if err != nil || (answer{res.Cost, len(res.Path)}) != want[i][k] {
							b.Fatalf("%v→%v: %v %v, want %v", sc.Start, sc.Goal, res.Status, err, want[i][k])
						}
						buf = res.Path
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/query")
			b.ReportMetric(float64(steps)/float64(b.N*n), "steps/query")
		})
	}
}
