package hpa

import (
	"testing"

	"github.com/rtspath/rtspath/waypoint"
)

// TestTiersBySize: the zero Config's tiers by map size (32×32 clusters),
// as Config.Tiers documents them, and at most 3 for a planner whose
// groups are rebuilt off its updates (a live map, a player's view),
// unless asked for more.
func TestTiersBySize(t *testing.T) {
	for _, c := range []struct{ side, static, edited int }{
		{512, 2, 2}, {2048, 2, 2}, {4096, 3, 3}, {8192, 3, 3}, {16384, 4, 3}, {32768, 4, 3},
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
	}
}
