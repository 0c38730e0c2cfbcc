// Package oracle holds slow, independent reference implementations that
// the fast code is tested and benchmarked against: a gonum graph view of a
// grid whose legal steps are worked out from scratch (not from the grid's
// cached step masks), with a plain Dijkstra of its own (ShortestFrom), a
// breadth-first flood fill, and a model of hpa's penalty rules
// (Penalties).
package oracle

import (
	"container/heap"

	"github.com/rtspath/rtspath/grid"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
)

// Graph is an implicit gonum graph over the passable cells of a grid,
// optionally bounded to a window. Node IDs are y*Width+x. It satisfies
// gonum's traverse.Graph and path.Weighted, so path.DijkstraFrom and
// path.AStar run on it, and HeuristicCost gives the octile heuristic.
type Graph struct {
	G     *grid.Grid
	Win   grid.Rect             // zero: the whole grid
	Avoid func(grid.Point) bool // cells no step may enter (nil: none)
	// Penalty, if not nil, is added to every step for the cell it enters.
	Penalty func(grid.Point) grid.Cost
	// Size, above 1, makes the nodes the cells where a unit Size×Size
	// cells across fits with its top-left corner: every cell of the
	// square on the grid and passable (the window bounds the corner). A
	// step is legal when the unit fits at both ends and, for a diagonal
	// step, at the two orthogonal neighbours the movement rule asks for;
	// it costs what the top-left cells' step costs.
	Size int
	// Class, if not nil, lets the unit stand only on cells of the terrain
	// types Class.Enter names, and weighs cells as Class.Weight says (0:
	// the cell's own weight).
	Class *grid.Class
}

// ID returns the node ID of p.
func (o Graph) ID(p grid.Point) int64 { return int64(p.Y*o.G.Width() + p.X) }

// Point returns the cell of node id.
func (o Graph) Point(id int64) grid.Point {
	w := int64(o.G.Width())
	return grid.Pt(int(id%w), int(id/w))
}

func (o Graph) win() grid.Rect {
	if o.Win == (grid.Rect{}) {
		return o.G.Bounds()
	}
	return o.Win.Intersect(o.G.Bounds())
}

func (o Graph) open(p grid.Point) bool {
	if !p.In(o.win()) {
		return false
	}
	for dy := range max(o.Size, 1) {
		for dx := range max(o.Size, 1) {
			q := grid.Pt(p.X+dx, p.Y+dy)
			if !o.G.Contains(q) || !o.G.Passable(q) || o.Class != nil && o.Class.Enter&(1<<o.G.Terrain(q)) == 0 {
				return false
			}
		}
	}
	return true
}

// Fits reports whether the unit fits with its top-left corner at p.
func (o Graph) Fits(p grid.Point) bool { return o.open(p) }

// Legal reports whether one step from a to b is allowed, decided from
// passability and the movement rule alone.
func (o Graph) Legal(a, b grid.Point) bool {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 || dx == 0 && dy == 0 {
		return false
	}
	if !o.open(a) || !o.open(b) || o.Avoid != nil && o.Avoid(b) {
		return false
	}
	if dx == 0 || dy == 0 {
		return true
	}
	s1, s2 := o.open(grid.Pt(a.X+dx, a.Y)), o.open(grid.Pt(a.X, a.Y+dy))
	switch o.G.Movement() {
	case grid.Octile:
		return s1 && s2
	case grid.OctileCutCorners:
		return s1 || s2
	}
	return false
}

// Cost returns the integer cost of the legal step a→b.
func (o Graph) Cost(a, b grid.Point) grid.Cost {
	unit := grid.Cost(5741)
	if a.X != b.X && a.Y != b.Y {
		unit = 8119
	}
	c := unit * grid.Cost(int(o.weight(a))+int(o.weight(b)))
	if o.Penalty != nil {
		c += o.Penalty(b)
	}
	return c
}

// weight is the weight of p for the unit's class.
func (o Graph) weight(p grid.Point) uint8 {
	if o.Class != nil {
		if w := o.Class.Weight[o.G.Terrain(p)]; w != 0 {
			return w
		}
	}
	return o.G.Weight(p)
}

// Neighbours returns the cells one legal step from p.
func (o Graph) Neighbours(p grid.Point) []grid.Point {
	var out []grid.Point
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := grid.Pt(p.X+dx, p.Y+dy)
			if o.Legal(p, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// From returns the nodes one legal step from node id.
func (o Graph) From(id int64) graph.Nodes {
	ns := o.Neighbours(o.Point(id))
	if len(ns) == 0 {
		return graph.Empty
	}
	nodes := make([]graph.Node, len(ns))
	for i, q := range ns {
		nodes[i] = simple.Node(o.ID(q))
	}
	return iterator.NewOrderedNodes(nodes)
}

// Edge returns the weighted edge u→v, or nil.
func (o Graph) Edge(uid, vid int64) graph.Edge {
	a, b := o.Point(uid), o.Point(vid)
	if !o.Legal(a, b) {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(uid), T: simple.Node(vid), W: float64(o.Cost(a, b))}
}

// Weight returns the cost of the step between xid and yid (0 for the same
// node) and whether it exists.
func (o Graph) Weight(xid, yid int64) (float64, bool) {
	if xid == yid {
		return 0, true
	}
	a, b := o.Point(xid), o.Point(yid)
	if !o.Legal(a, b) {
		return 0, false
	}
	return float64(o.Cost(a, b)), true
}

// HeuristicCost is the octile distance scaled by the grid's least weight.
func (o Graph) HeuristicCost(x, y graph.Node) float64 {
	return float64(grid.OctileCost(o.Point(x.ID()), o.Point(y.ID()))) * float64(o.G.MinWeight())
}

// Components labels the connected components of the passable cells of g
// under its movement rule with a plain breadth-first flood fill: label[i]
// is 0 for a blocked cell and 1, 2, ... in order of each component's first
// cell in row-major order.
func Components(g *grid.Grid) []int32 { return Graph{G: g}.Components() }

// Components labels the connected components of o's nodes (the cells
// where its unit fits) as the function Components does.
func (o Graph) Components() []int32 {
	g := o.G
	w, h := g.Width(), g.Height()
	// Where the unit fits, square by square, once (the same test as open,
	// kept in a table so that large maps stay quick).
	fits := make([]bool, w*h)
	for i := range fits {
		fits[i] = o.open(g.PointAt(i))
	}
	at := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && fits[y*w+x] }
	label := make([]int32, w*h)
	var next int32
	var queue []grid.Point
	for i := range label {
		if label[i] != 0 || !fits[i] {
			continue
		}
		next++
		label[i] = next
		queue = append(queue[:0], g.PointAt(i))
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := c.X+dx, c.Y+dy
					if dx == 0 && dy == 0 || !at(x, y) || o.Avoid != nil && o.Avoid(grid.Pt(x, y)) {
						continue
					}
					if dx != 0 && dy != 0 { // the rule's corner test, as Legal
						s1, s2 := at(c.X+dx, c.Y), at(c.X, c.Y+dy)
						switch g.Movement() {
						case grid.Octile:
							if !s1 || !s2 {
								continue
							}
						case grid.OctileCutCorners:
							if !s1 && !s2 {
								continue
							}
						default:
							continue
						}
					}
					if j := y*w + x; label[j] == 0 {
						label[j] = next
						queue = append(queue, grid.Pt(x, y))
					}
				}
			}
		}
	}
	return label
}

// ShortestFrom returns the least cost of reaching every cell from start
// (grid.Unreachable where there is no path), and for each reached cell
// its predecessor on a least-cost path (-1 at the start): a plain
// Dijkstra with container/heap over the steps Legal allows, priced by
// Cost. Node ids are those of ID. Cost: O(cells log cells).
func (o Graph) ShortestFrom(start grid.Point) (dist []grid.Cost, prev []int32) {
	n := o.G.Width() * o.G.Height()
	dist, prev = make([]grid.Cost, n), make([]int32, n)
	for i := range dist {
		dist[i], prev[i] = grid.Unreachable, -1
	}
	if !o.open(start) {
		return dist, prev
	}
	dist[o.ID(start)] = 0
	h := &costHeap{{0, int32(o.ID(start))}}
	for h.Len() > 0 {
		top := heap.Pop(h).(heapItem)
		if top.d != dist[top.id] {
			continue
		}
		a := o.Point(int64(top.id))
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				b := grid.Pt(a.X+dx, a.Y+dy)
				if !o.Legal(a, b) {
					continue
				}
				if d, j := top.d+o.Cost(a, b), o.ID(b); d < dist[j] {
					dist[j], prev[j] = d, top.id
					heap.Push(h, heapItem{d, int32(j)})
				}
			}
		}
	}
	return dist, prev
}

type heapItem struct {
	d  grid.Cost
	id int32
}

type costHeap []heapItem

func (h costHeap) Len() int           { return len(h) }
func (h costHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h costHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *costHeap) Push(x any)        { *h = append(*h, x.(heapItem)) }
func (h *costHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
