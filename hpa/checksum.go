package hpa

import (
	"encoding/binary"
	"hash/crc64"

	"github.com/rtspath/rtspath/preprocess"
)

var ecmaTable = crc64.MakeTable(crc64.ECMA)

// Checksum returns a hash of everything the View's version answers
// queries from: the map (passability and terrain weights), the islands
// and dead ends of its regions, the waypoint tier (every slot's point and
// edges), the dead-end marks, the landmark distances and the penalty
// layers (each cell's influence and claims, each unit's claimed path).
// The map's terrain types and movement classes count through its hash;
// the unit layers (preprocess.UnitLayer) are not hashed: they follow from
// the map alone, the same on every machine.
// Two machines that ran the same edits and penalty writes in the same
// order have the same Checksum at the same version: put it in a
// lockstep game's sync report. It is the same on every platform (CRC-64
// of little-endian bytes). Computed once per version and copy, then
// O(1); the first call costs O(cells + waypoints × landmarks). The zero
// View's is 0.
func (v View) Checksum() uint64 {
	r := v.r
	if r == nil {
		return 0
	}
	if s := r.sum.Load(); s != nil {
		return *s
	}
	sum := r.checksum()
	r.sum.Store(&sum)
	return sum
}

// Checksum returns the Checksum of the published version (see
// View.Checksum).
func (l *Live) Checksum() uint64 {
	v := l.Acquire()
	defer v.Release()
	return v.Checksum()
}

func (r *replica) checksum() uint64 {
	var buf []byte
	h := preprocess.MapHash(r.g)
	flush := func() {
		h = crc64.Update(h, ecmaTable, buf)
		buf = buf[:0]
	}
	put := func(x uint64) {
		buf = binary.LittleEndian.AppendUint64(buf, x)
		if len(buf) >= 1<<14 {
			flush()
		}
	}
	p := r.p
	t := p.tier
	for u := range int32(t.Graph.Len()) {
		pt := t.Points[u]
		put(uint64(pt.Cell.X)<<32 | uint64(uint32(pt.Cell.Y)))
		put(uint64(pt.Region)<<8 | uint64(pt.Kind))
		put(uint64(p.nodeDead[u]))
		to, cost := t.Graph.Out(u)
		put(uint64(len(to)))
		for i, w := range to {
			put(uint64(w)<<40 ^ uint64(cost[i]))
		}
		if p.lm != nil {
			for i := range p.lm.Len() {
				d, ok := p.lm.Dist(i, u)
				if !ok {
					d = -1
				}
				put(uint64(d))
			}
		}
	}
	b := r.b
	put(uint64(b.Islands()))
	for reg := range int32(b.Regions()) {
		put(uint64(uint32(b.RegionIsland(reg)))<<32 | uint64(uint32(b.RegionDeadEnd(reg))))
	}
	for _, f := range r.pens {
		// Each unit's claims in path order from its current cell: the
		// claim radius is measured from that cell.
		for s := range f.units {
			u := &f.units[s]
			put(u.id)
			put(uint64(len(u.cells) - u.from))
			for _, c := range u.cells[u.from:] {
				put(uint64(c))
			}
		}
		put(uint64(len(f.cells)))
		for c, hot := range f.nInfl {
			if hot == 0 && f.nClaim[c] == 0 {
				continue
			}
			rc := t.ClusterRect(c)
			put(uint64(c))
			for y := rc.Min.Y; y < rc.Max.Y; y++ {
				for x := rc.Min.X; x < rc.Max.X; x++ {
					i := y*f.w + x
					put(uint64(f.influence(i)))
					if f.cells[i] < 0 { // claimed: by whom (a sum, as the order of claims is no part of the state)
						var ids uint64
						for e := f.claims.get(int32(i)); e >= 0; e = f.entries[e].next {
							ids += f.units[f.entries[e].unit].id*0x9e3779b97f4a7c15 + 1
						}
						put(ids)
					}
				}
			}
		}
	}
	flush()
	return h
}
