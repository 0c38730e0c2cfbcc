//go:build !purego

package hpa

import (
	"golang.org/x/sys/cpu"

	"github.com/rtspath/rtspath/grid"
)

// rowsAVX2 reports whether passMiddle runs passRowsAVX2: the CPU and
// the system must support AVX2 (tests turn it off to compare).
var rowsAVX2 = cpu.X86.HasAVX2

// passMiddle lowers the cells of up and down that row's cells 1 to
// len(row)-2 reach by a step (as passCells would), leaving in s.fell the
// least keys that fell, by AVX2 on four cells at once; it reports false,
// doing nothing, where the CPU lacks AVX2 or the row is under 6 cells.
func passMiddle(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) bool {
	tw := len(row)
	if !rowsAVX2 || tw < 6 || len(m) < tw || len(up) < tw || len(down) < tw {
		return false
	}
	passRowsAVX2(row, m, up, down, &s.step, &s.fell)
	return true
}

// passRowsAVX2 is passMiddle's loop in assembly (field_rows_amd64.s):
// len(row) ≥ 6, and m, up and down at least as long.
//
//go:noescape
func passRowsAVX2(row []grid.Cost, m []uint8, up, down []grid.Cost, step, fell *[8]grid.Cost)
