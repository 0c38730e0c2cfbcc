package hpa

import (
	"testing"

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
