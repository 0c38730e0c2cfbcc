package hpa

import (
	"github.com/rtspath/rtspath/navgraph"
)

// Group rebuilds of a live map (a player's view does the same, counting
// the reveals that change it for versions). On more than two tiers a
// publish only marks the groups its edits touch stale (updateGroups),
// which the coarse search then crosses waypoint by waypoint, exactly but
// slower. The
// stale groups are redone off the publish: one that finds staleGroups of
// them and no rebuild in flight copies their waypoints' edges
// (navgraph.Overlay.Snapshot) and builds their hops on a goroutine of its
// own; the publish RegroupLag versions later installs them on every copy
// (waiting for the build if it is not done), except the groups an edit
// touched in between, which stay stale for the next rebuild. Which
// versions start and install a rebuild depends on the sequence of
// publishes alone, and every copy installs the same cells at the same
// version, so the answers stay deterministic.

// regroup is one rebuild of stale groups in flight.
type regroup struct {
	start, install uint64 // the versions that start and install it
	cells          *navgraph.OverlayCells
	done           chan struct{}
	err            error
}

// DefaultRegroupLag is LiveConfig.RegroupLag's default (versions).
const DefaultRegroupLag = 2

// startRegroup starts, on version v of p (just settled), a rebuild of
// p's stale groups, to install lag versions later; nil when fewer than
// staleGroups are stale or the snapshot fails (a bug: the groups stay
// stale, which costs speed, not answers).
func startRegroup(p *Planner, v uint64, lag int) *regroup {
	if p.ov == nil {
		return nil
	}
	p.ovCells = p.ov.Stale(p.ovCells[:0])
	if len(p.ovCells) < p.staleGroups() {
		return nil
	}
	s, err := p.ov.Snapshot(p.tier.Graph, p.ovCells)
	if err != nil {
		return nil
	}
	job := &regroup{start: v, install: v + uint64(lag), cells: s, done: make(chan struct{})}
	workers := p.cfg.Workers
	go func() {
		defer close(job.done)
		job.err = s.Build(workers)
	}()
	return job
}

// beginRegroup makes the planner note, for the rebuild started on its
// current version, where its groups' marks stand.
func (p *Planner) beginRegroup() {
	p.regrouping, p.regroupBroken = true, false
	p.regroupSince = p.ov.Epoch()
}

// installRegroup puts the rebuilt groups in place, but for those marked
// stale again since the rebuild began. If the planner synced in full
// meanwhile (its groups are fresh and its marks counted anew) or the
// build failed, it keeps its own. An error recomputing the tiers above
// the groups (a bug) makes it sync in full, as a failed update does.
func (p *Planner) installRegroup(job *regroup) {
	<-job.done
	p.regrouping = false
	if p.regroupBroken || job.err != nil || p.ov == nil {
		return
	}
	var err error
	if p.ovCells, err = p.ov.Install(p.tier.Graph, job.cells, p.regroupSince, p.cfg.Workers, p.ovCells[:0]); err != nil {
		_ = p.Sync() // a failure is kept in p.err for the queries
	}
}
