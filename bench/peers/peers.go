package main

import (
	beefsack "github.com/beefsack/go-astar"
	fzipp "github.com/fzipp/astar"
	"github.com/solarlune/paths"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/grid"
)

// gonum: path.AStar on a graph view of the grid, written the way a user
// would: node ids y*w+x, neighbours from the grid's legal steps, weights
// 1 and √2, the octile heuristic.
type gonumView struct{ g *grid.Grid }

func (v gonumView) pt(id int64) grid.Point { return v.g.PointAt(int(id)) }

func (v gonumView) Node(id int64) graph.Node {
	if id < 0 || id >= int64(v.g.Width()*v.g.Height()) || !v.g.Passable(v.pt(id)) {
		return nil
	}
	return simple.Node(id)
}

func (v gonumView) Nodes() graph.Nodes {
	var ns []graph.Node
	for i := range v.g.Width() * v.g.Height() {
		if v.g.Passable(v.g.PointAt(i)) {
			ns = append(ns, simple.Node(i))
		}
	}
	return iterator.NewOrderedNodes(ns)
}

func (v gonumView) From(id int64) graph.Nodes {
	nb := neighbours(v.g, v.pt(id), nil)
	ns := make([]graph.Node, len(nb))
	for i, p := range nb {
		ns[i] = simple.Node(v.g.Index(p))
	}
	return iterator.NewOrderedNodes(ns)
}

func (v gonumView) HasEdgeBetween(x, y int64) bool { return v.g.CanStep(v.pt(x), v.pt(y)) }

func (v gonumView) Edge(u, w int64) graph.Edge { return v.WeightedEdge(u, w) }

func (v gonumView) WeightedEdge(u, w int64) graph.WeightedEdge {
	if !v.g.CanStep(v.pt(u), v.pt(w)) {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(u), T: simple.Node(w), W: stepCost(v.pt(u), v.pt(w))}
}

func (v gonumView) Weight(x, y int64) (float64, bool) {
	if x == y {
		return 0, true
	}
	if !v.g.CanStep(v.pt(x), v.pt(y)) {
		return 0, false
	}
	return stepCost(v.pt(x), v.pt(y)), true
}

func gonumPeer() peer {
	return peer{"gonum graph/path.AStar", "v0.17.0", func(g *grid.Grid) func(a, z grid.Point) []grid.Point {
		v := gonumView{g}
		h := func(x, y graph.Node) float64 { return octile(v.pt(x.ID()), v.pt(y.ID())) }
		return func(a, z grid.Point) []grid.Point {
			sp, _ := path.AStar(simple.Node(g.Index(a)), simple.Node(g.Index(z)), v, h)
			nodes, _ := sp.To(int64(g.Index(z)))
			if len(nodes) == 0 {
				return nil
			}
			out := make([]grid.Point, len(nodes))
			for i, n := range nodes {
				out[i] = v.pt(n.ID())
			}
			return out
		}
	}}
}

// beefsack/go-astar: its Pather interface on one tile per cell.
type tile struct {
	w  *tileWorld
	at grid.Point
}

type tileWorld struct {
	g     *grid.Grid
	tiles []tile
}

func (t *tile) PathNeighbors() []beefsack.Pather {
	var out []beefsack.Pather
	for _, p := range neighbours(t.w.g, t.at, nil) {
		out = append(out, &t.w.tiles[t.w.g.Index(p)])
	}
	return out
}

func (t *tile) PathNeighborCost(to beefsack.Pather) float64 { return stepCost(t.at, to.(*tile).at) }

func (t *tile) PathEstimatedCost(to beefsack.Pather) float64 { return octile(t.at, to.(*tile).at) }

func beefsackPeer() peer {
	return peer{"beefsack/go-astar", "4ecf9e3", func(g *grid.Grid) func(a, z grid.Point) []grid.Point {
		w := &tileWorld{g: g, tiles: make([]tile, g.Width()*g.Height())}
		for i := range w.tiles {
			w.tiles[i] = tile{w, g.PointAt(i)}
		}
		return func(a, z grid.Point) []grid.Point {
			ps, _, found := beefsack.Path(&w.tiles[g.Index(a)], &w.tiles[g.Index(z)])
			if !found {
				return nil
			}
			out := make([]grid.Point, len(ps))
			for i, p := range ps {
				out[i] = p.(*tile).at
			}
			return out
		}
	}}
}

// fzipp/astar: its generic Graph on grid points.
type pointGraph struct{ g *grid.Grid }

func (pg pointGraph) Neighbours(p grid.Point) []grid.Point { return neighbours(pg.g, p, nil) }

func fzippPeer() peer {
	return peer{"fzipp/astar", "v0.2.0", func(g *grid.Grid) func(a, z grid.Point) []grid.Point {
		return func(a, z grid.Point) []grid.Point {
			return fzipp.FindPath[grid.Point](pointGraph{g}, a, z, stepCost, octile)
		}
	}}
}

// solarlune/paths: its Grid of cells, diagonals on, walls blocking
// diagonal steps (the benchmark's corner rule).
func solarlunePeer() peer {
	return peer{"solarlune/paths", "0494358", func(g *grid.Grid) func(a, z grid.Point) []grid.Point {
		m := paths.NewGrid(g.Width(), g.Height(), 1, 1)
		for i := range g.Width() * g.Height() {
			p := g.PointAt(i)
			m.Get(p.X, p.Y).Walkable = g.Passable(p)
		}
		return func(a, z grid.Point) []grid.Point {
			pa := m.GetPathFromCells(m.Get(a.X, a.Y), m.Get(z.X, z.Y), true, true)
			if pa == nil || len(pa.Cells) == 0 {
				return nil
			}
			out := make([]grid.Point, len(pa.Cells))
			for i, c := range pa.Cells {
				out[i] = grid.Pt(c.X, c.Y)
			}
			return out
		}
	}}
}
