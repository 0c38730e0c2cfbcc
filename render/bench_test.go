package render_test

import (
	"bytes"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

// BenchmarkDraw4096 draws a generated 4096×4096 map with every layer (a
// hot spot, a long A* query's expanded cells and path) into a 1024-pixel
// image. The scene is made once; one op is one Draw, which must give the
// first Draw's pixels (compared off the clock).
//
//	go test -run '^$' -bench Draw4096 -benchtime 3x ./render
func BenchmarkDraw4096(b *testing.B) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 4096, Height: 4096, Seed: 1}, grid.MapOptions{SwampWeight: 3})
	if err != nil {
		b.Fatal(err)
	}
	bk, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		b.Fatal(err)
	}
	a, z := grid.Pt(200, 300), grid.Pt(3900, 3800)
	s := &render.Scene{Grid: g, Bake: bk, Layers: render.All}
	res, err := grid.NewSearcher(g).FindPath(a, z, grid.Options{Visit: func(p grid.Point) { s.Expanded = append(s.Expanded, p) }}, nil)
	if err != nil || res.Status != grid.Found {
		b.Fatalf("%v %v", res.Status, err)
	}
	s.Path = res.Path
	s.Penalties = hpa.NewPlanner(bk, hpa.Config{}).NewPenalties(hpa.PenaltyConfig{})
	if err := s.Penalties.AddInfluence(grid.Pt(2048, 2048), 200, 20*grid.Straight); err != nil {
		b.Fatal(err)
	}
	first, err := s.Draw(1024) // what every op must draw again, pixel for pixel
	if err != nil || first.Rect.Dx() != 1024 {
		b.Fatalf("%v, %d pixels wide", err, first.Rect.Dx())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		img, err := s.Draw(1024)
		b.StopTimer()
		if err != nil || img.Rect != first.Rect || !bytes.Equal(img.Pix, first.Pix) {
			b.Fatalf("%v: a %v image unlike the first %v one", err, img.Rect, first.Rect)
		}
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(len(s.Expanded)), "expanded-cells")
}
