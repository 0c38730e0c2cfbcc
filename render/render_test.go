package render_test

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

func scene(t *testing.T, size int, layers render.Layer) *render.Scene {
	g, err := mapgen.NewGrid(mapgen.Config{Width: size, Height: size, Seed: 7}, grid.MapOptions{SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, z := grid.Pt(0, 0), grid.Pt(size-1, size-1)
	for !g.Passable(a) || !b.SameIsland(a, z) {
		a = a.Add(grid.Pt(1, 1))
	}
	res, err := hpa.NewPlanner(b, hpa.Config{}).NewQuery().Find(a, z, hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatalf("%v %v", res.Status, err)
	}
	var seen []grid.Point
	grid.NewSearcher(g).FindPath(a, z, grid.Options{Visit: func(p grid.Point) { seen = append(seen, p) }}, nil)
	return &render.Scene{Grid: g, Bake: b, Path: res.Path, Expanded: seen, Layers: layers}
}

// TestGolden pins the pixels of small scenes: a change in drawing shows
// up here (update the hashes after looking at the new images).
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name   string
		size   int
		side   int
		layers render.Layer
		want   string
	}{
		{"all-zoomed", 64, 256, render.All, "256x256 5ce04b4ed686c7c204d2b7ad7a2dcf280685b82332239a99bb3daefe5c8f19ee"},
		{"tiers", 64, 256, render.Terrain | render.Clusters | render.Waypoints | render.Edges, "256x256 8f52940c0ea5764305ad625a25487944b029504538657283cdf7a0bc3f1e05b7"},
		{"shrunk", 200, 64, render.Terrain | render.Islands | render.DeadEnds | render.Path, "50x50 cd22958be3f1e2cd33de95c531ad60635a120969d3fce5155bc8dd5b367c313e"},
	} {
		img := scene(t, c.size, c.layers).Draw(c.side)
		got := fmt.Sprintf("%dx%d %x", img.Rect.Dx(), img.Rect.Dy(), sha256.Sum256(img.Pix))
		if got != c.want {
			t.Errorf("%s: pixels %s, want %s", c.name, got, c.want)
		}
	}
}

// TestShapes: the hook hands out the layers that are on, and only those.
func TestShapes(t *testing.T) {
	s := scene(t, 64, render.Clusters|render.Path)
	sh := s.Shapes()
	if len(sh.Boxes) != s.Bake.Clusters() || len(sh.Lines) != len(s.Path)-1 || len(sh.Marks) != 2 {
		t.Errorf("%d boxes, %d lines, %d marks", len(sh.Boxes), len(sh.Lines), len(sh.Marks))
	}
	s.Layers = render.Waypoints | render.Edges
	sh = s.Shapes()
	if len(sh.Boxes) != 0 || len(sh.Marks) != s.Bake.Tier().NumPoints() || len(sh.Lines) == 0 {
		t.Errorf("%d boxes, %d lines, %d marks", len(sh.Boxes), len(sh.Lines), len(sh.Marks))
	}
}
