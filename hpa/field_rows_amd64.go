//go:build !purego

package hpa

import (
	"github.com/klauspost/cpuid/v2"

	"github.com/rtspath/rtspath/grid"
)

// rowsAVX2 reports whether takeRow runs takeRowAVX2: the CPU and the
// system must support AVX2 (cpuid checks both; kelindar/bitmap already
// builds it, so it adds no module to a game's build). Without it, or
// under purego, takeRowGo runs, as on 386 and js/wasm, where CI runs
// the tests and the golden hashes.
var rowsAVX2 = cpuid.CPU.Supports(cpuid.AVX2)

// takeRow is takeRowGo, by takeRowAVX2 where the CPU has AVX2 and the
// row is 8 cells or more.
func takeRow(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) (fellUp, fellDown grid.Cost) {
	tw := len(row)
	if !rowsAVX2 || tw < 8 || len(m) < tw || len(up) < tw || len(down) < tw {
		return takeRowGo(row, m, up, down, s)
	}
	// SAFETY: the assembly reads and writes cells 0 to len(row)-1 of
	// row, m, up and down and nothing else (its blocks of four start at
	// 0, 4, ... and len(row)-4, with neighbours at ±1 only between), so
	// the checks above keep it inside the slices; TestTakeRowAgainstOracle
	// checks it and takeRowGo, the fallback, on every width.
	return takeRowAVX2(row, m, up, down, &s.price[grid.East], &s.price[grid.West], &s.step)
}

// takeRowAVX2 is takeRow in assembly (field_rows_amd64.s): the passes
// along the row in plain instructions, the rows beside by AVX2 on four
// cells at once. len(row) ≥ 8; m, up and down at least as long.
//
//go:noescape
func takeRowAVX2(row []grid.Cost, m []uint8, up, down []grid.Cost, pe, pw *[256]grid.Cost, step *[8]grid.Cost) (fellUp, fellDown grid.Cost)
