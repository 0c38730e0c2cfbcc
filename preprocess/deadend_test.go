package preprocess_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// TestDeadEndSavings runs A* on the maze, room and StarCraft scenarios
// with and without the dead-end filter and reports the expansions saved.
// Filtered paths must stay valid, keep out of dead ends that hold neither
// endpoint, and still equal the published optimum. Run with -v to see the
// figures (every 80th line; -short: every 200th):
//
//	go test ./preprocess -run DeadEndSavings -v
func TestDeadEndSavings(t *testing.T) {
	dir := testmaps.Require(t)
	step := 80
	if testing.Short() {
		step = 200
	}
	for _, set := range []string{"maze", "room", "sc1"} {
		maps, err := testmaps.List(dir, set)
		if err != nil || len(maps) == 0 {
			t.Fatalf("%s: %v", set, err)
		}
		var plain, filtered, queries, inDead int
		for _, m := range maps {
			g, scens := testmaps.Load(t, m)
			b, err := preprocess.Build(g, preprocess.Config{})
			if err != nil {
				t.Fatal(err)
			}
			s := grid.NewSearcher(g)
			var buf []grid.Point
			for i := 0; i < len(scens); i += step {
				sc := scens[i]
				if !g.Passable(sc.Start) || !g.Passable(sc.Goal) || !b.SameIsland(sc.Start, sc.Goal) {
					continue
				}
				res, _ := s.FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
				plain += res.Expanded
				buf = res.Path
				avoid := b.AvoidDeadEnds(sc.Start, sc.Goal)
				res, _ = s.FindPath(sc.Start, sc.Goal, grid.Options{Avoid: avoid}, buf)
				buf = res.Path
				if res.Status != grid.Found {
					t.Fatalf("%s line %d: the filter lost the path", m.Name, i)
				}
				if _, err := g.PathCost(res.Path); err != nil {
					t.Fatal(err)
				}
				for _, p := range res.Path[1 : len(res.Path)-1] {
					if avoid(g.Index(p)) {
						t.Fatalf("%s line %d: path enters a dead end at %v", m.Name, i, p)
					}
				}
				filtered += res.Expanded
				queries++
				if b.DeadEnd(sc.Start) >= 0 || b.DeadEnd(sc.Goal) >= 0 {
					inDead++
				}
				l := grid.Length(res.Path)
				if l < sc.Optimal-sc.Tolerance() {
					t.Fatalf("%s line %d: %v shorter than the optimum %v", m.Name, i, l, sc.Optimal)
				}
				if !sc.Matches(l) {
					t.Errorf("%s line %d: length %v with the filter, optimum %v", m.Name, i, l, sc.Optimal)
				}
			}
		}
		t.Logf("%-5s %d maps, %d queries (%d with an endpoint in a dead end): expansions %d → %d (%.1f%% saved)",
			set, len(maps), queries, inDead, plain, filtered, 100*(1-float64(filtered)/float64(plain)))
	}
}
