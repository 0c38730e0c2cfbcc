package preprocess

import "testing"

// TestCellRegionsKinds: labels of n regions take the storage the type's
// doc promises (nothing, a bit, half a byte up to 15 regions, a byte up
// to 255, two bytes beyond) and read back as they were, blocked cells
// included, also when a cell's memory is reused for another kind.
func TestCellRegionsKinds(t *testing.T) {
	const cells = 1000
	cases := []struct {
		n     int32
		open  bool // every cell open
		kind  uint8
		bytes int
	}{
		{0, false, regionsNone, 0},
		{1, true, regionsFull, 0},
		{1, false, regionsOne, cells / 8},
		{2, false, regionsNibble, cells / 2},
		{15, false, regionsNibble, cells / 2},
		{16, false, regionsByte, cells},
		{255, false, regionsByte, cells},
		{256, false, regionsWide, 2 * cells},
		{cells - 1, false, regionsWide, 2 * cells},
	}
	var r cellRegions
	for _, c := range cases {
		labels := make([]uint16, cells)
		for i := range labels {
			labels[i] = uint16(i % int(max(c.n, 1)))
			if c.n == 0 || !c.open && i%7 == 3 {
				labels[i] = NoRegion
			}
		}
		if c.n > 0 {
			labels[cells-1] = uint16(c.n - 1) // the highest label is used
		}
		open := 0
		for _, l := range labels {
			if l != NoRegion {
				open++
			}
		}
		r.set(labels, c.n, open)
		if r.kind != c.kind || len(r.data) != c.bytes {
			t.Fatalf("%d regions (all open %v): kind %d holding %d bytes, want kind %d holding %d", c.n, c.open, r.kind, len(r.data), c.kind, c.bytes)
		}
		for i, l := range labels {
			if got := r.at(i); got != l {
				t.Fatalf("%d regions: cell %d reads %d, want %d", c.n, i, got, l)
			}
		}
	}
}
