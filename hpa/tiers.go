package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/waypoint"
)

// tiers returns the number of tiers the planner keeps over tier t
// (Config.Tiers, 0 resolved by the map's size).
func (p *Planner) tiers(t *waypoint.Tier) int {
	switch {
	case p.cfg.Tiers != 0:
		return p.cfg.Tiers
	case t.ClustersX()*t.ClustersY() >= ThirdTier:
		return 3
	}
	return 2
}

// checkTiers reports a Config.Tiers out of range.
func checkTiers(cfg Config) error {
	if cfg.Tiers != 0 && cfg.Tiers != 2 && cfg.Tiers != 3 || cfg.GroupClusters < 2 || cfg.GroupClusters > MaxGroupClusters {
		return fmt.Errorf("%w: Config.Tiers %d (want 0, 2 or 3), GroupClusters %d (want 0 or 2..%d)", ErrOptions, cfg.Tiers, cfg.GroupClusters, MaxGroupClusters)
	}
	return nil
}

// groupOf returns the third tier's group of each waypoint slot of t: the
// block of gc×gc clusters that holds its cluster, numbered row by row.
func groupOf(t *waypoint.Tier, gc int) []int32 {
	cw := t.ClustersX()
	gw := (cw + gc - 1) / gc
	cell := make([]int32, t.Graph.Len())
	for c := range len(t.ClusterStart) - 1 {
		x, y := c%cw/gc, c/cw/gc
		for u := t.ClusterStart[c]; u < t.ClusterStart[c+1]; u++ {
			cell[u] = int32(y*gw + x)
		}
	}
	return cell
}

// groupOfCluster returns the third tier's group of cluster c of t, in
// groups of gc×gc clusters.
func groupOfCluster(t *waypoint.Tier, gc int, c int32) int32 {
	cw, g := int32(t.ClustersX()), int32(gc)
	gw := (cw + g - 1) / g
	return c/cw/g*gw + c%cw/g
}

// updateGroups brings the third tier in step with the rewritten clusters
// (apply's p.rewritten: those an update rebuilt and their neighbours,
// which hold every waypoint whose edges changed).
func (p *Planner) updateGroups() error {
	if p.ov == nil {
		return nil
	}
	p.ovCells = p.ovCells[:0]
	for _, c := range p.rewritten {
		p.ovCells = append(p.ovCells, groupOfCluster(p.tier, p.cfg.GroupClusters, c))
	}
	return p.ov.Update(p.tier.Graph, p.ovCells, p.cfg.Workers)
}
