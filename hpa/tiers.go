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
		return 5
	case n >= ThirdTier:
		return 4
	}
	return 2
}

// groupClustersFor is Config.GroupClusters, 0 resolved for tiers tiers:
// DefaultGroupClusters on three, DefaultGroupClustersDeep on more.
func groupClustersFor(cfg Config, tiers int) int {
	switch {
	case cfg.GroupClusters != 0:
		return cfg.GroupClusters
	case tiers > 3:
		return DefaultGroupClustersDeep
	}
	return DefaultGroupClusters
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

// groupDoors returns the doors of the levels of groups lv over tier t
// (groupLevels, groups of gc×gc clusters; navgraph.NewOverlayDoors), or
// nil with fewer than two levels. The first level, the groups of
// clusters, keeps every transition on its sides: its hops are the
// waypoint graph's least costs between them. Each level above keeps, of
// the edges between two of its cells whose ends are doors one level
// down, one per pair of pieces they join (a piece: a part of a group one
// level down that its edges inside that group hold together) in each
// stretch of the side the two groups share (doorSpans), the one nearest
// the stretch's middle; the others are doors only below. So every piece
// that joins a neighbour still does, in every stretch where it did, and
// the hops of a cell of groups are far fewer: on a generated 16384² map
// on four tiers of groups of 8 the planner holds 1.13 bytes a cell (the
// doors' byte a waypoint included) rather than 1.32. O(waypoints +
// edges) time per level above the first.
func groupDoors(t *waypoint.Tier, lv [][]int32, gc int) []uint8 {
	levels := len(lv)
	if levels < 2 {
		return nil
	}
	n := t.Graph.Len()
	doors := make([]uint8, n)
	for u := range int32(n) {
		doors[u] = uint8(levels)
		to, _ := t.Graph.Out(u)
		for _, v := range to {
			if lv[0][u] != lv[0][v] {
				doors[u] = 1 // a door of the first level, for now
			}
		}
	}
	type key struct{ ku, pu, kv, pv, span int32 }
	type pick struct {
		u, v int32
		off  int
	}
	best := make(map[key]pick)
	piece := make([]int32, n)
	root := func(u int32) int32 {
		for piece[u] != u {
			piece[u] = piece[piece[u]]
			u = piece[u]
		}
		return u
	}
	side := t.ClusterSize * gc // the side of a group one level down
	for l := 1; l < levels; l++ {
		// the pieces of each group one level down
		below := lv[l-1]
		for u := range int32(n) {
			piece[u] = u
		}
		for u := range int32(n) {
			to, _ := t.Graph.Out(u)
			for _, v := range to {
				if below[u] == below[v] {
					if a, b := root(u), root(v); a != b {
						piece[max(a, b)] = min(a, b)
					}
				}
			}
		}
		for u := range int32(n) {
			piece[u] = root(u)
		}
		clear(best)
		span := doorSpan(side, t.ClusterSize)
		for u := range int32(n) {
			if int(doors[u]) < l {
				continue
			}
			to, _ := t.Graph.Out(u)
			for _, v := range to {
				if v < u || lv[l][u] == lv[l][v] || int(doors[v]) < l {
					continue
				}
				// which stretch of the groups' shared side, and how far
				// from its middle
				a, b := t.Points[u].Cell, t.Points[v].Cell
				at := a.X % side
				if a.X/side != b.X/side { // side by side: the side runs along y
					at = a.Y % side
				}
				off := abs(at%span*2 + 1 - span)
				k := key{below[u], piece[u], below[v], piece[v], int32(at / span)}
				if k.ku > k.kv { // one key per pair, whichever end comes first
					k.ku, k.pu, k.kv, k.pv = k.kv, k.pv, k.ku, k.pu
				}
				if p, ok := best[k]; !ok || off < p.off { // (ties: the first)
					best[k] = pick{u, v, off}
				}
			}
		}
		for _, p := range best {
			doors[p.u], doors[p.v] = uint8(l+1), uint8(l+1)
		}
		side *= gc
	}
	return doors
}

// doorSpans is the number of stretches of a group's side (each at least
// a cluster long) in each of which groupDoors keeps a door per pair of
// pieces that meet there: a path that crosses the side finds a door in
// the stretch it crosses in, not a whole side away. On a generated 4096²
// map on four tiers of groups of 8, smoothed paths cost 0.72% over the
// optimum with every waypoint a door, 0.75% with 4 stretches, 0.93% with
// 2 and 1.15% with 1 (worst 2.6%, 2.6%, 7.3%, 7.5%; go run ./cmd/rtspath
// bench -scale 4096 -tiers 4 -group-clusters 8 -astar-up-to 4096 with
// the constant changed). On four tiers of groups of 4 (the zero
// Config's there) a stretch is a cluster long and paths cost 0.96% over;
// 8 stretches with stretches of half a cluster allowed bring that to
// 0.75% (0.71% with every waypoint a door), for 1.36 planner bytes a
// cell rather than 1.28 and 1,680 µs a query against 1,560–1,600; on
// 16384² they take the heap to 6.1 bytes a cell (the same command with
// -scale 16384 and doorSpan changed), past the 6 the planner keeps to.
const doorSpans = 4

// doorSpan returns the length of a stretch of a group's side of side
// cells, over clusters of cs.
func doorSpan(side, cs int) int { return max(cs, side/doorSpans) }
