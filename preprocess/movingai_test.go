package preprocess_test

import (
	"testing"

	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// TestMovingAIBakes bakes every benchmark map, checks the bake's
// invariants against the oracles, and checks that every scenario with a
// published path has both endpoints on one island (and the published
// unsolvable ones on two). With -short, every fourth map.
func TestMovingAIBakes(t *testing.T) {
	maps := testmaps.All(t)
	for i, m := range maps {
		if testing.Short() && i%4 != 0 {
			continue
		}
		t.Run(m.Set+"/"+m.Name, func(t *testing.T) {
			t.Parallel()
			g, scens := testmaps.Load(t, m)
			b, err := preprocess.Build(g, preprocess.Config{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			verify(t, g, b, false)
			for i, s := range scens {
				if !g.Passable(s.Start) || !g.Passable(s.Goal) {
					continue // published with a blocked endpoint (wc3)
				}
				unsolvable := s.Optimal == 0 && s.Start != s.Goal
				if b.SameIsland(s.Start, s.Goal) == unsolvable {
					t.Errorf("line %d %v→%v: same island %v, published length %v", i, s.Start, s.Goal, !unsolvable, s.Optimal)
				}
			}
		})
	}
}
