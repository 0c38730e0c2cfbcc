package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/waypoint"
)

// tiers returns the number of tiers the planner keeps over tier t
// (Config.Tiers, 0 resolved by the map's size).
func (p *Planner) tiers(t *waypoint.Tier) int { return tiersFor(p.cfg, t) }

// tiersFor is Planner.tiers under cfg.
func tiersFor(cfg Config, t *waypoint.Tier) int {
	switch n := t.ClustersX() * t.ClustersY(); {
	case cfg.Tiers != 0:
		return cfg.Tiers
	case n >= FourthTier:
		return 4
	case n >= ThirdTier:
		return 3
	}
	return 2
}

// editedTiers is Config.Tiers for a planner whose groups its updates
// rebuild off the caller's goroutine (a live map, a player's view): the
// zero Config's choice, but at most 3. The rebuild redoes the groups
// there, and the tiers above them where it installs them, which on a
// fourth tier would cost a publish seconds.
func editedTiers(cfg Config, t *waypoint.Tier) int {
	if cfg.Tiers != 0 {
		return cfg.Tiers
	}
	return min(3, tiersFor(cfg, t))
}

// Tiers returns the number of tiers the planner keeps above the grid
// (Config.Tiers, 0 resolved by the map's size): 2 without the groups.
func (p *Planner) Tiers() int {
	if p.ov == nil {
		return 2
	}
	return 2 + p.ov.Levels()
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// checkTiers reports a Config.Tiers or GroupClusters out of range.
func checkTiers(cfg Config) error {
	if cfg.Tiers != 0 && (cfg.Tiers < 2 || cfg.Tiers > MaxTiers) || cfg.GroupClusters < 2 || cfg.GroupClusters > MaxGroupClusters {
		return fmt.Errorf("%w: Config.Tiers %d (want 0 or 2..%d), GroupClusters %d (want 0 or 2..%d)", ErrOptions, cfg.Tiers, MaxTiers, cfg.GroupClusters, MaxGroupClusters)
	}
	return nil
}

// groupLevels returns, for each of the levels of groups, the group of
// each waypoint slot of t: at level l the block of gc^(l+1) × gc^(l+1)
// clusters that holds its cluster, numbered row by row.
func groupLevels(t *waypoint.Tier, gc, levels int) [][]int32 {
	cw := t.ClustersX()
	out := make([][]int32, levels)
	side := gc
	for l := range out {
		gw := ceilDiv(cw, side)
		cell := make([]int32, t.Graph.Len())
		for c := range len(t.ClusterStart) - 1 {
			x, y := c%cw/side, c/cw/side
			for u := t.ClusterStart[c]; u < t.ClusterStart[c+1]; u++ {
				cell[u] = int32(y*gw + x)
			}
		}
		out[l] = cell
		side *= gc
	}
	return out
}

// groupOfCluster returns the first level's group of cluster c of t, in
// groups of gc×gc clusters.
func groupOfCluster(t *waypoint.Tier, gc int, c int32) int32 {
	cw, g := int32(t.ClustersX()), int32(gc)
	gw := (cw + g - 1) / g
	return c/cw/g*gw + c%cw/g
}

// staleGroups is the number of stale groups that makes a batch worth
// redoing: a sixteenth of the groups, at least 2. Fewer cost queries
// little (they cross a stale group waypoint by waypoint), and a group
// edited again and again is redone once for the batch.
func (p *Planner) staleGroups() int { return max(2, p.ov.Cells(0)/16) }

// updateGroups brings the groups in step with the rewritten clusters
// (apply's p.rewritten: those an update rebuilt and their neighbours,
// which hold every waypoint whose edges changed). It marks their groups
// stale, which the coarse search crosses waypoint by waypoint, and
// redoes the stale groups (the Overlay the levels above) once there are
// staleGroups of them: an edit costs a mark, and every so often a batch
// of group rebuilds. What it leaves depends on the sequence of updates
// alone, as apply's landmarks do.
func (p *Planner) updateGroups() error {
	if p.ov == nil {
		return nil
	}
	p.ovCells = p.ovCells[:0]
	for _, c := range p.rewritten {
		p.ovCells = append(p.ovCells, groupOfCluster(p.tier, p.cfg.GroupClusters, c))
	}
	if err := p.ov.Invalidate(p.ovCells); err != nil {
		return err
	}
	if p.asyncGroups { // the live map redoes them (regroup.go)
		return nil
	}
	p.ovCells = p.ov.Stale(p.ovCells[:0])
	if len(p.ovCells) < p.staleGroups() {
		return nil
	}
	return p.ov.Update(p.tier.Graph, p.ovCells, p.cfg.Workers)
}
