package preprocess

import (
	"slices"
	"unsafe"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/waypoint"
)

// findIslands joins the regions on either side of every border run with
// a union-find and numbers the islands in order of their first region.
// A straight step across each run is enough: every diagonal step across a
// border comes with a straight one between the same two regions under
// every movement rule.
func (b *Bake) findIslands() {
	n := b.regionBase[len(b.cl)]
	parent := slices.Grow(b.scratch.parent[:0], int(n))[:n]
	b.scratch.parent = parent
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, cr := range b.scratch.xs {
		x, y := find(cr.a), find(cr.z)
		if x != y {
			if x < y {
				parent[y] = x
			} else {
				parent[x] = y
			}
		}
	}
	b.regionIsland = slices.Grow(b.regionIsland[:0], int(n))[:n]
	b.islandCells = b.islandCells[:0]
	id := slices.Grow(b.scratch.fill[:0], int(n))[:n]
	b.scratch.fill = id
	for i := range id {
		id[i] = -1
	}
	for r := range n {
		root := find(r)
		if id[root] < 0 {
			id[root] = int32(len(b.islandCells))
			b.islandCells = append(b.islandCells, 0)
		}
		b.regionIsland[r] = id[root]
	}
	for c := range b.cl {
		for k, cells := range b.cl[c].regionCells {
			b.islandCells[b.regionIsland[b.regionBase[c]+int32(k)]] += int64(cells)
		}
	}
	b.islands = len(b.islandCells)
}

// findDeadEnds marks the regions that hang off the rest of their island
// through a single entrance. In a depth-first tree of the region graph
// rooted at the island's best-connected region, a child subtree is a dead
// end when it touches nothing outside itself but its parent region,
// through exactly one border run (no second run, no diagonal through a
// cluster corner) whose cells on the parent's side have the grid's least
// weight, and when it holds fewer than half the island's regions (region
// counts rather than cells, so that an edit which leaves the region graph
// as it was leaves every dead end as it was). Then a path
// that enters it can only leave where it came in, along a stretch of
// border that it could have walked straight along at least cost: a search
// between two cells outside loses nothing by skipping it. Each region
// records the outermost dead end it lies in (the dead end's top region),
// or -1.
func (b *Bake) findDeadEnds() {
	n := int(b.regionBase[len(b.cl)])
	cells := slices.Grow(b.scratch.cells[:0], n)[:n]
	for c := range b.cl {
		for k, v := range b.cl[c].regionCells {
			cells[int(b.regionBase[c])+k] = int64(v)
		}
	}
	// Every crossing between two regions is an edge of the region graph;
	// parallel edges are kept, so that a region touching its parent twice
	// is not mistaken for one behind a single entrance. Adjacency in CSR
	// form by counting, in crossing order: linear and deterministic.
	xs := b.scratch.xs
	off := slices.Grow(b.scratch.off[:0], n+1)[:n+1]
	clear(off)
	for _, x := range xs {
		off[x.a+1]++
		off[x.z+1]++
	}
	for i := range n {
		off[i+1] += off[i]
	}
	adj := slices.Grow(b.scratch.adj[:0], 2*len(xs))[:2*len(xs)]
	fill := slices.Grow(b.scratch.fill[:0], n)[:n]
	copy(fill, off[:n])
	for e, x := range xs {
		adj[fill[x.a]] = int32(e)
		fill[x.a]++
		adj[fill[x.z]] = int32(e)
		fill[x.z]++
	}
	other := func(e, v int32) int32 {
		if xs[e].a == v {
			return xs[e].z
		}
		return xs[e].a
	}

	// The root of each island: its region with the most crossings, first
	// on ties. It depends on the region graph alone, so an edit that leaves
	// the graph as it was leaves every dead end as it was.
	root := slices.Grow(b.scratch.root[:0], b.islands)[:b.islands]
	for i := range root {
		root[i] = -1
	}
	for r := range int32(n) {
		is := b.regionIsland[r]
		if root[is] < 0 || off[r+1]-off[r] > off[root[is]+1]-off[root[is]] {
			root[is] = r
		}
	}

	s := &b.scratch
	disc := slices.Grow(s.disc[:0], n)[:n]
	low := slices.Grow(s.low[:0], n)[:n]
	up := slices.Grow(s.up[:0], n)[:n] // the tree edge into the region, -1 at a root
	sub := slices.Grow(s.sub[:0], n)[:n]
	nsub := slices.Grow(s.nsub[:0], n)[:n] // regions in the DFS subtree
	islandRegions := slices.Grow(s.islandRegions[:0], b.islands)[:b.islands]
	clear(islandRegions)
	for r := range n {
		islandRegions[b.regionIsland[r]]++
	}
	order := s.order[:0]
	for i := range disc {
		disc[i] = -1
		sub[i] = 0
		nsub[i] = 0
	}
	type frame struct{ v, next int32 }
	stack := s.stack[:0]
	t := int32(0)
	for _, rt := range root {
		disc[rt], low[rt], up[rt] = t, t, -1
		t++
		order = append(order, rt)
		stack = append(stack[:0], frame{rt, off[rt]})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			v := f.v
			if f.next < off[v+1] {
				e := adj[f.next]
				f.next++
				if e == up[v] {
					continue // the edge we came in by (its twins count)
				}
				u := other(e, v)
				if disc[u] < 0 {
					disc[u], low[u], up[u] = t, t, e
					t++
					order = append(order, u)
					stack = append(stack, frame{u, off[u]})
				} else {
					low[v] = min(low[v], disc[u])
				}
				continue
			}
			stack = stack[:len(stack)-1]
			sub[v] += cells[v]
			nsub[v]++
			if up[v] >= 0 {
				p := other(up[v], v)
				low[p] = min(low[p], low[v])
				sub[p] += sub[v]
				nsub[p] += nsub[v]
			}
		}
	}
	b.regionDead = slices.Grow(b.regionDead[:0], n)[:n]
	b.deadCells = 0
	b.deadEnds = 0
	for _, v := range order { // preorder: parents first
		b.regionDead[v] = -1
		e := up[v]
		if e < 0 {
			continue
		}
		p := other(e, v)
		if d := b.regionDead[p]; d >= 0 {
			b.regionDead[v] = d
			continue
		}
		// low[v] > disc[p]: nothing in v's subtree reaches p or above but
		// the tree edge itself, a single crossing.
		x := xs[e]
		if low[v] > disc[p] && x.kind != corner && 2*nsub[v] < islandRegions[b.regionIsland[v]] &&
			b.isFlat(int(x.c), int(x.kind), int(x.k), p == x.z) {
			b.regionDead[v] = v
			b.deadEnds++
			b.deadCells += sub[v]
		}
	}
	s.cells, s.xs, s.off, s.adj, s.fill, s.root = cells, xs, off, adj, fill, root
	s.disc, s.low, s.up, s.sub, s.order = disc, low, up, sub, order
	s.nsub, s.islandRegions = nsub, islandRegions
	s.stack = stack
}

// crossing is one step between regions of two clusters: a border run
// (kind eastRun or southRun, run k of cluster c) or a diagonal through a
// cluster corner (kind corner). a is the region on cluster c's side (for
// the corner's second diagonal, on its east neighbour's).
type crossing struct {
	a, z int32
	c    int32
	kind int8
	k    int32
}

// scratch is memory of the global pass (dropped after it) and of an
// update (kept).
type scratch struct {
	cells                        []int64
	xs                           []crossing
	off, adj, fill, root         []int32
	disc, low, up, order, parent []int32
	sub                          []int64
	nsub, islandRegions          []int32
	stack                        []struct{ v, next int32 }
	rects                        []grid.Rect // Update's edited rectangles
	cross                        []crossSnap // an update's crossings before it
}

// Island returns the island of p (0, 1, ...), or -1 if p is blocked or
// off the map. O(1).
func (b *Bake) Island(p grid.Point) int {
	if !b.g.Contains(p) {
		return -1
	}
	r := b.globalRegion(b.g.Index(p))
	if r < 0 {
		return -1
	}
	return int(b.regionIsland[r])
}

// SameIsland reports whether a path can exist between a and b: both
// passable and on one island. O(1).
func (b *Bake) SameIsland(a, c grid.Point) bool {
	i := b.Island(a)
	return i >= 0 && i == b.Island(c)
}

// Islands returns the number of islands.
func (b *Bake) Islands() int { return b.islands }

// Region returns the global region id of p, or -1 if p is blocked or off
// the map.
func (b *Bake) Region(p grid.Point) int32 {
	if !b.g.Contains(p) {
		return -1
	}
	return b.globalRegion(b.g.Index(p))
}

// LocalRegion returns the region of p within its cluster (the region
// waypoint.Point.Region names), or -1 if p is blocked or off the map.
func (b *Bake) LocalRegion(p grid.Point) int32 {
	if !b.g.Contains(p) {
		return -1
	}
	r := b.regionAt(b.g.Index(p))
	if r == NoRegion {
		return -1
	}
	return int32(r)
}

// PointRegion returns the global region of a waypoint, or -1 if its
// cluster or region does not exist.
func (b *Bake) PointRegion(p waypoint.Point) int32 {
	if p.Cluster < 0 || int(p.Cluster) >= len(b.cl) || p.Region < 0 || p.Region >= b.cl[p.Cluster].nregions {
		return -1
	}
	return b.regionBase[p.Cluster] + p.Region
}

// Regions returns the number of regions.
func (b *Bake) Regions() int { return int(b.regionBase[len(b.cl)]) }

// RegionIsland returns the island of global region r (-1 if there is no
// region r).
func (b *Bake) RegionIsland(r int32) int32 {
	if r < 0 || int(r) >= len(b.regionIsland) {
		return -1
	}
	return b.regionIsland[r]
}

// DeadEnd returns the dead end holding p (an id: the dead end's top
// region), or -1 if p is not in one (or is blocked). O(1).
func (b *Bake) DeadEnd(p grid.Point) int32 {
	r := b.Region(p)
	if r < 0 {
		return -1
	}
	return b.regionDead[r]
}

// RegionDeadEnd returns the dead end holding global region r, or -1 (also
// if there is no region r).
func (b *Bake) RegionDeadEnd(r int32) int32 {
	if r < 0 || int(r) >= len(b.regionDead) {
		return -1
	}
	return b.regionDead[r]
}

// DeadEnds returns the number of (outermost) dead ends and the cells they
// hold.
func (b *Bake) DeadEnds() (n int, cells int64) {
	return b.deadEnds, b.deadCells
}

// AvoidDeadEnds returns a grid.Options.Avoid filter for a search from a
// to z: it refuses the cells (by grid.Grid.Index) of every dead end that
// holds neither, and no cell off the map. The search then stays out of
// pockets it has no reason to enter, and still finds a least-cost path: a
// dead end joins the rest of its island through one border run whose
// cells on the outer side have the grid's least weight, so a path between
// two cells outside that enters it must leave where it came in, and
// walking straight along that run instead costs no more. The filter costs
// O(1) per cell.
func (b *Bake) AvoidDeadEnds(a, z grid.Point) func(cell int) bool {
	da, dz := b.DeadEnd(a), b.DeadEnd(z)
	return func(cell int) bool {
		if uint(cell) >= uint(b.w*b.h) {
			return false
		}
		r := b.globalRegion(cell)
		if r < 0 {
			return false
		}
		d := b.regionDead[r]
		return d >= 0 && d != da && d != dz
	}
}

// Clearance returns the side of the largest all-passable square whose
// top-left cell is p (0 if p is blocked or off the map), capped at
// MaxClearance. A unit n cells across fits with its top-left corner at p
// when Clearance(p) >= n. The grid keeps it (grid.Grid.Clearance): it is
// the grid's now, even on a stale bake. O(1).
func (b *Bake) Clearance(p grid.Point) int { return b.g.Clearance(p) }

// Bytes returns the memory the bake holds, its unit layers included, not
// counting its grid (grid.Grid.Bytes) or the
// searchers of queries.
func (b *Bake) Bytes() int {
	n := 0
	for c := range b.cl {
		cl := &b.cl[c]
		n += cl.reg.size() + int(unsafe.Sizeof(*cl)) + 4*cap(cl.regionCells) + 8*(cap(cl.east)+cap(cl.south)) +
			4*cap(cl.points) + cap(cl.placed) + cl.edges.size()
	}
	n += 4 * (cap(b.regionBase) + cap(b.regionIsland) + cap(b.regionDead))
	n += 8 * cap(b.islandCells)
	t := b.tier
	n += int(unsafe.Sizeof(waypoint.Point{}))*cap(t.Points) + 4*(cap(t.ClusterStart)+cap(t.ClusterLen)) + t.Graph.Bytes()
	for i, l := range b.units {
		if !slices.Contains(b.units[:i], l) { // shared layers count once
			n += l.Bytes()
		}
	}
	return n
}
