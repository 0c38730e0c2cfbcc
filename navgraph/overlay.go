package navgraph

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/rtspath/rtspath/internal/radix"
)

// Overlay is a tier over a Graph, as in the multilevel overlays of route
// planners (Delling, Goldberg, Pajor, Werneck 2011, "Customizable Route
// Planning"): the graph's nodes are split into cells; a node with an edge
// to another cell is a border node of its own cell; and for each cell the
// Overlay keeps the exact cost from each of its border nodes to each
// other, over paths that stay in the cell. A search given an Overlay
// (Query.Overlay) crosses every cell that holds none of its sources and
// targets by those costs, one hop from border node to border node,
// rather than node by node, and still finds a least-cost path, which it
// returns node by node (each hop unpacked by a search inside its cell).
//
// Its edges across cells must come in pairs of equal cost (u→v and v→u),
// as Landmarks need of every edge. After SetEdges changes edges of some
// nodes, Update recomputes the cells that hold them (and the cells at the
// other end of a changed edge across cells); until then a search on the
// Overlay may fail with an error wrapping ErrGraph (an unpacked hop that
// does not cost what the Overlay said), never return a wrong path.
//
// An Overlay is safe for concurrent reads; Update must not run
// concurrently with anything else.
type Overlay struct {
	n       int     // nodes of its graph
	cell    []int32 // per node: its cell
	pos     []int32 // per node: its index among its cell's border nodes, or -1
	start   []int32 // per cell c: its nodes are members[start[c]:start[c+1]]
	members []int32 // nodes by cell, ascending within each
	cells   []ovCell
	bytes   int // of the cells' tables
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
}

const ovNone = math.MaxUint32

// hop returns the cost of hop x.
func (c *ovCell) hop(x int32) Cost {
	if c.c64 != nil {
		return c.c64[x]
	}
	return Cost(c.c32[x])
}

// NewOverlay returns the overlay of g whose cells are given by cell (the
// cell of each node, 0 or more; cells are numbered 0 to the largest).
// It returns an error wrapping ErrGraph when cell does not fit g or an
// edge across cells has no reverse of equal cost, and ErrNilGraph for a
// nil g. workers bounds the goroutines (≤ 0: one). Cost: for each cell
// of m nodes and k border nodes, k searches over the cell, O(k m log m),
// and a check of each hop against every third border node, O(k³);
// memory 12 bytes a node and 8 bytes a hop kept (12 on graphs whose
// costs pass 2^32).
func NewOverlay(g *Graph, cell []int32, workers int) (*Overlay, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: NewOverlay", ErrNilGraph)
	}
	n := g.Len()
	if len(cell) != n {
		return nil, fmt.Errorf("%w: %d cells for %d nodes", ErrGraph, len(cell), n)
	}
	cells := 0
	for u, c := range cell {
		if c < 0 || int(c) >= n {
			return nil, fmt.Errorf("%w: node %d in cell %d (want 0..%d)", ErrGraph, u, c, n-1)
		}
		cells = max(cells, int(c)+1)
	}
	o := &Overlay{
		n:       n,
		cell:    slices.Clone(cell),
		pos:     make([]int32, n),
		start:   make([]int32, cells+1),
		members: make([]int32, n),
		cells:   make([]ovCell, cells),
	}
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

// Update recomputes the listed cells on g (the graph the Overlay was
// made for, after SetEdges): their border nodes and the costs between
// them. List every cell holding a node whose edges changed. It returns
// an error wrapping ErrGraph for a cell out of range, a graph of another
// size, or an edge across cells without its reverse (the Overlay is then
// unfit for searches until an Update without error). Cost: that of
// NewOverlay for the listed cells.
func (o *Overlay) Update(g *Graph, cells []int32, workers int) error {
	if g == nil {
		return fmt.Errorf("%w: Overlay.Update", ErrNilGraph)
	}
	if g.Len() != o.n {
		return fmt.Errorf("%w: overlay of %d nodes updated on a graph of %d", ErrGraph, o.n, g.Len())
	}
	for _, c := range cells {
		if c < 0 || int(c) >= len(o.cells) {
			return fmt.Errorf("%w: cell %d of %d", ErrGraph, c, len(o.cells))
		}
	}
	cs := slices.Clone(cells)
	slices.Sort(cs)
	return o.update(g, slices.Compact(cs), workers)
}

// update recomputes the cells in cs (distinct, in range).
func (o *Overlay) update(g *Graph, cs []int32, workers int) error {
	workers = max(1, min(workers, len(cs)))
	errs := make([]error, len(cs))
	if workers == 1 {
		var sc cellScratch
		for i, c := range cs {
			errs[i] = o.build(g, c, &sc)
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int)
		for range workers {
			wg.Go(func() {
				var sc cellScratch
				for i := range next {
					errs[i] = o.build(g, cs[i], &sc)
				}
			})
		}
		for i := range cs {
			next <- i
		}
		close(next)
		wg.Wait()
	}
	o.bytes = 0
	for c := range o.cells {
		oc := &o.cells[c]
		o.bytes += 4*(cap(oc.border)+cap(oc.off)+cap(oc.to)+cap(oc.c32)) + 8*cap(oc.c64)
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// cellScratch is one worker's scratch for build: the cell's edges in
// local indices, and a one-to-all search over them.
type cellScratch struct {
	off  []int32
	to   []int32
	cost []Cost
	d    []Cost
	q    radix.Heap[int32]
	row  []Cost
}

// build recomputes cell c's border nodes and their costs.
func (o *Overlay) build(g *Graph, c int32, sc *cellScratch) error {
	m := o.members[o.start[c]:o.start[c+1]]
	var border []int32
	sc.off = append(sc.off[:0], 0)
	sc.to, sc.cost = sc.to[:0], sc.cost[:0]
	for _, u := range m {
		to, cost := g.Out(u)
		crosses := false
		for i, v := range to {
			if o.cell[v] != c {
				if back, ok := g.Cost(v, u); !ok || back != cost[i] {
					return fmt.Errorf("%w: overlay needs edges across cells both ways at equal cost; %d→%d costs %d, %d→%d does not", ErrGraph, u, v, cost[i], v, u)
				}
				crosses = true
				continue
			}
			j, _ := slices.BinarySearch(m, v)
			sc.to = append(sc.to, int32(j))
			sc.cost = append(sc.cost, cost[i])
		}
		sc.off = append(sc.off, int32(len(sc.to)))
		o.pos[u] = -1
		if crosses {
			o.pos[u] = int32(len(border))
			border = append(border, u)
		}
	}
	k := len(border)
	sc.row = slices.Grow(sc.row[:0], k*k)[:k*k]
	fits := true
	if len(sc.d) < len(m) {
		sc.d = make([]Cost, len(m))
	}
	d := sc.d[:len(m)]
	for i, b := range border {
		for j := range d {
			d[j] = Unreachable
		}
		src, _ := slices.BinarySearch(m, b)
		d[src] = 0
		sc.q.Reset()
		sc.q.Push(0, int32(src))
		for sc.q.Len() > 0 {
			e := sc.q.Pop()
			u := e.Val
			if Cost(e.Key) != d[u] {
				continue
			}
			for x := sc.off[u]; x < sc.off[u+1]; x++ {
				v := sc.to[x]
				if ng := min(d[u]+sc.cost[x], MaxPathCost); ng < d[v] {
					d[v] = ng
					sc.q.Push(uint64(ng), v)
				}
			}
		}
		for j, z := range border {
			t, _ := slices.BinarySearch(m, z)
			sc.row[i*k+j] = d[t]
			fits = fits && (d[t] == Unreachable || d[t] < ovNone)
		}
	}
	// Keep the hop i→j unless a third border node z lies on a least
	// path at no extra cost, each part dearer than 0 (so that the parts,
	// kept or split in turn, end in hops that are kept).
	oc := ovCell{border: border, off: make([]int32, 0, k+1)}
	row := sc.row
	for i := range k {
		oc.off = append(oc.off, int32(len(oc.to)))
		for j := range k {
			d := row[i*k+j]
			if j == i || d == Unreachable {
				continue
			}
			via := false
			for z := 0; z < k && !via; z++ {
				a, b := row[i*k+z], row[z*k+j]
				via = a > 0 && b > 0 && a != Unreachable && b != Unreachable && a+b == d
			}
			if via {
				continue
			}
			oc.to = append(oc.to, border[j])
			if fits {
				oc.c32 = append(oc.c32, uint32(d))
			} else {
				oc.c64 = append(oc.c64, d)
			}
		}
	}
	oc.off = append(oc.off, int32(len(oc.to)))
	oc.to = slices.Clip(oc.to)
	oc.c32, oc.c64 = slices.Clip(oc.c32), slices.Clip(oc.c64)
	o.cells[c] = oc
	return nil
}

// Len returns the number of nodes of the graph the Overlay is for.
func (o *Overlay) Len() int { return o.n }

// Cells returns the number of cells.
func (o *Overlay) Cells() int { return len(o.cells) }

// Cell returns node u's cell (-1 for a u that is not a node). O(1).
func (o *Overlay) Cell(u int32) int32 {
	if uint32(u) >= uint32(o.n) {
		return -1
	}
	return o.cell[u]
}

// Border returns cell c's border nodes, ascending (the Overlay's own
// slice: do not modify it; nil for a c out of range). O(1).
func (o *Overlay) Border(c int32) []int32 {
	if uint32(c) >= uint32(len(o.cells)) {
		return nil
	}
	return o.cells[c].border
}

// Hops appends to dst the hops the Overlay keeps from border node u
// (nothing when u is not one): each to another border node of its cell,
// at the least cost of a path inside the cell. The least path inside the
// cell between any two border nodes is a chain of hops. O(hops).
func (o *Overlay) Hops(u int32, dst []Endpoint) []Endpoint {
	if uint32(u) >= uint32(o.n) || o.pos[u] < 0 {
		return dst
	}
	oc := &o.cells[o.cell[u]]
	for x := oc.off[o.pos[u]]; x < oc.off[o.pos[u]+1]; x++ {
		dst = append(dst, Endpoint{Node: oc.to[x], Cost: oc.hop(x)})
	}
	return dst
}

// hopCost returns the cost of the hop u→v, if the Overlay keeps one.
func (o *Overlay) hopCost(u, v int32) (Cost, bool) {
	if uint32(u) >= uint32(o.n) || o.pos[u] < 0 {
		return 0, false
	}
	oc := &o.cells[o.cell[u]]
	for x := oc.off[o.pos[u]]; x < oc.off[o.pos[u]+1]; x++ {
		if oc.to[x] == v {
			return oc.hop(x), true
		}
	}
	return 0, false
}

// Bytes returns the memory the Overlay holds.
func (o *Overlay) Bytes() int {
	return 4*(cap(o.cell)+cap(o.pos)+cap(o.start)+cap(o.members)) + 72*cap(o.cells) + o.bytes
}
