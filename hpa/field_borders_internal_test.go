package hpa

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// TestSeedSideAgainstOracle: the seeds of one side of a tile (seedSide,
// from a neighbour of keys or of costs) against a plain oracle: for each
// cell but the side's ends, every step across its mask allows (straight,
// or diagonal to either side), priced at the neighbour's cost there plus
// the step plus the neighbour's shift, the cheapest and, between equals,
// the lowest-numbered; no seed where no step reaches a cell reached. On
// sides of 3 to 64 cells, the four sides' steps, random masks, costs
// (some not reached) and shifts.
func TestSeedSideAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 9))
	sides := [4][3]grid.Dir{
		{grid.North, grid.NorthEast, grid.NorthWest},
		{grid.South, grid.SouthEast, grid.SouthWest},
		{grid.West, grid.SouthWest, grid.NorthWest},
		{grid.East, grid.SouthEast, grid.NorthEast},
	}
	st, dg := grid.StepCost(grid.North, 3, 3), grid.StepCost(grid.NorthEast, 3, 3)
	packed := 0
	for trial := range 3000 {
		n := 3 + r.IntN(62)
		sd := sides[trial%4]
		nt := &fieldTile{cost: make([]grid.Cost, n), w: n, packed: trial%3 != 0}
		if r.IntN(3) > 0 {
			nt.shift = grid.Cost(r.IntN(1 << 20))
		}
		cost := make([]grid.Cost, n) // the neighbour's costs, or Unreachable
		for i := range n {
			cost[i] = grid.Cost(r.IntN(1 << 24))
			if r.IntN(5) == 0 {
				cost[i] = grid.Unreachable
			}
			switch {
			case !nt.packed:
				nt.cost[i] = cost[i]
			case cost[i] == grid.Unreachable:
				nt.cost[i] = keyNone
			default:
				nt.cost[i] = cost[i]<<keyBits | grid.Cost(r.IntN(9))
			}
		}
		if nt.packed {
			packed++
		}
		masks := make([]uint8, n)
		for i := range masks {
			masks[i] = uint8(r.IntN(256))
		}
		got := seedSide(nil, masks, n, 0, 1, 0, 1, nt, 0, 1, sd[0], sd[1], sd[2], st, dg)
		var want []tileSeed
		at := map[grid.Dir]int{sd[0]: 0, sd[1]: 1, sd[2]: -1}
		ds := slices.Clone(sd[:])
		slices.Sort(ds)
		for i := 1; i < n-1; i++ {
			best, bestD := grid.Unreachable, uint8(0)
			for _, d := range ds {
				c := cost[i+at[d]]
				if masks[i]&(1<<d) == 0 || c == grid.Unreachable {
					continue
				}
				step := dg
				if d == sd[0] {
					step = st
				}
				if c+step+nt.shift < best {
					best, bestD = c+step+nt.shift, uint8(d)
				}
			}
			if best != grid.Unreachable {
				want = append(want, tileSeed{best, int32(i), bestD})
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (side of %d, packed %v, shift %d):\n got %v\nwant %v", trial, n, nt.packed, nt.shift, got, want)
		}
	}
	if packed < 1000 {
		t.Fatalf("%d neighbours of keys", packed)
	}
}
