package hpa_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// TestThirdTierSameCost compares the coarse search over 3 to 5 tiers
// with the two-tier search it stands for (the waypoint graph searched
// waypoint by waypoint, the code of Tiers 2): on generated maps with dead
// ends, swamp and islands, in groups of 2 or 3, the raw paths of both
// planners cost the same for every query, before and after rounds of
// edits that two live maps (one per number of tiers) publish alike, and
// each is legal and no cheaper than A* on the edited grid. The edits
// are small, so that groups stay stale for a few rounds (searched
// waypoint by waypoint until a batch redoes them).
func TestThirdTierSameCost(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 42))
	maps, rounds := 6, 6
	if testing.Short() {
		maps, rounds = 3, 3
	}
	hops, regroups := 0, 0
	for i := range maps {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 128 + r.IntN(192), Height: 128 + r.IntN(192), Seed: uint64(i + 500)}, grid.MapOptions{SwampWeight: 3})
		if err != nil {
			t.Fatal(err)
		}
		cs := []int{8, 16}[i%2]
		b, err := preprocess.Build(g.Clone(), preprocess.Config{ClusterSize: cs})
		if err != nil {
			t.Fatal(err)
		}
		var lives [2]*hpa.Live
		var qs [2]*hpa.LiveQuery
		for k, cfg := range []hpa.Config{{Tiers: 2}, {Tiers: 3 + i%3, GroupClusters: 2 + i%2}} {
			if lives[k], err = hpa.NewLive(b, hpa.LiveConfig{Planner: cfg, RegroupLag: 1 + i%2}); err != nil {
				t.Fatal(err)
			}
			qs[k] = lives[k].NewQuery()
		}
		s := grid.NewSearcher(g)
		w, h := g.Width(), g.Height()
		for round := range rounds {
			if round > 0 { // the same edits on both maps and on g
				for range 1 + r.IntN(2) {
					x, y := r.IntN(w), r.IntN(h)
					rect := grid.R(x, y, x+1+r.IntN(8), y+1+r.IntN(8))
					open := r.IntN(3) == 0
					g.Fill(rect, open)
					for _, l := range lives {
						if err := l.Fill(rect, open); err != nil {
							t.Fatal(err)
						}
					}
				}
				for _, l := range lives {
					if _, err := l.Publish(); err != nil {
						t.Fatal(err)
					}
				}
			}
			var buf []grid.Point
			for range 40 {
				a, z := grid.Pt(r.IntN(w), r.IntN(h)), grid.Pt(r.IntN(w), r.IntN(h))
				if !g.Passable(a) || !g.Passable(z) {
					continue
				}
				want, _ := s.FindPath(a, z, grid.Options{}, nil)
				var got [2]hpa.Result
				for k, q := range qs {
					res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Raw, Band: -1}, buf)
					if err != nil {
						t.Fatal(err)
					}
					got[k], buf = res, nil
					if (res.Status == hpa.Found) != (want.Status == grid.Found) {
						t.Fatalf("map %d round %d %v→%v, %d tiers: %v, A* %v", i, round, a, z, k+2, res.Status, want.Status)
					}
					if res.Status != hpa.Found {
						continue
					}
					c, err := g.PathCost(res.Path)
					if err != nil || c != res.Cost || c < want.Cost || res.Path[0] != a || res.Path[len(res.Path)-1] != z {
						t.Fatalf("map %d round %d %v→%v, %d tiers: path cost %d (%v), reported %d, A* %d", i, round, a, z, k+2, c, err, res.Cost, want.Cost)
					}
				}
				if got[0].Cost != got[1].Cost {
					t.Fatalf("map %d round %d %v→%v: two tiers cost %d, %d tiers %d", i, round, a, z, got[0].Cost, 3+i%3, got[1].Cost)
				}
				if got[1].Waypoints < got[0].Waypoints {
					hops++
				}
			}
		}
		n, stale := hpa.LiveRegroups(lives[1])
		regroups += n
		t.Logf("map %d: %d group rebuilds installed, %d groups stale at the end", i, n, stale)
	}
	if regroups == 0 {
		t.Fatal("no group rebuild was installed: the test misses the live third tier's rebuilds")
	}
	// The tiers above must have been used: they expand fewer waypoints
	// where the route crosses groups.
	if hops == 0 {
		t.Fatal("the tiers above never expanded fewer waypoints than two tiers")
	}
}

// TestTiersConfig: out-of-range tiers and group sizes are errors.
func TestTiersConfig(t *testing.T) {
	_, b := genBake(t, 64, 64, 1, grid.Octile, 8)
	for _, cfg := range []hpa.Config{{Tiers: 1}, {Tiers: hpa.MaxTiers + 1}, {Tiers: -1}, {GroupClusters: 1}, {GroupClusters: hpa.MaxGroupClusters + 1}, {Tiers: 3, GroupClusters: -2}} {
		q := hpa.NewPlanner(b, cfg).NewQuery()
		if _, err := q.Find(grid.Pt(0, 0), grid.Pt(1, 1), hpa.Options{}, nil); !errors.Is(err, hpa.ErrOptions) {
			t.Fatalf("%+v: %v, want ErrOptions", cfg, err)
		}
	}
}
