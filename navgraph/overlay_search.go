package navgraph

import (
	"fmt"
	"slices"
)

// ovOpen is a cell that holds a source or a target of an Overlay search:
// the search goes through it a level lower.
type ovOpen struct {
	level int
	cell  int32
}

// closed returns the highest level at which u's cell holds no source and
// no target of the search and is not stale (Invalidate), and that cell;
// -1 when even u's level-0 cell is open or stale. A cell that holds one,
// or is stale, has its cells above so too.
func (s *Searcher) closed(ov *Overlay, u int32) (int, int32) {
	c := ov.cell[u]
	top, topCell := -1, int32(-1)
	for l := range ov.levels {
		if l > 0 {
			c = ov.levels[l-1].up[c]
		}
		if ov.levels[l].dirty[c] || slices.Contains(s.open, ovOpen{l, c}) {
			break
		}
		top, topCell = l, c
	}
	return top, topCell
}

// enters reports whether the search may take the edge u→v between two
// level-0 cells under the Overlay's doors (see NewOverlayDoors): at the
// highest level where it crosses cells and v's cell is closed, both ends
// must be doors. For u expanded at a closed level by its cell's edges
// out, those edges are doors there already; for u whose cells are all
// open, only v's count.
func (s *Searcher) enters(ov *Overlay, u, v int32) bool {
	t, _ := s.closed(ov, v)
	cu, cv := ov.cell[u], ov.cell[v]
	m := -1
	for l := 0; l <= t && cu != cv; l++ {
		m = l
		if l+1 < len(ov.levels) {
			cu, cv = ov.levels[l].up[cu], ov.levels[l].up[cv]
		}
	}
	return m < 0 || isDoor(ov.doors, u, m) && isDoor(ov.doors, v, m)
}

// overlaySearch is Search's loop with q.Overlay (the sources are pushed,
// h set up): a node expands at the highest level where its cell is
// closed (holds no source or target), by that cell's hops and its edges
// out of the cell; a node whose every cell is open, by its edges. The
// path is then unpacked.
func (s *Searcher) overlaySearch(q *Query, h func(int32) Cost, res Result) (Result, error) {
	ov := q.Overlay
	gen := s.gen
	s.open = s.open[:0]
	for _, set := range [2][]Endpoint{q.Sources, q.Targets} {
		for _, e := range set {
			c := ov.cell[e.Node]
			for l := range ov.levels {
				if l > 0 {
					c = ov.levels[l-1].up[c]
				}
				if !slices.Contains(s.open, ovOpen{l, c}) {
					s.open = append(s.open, ovOpen{l, c})
				}
			}
		}
	}
	// relax is the rest of a relaxation the loops below start: they
	// pass over v inline when it was reached as cheaply and is no lazy
	// source (most of the hops a node has lead to nodes reached already).
	relax := func(sv *nodeState, u int32, v int32, ng Cost) {
		if sv.stamp == gen && ng >= sv.cost {
			if sv.from < -1 && !(q.Avoid != nil && s.avoids(q, v)) {
				s.aside(v, u, ng)
			}
			return
		}
		if q.Avoid != nil && s.avoids(q, v) {
			return
		}
		s.open1(sv, v, u, ng, h)
	}
	fr := frontier{best: Unreachable, bestNode: -1, limit: q.MaxExpansions}
	for {
		it, ok := s.next(q, &fr, &res)
		if !ok {
			break
		}
		u := it.n
		l, c := s.closed(ov, u)
		var i int32 = -1
		var oc *ovCell
		if l >= 0 {
			oc = &ov.levels[l].cells[c]
			i = oc.index(u)
		}
		if i < 0 { // all open (or, never reached, inside a closed cell)
			to, cost := s.g.Out(u)
			for j, v := range to {
				if ov.doors == nil || ov.cell[v] == ov.cell[u] || s.enters(ov, u, v) {
					ng := min(it.g+cost[j], MaxPathCost)
					if sv := s.at(v); sv.stamp != gen || ng < sv.cost || sv.from < -1 {
						relax(sv, u, v, ng)
					}
				}
			}
			continue
		}
		// it.g and each cost are at most MaxPathCost (2^61): no sum wraps.
		if oc.c64 != nil {
			for x := oc.off[i]; x < oc.off[i+1]; x++ {
				v, ng := oc.to[x], min(it.g+oc.c64[x], MaxPathCost)
				if sv := s.at(v); sv.stamp != gen || ng < sv.cost || sv.from < -1 {
					relax(sv, u, v, ng)
				}
			}
		} else {
			for x := oc.off[i]; x < oc.off[i+1]; x++ {
				v, ng := oc.to[x], min(it.g+Cost(oc.c32[x]), MaxPathCost)
				if sv := s.at(v); sv.stamp != gen || ng < sv.cost || sv.from < -1 {
					relax(sv, u, v, ng)
				}
			}
		}
		for x := oc.xoff[i]; x < oc.xoff[i+1]; x++ {
			if v := oc.xto[x]; ov.doors == nil || s.enters(ov, u, v) {
				ng := min(it.g+oc.xcost[x], MaxPathCost)
				if sv := s.at(v); sv.stamp != gen || ng < sv.cost || sv.from < -1 {
					relax(sv, u, v, ng)
				}
			}
		}
	}
	if fr.err != nil {
		return Result{Path: res.Path[:0], Source: -1, Target: -1, Expanded: res.Expanded, Settled: res.Settled}, fr.err
	}
	if fr.capped {
		res.Exhausted = true
		return res, nil
	}
	if fr.bestNode < 0 {
		return res, nil
	}
	best := fr.best
	s.hops = s.hops[:0]
	for v := fr.bestNode; v >= 0; v = s.at(v).from {
		s.hops = append(s.hops, v)
	}
	slices.Reverse(s.hops)
	res.Target, res.Source = int(s.targetOf(fr.bestNode).idx), sourceOf(q.Sources, s.hops[0])
	// A node's successor in its closed cell was reached by a hop.
	res.Path = append(res.Path, s.hops[0])
	var err error
	for i := 1; i < len(s.hops); i++ {
		a, b := s.hops[i-1], s.hops[i]
		if l, c := s.closed(ov, a); l >= 0 && ov.cellAt(b, l) == c {
			res.Path, err = s.unpack(ov, l, c, a, b, q, &fr, &res, res.Path)
		} else {
			res.Path = append(res.Path, b)
		}
		if err != nil {
			return Result{Path: res.Path[:0], Source: -1, Target: -1, Expanded: res.Expanded, Settled: res.Settled}, err
		}
		if fr.capped { // the budget ran out while unpacking
			return Result{Path: res.Path[:0], Source: -1, Target: -1, Expanded: res.Expanded, Settled: res.Settled, Exhausted: true}, nil
		}
	}
	// The hops and edges out of cells are the Overlay's copies: an
	// Overlay that missed a change could name an edge the graph no longer
	// has, or at another cost. The path must be the graph's, at its cost.
	c := min(q.Sources[res.Source].Cost+q.Targets[res.Target].Cost, MaxPathCost)
	for i := 1; i < len(res.Path); i++ {
		e, ok := s.g.Cost(res.Path[i-1], res.Path[i])
		if !ok {
			c = Unreachable
			break
		}
		c = min(c+e, MaxPathCost)
	}
	if c != best {
		return Result{Path: res.Path[:0], Source: -1, Target: -1}, fmt.Errorf("%w: the overlay's path costs %d on the graph, %d by the overlay (Overlay.Update missed a change)", ErrGraph, c, best)
	}
	res.Found, res.Cost = true, best
	return res, nil
}

// unpack appends the nodes after a of a least-cost path from a to b
// inside cell c of level l (the Overlay's hop a → b there): the path the
// cell keeps for the hop, above level 0 over the hops and edges of the
// level below, whose hops are unpacked in turn, at level 0 over the
// graph's nodes; else, on a cell too big to keep them, one found by A*
// with the landmarks' bound (q.Landmarks) over the hops and edges of the
// level below, or the graph's edges at level 0, in the cell. The kept
// paths spare those searches: above level 0, a query on a generated
// 8192² map took 10% less time, and at level 0 another 9% (rtspath bench
// -scale, binaries alternated; see the README's Scaling). A kept path is
// another of the least cost, so paths may differ from the A*'s. The
// A*'s expansions count in res.Expanded
// under the search's cap, as the search's own do (f.capped when it
// stops there). It returns an error wrapping ErrGraph when the A*'s
// path does not cost what the Overlay says: the Overlay is out of step
// with the graph. A kept path is not checked here: its hops are, as
// they are unpacked, and the search checks the whole path's cost.
func (s *Searcher) unpack(ov *Overlay, l int, c, a, b int32, q *Query, f *frontier, res *Result, dst []int32) ([]int32, error) {
	if len(s.ubuf) <= l {
		s.ubuf = append(s.ubuf, make([][]int32, l+1-len(s.ubuf))...)
	}
	if l > 0 { // the hop's path one level down, if the cell keeps it
		if p, ok := ov.hopPath(l, c, a, b, append(s.ubuf[l][:0], a)); ok {
			s.ubuf[l] = append(p, b)
			return s.unpackBelow(ov, l, q, f, res, dst)
		}
	} else if p, ok := ov.hopPath0(c, a, b, dst); ok { // its nodes, if kept
		return append(p, b), nil
	}
	want, _ := ov.hopCost(l, a, b)
	lm := q.Landmarks
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
	s.reset(false) // the same query: its pages stay mapped
	gen := s.gen
	h := func(v int32) Cost {
		if lm == nil {
			return 0
		}
		return lm.bound(v, s.act)
	}
	// The hop's cost is known (want), so a node whose f is above it
	// cannot come before b: its state is kept (its bound, and its cost
	// for the relaxations to come) but it goes on no open list. The
	// expansions up to b are the same, with fewer pushes: on generated
	// maps, 1,565 of the 1,970 nodes a query's unpacking reaches at
	// 4096², 12,000 of 15,311 at 16384², are not pushed. A node reached
	// at a cost above want is not even looked at (its state, its bound):
	// no path through it joins a to b at want, and a later reach at
	// want or less finds its state unreached, as a first reach would.
	// The same expansions again, with fewer bounds computed.
	visit := func(u, v int32, g Cost) {
		ng := min(g, MaxPathCost)
		if ng > want {
			return
		}
		sv := s.at(v)
		if sv.stamp == gen && ng >= sv.cost {
			return
		}
		if f := s.reach(sv, v, u, ng, h); f <= want {
			s.heap.push(item{f, ng, v})
		}
	}
	ha := h(a)
	*s.at(a) = nodeState{stamp: gen, from: -1, h: ha}
	s.heap.push(item{ha, 0, a})
	for s.heap.len() > 0 {
		it := s.heap.pop()
		u := it.n
		if it.g != s.at(u).cost {
			continue
		}
		if f.limit > 0 && res.Expanded >= f.limit {
			if q.Pause != nil {
				f.limit = q.Pause(res.Expanded)
			}
			if res.Expanded >= f.limit {
				f.capped = true
				return dst, nil
			}
		}
		res.Expanded++
		if u == b {
			break
		}
		to, cost := s.g.Out(u)
		if l == 0 {
			for i, v := range to {
				if ov.cell[v] == c {
					visit(u, v, it.g+cost[i])
				}
			}
			continue
		}
		// one level down: the hops of u's cell there, and the edges to
		// its other cells inside c
		below := ov.cellAt(u, l-1)
		oc := &ov.levels[l-1].cells[below]
		if i := oc.index(u); i >= 0 {
			for x := oc.off[i]; x < oc.off[i+1]; x++ {
				visit(u, oc.to[x], it.g+oc.hop(x))
			}
		}
		if !isDoor(ov.doors, u, l-1) { // not a door there: none of its edges counts
			continue
		}
		for i, v := range to {
			if ov.cellAt(v, l) == c && ov.cellAt(v, l-1) != below && isDoor(ov.doors, v, l-1) {
				visit(u, v, it.g+cost[i])
			}
		}
	}
	if sb := s.at(b); sb.stamp != gen || sb.cost != want {
		got := "more, or no path" // unreached: nothing at want or less
		if sb.stamp == gen {
			got = fmt.Sprint(sb.cost)
		}
		return dst, fmt.Errorf("%w: overlay hop %d→%d of level %d costs %d, the graph says %s (Overlay.Update missed a change)", ErrGraph, a, b, l, want, got)
	}
	p := s.ubuf[l][:0]
	for v := b; v != a; v = s.at(v).from {
		p = append(p, v)
	}
	p = append(p, a)
	slices.Reverse(p)
	s.ubuf[l] = p
	if l == 0 {
		return append(dst, p[1:]...), nil
	}
	return s.unpackBelow(ov, l, q, f, res, dst)
}

// unpackBelow appends to dst the nodes after the first of s.ubuf[l], a
// hop's path at level l − 1 (l > 0): each of its hops there unpacked in
// turn, each edge between two cells there as it is.
func (s *Searcher) unpackBelow(ov *Overlay, l int, q *Query, f *frontier, res *Result, dst []int32) ([]int32, error) {
	p := s.ubuf[l]
	var err error
	for i := 1; i < len(p) && err == nil && !f.capped; i++ {
		x, y := p[i-1], p[i]
		if below := ov.cellAt(x, l-1); ov.cellAt(y, l-1) == below {
			dst, err = s.unpack(ov, l-1, below, x, y, q, f, res, dst)
		} else {
			dst = append(dst, y)
		}
	}
	return dst, err
}
