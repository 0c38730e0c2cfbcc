package hpa_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// BenchmarkField: on ArcticStation (768², sc1; ../shared/maps or
// RTSPATH_MAPS, failing without), a field towards the map's centre:
// new (NewField and the first step of a unit in the far corner: the
// coarse Dijkstra and the clusters of its coarse route), ready (NewField
// and Ready for 1000 units on random cells of the goal's island: every
// cluster they stand in), squad (NewField and Ready for 100 units
// within 24 cells of that far unit), next (a lookup in a built cluster).
func BenchmarkField(b *testing.B) {
	testmaps.Require(b)
	g := testmaps.Grid(b, "sc1", "ArcticStation")
	bk, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	p := hpa.NewPlanner(bk, hpa.Config{})
	goal := openCell(b, g, 384, 384)
	r := rand.New(rand.NewPCG(1, 2))
	var units []grid.Point
	for len(units) < 1000 {
		if u := grid.Pt(r.IntN(768), r.IntN(768)); g.Passable(u) && bk.SameIsland(u, goal) {
			units = append(units, u)
		}
	}
	far := units[0]
	for _, u := range units {
		if grid.OctileCost(u, goal) > grid.OctileCost(far, goal) {
			far = u
		}
	}
	// A squad: 100 units within 24 cells of the farthest unit.
	var squad []grid.Point
	for len(squad) < 100 {
		if u := far.Add(grid.Pt(r.IntN(49)-24, r.IntN(49)-24)); g.Contains(u) && g.Passable(u) && bk.SameIsland(u, goal) {
			squad = append(squad, u)
		}
	}
	var f hpa.Field
	b.Run("squad", func(b *testing.B) {
		for b.Loop() {
			if err := f.Reset(p, goal, hpa.Options{}); err != nil {
				b.Fatal(err)
			}
			f.Ready(squad)
		}
		b.ReportMetric(float64(f.Built()), "clusters")
	})
	b.Run("new", func(b *testing.B) {
		for b.Loop() {
			if err := f.Reset(p, goal, hpa.Options{}); err != nil {
				b.Fatal(err)
			}
			if _, ok := f.Next(far); !ok {
				b.Fatal("no first step")
			}
		}
	})
	b.Run("ready", func(b *testing.B) {
		for b.Loop() {
			if err := f.Reset(p, goal, hpa.Options{}); err != nil {
				b.Fatal(err)
			}
			f.Ready(units)
		}
		b.ReportMetric(float64(f.Built()), "clusters")
	})
	b.Run("next", func(b *testing.B) {
		if err := f.Reset(p, goal, hpa.Options{}); err != nil {
			b.Fatal(err)
		}
		f.Ready(units)
		k := 0
		for b.Loop() {
			if _, ok := f.Next(units[k%len(units)]); !ok {
				b.Fatal("no step")
			}
			k++
		}
	})
}
