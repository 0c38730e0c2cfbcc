//go:build !purego

package hpa

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// TestTakeRowAVX2: a row taken by the assembly (takeRow where the CPU
// has AVX2) against the plain Go (takeRowGo) on rows of every width from
// 8 to maxRowsSide, random masks, weights and keys (some keyNone, a
// third just under keyMaxSeed), rows up and down of random keys (some
// keyNone), or both the one spare row of zeros, as in a tile one row
// tall: the same three rows after, the same least fallen keys.
func TestTakeRowAVX2(t *testing.T) {
	if !rowsAVX2 {
		t.Skip("the CPU lacks AVX2")
	}
	r := rand.New(rand.NewPCG(5, 7))
	var s rowsScratch
	var base grid.Cost // keys from base up (every third trial near keyMaxSeed)
	key := func() grid.Cost {
		if r.IntN(6) == 0 {
			return keyNone
		}
		return (base+grid.Cost(r.IntN(4000)))<<keyBits | grid.Cost(r.IntN(9))
	}
	for trial := range 6000 {
		tw := 8 + trial%(maxRowsSide-7)
		base = 0
		if trial%3 == 2 {
			base = keyMaxSeed - 4000
		}
		s.prices(uint8(1 + r.IntN(255)))
		row, m := make([]grid.Cost, tw), make([]uint8, tw)
		up, down := make([]grid.Cost, tw), make([]grid.Cost, tw)
		for x := range tw {
			row[x], m[x], up[x], down[x] = key(), uint8(r.IntN(256)), key(), key()
			if r.IntN(4) == 0 {
				m[x] = 0xff
			}
		}
		row2 := append([]grid.Cost(nil), row...)
		up2, down2 := append([]grid.Cost(nil), up...), append([]grid.Cost(nil), down...)
		if trial%7 == 0 { // a one-row tile: up and down are the spare row, all 0
			clear(up)
			up2 = make([]grid.Cost, tw)
			down, down2 = up, up2
		}
		fu, fd := takeRow(row, m, up, down, &s)
		gu, gd := takeRowGo(row2, m, up2, down2, &s)
		if fu != gu || fd != gd {
			t.Fatalf("width %d: fell %d %d, plain Go %d %d", tw, fu, fd, gu, gd)
		}
		for x := range tw {
			if row[x] != row2[x] || up[x] != up2[x] || down[x] != down2[x] {
				t.Fatalf("width %d, cell %d: row %d up %d down %d, plain Go %d %d %d", tw, x, row[x], up[x], down[x], row2[x], up2[x], down2[x])
			}
		}
	}
}
