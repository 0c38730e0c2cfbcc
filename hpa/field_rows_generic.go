//go:build !amd64 || purego

package hpa

import "github.com/rtspath/rtspath/grid"

// passMiddle reports false: on this architecture (or under the purego
// tag) passRows takes every cell with passCells.
func passMiddle(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) bool {
	return false
}
