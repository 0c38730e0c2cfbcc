package grid_test

import (
	"math"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// TestPenaltyExtremes: a Func that answers math.MaxInt64 counts as
// MaxPenalty, as documented, in searches, step lines and PathCostWith:
// costs never wrap, and of three corridors at or near the largest
// penalty the search takes the one that costs least, as the oracle priced
// by the same rule does.
func TestPenaltyExtremes(t *testing.T) {
	g, err := grid.ParseASCII(`
		..........
		.########.
		..........
		.########.
		..........`, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	n := g.Width() * g.Height()
	cells := make([]int32, n)
	ask := make([]grid.Cost, n)
	for x := 1; x < 9; x++ {
		cells[g.Index(grid.Pt(x, 2))] = -1 // the middle corridor: as dear as it gets
		ask[g.Index(grid.Pt(x, 2))] = math.MaxInt64
		cells[g.Index(grid.Pt(x, 0))] = math.MaxInt32                   // the top one: as dear
		cells[g.Index(grid.Pt(x, 4))] = -1                              // the bottom one: a little less,
		ask[g.Index(grid.Pt(x, 4))] = grid.MaxPenalty - 2*grid.Straight // enough to pay the detour
	}
	pen := &grid.Penalty{Cells: cells, Func: func(i int) grid.Cost { return ask[i] }}
	// The oracle prices a cell by the rule as documented.
	price := func(p grid.Point) grid.Cost {
		v := grid.Cost(cells[g.Index(p)])
		if v < 0 {
			v = min(max(ask[g.Index(p)], 0), grid.MaxPenalty)
		}
		return v
	}
	o := oracle.Graph{G: g, Penalty: price}
	a, z := grid.Pt(0, 2), grid.Pt(9, 2)
	want := grid.Cost(path.DijkstraFrom(simple.Node(o.ID(a)), o).WeightTo(o.ID(z)))
	s := grid.NewSearcher(g)
	for _, dijkstra := range []bool{false, true} {
		res, err := s.FindPath(a, z, grid.Options{Penalty: pen, Dijkstra: dijkstra}, nil)
		if err != nil || res.Status != grid.Found {
			t.Fatalf("%v %v", res.Status, err)
		}
		if res.Path[1].Y != 3 {
			t.Errorf("the path does not take the cheapest corridor:\n%s", g.Draw(res.Path))
		}
		c, ok := oracle.PathCost(o, res.Path)
		if !ok || c != res.Cost || c != want {
			t.Fatalf("cost %d, oracle prices its path %d (legal %v), optimum %d\n%s", res.Cost, c, ok, want, g.Draw(res.Path))
		}
		if pc, err := g.PathCostWith(res.Path, pen); err != nil || pc != want {
			t.Fatalf("PathCostWith %d %v, want %d", pc, err, want)
		}
	}
	// Straight through the middle corridor: 9 cells at MaxPenalty each.
	lc, ok := g.StepLineCostWith(a, z, grid.Unreachable, pen)
	line := g.AppendStepLine([]grid.Point{a}, a, z)
	if lo, _ := oracle.PathCost(o, line); !ok || lc != lo || lc < want {
		t.Fatalf("step line costs %d (%v), oracle %d, optimum %d", lc, ok, lo, want)
	}
	if pc, err := g.PathCostWith(line, pen); err != nil || pc != lc {
		t.Fatalf("PathCostWith of the line %d %v, StepLineCostWith %d", pc, err, lc)
	}
}
