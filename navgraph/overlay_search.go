package navgraph

import (
	"fmt"
	"slices"
)

// overlaySearch is Search's loop with q.Overlay (the sources are pushed,
// h set up): nodes of the open cells (those of the sources and targets)
// relax their edges, border nodes of the other cells their cell's hops
// and their edges across cells. The path is then unpacked.
func (s *Searcher) overlaySearch(q *Query, h func(int32) Cost, res Result) (Result, error) {
	ov := q.Overlay
	gen := s.gen
	ns := s.node[:s.g.Len()]
	s.open = s.open[:0]
	for _, set := range [2][]Endpoint{q.Sources, q.Targets} {
		for _, e := range set {
			if c := ov.cell[e.Node]; !slices.Contains(s.open, c) {
				s.open = append(s.open, c)
			}
		}
	}
	relax := func(u int32, su *nodeState, v int32, ng Cost) {
		ng = min(ng, MaxPathCost)
		sv := &ns[v]
		if sv.stamp == gen && ng >= sv.cost {
			return
		}
		if q.Avoid != nil && q.Avoid[v>>6]&(1<<(v&63)) != 0 && sv.tgen != gen && (q.Except == nil || !q.Except(v)) {
			return
		}
		hv := h(v)
		sv.stamp, sv.cost, sv.from, sv.src, sv.h = gen, ng, u, su.src, hv
		s.heap.push(item{ng + hv, ng, v})
	}
	best, bestNode := Unreachable, int32(-1)
	limit := q.MaxExpansions
	for len(s.heap.items) > 0 {
		it := s.heap.pop()
		if it.f >= best {
			break
		}
		u := it.n
		su := &ns[u]
		if it.g != su.cost {
			continue // stale
		}
		if limit > 0 && res.Expanded >= limit {
			if q.Pause != nil {
				limit = q.Pause(res.Expanded)
			}
			if res.Expanded >= limit {
				res.Exhausted = true
				return res, nil
			}
		}
		res.Expanded++
		if su.tgen == gen {
			if c := min(it.g+s.tcost[u], MaxPathCost); c < best || c == best && u < bestNode {
				best, bestNode = c, u
			}
		}
		to, cost := s.g.Out(u)
		cu, pu := ov.cell[u], ov.pos[u]
		if pu < 0 || slices.Contains(s.open, cu) {
			for i, v := range to {
				relax(u, su, v, it.g+cost[i])
			}
			continue
		}
		oc := &ov.cells[cu]
		x0, x1 := oc.off[pu], oc.off[pu+1]
		if oc.c64 != nil {
			for x := x0; x < x1; x++ {
				relax(u, su, oc.to[x], it.g+oc.c64[x])
			}
		} else {
			for x := x0; x < x1; x++ {
				relax(u, su, oc.to[x], it.g+Cost(oc.c32[x]))
			}
		}
		for i, v := range to {
			if ov.cell[v] != cu {
				relax(u, su, v, it.g+cost[i])
			}
		}
	}
	if bestNode < 0 {
		return res, nil
	}
	res.Target, res.Source = int(s.tgt[bestNode]), int(ns[bestNode].src)
	s.hops = s.hops[:0]
	for v := bestNode; v >= 0; v = ns[v].from {
		s.hops = append(s.hops, v)
	}
	slices.Reverse(s.hops)
	// In a closed cell a node's predecessor in the same cell is a hop.
	res.Path = append(res.Path, s.hops[0])
	var err error
	for i := 1; i < len(s.hops); i++ {
		a, b := s.hops[i-1], s.hops[i]
		if c := ov.cell[a]; c != ov.cell[b] || slices.Contains(s.open, c) {
			res.Path = append(res.Path, b)
			continue
		}
		if res.Path, err = s.unpack(ov, a, b, q.Landmarks, res.Path); err != nil {
			return Result{Path: res.Path[:0], Source: -1, Target: -1}, err
		}
	}
	res.Found, res.Cost = true, best
	return res, nil
}

// unpack appends the nodes after a of a least-cost path from a to b
// inside their cell (the Overlay's hop a → b), found by A* with the
// landmarks' bound (lm may be nil). It returns an error wrapping ErrGraph
// when that path does not cost what the Overlay says: the Overlay is out
// of step with the graph.
func (s *Searcher) unpack(ov *Overlay, a, b int32, lm *Landmarks, dst []int32) ([]int32, error) {
	want, _ := ov.hopCost(a, b)
	c := ov.cell[a]
	if lm != nil && lm.k == 0 {
		lm = nil
	}
	var ends [1]Endpoint
	if lm != nil {
		s.lmD = slices.Grow(s.lmD[:0], 2*lm.k)[:2*lm.k]
		ends[0] = Endpoint{Node: b}
		lm.goals(ends[:], s.lmD)
		ends[0] = Endpoint{Node: a}
		s.act = lm.active(ends[:], s.lmD, s.act[:0])
	}
	s.reset()
	gen := s.gen
	ns := s.node[:s.g.Len()]
	h := func(v int32) Cost {
		if lm == nil {
			return 0
		}
		return lm.bound(v, s.lmD, s.act)
	}
	ns[a] = nodeState{stamp: gen, from: -1, h: h(a)}
	s.heap.push(item{ns[a].h, 0, a})
	for len(s.heap.items) > 0 {
		it := s.heap.pop()
		u := it.n
		if it.g != ns[u].cost {
			continue
		}
		if u == b {
			break
		}
		to, cost := s.g.Out(u)
		for i, v := range to {
			if ov.cell[v] != c {
				continue
			}
			ng := min(it.g+cost[i], MaxPathCost)
			sv := &ns[v]
			if sv.stamp == gen && ng >= sv.cost {
				continue
			}
			hv := sv.h
			if sv.stamp != gen {
				hv = h(v)
			}
			sv.stamp, sv.cost, sv.from, sv.h = gen, ng, u, hv
			s.heap.push(item{ng + hv, ng, v})
		}
	}
	if ns[b].stamp != gen || ns[b].cost != want {
		got := Unreachable
		if ns[b].stamp == gen {
			got = ns[b].cost
		}
		return dst, fmt.Errorf("%w: overlay hop %d→%d costs %d, the graph says %d (Overlay.Update missed a change)", ErrGraph, a, b, want, got)
	}
	n := len(dst)
	for v := b; v != a; v = ns[v].from {
		dst = append(dst, v)
	}
	slices.Reverse(dst[n:])
	return dst, nil
}
