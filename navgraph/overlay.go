package navgraph

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"unsafe"

	"github.com/rtspath/rtspath/internal/radix"
)

// Overlay is a stack of tiers over a Graph, as in the multilevel
// overlays of route planners (Delling, Goldberg, Pajor, Werneck 2011,
// "Customizable Route Planning"): the graph's nodes are split into cells,
// and each level's cells into the next level's, bigger ones. A node with
// an edge to another cell of a level is a border node of its cell there,
// and for each cell the Overlay keeps hops between its border nodes: the
// least cost over paths that stay in the cell. A search given an Overlay
// (Query.Overlay) crosses each cell that holds no source and no target,
// at the highest level where that is so, from border node to border node
// by those hops rather than node by node; so its work grows with the
// length of the route in cells, not with the size of the graph. It still
// finds a least-cost path, which it returns node by node (each hop
// unpacked by the path its cell keeps for it: above level 0 one level
// down, at level 0 over the graph's nodes; else, in a cell too big to
// keep them, by a search inside the cell). On grid-like graphs a cell's border grows with its
// side, and its hops with the square of that;
// doors (NewOverlayDoors) keep fewer ways across the cells, for a path
// that may cost more (how much more, the doors decide).
//
// Its edges across cells must come in pairs of equal cost (u→v and v→u),
// as Landmarks need of every edge. After SetEdges changes edges of some
// nodes, give Update the cells that hold them, at both ends of every
// changed edge. Until then a search on the Overlay may return a path
// that is not the least, or fail with an error wrapping ErrGraph (a path
// that does not cost on the graph what the Overlay said), but never a
// path the graph does not have; after an Update that failed, searches
// fail (ErrGraph) until one succeeds.
//
// An Overlay is safe for concurrent reads; Update must not run
// concurrently with anything else.
type Overlay struct {
	n       int     // nodes of its graph
	cell    []int32 // per node: its cell at level 0
	start   []int32 // per level-0 cell c: its nodes are members[start[c]:start[c+1]]
	members []int32 // nodes by level-0 cell, ascending within each
	levels  []ovLevel
	// per node: the number of levels, from level 0 up, at which it is a
	// door (nil: every level; see NewOverlayDoors); never changes
	doors []uint8
	bytes int // of the cells' hops
	// the level-0 cells of Updates that failed, redone by the next one;
	// searches fail while there are any
	pending []int32
	// Invalidate's count of marks, and per level-0 cell the count when
	// it was last marked (Install skips cells marked after a snapshot)
	epoch uint64
	mark  []uint64
}

// ovLevel is one level's cells.
type ovLevel struct {
	cells []ovCell
	// per cell: its cell at the next level (nil at the top level)
	up []int32
	// per cell (+1), above level 0: its cells at the level below are
	// kids[kstart[c]:kstart[c+1]]
	kstart, kids []int32
	// per cell: its hops may be stale (Invalidate), so searches go
	// through it a level lower
	dirty []bool
}

// ovCell is one cell's border nodes and the hops between them: from
// each border node to each other it can reach in the cell, at the least
// cost inside the cell, except the hops that pass through a third border
// node at no extra cost (that path is two shorter hops already).
type ovCell struct {
	border []int32  // border nodes, ascending
	off    []int32  // per border node i (+1): its hops are to[off[i]:off[i+1]]
	to     []int32  // hop ends (nodes)
	c32    []uint32 // hop costs
	c64    []Cost   // instead of c32 when a cost does not fit 32 bits
	// per border node i (+1): its edges out of the cell are
	// xto[xoff[i]:xoff[i+1]], at xcost
	xoff, xto []int32
	xcost     []Cost
	// Above level 0, each hop's path one level down, so that a search
	// unpacks it without searching (nil on a cell too big for the
	// encoding, whose hops a search unpacks; level 0: mid8): the nodes it
	// passes between its ends, each a border node of one of the cells
	// one level down, named by its place among their borders taken in
	// the order of kids (kid k's border starts at place kb[k]). From
	// mstart[i], mid holds border node i's hops in order, each as its
	// count of nodes and then the nodes.
	mstart []uint32
	mid    []uint16
	kb     []int32
	// At level 0, the same for each hop's path over the graph's nodes,
	// each named by its place among the cell's nodes (members), when
	// the cell has at most keptPathNodes0 of them: from mstart[i], mid8
	// holds border node i's hops in order, each as its count of nodes
	// and then the nodes.
	mid8 []uint8
}

const ovNone = math.MaxUint32

// keptPathNodes bounds the nodes (the kids' border nodes) of a cell that
// keeps its hops' paths: their places must fit a uint16. A variable, so
// that tests can make cells search instead.
var keptPathNodes = math.MaxUint16 + 1

// keptPathNodes0 bounds the nodes of a level-0 cell that keeps its hops'
// paths: their places must fit a uint8 (and keptPathNodes bounds it
// too, so that tests can make those cells search as well).
const keptPathNodes0 = math.MaxUint8 + 1

// hop returns the cost of hop x.
func (c *ovCell) hop(x int32) Cost {
	if c.c64 != nil {
		return c.c64[x]
	}
	return Cost(c.c32[x])
}

// index returns u's index among the cell's border nodes, or -1.
func (c *ovCell) index(u int32) int32 {
	if i, ok := slices.BinarySearch(c.border, u); ok {
		return int32(i)
	}
	return -1
}

// NewOverlay returns the overlay of g whose cells are given by levels:
// levels[l][u] is node u's cell at level l (0 or more, below g.Len()),
// and nodes that share a cell at one level share one at the next. It
// returns an error wrapping ErrGraph when levels do not fit g or do not
// nest, or an edge across cells has no reverse of equal cost, and
// ErrNilGraph for a nil g. workers bounds the goroutines (≤ 0: one).
// Cost: for each cell of m nodes (at level 0) or border nodes of the
// level below (above it), and k border nodes, k searches over the cell's
// e edges, O(k e log m); memory 8 bytes a node and 8 bytes a hop kept
// (12 on graphs whose costs pass 2^32), and above level 0 another 2 a
// hop, 2 for each node its path passes one level down and 4 a border
// node; at level 0, in cells of at most 256 nodes, 1 a hop, 1 for each
// node its path passes and 4 a border node (see ovCell).
func NewOverlay(g *Graph, levels [][]int32, workers int) (*Overlay, error) {
	return NewOverlayDoors(g, levels, nil, workers)
}

// NewOverlayDoors is NewOverlay with fewer ways across the cells, so
// that a cell keeps fewer border nodes and far fewer hops: doors[u] is
// the number of levels, from level 0 up, at which node u is a door
// (doors nil: every node at every level). An edge between two cells of
// level l counts there only when both its ends are doors at l: a cell's
// border nodes are the ends of such edges, and its hops the least costs
// inside it over such edges between its cells one level down. A search
// on the Overlay takes an edge between cells, at the highest level l
// where the edge crosses cells and the cell there of one of its ends is
// closed (holds no source and no target, and is not stale), only when
// both ends are doors at l. It finds a least-cost path among the paths
// that keep that rule, which may cost more than the graph's least, and
// none when the rule cuts them all: give doors that join each connected
// part of a cell to each neighbouring cell's part it borders, wherever
// the graph joins them. Update keeps the doors as they are (they are
// copied here, per node: one more byte a node). It returns an error
// wrapping ErrGraph when doors is neither nil nor g.Len() long, else as
// NewOverlay.
func NewOverlayDoors(g *Graph, levels [][]int32, doors []uint8, workers int) (*Overlay, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: NewOverlay", ErrNilGraph)
	}
	n := g.Len()
	if len(levels) == 0 {
		return nil, fmt.Errorf("%w: an overlay needs a level", ErrGraph)
	}
	if doors != nil && len(doors) != n {
		return nil, fmt.Errorf("%w: %d doors for %d nodes", ErrGraph, len(doors), n)
	}
	o := &Overlay{n: n, levels: make([]ovLevel, len(levels)), doors: slices.Clone(doors)}
	for l, cell := range levels {
		if len(cell) != n {
			return nil, fmt.Errorf("%w: %d cells for %d nodes at level %d", ErrGraph, len(cell), n, l)
		}
		cells := 0
		for u, c := range cell {
			if c < 0 || int(c) >= n {
				return nil, fmt.Errorf("%w: node %d in cell %d at level %d (want 0..%d)", ErrGraph, u, c, l, n-1)
			}
			cells = max(cells, int(c)+1)
		}
		o.levels[l].cells = make([]ovCell, cells)
		o.levels[l].dirty = make([]bool, cells)
		if l == 0 {
			continue
		}
		// The cells below must nest: each has one cell here.
		below := &o.levels[l-1]
		below.up = make([]int32, len(below.cells))
		for c := range below.up {
			below.up[c] = -1
		}
		for u, c := range levels[l-1] {
			if up := below.up[c]; up >= 0 && up != cell[u] {
				return nil, fmt.Errorf("%w: cell %d of level %d lies in cells %d and %d of level %d", ErrGraph, c, l-1, up, cell[u], l)
			}
			below.up[c] = cell[u]
		}
		lv := &o.levels[l]
		lv.kstart = make([]int32, cells+1)
		for _, up := range below.up {
			if up >= 0 {
				lv.kstart[up+1]++
			}
		}
		for c := range cells {
			lv.kstart[c+1] += lv.kstart[c]
		}
		lv.kids = make([]int32, lv.kstart[cells])
		next := slices.Clone(lv.kstart[:cells])
		for k, up := range below.up {
			if up >= 0 {
				lv.kids[next[up]] = int32(k)
				next[up]++
			}
		}
	}
	cell := levels[0]
	cells := len(o.levels[0].cells)
	o.cell = slices.Clone(cell)
	o.mark = make([]uint64, cells)
	o.start, o.members = make([]int32, cells+1), make([]int32, n)
	for _, c := range cell {
		o.start[c+1]++
	}
	for c := range cells {
		o.start[c+1] += o.start[c]
	}
	next := slices.Clone(o.start[:cells])
	for u, c := range cell {
		o.members[next[c]] = int32(u)
		next[c]++
	}
	all := make([]int32, cells)
	for c := range all {
		all[c] = int32(c)
	}
	if err := o.update(g, all, workers); err != nil {
		return nil, err
	}
	return o, nil
}

// Update recomputes, on g (the graph the Overlay was made for, after
// SetEdges), the listed cells of level 0 and the cells above them: their
// border nodes and hops. List every level-0 cell holding a node whose
// edges changed. It returns an error wrapping ErrGraph for a cell out of
// range, a graph of another size, a nil or zero Overlay, or an edge
// across cells without its reverse; after the last, searches on the
// Overlay fail until an Update succeeds, which redoes the failed one's
// cells too. Cost: that of NewOverlay for those cells.
func (o *Overlay) Update(g *Graph, cells []int32, workers int) error {
	if g == nil {
		return fmt.Errorf("%w: Overlay.Update", ErrNilGraph)
	}
	if o == nil || len(o.levels) == 0 {
		return fmt.Errorf("%w: Update on a nil or zero Overlay (make one with NewOverlay)", ErrGraph)
	}
	if g.Len() != o.n {
		return fmt.Errorf("%w: overlay of %d nodes updated on a graph of %d", ErrGraph, o.n, g.Len())
	}
	for _, c := range cells {
		if c < 0 || int(c) >= len(o.levels[0].cells) {
			return fmt.Errorf("%w: cell %d of %d", ErrGraph, c, len(o.levels[0].cells))
		}
	}
	return o.update(g, append(slices.Clone(cells), o.pending...), workers)
}

// Invalidate marks the listed cells of level 0, and the cells above
// them, stale: searches go through them a level lower (node by node at
// level 0), as through the cells that hold their ends, so that they stay
// exact without the cells' hops; Update makes them current again. Use it
// where an edit must be cheap and the Update can wait: list every
// level-0 cell holding a node whose edges changed, at both ends of every
// changed edge. It returns an error wrapping ErrGraph for a cell out of
// range or a nil or zero Overlay. O(cells × levels).
func (o *Overlay) Invalidate(cells []int32) error {
	if o == nil || len(o.levels) == 0 {
		return fmt.Errorf("%w: Invalidate on a nil or zero Overlay (make one with NewOverlay)", ErrGraph)
	}
	for _, c := range cells {
		if c < 0 || int(c) >= len(o.levels[0].cells) {
			return fmt.Errorf("%w: cell %d of %d", ErrGraph, c, len(o.levels[0].cells))
		}
	}
	for _, c := range cells {
		o.epoch++
		o.mark[c] = o.epoch
		for l := range o.levels {
			o.levels[l].dirty[c] = true
			if l+1 < len(o.levels) {
				if c = o.levels[l].up[c]; c < 0 {
					break
				}
			}
		}
	}
	return nil
}

// Stale appends to dst the level-0 cells marked by Invalidate and not
// updated since, ascending. O(cells).
func (o *Overlay) Stale(dst []int32) []int32 {
	if o == nil || len(o.levels) == 0 {
		return dst
	}
	for c, d := range o.levels[0].dirty {
		if d {
			dst = append(dst, int32(c))
		}
	}
	return dst
}

// update recomputes the level-0 cells in cs (in range) and the cells
// above them, level by level, all of them even when some fail; on an
// error it keeps cs as pending for the next update.
func (o *Overlay) update(g *Graph, cs []int32, workers int) error {
	slices.Sort(cs)
	cs = slices.Compact(cs)
	o.pending = append(o.pending[:0], cs...)
	err := o.rebuild(g, 0, cs, workers)
	o.countBytes()
	if err == nil {
		o.pending = o.pending[:0]
	}
	return err
}

// rebuild recomputes the cells cs (in range) of level from and the
// cells above them, level by level, all of them even when some fail,
// and returns the first error.
func (o *Overlay) rebuild(g *Graph, from int, cs []int32, workers int) error {
	var err error
	for l := from; l < len(o.levels); l++ {
		slices.Sort(cs)
		cs = slices.Compact(cs)
		if e := o.updateLevel(g, l, cs, workers); e != nil && err == nil {
			err = e
		}
		lv := &o.levels[l]
		for _, c := range cs {
			lv.dirty[c] = false
			if l > 0 { // built on a kid that is still stale: stale too
				for _, k := range lv.kids[lv.kstart[c]:lv.kstart[c+1]] {
					lv.dirty[c] = lv.dirty[c] || o.levels[l-1].dirty[k]
				}
			}
		}
		if l+1 < len(o.levels) {
			up := o.levels[l].up
			k := 0
			for _, c := range cs {
				if up[c] >= 0 { // (a cell of no node has none)
					cs[k] = up[c]
					k++
				}
			}
			cs = cs[:k]
		}
	}
	return err
}

// countBytes sets o.bytes: the memory of the cells' hops.
func (o *Overlay) countBytes() {
	o.bytes = 0
	for l := range o.levels {
		for c := range o.levels[l].cells {
			oc := &o.levels[l].cells[c]
			o.bytes += 4*(cap(oc.border)+cap(oc.off)+cap(oc.to)+cap(oc.c32)+cap(oc.xoff)+cap(oc.xto)+cap(oc.mstart)+cap(oc.kb)) + 2*cap(oc.mid) + cap(oc.mid8) + 8*(cap(oc.c64)+cap(oc.xcost))
		}
	}
}

// updateLevel recomputes the cells cs (distinct, in range) of level l.
func (o *Overlay) updateLevel(g *Graph, l int, cs []int32, workers int) error {
	return eachCell(len(cs), workers, func(i int, sc *cellScratch) error {
		return o.build(g, l, cs[i], sc)
	})
}

// eachCell runs do(i, sc) for each i below n on up to workers goroutines
// (≤ 0: one; one runs on the caller's), each with a scratch of its own,
// and returns the error of the lowest i that failed.
func eachCell(n, workers int, do func(i int, sc *cellScratch) error) error {
	workers = max(1, min(workers, n))
	errs := make([]error, n)
	if workers == 1 {
		var sc cellScratch
		for i := range n {
			errs[i] = do(i, &sc)
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int)
		for range workers {
			wg.Go(func() {
				var sc cellScratch
				for i := range next {
					errs[i] = do(i, &sc)
				}
			})
		}
		for i := range n {
			next <- i
		}
		close(next)
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// cellScratch is one worker's scratch for build: the cell's nodes and
// edges in local indices, and a one-to-all search over them.
type cellScratch struct {
	m    []int32
	off  []int32
	to   []int32
	cost []Cost
	d    []Cost
	par  []int32 // the node's predecessor on its least path (for the kept paths)
	// above level 0: each node's place among the kids' borders (pos),
	// the pairs of node and place, and where each kid's start (kb)
	pos, kb []int32
	mp      [][2]int32
	via     []bool // the node's least path can pass through a border node
	isB     []bool // the node is a border node (false between builds)
	bl      []int32
	q       radix.Heap[int32]
	row     []Cost
}

// oneWay is the error for an edge u→v of cost c across cells whose
// reverse is missing or costs otherwise.
func oneWay(u, v int32, c Cost) error {
	return fmt.Errorf("%w: overlay needs edges across cells both ways at equal cost; %d→%d costs %d, %d→%d does not", ErrGraph, u, v, c, v, u)
}

// isDoor reports whether node u is a door at level l (see
// NewOverlayDoors).
func isDoor(doors []uint8, u int32, l int) bool {
	return doors == nil || int(doors[u]) > l
}

// cellAt returns u's cell at level l.
func (o *Overlay) cellAt(u int32, l int) int32 {
	c := o.cell[u]
	for i := range l {
		c = o.levels[i].up[c]
	}
	return c
}

// build recomputes cell c of level l: its border nodes and hops. Its
// nodes are the graph's at level 0, and above it the border nodes of
// its cells one level down, joined by their hops and the edges between
// those cells.
func (o *Overlay) build(g *Graph, l int, c int32, sc *cellScratch) error {
	oc, err := o.buildCell(g.Out, g.Cost, l, c, sc)
	if err == nil {
		o.levels[l].cells[c] = oc
	}
	return err
}

// buildCell is build on the graph whose edges out of a node are out(u)
// and whose edge v→u costs back(v, u), returning the cell.
func (o *Overlay) buildCell(out func(int32) ([]int32, []Cost), back func(v, u int32) (Cost, bool), l int, c int32, sc *cellScratch) (ovCell, error) {
	doors := o.doors
	var m []int32
	if l == 0 {
		m = o.members[o.start[c]:o.start[c+1]]
	} else {
		lv := &o.levels[l]
		// the kids' border nodes, sorted, and each one's place among
		// their borders in the order of kids
		sc.mp, sc.kb = sc.mp[:0], append(sc.kb[:0], 0)
		for _, k := range lv.kids[lv.kstart[c]:lv.kstart[c+1]] {
			for _, u := range o.levels[l-1].cells[k].border {
				sc.mp = append(sc.mp, [2]int32{u, int32(len(sc.mp))})
			}
			sc.kb = append(sc.kb, int32(len(sc.mp)))
		}
		slices.SortFunc(sc.mp, func(a, b [2]int32) int { return int(a[0] - b[0]) })
		sc.m, sc.pos = sc.m[:0], sc.pos[:0]
		for _, e := range sc.mp {
			sc.m, sc.pos = append(sc.m, e[0]), append(sc.pos, e[1])
		}
		m = sc.m
	}
	var border []int32
	sc.off = append(sc.off[:0], 0)
	sc.to, sc.cost = sc.to[:0], sc.cost[:0]
	xoff := []int32{0}
	var xto []int32
	var xcost []Cost
	local := func(v int32, x Cost) {
		j, _ := slices.BinarySearch(m, v)
		sc.to = append(sc.to, int32(j))
		sc.cost = append(sc.cost, x)
	}
	for _, u := range m {
		to, cost := out(u)
		crosses := false
		var below int32
		if l > 0 {
			// the hops of u's cell one level down
			below = o.cellAt(u, l-1)
			oc := &o.levels[l-1].cells[below]
			i := oc.index(u)
			for x := oc.off[i]; x < oc.off[i+1]; x++ {
				local(oc.to[x], oc.hop(x))
			}
		}
		for i, v := range to {
			switch cv := o.cellAt(v, l); {
			case cv != c:
				if back, ok := back(v, u); !ok || back != cost[i] {
					return ovCell{}, oneWay(u, v, cost[i])
				}
				if isDoor(doors, u, l) && isDoor(doors, v, l) {
					crosses = true
					xto, xcost = append(xto, v), append(xcost, cost[i])
				}
			case l == 0:
				local(v, cost[i])
			case o.cellAt(v, l-1) != below && isDoor(doors, u, l-1) && isDoor(doors, v, l-1):
				local(v, cost[i])
			}
		}
		sc.off = append(sc.off, int32(len(sc.to)))
		if crosses {
			border = append(border, u)
			xoff = append(xoff, int32(len(xto)))
		}
	}
	// From each border node, a search over the cell that marks the
	// nodes whose least path can pass through a third border node z
	// (with d(i,z) > 0 and d(z,·) > 0): the hop to such a border node is
	// two shorter hops already (which, kept or split in turn, end in hops
	// that are kept), so only the unmarked ones are kept.
	k := len(border)
	sc.bl = sc.bl[:0]
	for _, b := range border {
		j, _ := slices.BinarySearch(m, b)
		sc.bl = append(sc.bl, int32(j))
	}
	if len(sc.d) < len(m) {
		sc.d = make([]Cost, len(m))
		sc.par = make([]int32, len(m))
		sc.via = make([]bool, len(m))
		sc.isB = make([]bool, len(m))
	}
	d, par, via, isB := sc.d[:len(m)], sc.par[:len(m)], sc.via[:len(m)], sc.isB[:len(m)]
	for _, j := range sc.bl {
		isB[j] = true
	}
	oc := ovCell{border: border, off: make([]int32, 0, k+1), xoff: xoff, xto: xto, xcost: xcost}
	paths := l > 0 && len(m) <= keptPathNodes
	paths0 := l == 0 && len(m) <= min(keptPathNodes, keptPathNodes0)
	if paths || paths0 {
		oc.mstart = make([]uint32, 0, k)
	}
	fits := true
	sc.row = sc.row[:0]
	for _, src := range sc.bl {
		oc.off = append(oc.off, int32(len(oc.to)))
		if paths {
			oc.mstart = append(oc.mstart, uint32(len(oc.mid)))
		}
		if paths0 {
			oc.mstart = append(oc.mstart, uint32(len(oc.mid8)))
		}
		for j := range d {
			d[j], via[j] = Unreachable, false
		}
		d[src] = 0
		sc.q.Reset()
		sc.q.Push(0, src)
		for sc.q.Len() > 0 {
			e := sc.q.Pop()
			u := e.Val
			if Cost(e.Key) != d[u] {
				continue
			}
			// paths on from u pass through a border node if u's does,
			// or u is one (and neither part costs 0)
			z := isB[u] && u != src && d[u] > 0
			for x := sc.off[u]; x < sc.off[u+1]; x++ {
				v := sc.to[x]
				ng := min(d[u]+sc.cost[x], MaxPathCost)
				through := via[u] || z && sc.cost[x] > 0
				switch {
				case ng < d[v]:
					d[v], via[v], par[v] = ng, through, u
					sc.q.Push(uint64(ng), v)
				case ng == d[v] && through:
					via[v] = true
				}
			}
		}
		for j, t := range sc.bl {
			if t == src || d[t] == Unreachable || via[t] {
				continue
			}
			oc.to = append(oc.to, border[j])
			sc.row = append(sc.row, d[t])
			fits = fits && d[t] < ovNone
			if paths { // the path's nodes between src and t: places among the kids' borders
				oc.mid = appendRun(oc.mid, par, src, t, func(v int32) uint16 { return uint16(sc.pos[v]) })
			}
			if paths0 { // the same over the cell's nodes (level 0: m)
				oc.mid8 = appendRun(oc.mid8, par, src, t, func(v int32) uint8 { return uint8(v) })
			}
		}
	}
	for _, j := range sc.bl {
		isB[j] = false
	}
	if fits {
		oc.c32 = make([]uint32, len(sc.row))
		for x, v := range sc.row {
			oc.c32[x] = uint32(v)
		}
	} else {
		oc.c64 = slices.Clone(sc.row)
	}
	oc.off = append(oc.off, int32(len(oc.to)))
	oc.to = slices.Clone(oc.to)
	switch {
	case paths && uint64(len(oc.mid)) > math.MaxUint32: // mstart cannot address it
		oc.mstart, oc.mid = nil, nil
	case paths:
		oc.mid, oc.kb = slices.Clone(oc.mid), slices.Clone(sc.kb)
	case paths0: // at most 2^16 hops of 2^8 entries: mstart addresses them
		oc.mid8 = slices.Clone(oc.mid8)
	}
	return oc, nil
}

// Len returns the number of nodes of the graph the Overlay is for.
func (o *Overlay) Len() int {
	if o == nil {
		return 0
	}
	return o.n
}

// Levels returns the number of levels.
func (o *Overlay) Levels() int {
	if o == nil {
		return 0
	}
	return len(o.levels)
}

// Cells returns the number of cells of level l (0 for an l out of range).
func (o *Overlay) Cells(l int) int {
	if o == nil || l < 0 || l >= len(o.levels) {
		return 0
	}
	return len(o.levels[l].cells)
}

// Cell returns node u's cell at level l (-1 for l or u out of range).
// O(l).
func (o *Overlay) Cell(l int, u int32) int32 {
	if o == nil || l < 0 || l >= len(o.levels) || uint32(u) >= uint32(o.n) {
		return -1
	}
	return o.cellAt(u, l)
}

// Border returns the border nodes of cell c of level l, ascending (the
// Overlay's own slice: do not modify it; nil for l or c out of range).
// O(1).
func (o *Overlay) Border(l int, c int32) []int32 {
	if o == nil || l < 0 || l >= len(o.levels) || uint32(c) >= uint32(len(o.levels[l].cells)) {
		return nil
	}
	return o.levels[l].cells[c].border
}

// Hops appends to dst the hops the Overlay keeps at level l from border
// node u (nothing when u is not one there): each to another border node
// of its cell, at the least cost of a path inside the cell (with doors,
// of one that keeps their rule: NewOverlayDoors). The least such path
// between any two border nodes is a chain of hops. O(hops + log k).
func (o *Overlay) Hops(l int, u int32, dst []Endpoint) []Endpoint {
	if o == nil || l < 0 || l >= len(o.levels) || uint32(u) >= uint32(o.n) {
		return dst
	}
	oc := &o.levels[l].cells[o.cellAt(u, l)]
	i := oc.index(u)
	if i < 0 {
		return dst
	}
	for x := oc.off[i]; x < oc.off[i+1]; x++ {
		dst = append(dst, Endpoint{Node: oc.to[x], Cost: oc.hop(x)})
	}
	return dst
}

// appendRun appends to mid a kept hop path: the count of the nodes
// strictly between src and t on the search tree par, then those nodes in
// order, each as place(v). The count is below the cell's nodes, so it
// fits T where their places do.
func appendRun[T uint8 | uint16](mid []T, par []int32, src, t int32, place func(int32) T) []T {
	n0 := len(mid)
	mid = append(mid, 0)
	for v := par[t]; v != src; v = par[v] {
		mid = append(mid, place(v))
	}
	slices.Reverse(mid[n0+1:])
	mid[n0] = T(len(mid) - n0 - 1)
	return mid
}

// findRun returns the kept path of the cell's hop u→v in mid (see
// appendRun): where its nodes start and how many they are; false when
// the cell keeps no paths or no such hop.
func findRun[T uint8 | uint16](oc *ovCell, u, v int32, mid []T) (at, n uint32, ok bool) {
	i := oc.index(u)
	if i < 0 || oc.mstart == nil {
		return 0, 0, false
	}
	at = oc.mstart[i]
	for x := oc.off[i]; x < oc.off[i+1]; x++ {
		n = uint32(mid[at])
		if oc.to[x] == v {
			return at + 1, n, true
		}
		at += 1 + n
	}
	return 0, 0, false
}

// hopPath appends to dst the nodes the path of hop u→v of cell c at
// level l > 0 passes between its ends, one level down, and says whether
// the cell keeps that hop's path.
func (o *Overlay) hopPath(l int, c, u, v int32, dst []int32) ([]int32, bool) {
	oc := &o.levels[l].cells[c]
	at, n, ok := findRun(oc, u, v, oc.mid)
	if !ok {
		return dst, false
	}
	lv, below := &o.levels[l], o.levels[l-1].cells
	kids := lv.kids[lv.kstart[c]:lv.kstart[c+1]]
	n0 := len(dst)
	for _, p := range oc.mid[at : at+n] {
		// kid k holds places kb[k] to kb[k+1]-1
		k, _ := slices.BinarySearch(oc.kb, int32(p)+1)
		k--
		b := below[kids[k]].border
		// A kid rebuilt without this cell (never: rebuilds go up the
		// levels) would name other nodes, which the search's check
		// of the whole path's cost turns down; one whose border
		// changed length would read past it: search instead.
		if len(b) != int(oc.kb[k+1]-oc.kb[k]) {
			return dst[:n0], false
		}
		dst = append(dst, b[int32(p)-oc.kb[k]])
	}
	return dst, true
}

// hopPath0 appends to dst the nodes the path of hop u→v of level-0
// cell c passes between its ends, and says whether the cell keeps that
// hop's path.
func (o *Overlay) hopPath0(c, u, v int32, dst []int32) ([]int32, bool) {
	oc := &o.levels[0].cells[c]
	at, n, ok := findRun(oc, u, v, oc.mid8)
	if !ok {
		return dst, false
	}
	m := o.members[o.start[c]:o.start[c+1]]
	for _, p := range oc.mid8[at : at+n] {
		dst = append(dst, m[p])
	}
	return dst, true
}

// hopCost returns the cost of the hop u→v at level l, if the Overlay
// keeps one.
func (o *Overlay) hopCost(l int, u, v int32) (Cost, bool) {
	oc := &o.levels[l].cells[o.cellAt(u, l)]
	i := oc.index(u)
	if i < 0 {
		return 0, false
	}
	for x := oc.off[i]; x < oc.off[i+1]; x++ {
		if oc.to[x] == v {
			return oc.hop(x), true
		}
	}
	return 0, false
}

// Bytes returns the memory the Overlay holds.
func (o *Overlay) Bytes() int {
	if o == nil {
		return 0
	}
	n := 4*(cap(o.cell)+cap(o.start)+cap(o.members)+cap(o.pending)) + 8*cap(o.mark) + cap(o.doors) + o.bytes
	for l := range o.levels {
		lv := &o.levels[l]
		n += int(unsafe.Sizeof(ovCell{}))*cap(lv.cells) + 4*(cap(lv.up)+cap(lv.kstart)+cap(lv.kids)) + cap(lv.dirty)
	}
	return n
}
