package grid_test

import (
	"os"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// TestTerrainClassesMovingAI: the WarCraft III maps read with their terrain
// types (MapOptions.Terrain), every 16th scenario line: exact search of
// class "ground" reproduces the published optima (water blocked, as the
// benchmarks have it); class "hover" crosses water, so its paths are
// never longer, legal for the class step by step (oracle), and shorter on
// some lines.
func TestTerrainClassesMovingAI(t *testing.T) {
	maps := testmaps.All(t, "wc3")
	s := grid.NewSearcher(nil)
	lines, shorter := 0, 0
	hover := grid.MovingAIClasses()[1]
	for _, m := range maps {
		f, err := os.Open(m.Path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := grid.ReadMap(f, grid.MapOptions{Terrain: true})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		_, scens := testmaps.Load(t, m)
		s.SetGrid(g)
		o := oracle.Graph{G: g, Class: &hover}
		for i, sc := range scens {
			ground := grid.Unit{Class: 1}
			if i%16 != 0 || sc.Optimal == 0 || !g.Fits(sc.Start, ground) || !g.Fits(sc.Goal, ground) {
				continue // lines with an end in water are invalid for the benchmarks' rule too
			}
			res, err := s.FindPath(sc.Start, sc.Goal, grid.Options{Class: 1}, nil)
			if err != nil || res.Status != grid.Found || !sc.Matches(grid.Length(res.Path)) {
				t.Fatalf("%s line %d, ground: %v %v length %.8f, published %v", m.Name, i, res.Status, err, grid.Length(res.Path), sc.Optimal)
			}
			hv, err := s.FindPath(sc.Start, sc.Goal, grid.Options{Class: 2}, nil)
			if err != nil || hv.Status != grid.Found || hv.Cost > res.Cost {
				t.Fatalf("%s line %d, hover: %v %v cost %d, ground %d", m.Name, i, hv.Status, err, hv.Cost, res.Cost)
			}
			for j := 1; j < len(hv.Path); j++ {
				if !o.Legal(hv.Path[j-1], hv.Path[j]) {
					t.Fatalf("%s line %d, hover: step %v→%v not legal", m.Name, i, hv.Path[j-1], hv.Path[j])
				}
			}
			lines++
			if hv.Cost < res.Cost {
				shorter++
			}
		}
	}
	if lines == 0 || shorter == 0 {
		t.Fatalf("%d lines, %d shorter by hover: the maps do not test", lines, shorter)
	}
	t.Logf("%d lines: ground matches the published optima; hover shorter on %d", lines, shorter)
}
