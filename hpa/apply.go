package hpa

import (
	"errors"

	"github.com/rtspath/rtspath/navgraph"
)

// apply brings the planner in step with one Bake.Update without starting
// over, as a live map's publish needs (see Live): it redoes the dead-end
// marks of the rebuilt clusters (of every cluster when the region graph
// changed), repairs the landmark distances where the rewritten edges
// broke the bound (navgraph.Landmarks.Repair: the landmarks stay where
// they are and the bound stays admissible and consistent) and raises
// them a bounded way out where costs rose (Landmarks.Raise), and
// refreshes the penalty layers' edges of the
// rewritten waypoints. It falls back to a full sync when the update is not
// the one right after the planner's version, when the tier was laid out
// afresh, or when the landmark table cannot be repaired. Cost: linear in
// the rewritten waypoints and their edges, plus the landmark entries that
// fall, plus the refreshes of the hot clusters among them.
//
// Unlike Sync, what apply leaves depends on the updates it went through
// (the landmarks are those of the bake the planner was made on): a live
// map's versions are defined by the sequence of edits that made them.
func (p *Planner) apply() error {
	b := p.bake
	info := b.LastUpdate()
	if b.Version() == p.version {
		return nil
	}
	if info.Version != p.version+1 || info.Version != b.Version() || info.Layout || p.err != nil {
		return p.Sync()
	}
	t := p.tier
	// The waypoints whose edges were rewritten: those of the rebuilt
	// clusters and of the clusters beside them.
	p.rewritten = p.rewritten[:0]
	p.applyMark = growBits(p.applyMark, b.Clusters())
	cw := t.ClustersX()
	ch := t.ClustersY()
	for _, c := range info.Clusters {
		cx, cy := c%cw, c/cw
		for _, d := range [5][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			x, y := cx+d[0], cy+d[1]
			if x < 0 || y < 0 || x >= cw || y >= ch {
				continue
			}
			n := y*cw + x
			if p.applyMark[n/64]&(1<<(n%64)) != 0 {
				continue
			}
			p.applyMark[n/64] |= 1 << (n % 64)
			p.rewritten = append(p.rewritten, int32(n))
		}
	}
	p.applyNodes = p.applyNodes[:0]
	for _, c := range p.rewritten {
		p.applyMark[c/64] = 0
		for u := t.ClusterStart[c]; u < t.ClusterStart[c+1]; u++ {
			p.applyNodes = append(p.applyNodes, u)
		}
	}
	if info.Regions {
		for c := range b.Clusters() {
			p.markDead(c)
		}
	} else {
		for _, c := range info.Clusters {
			p.markDead(c)
		}
	}
	if p.lm != nil {
		_, err := p.lm.Repair(t.Graph, p.applyNodes)
		if err == nil && !p.noRaise {
			// Where costs rose, climb back toward the exact distances, a
			// bounded way out from the rewritten waypoints.
			_, err = p.lm.Raise(t.Graph, p.applyNodes, raiseBudget*len(p.applyNodes)+raiseBase)
		}
		if err != nil {
			if !errors.Is(err, navgraph.ErrRepairShift) {
				return p.Sync()
			}
			lm, err := navgraph.NewLandmarksHint(t.Graph, p.cfg.Landmarks, p.cfg.Workers, p.landmarkHint())
			if err != nil {
				return p.Sync()
			}
			p.lm = lm
		}
	}
	if err := p.updateGroups(); err != nil {
		return p.Sync()
	}
	if p.refreshing {
		p.refreshNodes = append(p.refreshNodes, p.applyNodes...)
	}
	// The unit layers were built anew by the update: their landmarks too.
	if err := p.syncUnits(); err != nil {
		return p.Sync()
	}
	p.version = b.Version()
	for _, f := range p.penalties {
		f.apply(p.rewritten, p.applyNodes)
	}
	if p.bake.Stale() {
		return errUnapplied
	}
	return nil
}

// The landmark raise after an update looks at up to raiseBudget
// waypoints per rewritten waypoint, plus raiseBase.
const raiseBudget, raiseBase = 4, 128

// markDead sets the dead-end marks of cluster c's waypoint slots.
func (p *Planner) markDead(c int) {
	b, t := p.bake, p.tier
	first, end := t.PointsOf(c)
	for u := first; u < t.ClusterStart[c+1]; u++ {
		d := int32(-1)
		if u < end {
			d = b.RegionDeadEnd(b.PointRegion(t.Points[u]))
		}
		p.nodeDead[u] = d
		if d >= 0 {
			p.deadBits[u/64] |= 1 << (u % 64)
		} else {
			p.deadBits[u/64] &^= 1 << (u % 64)
		}
	}
}

// growBits returns a zeroed bit set of at least n bits, reusing bits.
func growBits(bits []uint64, n int) []uint64 {
	if len(bits) < (n+63)/64 {
		return make([]uint64, (n+63)/64)
	}
	return bits
}

// apply fits the layer to the planner's tier after apply rewrote the
// edges of the waypoints in nodes (those of the clusters in rewritten):
// their edge penalties are cleared and the hot clusters among the
// rewritten ones and their neighbours refreshed. A compaction of the
// graph (every edge id changed) costs a full sync.
func (f *Penalties) apply(rewritten []int32, nodes []int32) {
	p := f.p
	g := p.tier.Graph
	if g.Compactions() != f.compactions || len(f.edge) > g.EdgeIDs() {
		f.sync()
		return
	}
	for len(f.edge) < g.EdgeIDs() {
		f.edge = append(f.edge, 0)
		f.edgeClaims = append(f.edgeClaims, nil)
	}
	for _, u := range nodes {
		to, _ := g.Out(u)
		for i := range to {
			e := g.EdgeID(u, i)
			f.edge[e] = 0
			f.edgeClaims[e] = f.edgeClaims[e][:0]
		}
	}
	f.version = p.version
	t := p.tier
	cw, ch := t.ClustersX(), t.ClustersY()
	for _, c := range rewritten {
		cx, cy := int(c)%cw, int(c)/cw
		for _, d := range [5][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			x, y := cx+d[0], cy+d[1]
			if x < 0 || y < 0 || x >= cw || y >= ch {
				continue
			}
			if n := y*cw + x; f.nInfl[n] > 0 || f.nClaim[n] > 0 {
				f.inflDirty[n/64] |= 1 << (n % 64) // its edges are new: price their influence
				f.mark(n)
			}
		}
	}
	f.flush()
}
