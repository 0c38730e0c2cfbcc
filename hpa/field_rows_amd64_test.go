//go:build !purego

package hpa

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// TestPassRowsAVX2: passRows with AVX2 against passRows without it
// (passCells over the whole row, plain Go) on rows of every width from
// 1 to maxRowsSide, random masks, weights and keys (some keyNone), into
// rows up and down that hold random keys (some keyNone): the same rows
// after, the same least fallen keys.
func TestPassRowsAVX2(t *testing.T) {
	if !rowsAVX2 {
		t.Skip("the CPU lacks AVX2")
	}
	r := rand.New(rand.NewPCG(5, 7))
	var s rowsScratch
	key := func() grid.Cost {
		if r.IntN(6) == 0 {
			return keyNone
		}
		return grid.Cost(r.IntN(4000))<<keyBits | grid.Cost(r.IntN(9))
	}
	for trial := range 4000 {
		tw := 1 + trial%maxRowsSide
		s.prices(uint8(1 + r.IntN(255)))
		row, m := make([]grid.Cost, tw), make([]uint8, tw)
		up, down := make([]grid.Cost, tw), make([]grid.Cost, tw)
		for x := range tw {
			row[x], m[x], up[x], down[x] = key(), uint8(r.IntN(256)), key(), key()
			if r.IntN(4) == 0 {
				m[x] = 0xff
			}
		}
		up2, down2 := append([]grid.Cost(nil), up...), append([]grid.Cost(nil), down...)
		fu, fd := passRows(row, m, up, down, &s)
		gu, gd := passCells(row, m, up2, down2, s.price, 0, tw)
		if fu != gu || fd != gd {
			t.Fatalf("width %d: fell %d %d, plain Go %d %d", tw, fu, fd, gu, gd)
		}
		for x := range tw {
			if up[x] != up2[x] || down[x] != down2[x] {
				t.Fatalf("width %d, cell %d: up %d down %d, plain Go %d %d", tw, x, up[x], down[x], up2[x], down2[x])
			}
		}
	}
}
