package hpa

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// TestTiersBySize: the zero Config's tiers by map size (32×32 clusters),
// as Config.Tiers documents them, and at most 3 for a planner whose
// groups are rebuilt off its updates (a live map, a player's view),
// unless asked for more; and the groups' side in clusters.
func TestTiersBySize(t *testing.T) {
	for _, c := range []struct{ side, static, edited int }{
		{512, 2, 2}, {2048, 2, 2}, {4096, 4, 3}, {8192, 4, 3}, {16384, 5, 3}, {32768, 5, 3},
	} {
		tier := &waypoint.Tier{Width: c.side, Height: c.side, ClusterSize: 32}
		if got := tiersFor(Config{}, tier); got != c.static {
			t.Errorf("%d²: %d tiers, want %d", c.side, got, c.static)
		}
		if got := editedTiers(Config{}, tier); got != c.edited {
			t.Errorf("%d², edited: %d tiers, want %d", c.side, got, c.edited)
		}
		if got := editedTiers(Config{Tiers: 5}, tier); got != 5 {
			t.Errorf("%d², edited, Tiers 5: %d tiers", c.side, got)
		}
		// groups of 4 clusters on four tiers or more, of 8 on three
		// (a live map's), whatever was asked otherwise
		want, wantEdited := 4, 8
		if c.static == 2 {
			want, wantEdited = 8, 8
		}
		if got := groupClustersFor(Config{}, tiersFor(Config{}, tier)); got != want {
			t.Errorf("%d²: groups of %d clusters, want %d", c.side, got, want)
		}
		if got := groupClustersFor(Config{}, editedTiers(Config{}, tier)); got != wantEdited {
			t.Errorf("%d², edited: groups of %d clusters, want %d", c.side, got, wantEdited)
		}
		if got := groupClustersFor(Config{GroupClusters: 6}, tiersFor(Config{}, tier)); got != 6 {
			t.Errorf("%d², GroupClusters 6: groups of %d", c.side, got)
		}
	}
}

// TestTiersConfigResolved: a zero Config on a map of ThirdTier clusters
// makes a planner of four tiers, groups of 4 clusters and
// DefaultLandmarksFourTiers landmarks, and a live map's copies keep
// three tiers of groups of 8 and DefaultLandmarksTiers, as Config
// documents (an open grid of 4×4 clusters keeps it quick; a map of
// FourthTier clusters would take seconds); five tiers, asked of a nil
// bake's planner, resolve to groups of 4 and DefaultLandmarksFiveTiers.
func TestTiersConfigResolved(t *testing.T) {
	for _, c := range []struct{ side, tiers, groups, landmarks int }{
		{512, 4, 4, 8}, // 128×128 clusters: ThirdTier
	} {
		g, err := grid.New(c.side, c.side, grid.Octile)
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 4})
		if err != nil {
			t.Fatal(err)
		}
		p := NewPlanner(b, Config{})
		if err := p.Sync(); err != nil {
			t.Fatal(err)
		}
		if p.Tiers() != c.tiers || p.cfg.GroupClusters != c.groups || p.cfg.Landmarks != c.landmarks {
			t.Errorf("%d²: %d tiers, groups of %d, %d landmarks; want %d, %d, %d", c.side, p.Tiers(), p.cfg.GroupClusters, p.cfg.Landmarks, c.tiers, c.groups, c.landmarks)
		}
		l, err := NewLive(b, LiveConfig{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range l.reps {
			if r.p.Tiers() != 3 || r.p.cfg.GroupClusters != DefaultGroupClusters || r.p.cfg.Landmarks != DefaultLandmarksTiers {
				t.Errorf("%d², live copy %d: %d tiers, groups of %d, %d landmarks; want 3, %d, %d", c.side, r.id, r.p.Tiers(), r.p.cfg.GroupClusters, r.p.cfg.Landmarks, DefaultGroupClusters, DefaultLandmarksTiers)
			}
		}
	}
	// a nil bake's planner resolves what was asked
	if p := NewPlanner(nil, Config{Tiers: 5}); p.cfg.GroupClusters != DefaultGroupClustersDeep || p.cfg.Landmarks != DefaultLandmarksFiveTiers {
		t.Errorf("nil bake, Tiers 5: groups of %d, %d landmarks", p.cfg.GroupClusters, p.cfg.Landmarks)
	}
}
