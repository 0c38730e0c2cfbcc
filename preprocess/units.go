package preprocess

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"unsafe"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// UnitLayer is the waypoint tier of the bake for one kind of unit (a
// grid.Unit: a size and a movement class), as in Harabor and Botea's
// clearance-annotated hierarchy (HAA*): on the bake's own clusters,
// transition points where such a unit can step across a border (it fits
// at both cells: the grid's clearance for its class says where), joined
// by edges of the unit's exact cost inside each cluster and by one step
// across each border. A point's Region is its group: the points of its
// cluster it reaches inside the cluster, numbered from 0 there. The layer
// holds no per-cell data (the clearances are the grid's), so it costs a
// few bytes per transition point, not per cell. Read-only for queries,
// like the bake.
type UnitLayer struct {
	unit grid.Unit
	tier *waypoint.Tier
	comp []int32 // per node: its connected component in the graph
}

// Unit returns the unit the layer was built for (units that share it
// stand and weigh alike).
func (l *UnitLayer) Unit() grid.Unit { return l.unit }

// Tier returns the layer's waypoint tier (Tier.Unit is Unit).
func (l *UnitLayer) Tier() *waypoint.Tier { return l.tier }

// Component returns the connected component of node u of the layer's
// graph (-1 for no such node): two nodes of one component are joined by
// a path the unit can walk. O(1).
func (l *UnitLayer) Component(u int32) int32 {
	if u < 0 || int(u) >= len(l.comp) {
		return -1
	}
	return l.comp[u]
}

// Bytes returns the memory the layer holds (a layer two units share is
// one layer).
func (l *UnitLayer) Bytes() int {
	t := l.tier
	return 4*cap(l.comp) + int(unsafe.Sizeof(waypoint.Point{}))*cap(t.Points) + 4*(cap(t.ClusterStart)+cap(t.ClusterLen)) + t.Graph.Bytes()
}

// Layer returns the layer for unit u, or nil when the bake keeps none for
// it (Config.Units). One cell of no class is the bake's own tier and has
// no layer; size 0 counts as 1.
func (b *Bake) Layer(u grid.Unit) *UnitLayer {
	u.Size = max(u.Size, 1)
	for i, v := range b.unitList {
		if v == u && i < len(b.units) {
			return b.units[i]
		}
	}
	return nil
}

// Units returns the units the bake keeps layers for (Config.Units, sorted
// by class, then size; size 0 as 1), not counting one cell of no class.
func (b *Bake) Units() []grid.Unit { return slices.Clone(b.unitList) }

// checkUnits validates and normalizes Config.Units for g: sizes 1..
// MaxClearance (0 counts as 1), classes g has; sorted by class then
// size, no duplicates, one cell of no class dropped (the bake's own tier
// serves it).
func checkUnits(g *grid.Grid, units []grid.Unit) ([]grid.Unit, error) {
	out := slices.Clone(units)
	for i, u := range out {
		if u.Size == 0 {
			out[i].Size = 1
		}
		if u.Size < 0 || u.Size > MaxClearance || u.Class < 0 || u.Class > len(g.Classes()) {
			return nil, fmt.Errorf("%w: unit %+v (sizes 1..%d, classes 0..%d)", ErrConfig, u, MaxClearance, len(g.Classes()))
		}
	}
	slices.SortFunc(out, func(a, b grid.Unit) int {
		if a.Class != b.Class {
			return a.Class - b.Class
		}
		return a.Size - b.Size
	})
	out = slices.Compact(out)
	out = slices.DeleteFunc(out, func(u grid.Unit) bool { return u == grid.Unit{Size: 1} })
	return out, nil
}

// buildUnits builds a layer for every unit the bake keeps. Units whose
// layers would be the same share one: same size, and classes that stand
// on the same cells (equal clearances) and weigh them alike, as the two
// classes of a map without water do. Cost per layer built: O(N) to find
// the crossings, plus one Dijkstra per transition point inside its
// cluster, as the bake's own tier; O(N) per pair of classes compared.
//
// rs, when not nil, holds the rectangles an update's edits lie in: the
// layers are then updated from the ones before (see buildUnitLayer).
func (b *Bake) buildUnits(workers int, rs []grid.Rect) {
	old := slices.Clone(b.units)
	b.units = b.units[:0]
	for j, u := range b.unitList {
		var same *UnitLayer
		for i, v := range b.unitList[:len(b.units)] {
			if v.Size == u.Size && b.sameClass(u.Class, v.Class) {
				same = b.units[i]
				break
			}
		}
		if same == nil {
			var prev *UnitLayer
			if j < len(old) {
				prev = old[j]
			}
			same = b.buildUnitLayer(u, workers, prev, rs)
		}
		b.units = append(b.units, same)
	}
}

// sameClass reports whether classes a and b stand on the same cells and
// weigh them alike (0 is no class).
func (b *Bake) sameClass(a, c int) bool {
	g := b.g
	cs := g.Classes()
	if a < 0 || c < 0 || a > len(cs) || c > len(cs) {
		return false
	}
	weights := func(k int) [grid.MaxTerrains]uint8 {
		if k == 0 {
			return [grid.MaxTerrains]uint8{}
		}
		return cs[k-1].Weight
	}
	return weights(a) == weights(c) && slices.Equal(g.ClassClearances(a), g.ClassClearances(c))
}

// unitCrossings appends, for cluster c's east and south borders, the
// cells on c's side and across of every transition a unit k cells across
// gets: along each run of crossings (the unit fits on both sides), the
// positions pointRule.transitions picks (b.points, the bake's rule).
func (b *Bake) unitCrossings(c int, k grid.Unit, dst [][2]grid.Point) [][2]grid.Point {
	g, r := b.g, b.clusterRect(c)
	// n is the border's side: an edge cluster's is shorter than b.cs,
	// and a run along all of it gets its middle, as collectPoints has it
	scan := func(n int, at func(i int) (grid.Point, grid.Point)) {
		for i := 0; i < n; {
			a, z := at(i)
			if !g.Fits(a, k) || !g.Fits(z, k) {
				i++
				continue
			}
			j := i + 1
			for j < n {
				a, z := at(j)
				if !g.Fits(a, k) || !g.Fits(z, k) {
					break
				}
				j++
			}
			pos, m := b.points.transitions(run{int32(i), int32(j - i)}, n)
			for _, p := range pos[:m] {
				a, z := at(int(p))
				dst = append(dst, [2]grid.Point{a, z})
			}
			i = j
		}
	}
	if r.Max.X < b.w {
		x := r.Max.X - 1
		scan(r.Dy(), func(i int) (grid.Point, grid.Point) {
			return grid.Pt(x, r.Min.Y+i), grid.Pt(x+1, r.Min.Y+i)
		})
	}
	if r.Max.Y < b.h {
		y := r.Max.Y - 1
		scan(r.Dx(), func(i int) (grid.Point, grid.Point) {
			return grid.Pt(r.Min.X+i, y), grid.Pt(r.Min.X+i, y+1)
		})
	}
	return dst
}

// buildUnitLayer builds the layer for unit k.
//
// With old, the layer before an update whose edits lie in rs, the intra
// edges of the clusters those edits cannot reach are copied from old
// instead of searched (see unitReach): the result is the layer a fresh
// build gives.
func (b *Bake) buildUnitLayer(k grid.Unit, workers int, old *UnitLayer, rs []grid.Rect) *UnitLayer {
	g := b.g
	reached := b.unitReach(k, old, rs)
	t := &waypoint.Tier{Width: b.w, Height: b.h, ClusterSize: b.cs, Unit: k}
	// The crossings, and the cells of each cluster's points.
	var cross [][2]grid.Point
	for c := range b.cl {
		cross = b.unitCrossings(c, k, cross)
	}
	cells := make([][]grid.Point, len(b.cl))
	for _, x := range cross {
		for _, p := range x {
			c := b.clusterOf(p.X, p.Y)
			cells[c] = append(cells[c], p)
		}
	}
	t.ClusterStart = make([]int32, len(b.cl)+1)
	t.ClusterLen = make([]int32, len(b.cl))
	for c := range cells {
		cs := cells[c]
		slices.SortFunc(cs, func(p, q grid.Point) int { return g.Index(p) - g.Index(q) })
		cs = slices.Compact(cs)
		cells[c] = cs
		t.ClusterStart[c+1] = t.ClusterStart[c] + int32(len(cs))
		t.ClusterLen[c] = int32(len(cs))
		for _, p := range cs {
			t.Points = append(t.Points, waypoint.Point{Cell: p, Cluster: int32(c)})
		}
	}
	node := func(p grid.Point) int32 {
		u, _ := t.Find(p)
		return u
	}
	// Edges across borders: one straight step each way.
	var inter []navgraph.Edge
	for _, x := range cross {
		u, v := node(x[0]), node(x[1])
		c, _ := g.UnitLineCost(x[0], x[1], k, grid.Unreachable, nil) // one legal step
		cost := navgraph.Cost(c)
		inter = append(inter, navgraph.Edge{From: u, To: v, Cost: cost}, navgraph.Edge{From: v, To: u, Cost: cost})
	}
	byEnds := func(a, b navgraph.Edge) int { return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To)) }
	slices.SortFunc(inter, byEnds)
	// Edges inside each cluster: one Dijkstra per point to the others.
	all := make([]int, len(b.cl))
	for i := range all {
		all[i] = i
	}
	type scratch struct {
		s     *grid.Searcher
		costs []grid.Cost
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	per := make([][]navgraph.Edge, len(b.cl))
	sc := make([]scratch, workers)
	parallel(all, workers, func(w, c int) {
		cs := cells[c]
		if len(cs) < 2 {
			return
		}
		if reached != nil && !reached[c] {
			// Out of the edits' reach: its points and edges are old's.
			ot := old.tier
			ofirst, oend := ot.PointsOf(c)
			if int(oend-ofirst) == len(cs) && slices.EqualFunc(ot.Points[ofirst:oend], cs, func(p waypoint.Point, q grid.Point) bool { return p.Cell == q }) {
				first := t.ClusterStart[c]
				for u := ofirst; u < oend; u++ {
					to, cost := ot.Graph.Out(u)
					for i, v := range to {
						if v >= ofirst && v < oend {
							per[c] = append(per[c], navgraph.Edge{From: first + u - ofirst, To: first + v - ofirst, Cost: cost[i]})
						}
					}
				}
				return
			}
		}
		s := &sc[w]
		if s.s == nil {
			s.s = grid.NewSearcher(g)
		}
		if cap(s.costs) < len(cs) {
			s.costs = make([]grid.Cost, len(cs))
		}
		costs := s.costs[:len(cs)]
		first := t.ClusterStart[c]
		win := b.clusterRect(c)
		for i, p := range cs {
			if _, err := s.s.FindAll(p, cs, grid.Options{Window: win, Dijkstra: true, Size: k.Size, Class: k.Class}, costs); err != nil {
				continue // cannot happen: p fits, inside its cluster
			}
			for j, cost := range costs {
				if j != i && cost != grid.Unreachable {
					per[c] = append(per[c], navgraph.Edge{From: first + int32(i), To: first + int32(j), Cost: navgraph.Cost(cost)})
				}
			}
		}
	})
	// Each point's group: the points it reaches inside its cluster (the
	// edges there join every pair a unit can walk between), numbered in
	// the cluster from 0 in point order. A cell of the cluster reaches the
	// points of one group, so a query joins only those.
	var intra []navgraph.Edge
	for c, es := range per {
		first, n := t.ClusterStart[c], t.ClusterLen[c]
		for i := range n {
			t.Points[first+i].Region = -1
		}
		next := int32(0)
		for i := range n {
			pi := &t.Points[first+i]
			if pi.Region >= 0 {
				continue
			}
			pi.Region = next
			for _, e := range es { // edges out of every point: one pass finds its group
				if e.From == first+i {
					t.Points[e.To].Region = next
				}
			}
			next++
		}
		intra = append(intra, es...)
	}
	// Both lists are in (From, To) order (the intra edges cluster by
	// cluster, point by point): merged, they reach navgraph.Build sorted,
	// which its sort then passes over in linear time.
	edges := make([]navgraph.Edge, 0, len(inter)+len(intra))
	for len(inter) > 0 || len(intra) > 0 {
		if len(intra) == 0 || len(inter) > 0 && byEnds(inter[0], intra[0]) < 0 {
			edges, inter = append(edges, inter[0]), inter[1:]
		} else {
			edges, intra = append(edges, intra[0]), intra[1:]
		}
	}
	gr, err := navgraph.Build(len(t.Points), edges)
	if err != nil {
		// Every edge joins two points of the layer at a cost a search
		// found: a failure here is a bug.
		panic(fmt.Sprintf("preprocess: unit layer %+v: %v", k, err))
	}
	t.Graph = gr
	return &UnitLayer{unit: k, tier: t, comp: components(gr)}
}

// unitReach returns, for an update of layer old whose edits lie in rs,
// which clusters the edits can reach (nil: all, a fresh build): whether a
// k×k unit fits at a cell depends on the cells up to k-1 right of and
// below it, so an edit reaches the cells up to k-1 left of and above its
// rectangle; a cluster's points and edges depend on its cells and on the
// cells just across its borders.
func (b *Bake) unitReach(k grid.Unit, old *UnitLayer, rs []grid.Rect) []bool {
	if old == nil || old.tier.Graph == nil || rs == nil {
		return nil
	}
	reached := make([]bool, len(b.cl))
	grow := max(k.Size, 1) - 1
	for _, r := range rs {
		r = grid.R(r.Min.X-grow-1, r.Min.Y-grow-1, r.Max.X+1, r.Max.Y+1).Intersect(b.g.Bounds())
		if r.Empty() {
			continue
		}
		x0, y0 := r.Min.X/b.cs, r.Min.Y/b.cs
		x1, y1 := (r.Max.X-1)/b.cs, (r.Max.Y-1)/b.cs
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				reached[cy*b.cw+cx] = true
			}
		}
	}
	return reached
}

// components labels the connected components of gr (its edges taken both
// ways: the layer's edges come in pairs), 0, 1, ... in node order.
func components(gr *navgraph.Graph) []int32 {
	n := gr.Len()
	comp := make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	var next int32
	var stack []int32
	for s := range int32(n) {
		if comp[s] >= 0 {
			continue
		}
		comp[s] = next
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			to, _ := gr.Out(u)
			for _, v := range to {
				if comp[v] < 0 {
					comp[v] = next
					stack = append(stack, v)
				}
			}
		}
		next++
	}
	return comp
}
