package hpa_test

import (
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// BenchmarkLiveQueryTiers: queries on a generated 4096² live map after
// 100 buildings (4×4, each published on its own), on two tiers and on
// the default (three there: the groups the buildings touched are rebuilt
// off the publishes, or still stale and crossed waypoint by waypoint).
// One op is 200 queries between random cells of one island (Cells);
// every path is checked legal on the final map at the cost reported.
// Setup (generate, bake, two live maps, the edits) takes about 20 s:
//
//	go test -run '^$' -bench LiveQueryTiers -benchtime 4x -timeout 30m ./hpa
func BenchmarkLiveQueryTiers(b *testing.B) {
	const n = 4096
	t0 := time.Now()
	g, err := mapgen.NewGrid(mapgen.Config{Width: n, Height: n, Seed: 1}, grid.MapOptions{})
	if err != nil {
		b.Fatal(err)
	}
	bk, err := preprocess.Build(g.Clone(), preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	var lives [2]*hpa.Live
	for k, tiers := range []int{2, 0} {
		if lives[k], err = hpa.NewLive(bk, hpa.LiveConfig{Planner: hpa.Config{Tiers: tiers}}); err != nil {
			b.Fatal(err)
		}
	}
	r := mapgen.NewRand(7)
	var publish, publishMax [2]time.Duration
	for placed := 0; placed < 100; {
		x, y := r.Intn(n-4), r.Intn(n-4)
		rect := grid.R(x, y, x+4, y+4)
		if !openRect(g, rect) {
			continue
		}
		g.Fill(rect, false)
		for k, l := range lives {
			t := time.Now()
			if err := l.Fill(rect, false); err != nil {
				b.Fatal(err)
			}
			if _, err := l.Publish(); err != nil {
				b.Fatal(err)
			}
			took := time.Since(t)
			publish[k], publishMax[k] = publish[k]+took, max(publishMax[k], took)
		}
		placed++
	}
	final, err := preprocess.Build(g.Clone(), preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	type ask struct{ a, z grid.Point }
	var asks []ask
	for len(asks) < 200 {
		a, z := g.PointAt(r.Intn(n*n)), g.PointAt(r.Intn(n*n))
		if g.Passable(a) && g.Passable(z) && a != z && final.SameIsland(a, z) {
			asks = append(asks, ask{a, z})
		}
	}
	setup := time.Since(t0).Round(time.Second)
	var logged [2]bool
	for k, name := range []string{"tiers=2", "tiers=default"} {
		b.Run(name, func(b *testing.B) {
			if !logged[k] {
				logged[k] = true
				b.Logf("setup (generate, bake, two live maps, 100 buildings): %v; a building's publish %v on average, %v at most", setup, (publish[k] / 100).Round(time.Microsecond), publishMax[k].Round(time.Microsecond))
			}
			q := lives[k].NewQuery()
			var path []grid.Point
			waypoints := 0
			b.ResetTimer()
			for range b.N {
				for _, x := range asks {
					res, err := q.Find(x.a, x.z, hpa.Options{Smooth: hpa.Cells}, path)
					if err != nil || res.Status != hpa.Found {
						b.Fatalf("%v→%v: %v %v", x.a, x.z, res.Status, err)
					}
					path = res.Path
					waypoints += res.Waypoints
				}
			}
			b.StopTimer()
			for _, x := range asks { // legal on the final map, at its cost
				res, _ := q.Find(x.a, x.z, hpa.Options{Smooth: hpa.Cells}, nil)
				if c, err := g.PathCost(res.Path); err != nil || c != res.Cost || res.Path[0] != x.a || res.Path[len(res.Path)-1] != x.z {
					b.Fatalf("%v→%v: path cost %d (%v), reported %d", x.a, x.z, c, err, res.Cost)
				}
			}
			ops := float64(b.N * len(asks))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/ops, "µs/query")
			b.ReportMetric(float64(waypoints)/ops, "waypoints/query")
		})
	}
}
