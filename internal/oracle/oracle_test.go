package oracle_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// TestShortestFromAgainstGonum: on random grids (every movement rule,
// walls, terrain weights, penalties up to 2^30 per cell, a window, barred
// cells), the plain Dijkstra gives every cell the distance gonum's
// Dijkstra gives it, and its predecessors form paths of that cost.
func TestShortestFromAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(101, 102))
	weights := []uint8{1, 1, 2, 3, 9, 255}
	for iter := range 1000 {
		w, h := 1+r.IntN(20), 1+r.IntN(20)
		g, err := grid.New(w, h, grid.Movement(r.IntN(3)))
		if err != nil {
			t.Fatal(err)
		}
		pen := make([]grid.Cost, w*h)
		for i := range w * h {
			p := g.PointAt(i)
			g.SetPassable(p, r.IntN(4) > 0)
			g.SetWeight(p, weights[r.IntN(len(weights))])
			if r.IntN(3) == 0 {
				pen[i] = grid.Cost(r.Int64N(1 << 30))
			}
		}
		o := oracle.Graph{G: g, Penalty: func(p grid.Point) grid.Cost { return pen[g.Index(p)] }}
		if r.IntN(2) == 0 {
			o.Win = grid.R(r.IntN(w), r.IntN(h), w, h)
		}
		if r.IntN(2) == 0 {
			o.Avoid = func(p grid.Point) bool { return (p.X+p.Y)%5 == 0 }
		}
		start := g.PointAt(r.IntN(w * h))
		dist, prev := o.ShortestFrom(start)
		if !g.Passable(start) || !start.In(o.Win) && o.Win != (grid.Rect{}) {
			continue
		}
		sp := path.DijkstraFrom(simple.Node(o.ID(start)), o)
		for i := range w * h {
			z := g.PointAt(i)
			want := grid.Unreachable
			if z == start { // gonum knows no start without steps out
				want = 0
			} else if d := sp.WeightTo(o.ID(z)); !math.IsInf(d, 1) {
				want = grid.Cost(d)
			}
			if dist[i] != want {
				t.Fatalf("grid %d: %v→%v: %d, gonum %d", iter, start, z, dist[i], want)
			}
			if want == grid.Unreachable {
				continue
			}
			var cells []grid.Point
			for id := int64(i); id >= 0; id = int64(prev[id]) {
				cells = append([]grid.Point{o.Point(id)}, cells...)
			}
			if c, ok := oracle.PathCost(o, cells); !ok || cells[0] != start || c != want {
				t.Fatalf("grid %d: %v→%v: the predecessors give a path of cost %d (legal %v), want %d", iter, start, z, c, ok, want)
			}
		}
	}
}
