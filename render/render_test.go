package render_test

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
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

// penalised adds to a scene a penalty layer with a hot spot in the middle
// of the map and the claims of a unit on the scene's path, and replaces
// the path by the one found under them.
func penalised(t *testing.T, s *render.Scene) *render.Scene {
	pl := hpa.NewPlanner(s.Bake, hpa.Config{})
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	w := s.Grid.Width()
	if err := f.AddInfluence(grid.Pt(w/2, w/2), w/6, 30*grid.Straight); err != nil {
		t.Fatal(err)
	}
	if err := f.Claim(0, s.Path); err != nil {
		t.Fatal(err)
	}
	a, z := s.Path[0], s.Path[len(s.Path)-1]
	res, err := pl.NewQuery().Find(a, z, hpa.Options{Smooth: hpa.Cells, Penalty: f.For(1)}, nil)
	if err != nil || res.Status != hpa.Found {
		t.Fatalf("%v %v", res.Status, err)
	}
	s.Path, s.Penalties = res.Path, f
	return s
}

// TestGolden pins the pixels of small scenes: a change in drawing shows
// up here (look at the new images, written with
// RTSPATH_GOLDEN_DIR=/some/dir go test -run Golden ./render, then update
// the hashes).
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name   string
		size   int
		side   int
		layers render.Layer
		want   string
		view   grid.Rect
	}{
		{"all-zoomed", 64, 256, render.All, "256x256 a22fe9dcecbff6b13bd4a5f4c79655aadbe47f189e0095a747f051444a639bb3", grid.Rect{}},
		{"tiers", 64, 256, render.Terrain | render.Clusters | render.Waypoints | render.Edges, "256x256 f2ccbfab257e480105ce614e6b84554b467a504c7e14cdb41687a30580e32198", grid.Rect{}},
		{"shrunk", 200, 64, render.Terrain | render.Islands | render.DeadEnds | render.Path, "50x50 46aecb7ccaf02eaecf91b0b5fc049c9e109d6df0545d17f748a7c5eb5d9b0e6c", grid.Rect{}},
		{"influence", 64, 256, render.Terrain | render.Influence | render.Path, "256x256 53635bb98a57bc6cb0397a1b507c3c02a154e9fda84007008e9cb6962a8e1647", grid.Rect{}},
		{"view", 64, 256, render.All, "256x256 3b9b78d7321438675a47986bcff425b9eccbedb43f9c21c0ffe8196bdbcb81c5", grid.R(16, 8, 48, 40)},
		{"tiers-shrunk", 256, 128, render.Terrain | render.Clusters | render.Edges | render.Waypoints, "128x128 b1cdc206e57d2a3f26793d0e78c704c6e8882e2d49492af750ec473e8bcd07c6", grid.Rect{}},
	} {
		s := scene(t, c.size, c.layers)
		if c.layers&render.Influence != 0 {
			s = penalised(t, s)
		}
		s.View = c.view
		img, err := s.Draw(c.side)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if os.Getenv("RTSPATH_GOLDEN_DIR") != "" {
			writePNG(t, filepath.Join(os.Getenv("RTSPATH_GOLDEN_DIR"), c.name+".png"), img)
		}
		got := fmt.Sprintf("%dx%d %x", img.Rect.Dx(), img.Rect.Dy(), sha256.Sum256(img.Pix))
		if got != c.want {
			t.Errorf("%s: pixels %s, want %s", c.name, got, c.want)
		}
	}
}

func writePNG(t *testing.T, name string, img image.Image) {
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
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
