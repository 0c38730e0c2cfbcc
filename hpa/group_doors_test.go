package hpa_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// TestGroupDoorsAgainstAStar: on generated maps with walls, dead ends
// and islands, clusters of 8 in groups of 2 or 3 over five and six tiers
// (doors on three and four levels of groups), the planner finds a path
// exactly when A* does, a legal one at the cost it reports and never
// cheaper than A*'s; the doors must have made some raw paths dearer
// than on two tiers, or the test misses them.
func TestGroupDoorsAgainstAStar(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(61, 62))
	maps := 8
	if testing.Short() {
		maps = 4
	}
	queries, dearer := 0, 0
	var sum, worst, sum2 float64 // raw cost over A*'s
	for i := range maps {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 150 + r.IntN(120), Height: 150 + r.IntN(120), Seed: uint64(i + 900)}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
		if err != nil {
			t.Fatal(err)
		}
		deep := hpa.NewPlanner(b, hpa.Config{Tiers: 5 + i%2, GroupClusters: 2 + i/2%2})
		flat := hpa.NewPlanner(b, hpa.Config{Tiers: 2})
		qd, qf := deep.NewQuery(), flat.NewQuery()
		s := grid.NewSearcher(g)
		var buf []grid.Point
		for range 60 {
			a := g.PointAt(r.IntN(g.Width() * g.Height()))
			z := g.PointAt(r.IntN(g.Width() * g.Height()))
			if !g.Passable(a) || !g.Passable(z) {
				continue
			}
			want, _ := s.FindPath(a, z, grid.Options{}, nil)
			res, err := qd.Find(a, z, hpa.Options{Smooth: hpa.Raw}, buf)
			if err != nil {
				t.Fatal(err)
			}
			buf = res.Path
			if (res.Status == hpa.Found) != (want.Status == grid.Found) {
				t.Fatalf("map %d %v→%v: %d tiers %v, A* %v", i, a, z, deep.Tiers(), res.Status, want.Status)
			}
			if res.Status != hpa.Found {
				continue
			}
			queries++
			c, err := g.PathCost(res.Path)
			if err != nil || c != res.Cost || c < want.Cost || res.Path[0] != a || res.Path[len(res.Path)-1] != z {
				t.Fatalf("map %d %v→%v: path cost %d (%v), reported %d, A* %d", i, a, z, c, err, res.Cost, want.Cost)
			}
			two, err := qf.Find(a, z, hpa.Options{Smooth: hpa.Raw}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Cost > two.Cost {
				dearer++
			}
			if want.Cost > 0 {
				x := float64(res.Cost)/float64(want.Cost) - 1
				sum, worst = sum+x, max(worst, x)
				sum2 += float64(two.Cost)/float64(want.Cost) - 1
			}
		}
	}
	if dearer == 0 {
		t.Fatal("no raw path dearer than on two tiers: the doors were never in the way")
	}
	t.Logf("%d queries, %d raw paths dearer than on two tiers; raw over A*: mean %.2f%% (two tiers %.2f%%), worst %.2f%%", queries, dearer, 100*sum/float64(max(1, queries)), 100*sum2/float64(max(1, queries)), 100*worst)
}
