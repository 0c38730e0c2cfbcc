package hpa

import (
	"github.com/rtspath/rtspath/navgraph"
)

// Landmark refreshes of a live map. A publish lowers the landmark
// distances where costs fell (navgraph.Landmarks.Repair), so that the ALT
// bound stays admissible, and raises them where costs rose only a bounded
// way out from the edit (Landmarks.Raise), so the bound grows a little
// looser with each building, and after a few hundred the coarse search
// expands more than on a fresh bake. So, once publishes have
// rebuilt LiveConfig.RefreshEvery clusters since the last refresh, one
// starts picking the landmarks afresh on a snapshot of its waypoint graph,
// on a goroutine of its own, and the publish RefreshLag versions later
// installs the result, repaired for what changed in between (waiting for
// it if it is not done). Which versions start and install a refresh
// depends on the sequence of publishes alone, and every copy installs the
// same table at the same version, so the answers stay deterministic.

// refresh is one landmark refresh in flight.
type refresh struct {
	start, install uint64 // the versions that start and install it
	done           chan struct{}
	lm             *navgraph.Landmarks
	err            error
}

// Defaults of LiveConfig.RefreshEvery (cluster rebuilds) and RefreshLag
// (versions).
const (
	DefaultRefreshEvery = 32
	DefaultRefreshLag   = 2
)

// startRefresh starts, on version v (just settled on r), a refresh of
// r's landmarks on a snapshot of its waypoint graph.
func (l *Live) startRefresh(r *replica, v uint64) *refresh {
	return startRefresh(r.p, v, l.cfg.RefreshLag)
}

// startRefresh starts, on version v of p, a refresh of p's landmarks on
// a snapshot of its waypoint graph, to install lag versions later. A
// player's Knowledge refreshes its view's landmarks the same way.
func startRefresh(p *Planner, v uint64, lag int) *refresh {
	job := &refresh{start: v, install: v + uint64(lag), done: make(chan struct{})}
	g := p.tier.Graph.Clone()
	k, workers := p.cfg.Landmarks, p.cfg.Workers
	var hint []int32
	if p.lm != nil {
		hint = append(hint, p.lm.Nodes()...)
	}
	go func() {
		defer close(job.done)
		job.lm, job.err = navgraph.NewLandmarksHint(g, k, workers, hint)
	}()
	return job
}

// beginRefresh makes the planner note the waypoints each update rewrites
// from now on, for the refresh started on its current version.
func (p *Planner) beginRefresh() {
	p.refreshing, p.refreshBroken = true, false
	p.refreshNodes = p.refreshNodes[:0]
}

// installRefresh puts the refreshed landmarks in place, repaired for the
// waypoints rewritten since the refresh began. If the planner synced in
// full meanwhile (its landmarks are fresh already), or the pick or its
// repair failed (which every copy sees alike), it keeps its own, which
// are still admissible.
func (p *Planner) installRefresh(job *refresh) {
	<-job.done
	p.refreshing = false
	if p.refreshBroken || job.err != nil || job.lm == nil || p.lm == nil {
		return
	}
	lm := job.lm.Clone()
	if _, err := lm.Repair(p.tier.Graph, p.refreshNodes); err != nil {
		return
	}
	p.lm = lm
	p.lmCells = p.lmCells[:0]
	for _, v := range lm.Nodes() {
		p.lmCells = append(p.lmCells, p.tier.Points[v].Cell)
	}
}
