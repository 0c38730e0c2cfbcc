package hpa

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// TestTakeRowAgainstOracle: a take of a row (takeRow: the assembly on
// amd64 with AVX2 from 8 cells, else Go; and takeRowGo) against a plain
// oracle that relaxes the row's cells by the steps along it (east from
// the cell west, west from the cell east, where the leaving cell's mask
// allows, priced by grid.StepCost, the step back stored) until nothing
// falls, then lowers each cell of the rows up and down by the straight
// and two diagonal steps from the row; the least key that fell in each.
// On rows of every width from 1 to maxRowsSide, random masks, weights
// and keys (some keyNone, a third just under keyMaxSeed), rows up and
// down of random keys (some keyNone), or both the one spare row of
// zeros, as in a tile one row tall.
func TestTakeRowAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	var s rowsScratch
	var base grid.Cost
	key := func() grid.Cost {
		if r.IntN(6) == 0 {
			return keyNone
		}
		return (base+grid.Cost(r.IntN(4000)))<<keyBits | grid.Cost(r.IntN(9))
	}
	for trial := range 6000 {
		tw := 1 + trial%maxRowsSide
		base = 0
		if trial%3 == 2 {
			base = keyMaxSeed - 4000
		}
		wt := uint8(1 + r.IntN(255))
		s.prices(wt)
		row, m := make([]grid.Cost, tw), make([]uint8, tw)
		up, down := make([]grid.Cost, tw), make([]grid.Cost, tw)
		for x := range tw {
			row[x], m[x], up[x], down[x] = key(), uint8(r.IntN(256)), key(), key()
			if r.IntN(4) == 0 {
				m[x] = 0xff
			}
		}
		if trial%7 == 0 { // a one-row tile: up and down are the spare row, all 0
			clear(up)
			down = up
		}
		wantRow, wantUp := slices.Clone(row), slices.Clone(up)
		wantDown := slices.Clone(down)
		if trial%7 == 0 {
			wantDown = wantUp
		}
		wu, wd := takeOracle(wantRow, m, wantUp, wantDown, wt)
		for _, impl := range []struct {
			name string
			take func(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) (grid.Cost, grid.Cost)
		}{{"takeRow", takeRow}, {"takeRowGo", takeRowGo}} {
			gotRow, gotUp, gotDown := slices.Clone(row), slices.Clone(up), slices.Clone(down)
			if trial%7 == 0 {
				gotDown = gotUp
			}
			fu, fd := impl.take(gotRow, m, gotUp, gotDown, &s)
			if trial%7 != 0 && (fu != wu || fd != wd) {
				t.Fatalf("%s, width %d: fell %d %d, oracle %d %d", impl.name, tw, fu, fd, wu, wd)
			}
			for x := range tw {
				if gotRow[x] != wantRow[x] || gotUp[x] != wantUp[x] || gotDown[x] != wantDown[x] {
					t.Fatalf("%s, width %d, cell %d: row %d up %d down %d, oracle %d %d %d", impl.name, tw, x, gotRow[x], gotUp[x], gotDown[x], wantRow[x], wantUp[x], wantDown[x])
				}
			}
		}
	}
}

// takeOracle takes row as TestTakeRowAgainstOracle says, in place, and
// returns the least keys that fell in up and down (keyNone: none).
func takeOracle(row []grid.Cost, m []uint8, up, down []grid.Cost, wt uint8) (fellUp, fellDown grid.Cost) {
	tw := len(row)
	// step returns the key a step d from a cell of key from gives the
	// cell it enters, storing the step back; false from a cell not
	// reached or where mask forbids d.
	step := func(from grid.Cost, mask uint8, d grid.Dir) (grid.Cost, bool) {
		if from >= keyNone || mask&(1<<d) == 0 {
			return 0, false
		}
		dd := d.Delta()
		var bk grid.Dir
		for e := range grid.Dir(8) {
			if e.Delta() == grid.Pt(-dd.X, -dd.Y) {
				bk = e
			}
		}
		return (from>>keyBits+grid.StepCost(d, wt, wt))<<keyBits | grid.Cost(bk), true
	}
	type src struct {
		x int
		d grid.Dir
	}
	for fell := true; fell; {
		fell = false
		for x := range tw {
			for _, s := range []src{{x - 1, grid.East}, {x + 1, grid.West}} {
				if s.x < 0 || s.x >= tw {
					continue
				}
				if k, ok := step(row[s.x], m[s.x], s.d); ok && k < row[x] {
					row[x], fell = k, true
				}
			}
		}
	}
	lower := func(dst []grid.Cost, straight, fromWest, fromEast grid.Dir) grid.Cost {
		least := keyNone
		for x := range tw {
			best := dst[x]
			for _, s := range []src{{x, straight}, {x - 1, fromWest}, {x + 1, fromEast}} {
				if s.x < 0 || s.x >= tw {
					continue
				}
				if k, ok := step(row[s.x], m[s.x], s.d); ok && k < best {
					best = k
				}
			}
			if best < dst[x] {
				dst[x], least = best, min(least, best)
			}
		}
		return least
	}
	return lower(up, grid.North, grid.NorthEast, grid.NorthWest), lower(down, grid.South, grid.SouthEast, grid.SouthWest)
}
