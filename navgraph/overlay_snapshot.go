package navgraph

import (
	"fmt"
	"slices"
)

// OverlayCells is a set of an Overlay's level-0 cells rebuilt away from
// it, so that the Overlay's owner pays for a rebuild neither in one go
// nor on its own goroutine: Overlay.Snapshot copies the edges the cells
// need, Build computes their hops (on any goroutine, while the Overlay
// and its graph go on changing and being searched), and Overlay.Install
// puts in place those still stale and not marked again since.
type OverlayCells struct {
	o     *Overlay
	cells []int32 // ascending, distinct
	// the edges out of each cell's nodes, cell after cell, nodes in the
	// Overlay's order (o.members): node k's are to[off[k]:off[k+1]]
	base  []int32 // per cell (+1): its first node's index in off
	off   []int32
	to    []int32
	cost  []Cost
	built []ovCell
	err   error
	done  bool
}

// Snapshot copies, from g (the graph the Overlay was made for, as it is
// now), the edges of the listed level-0 cells' nodes, for Build. It
// returns an error wrapping ErrGraph for a nil or zero Overlay, a graph
// of another size, a cell out of range, or an edge across cells without
// its reverse at equal cost (ErrNilGraph for a nil g). Cost: linear in
// the cells' nodes and edges.
func (o *Overlay) Snapshot(g *Graph, cells []int32) (*OverlayCells, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: Overlay.Snapshot", ErrNilGraph)
	}
	if o == nil || len(o.levels) == 0 {
		return nil, fmt.Errorf("%w: Snapshot of a nil or zero Overlay (make one with NewOverlay)", ErrGraph)
	}
	if g.Len() != o.n {
		return nil, fmt.Errorf("%w: overlay of %d nodes, a snapshot of a graph of %d", ErrGraph, o.n, g.Len())
	}
	for _, c := range cells {
		if c < 0 || int(c) >= len(o.levels[0].cells) {
			return nil, fmt.Errorf("%w: cell %d of %d", ErrGraph, c, len(o.levels[0].cells))
		}
	}
	s := &OverlayCells{o: o, cells: slices.Compact(slices.Sorted(slices.Values(cells)))}
	s.base = make([]int32, 0, len(s.cells)+1)
	s.off = []int32{0}
	for _, c := range s.cells {
		s.base = append(s.base, int32(len(s.off)-1))
		for _, u := range o.members[o.start[c]:o.start[c+1]] {
			to, cost := g.Out(u)
			for i, v := range to {
				if o.cell[v] == c {
					continue
				}
				if back, ok := g.Cost(v, u); !ok || back != cost[i] {
					return nil, oneWay(u, v, cost[i])
				}
			}
			s.to, s.cost = append(s.to, to...), append(s.cost, cost...)
			s.off = append(s.off, int32(len(s.to)))
		}
	}
	s.base = append(s.base, int32(len(s.off)-1))
	return s, nil
}

// Cells returns the snapshot's level-0 cells, ascending (its own slice:
// do not modify it).
func (s *OverlayCells) Cells() []int32 {
	if s == nil {
		return nil
	}
	return s.cells
}

// Build computes the hops of the snapshot's cells, as Update would have
// on the graph when Snapshot copied it. It reads only the snapshot and
// what never changes in the Overlay, so it may run on any goroutine
// while the Overlay is searched, invalidated and updated; but not twice
// at once, nor during the Install of the same snapshot. workers bounds
// its goroutines (≤ 0: one). A second call does nothing. Cost: that of
// Update for those cells.
func (s *OverlayCells) Build(workers int) error {
	if s == nil || s.o == nil {
		return fmt.Errorf("%w: Build on a nil or zero OverlayCells (make one with Overlay.Snapshot)", ErrGraph)
	}
	if s.done {
		return s.err
	}
	s.built = make([]ovCell, len(s.cells))
	err := eachCell(len(s.cells), workers, func(i int, sc *cellScratch) error {
		var err error
		s.built[i], err = s.buildOne(i, sc)
		return err
	})
	s.done, s.err = true, err
	return s.err
}

// buildOne builds the snapshot's i-th cell.
func (s *OverlayCells) buildOne(i int, sc *cellScratch) (ovCell, error) {
	o, c := s.o, s.cells[i]
	m := o.members[o.start[c]:o.start[c+1]]
	base := s.base[i]
	out := func(u int32) ([]int32, []Cost) {
		k, ok := slices.BinarySearch(m, u)
		if !ok {
			return nil, nil
		}
		j := base + int32(k)
		return s.to[s.off[j]:s.off[j+1]], s.cost[s.off[j]:s.off[j+1]]
	}
	// Snapshot checked that each edge across the cell has its reverse at
	// equal cost: v→u costs what u→v does.
	back := func(v, u int32) (Cost, bool) {
		to, cost := out(u)
		for x, w := range to {
			if w == v {
				return cost[x], true
			}
		}
		return 0, false
	}
	return o.buildCell(out, back, 0, c, sc)
}

// Install puts in place the cells of s (built by Build) that are stale
// and that Invalidate has not marked since the Overlay's Epoch was since
// (the snapshot's edges are those of the graph then), and recomputes on
// g the cells above them; it appends the cells it installed to dst. s
// may come from this Overlay or from one made with the same levels and
// doors (a copy kept in step by the same Invalidates and Updates). A cell
// updated since the snapshot, or marked again, keeps what it has. Give
// since as Epoch when the snapshot was taken (an owner that replays the
// same Invalidates on several copies of an Overlay may install one
// snapshot on each, with each copy's own epoch). It returns an error
// wrapping ErrGraph for a snapshot not built, built with an error, or
// of another Overlay (ErrNilGraph for a nil g), changing nothing; or
// one from recomputing the cells above, which then fails searches as a
// failed Update does, until an Update succeeds. Cost: O(cells of s),
// plus Update's for the cells above.
func (o *Overlay) Install(g *Graph, s *OverlayCells, since uint64, workers int, dst []int32) ([]int32, error) {
	if g == nil {
		return dst, fmt.Errorf("%w: Overlay.Install", ErrNilGraph)
	}
	if o == nil || len(o.levels) == 0 || g.Len() != o.n {
		return dst, fmt.Errorf("%w: Install on a nil or zero Overlay, or on a graph of another size", ErrGraph)
	}
	if s == nil || !s.done || s.err != nil || s.o.n != o.n || !slices.Equal(s.o.start, o.start) || !slices.Equal(s.o.doors, o.doors) {
		return dst, fmt.Errorf("%w: Install of a snapshot not built, failed, or of another overlay (other cells or doors)", ErrGraph)
	}
	base := len(dst)
	lv := &o.levels[0]
	for i, c := range s.cells {
		if lv.dirty[c] && o.mark[c] <= since {
			lv.cells[c], lv.dirty[c] = s.built[i], false
			dst = append(dst, c)
		}
	}
	var err error
	if len(o.levels) > 1 && len(dst) > base {
		up := make([]int32, 0, len(dst)-base)
		for _, c := range dst[base:] {
			if u := lv.up[c]; u >= 0 {
				up = append(up, u)
			}
		}
		slices.Sort(up)
		if err = o.rebuild(g, 1, slices.Compact(up), workers); err != nil {
			o.pending = append(o.pending, dst[base:]...)
		}
	}
	o.countBytes()
	return dst, err
}

// Epoch returns the number of cell marks Invalidate has made (see
// Install).
func (o *Overlay) Epoch() uint64 {
	if o == nil {
		return 0
	}
	return o.epoch
}
