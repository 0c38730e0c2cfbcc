//go:build !amd64 || purego

package hpa

import "github.com/rtspath/rtspath/grid"

// takeRow is takeRowGo: this architecture (or the purego tag) has no
// assembly for it.
func takeRow(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) (fellUp, fellDown grid.Cost) {
	return takeRowGo(row, m, up, down, s)
}
