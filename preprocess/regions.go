package preprocess

import "slices"

// cellRegions is one cluster's local region per cell, row-major in the
// cluster's rectangle, held in the least memory its labels allow:
// nothing when every cell is blocked or every cell is open and one
// region; a bit per cell (open or not) for one region; half a byte per
// cell for up to 15 regions (labels 0 to 14, 15 for blocked), a byte for
// up to 255; two beyond. Most clusters of most maps are one region, so a
// bake holds well under a byte per cell for them, where a plain array of
// labels would take two.
type cellRegions struct {
	kind uint8
	// regionsOne: a bit per cell, set when open; regionsNibble: four
	// bits per cell (the low ones first), the region or noRegion4;
	// regionsByte: a byte per cell, the region or noRegion8;
	// regionsWide: two per cell, the region (little-endian) or NoRegion
	data []uint8
}

// Kinds of cellRegions.
const (
	regionsNone = iota // every cell blocked
	regionsFull        // every cell open, one region
	regionsOne         // one region, some cells blocked
	regionsNibble
	regionsByte
	regionsWide
)

// noRegion4 and noRegion8 mark a blocked cell in half a byte and a byte
// per cell.
const (
	noRegion4 = 0xf
	noRegion8 = 0xff
)

// at returns the region of local cell li, NoRegion when blocked.
func (r *cellRegions) at(li int) uint16 {
	switch r.kind {
	case regionsFull:
		return 0
	case regionsOne:
		if r.data[li>>3]>>(li&7)&1 != 0 {
			return 0
		}
	case regionsNibble:
		if v := r.data[li>>1] >> (4 * (li & 1)) & 0xf; v != noRegion4 {
			return uint16(v)
		}
	case regionsByte:
		if v := r.data[li]; v != noRegion8 {
			return uint16(v)
		}
	case regionsWide:
		return uint16(r.data[2*li]) | uint16(r.data[2*li+1])<<8
	}
	return NoRegion
}

// set keeps labels (a region per local cell, NoRegion when blocked) of a
// cluster of n regions and open open cells, reusing r's memory where it
// needs some.
func (r *cellRegions) set(labels []uint16, n int32, open int) {
	switch {
	case n == 0:
		r.kind, r.data = regionsNone, nil
		return
	case n == 1 && open == len(labels):
		r.kind, r.data = regionsFull, nil
		return
	case n == 1:
		r.kind = regionsOne
		r.grow((len(labels) + 7) / 8)
		for i, l := range labels {
			if l != NoRegion {
				r.data[i>>3] |= 1 << (i & 7)
			}
		}
	case n <= noRegion4:
		r.kind = regionsNibble
		r.grow((len(labels) + 1) / 2)
		for i, l := range labels {
			r.data[i>>1] |= uint8(min(l, noRegion4)) << (4 * (i & 1))
		}
	case n <= noRegion8:
		r.kind = regionsByte
		r.grow(len(labels))
		for i, l := range labels {
			r.data[i] = uint8(min(l, noRegion8))
		}
	default:
		r.kind = regionsWide
		r.grow(2 * len(labels))
		for i, l := range labels {
			r.data[2*i], r.data[2*i+1] = uint8(l), uint8(l>>8)
		}
	}
}

// grow makes r.data n zero bytes, reusing its memory.
func (r *cellRegions) grow(n int) {
	r.data = slices.Grow(r.data[:0], n)[:n]
	clear(r.data)
}

// size returns the memory r holds.
func (r *cellRegions) size() int { return cap(r.data) }

// regionAt returns the local region of cell i (by grid index) as the
// bake holds it, NoRegion when blocked.
func (b *Bake) regionAt(i int) uint16 {
	_, r := b.cellRegion(i)
	return r
}

// cellRegion returns the cluster of cell i (by grid index) and its local
// region there, NoRegion when blocked.
func (b *Bake) cellRegion(i int) (c int, r uint16) {
	x, y := i%b.w, i/b.w
	cx, cy := x/b.cs, y/b.cs
	rw := min(b.cs, b.w-cx*b.cs)
	c = cy*b.cw + cx
	return c, b.cl[c].reg.at((y-cy*b.cs)*rw + x - cx*b.cs)
}
