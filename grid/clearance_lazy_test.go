package grid_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// TestClearanceOnFirstUse: a grid computes clearance the first time it is
// asked, from whatever edits came before, and keeps it from then on:
// against the brute-force square scan after edits before the first use,
// after edits since, on clones made before and after it, and when many
// goroutines ask at once on a fresh grid (they all get the same answer;
// run with -race).
func TestClearanceOnFirstUse(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	check := func(g *grid.Grid, what string) {
		t.Helper()
		for i := range g.Width() * g.Height() {
			p := g.PointAt(i)
			if got, want := g.Clearance(p), bruteClearance(g, p); got != want {
				t.Fatalf("%s: %v: clearance %d, brute force %d\n%s", what, p, got, want, g.Draw(nil))
			}
			if got, want := g.Fits(p, grid.Unit{}), g.Passable(p); got != want {
				t.Fatalf("%s: %v: a one-cell unit fits %v, passable %v", what, p, got, want)
			}
		}
	}
	edit := func(g *grid.Grid) {
		for range 1 + r.IntN(6) {
			x, y := r.IntN(g.Width()), r.IntN(g.Height())
			g.Fill(grid.R(x, y, x+1+r.IntN(7), y+1+r.IntN(7)), r.IntN(3) == 0)
		}
	}
	for range 20 {
		g := roomyGrid(r)
		edit(g)
		before := g.Clone() // not computed yet
		if g.Fits(grid.Pt(0, 0), grid.Unit{}) != g.Passable(grid.Pt(0, 0)) {
			t.Fatal("Fits for a one-cell unit is not passability")
		}
		check(g, "first use after edits")
		edit(g)
		check(g, "edits since")
		after := g.Clone() // computed
		edit(after)
		check(after, "a clone of a computed grid, edited")
		check(g, "the grid its edited clone came from")
		edit(before)
		check(before, "a clone from before, edited")
	}
	g := roomyGrid(r)
	edit(g)
	var wg sync.WaitGroup
	got := make([][]uint8, 8)
	for i := range got {
		wg.Go(func() { got[i] = g.Clearances() })
	}
	wg.Wait()
	for i := range got {
		if &got[i][0] != &got[0][0] {
			t.Fatal("concurrent first uses made two clearance arrays")
		}
	}
	check(g, "concurrent first use")
}

// TestBytesCountsClearanceOnce: a fresh 300×200 grid holds a byte and a
// bit per cell (and its dirty rectangles) and no weights; one byte more
// per cell once a cell weighs more than 1, whatever the weights after
// that; one more once clearance is made.
func TestBytesCountsClearanceOnce(t *testing.T) {
	g, err := grid.New(300, 200, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	cells := 300 * 200
	before := g.Bytes()
	if lo, hi := cells+cells/8, cells+cells/8+1024; before < lo || before > hi {
		t.Fatalf("a fresh grid holds %d bytes, want %d to %d", before, lo, hi)
	}
	if g.Weights() != nil || g.Weight(grid.Pt(7, 9)) != 1 || !g.Uniform() {
		t.Fatalf("a fresh grid: weights %v, weight %d, uniform %v", g.Weights() != nil, g.Weight(grid.Pt(7, 9)), g.Uniform())
	}
	if err := g.FillWeight(grid.R(0, 0, 300, 200), 1); err != nil || g.Weights() != nil || g.Bytes() != before {
		t.Fatalf("weights of 1 made a weight array (%v, %d bytes)", err, g.Bytes())
	}
	if err := g.SetWeight(grid.Pt(7, 9), 3); err != nil {
		t.Fatal(err)
	}
	if got := g.Bytes() - before; got < cells || got > cells+1024 { // and the edit's dirty rectangle
		t.Fatalf("a cell of weight 3: %d bytes more, want %d to %d", got, cells, cells+1024)
	}
	if w := g.Weights(); len(w) != cells || w[9*300+7] != 3 || w[9*300+8] != 1 || g.Uniform() {
		t.Fatalf("a cell of weight 3: %d weights, uniform %v", len(w), g.Uniform())
	}
	if err := g.SetWeight(grid.Pt(7, 9), 1); err != nil || g.Weight(grid.Pt(7, 9)) != 1 || !g.Uniform() || g.MinWeight() != 1 {
		t.Fatalf("weight back to 1: %v, weight %d, uniform %v", err, g.Weight(grid.Pt(7, 9)), g.Uniform())
	}
	before = g.Bytes()
	g.Clearance(grid.Pt(0, 0))
	if got := g.Bytes() - before; got != cells {
		t.Fatalf("clearance made: %d bytes more, want %d", got, cells)
	}
}
