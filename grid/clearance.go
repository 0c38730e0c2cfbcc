package grid

import (
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MaxClearance caps the clearance a grid keeps per cell: units up to this
// many cells across can be planned for.
const MaxClearance = 32

// Clearance returns the side of the largest all-passable square whose
// top-left cell is p (HAA*'s true clearance, Harabor & Botea 2008),
// capped at MaxClearance; 0 if p is blocked or off the grid. A unit n
// cells across fits with its top-left corner at p when Clearance(p) >= n.
// The grid computes every cell's clearance the first time anything asks
// for one (this, Clearances, or Fits, UnitMoves, a search or a step line
// for a unit more than one cell across, O(cells) once; a one-cell unit of
// no class never needs it), and from then on every edit keeps it up to
// date. O(1) after that.
func (g *Grid) Clearance(p Point) int {
	if !g.Contains(p) {
		return 0
	}
	return int(g.clearance()[p.Y*g.w+p.X])
}

// Clearances returns every cell's clearance (see Clearance), row-major.
// The slice is the grid's own: do not modify it.
func (g *Grid) Clearances() []uint8 { return g.clearance() }

// Bytes returns the memory g holds: passability bits, weights and step
// masks, its clearance once made, terrain types and each class's
// clearance, and the dirty rectangles.
func (g *Grid) Bytes() int {
	n := 8*len(g.open) + cap(g.wt) + cap(g.moves) + cap(g.terr) + int(unsafe.Sizeof(Rect{}))*cap(g.rects)
	if g.clear.ready.Load() {
		n += cap(g.clear.c)
	}
	for _, c := range g.cclear {
		n += cap(c)
	}
	return n
}

// lazyClearance is the grid's own clearance, computed on first use.
type lazyClearance struct {
	mu    sync.Mutex
	ready atomic.Bool
	c     []uint8
}

// clone returns a copy of l.
func (l *lazyClearance) clone() *lazyClearance {
	c := &lazyClearance{}
	if l.ready.Load() {
		c.c = slices.Clone(l.c)
		c.ready.Store(true)
	}
	return c
}

// clearance returns the grid's own clearance per cell, computing it the
// first time: concurrent readers wait for one computation.
func (g *Grid) clearance() []uint8 {
	l := g.clear
	if l.ready.Load() {
		return l.c
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.ready.Load() {
		l.c = make([]uint8, g.w*g.h)
		g.computeClearance(l.c, g.Bounds(), 0xff)
		l.ready.Store(true)
	}
	return l.c
}

// refreshClearance recomputes the clearance of every cell whose value can
// depend on a cell of r: the cells of r and those up to MaxClearance-1 up
// and to the left. clearance(x,y) = 1 + the least of the cells right,
// below and below-right, for a passable cell. O((r's sides +
// MaxClearance)²).
func (g *Grid) refreshClearance(r Rect) {
	if g.clear.ready.Load() { // else made whole on first use
		g.computeClearance(g.clear.c, r, 0xff)
	}
	g.refreshClassClearance(r)
}

// computeClearance fills c around r (as refreshClearance says) for a unit
// that stands on the passable cells of the terrain types enter names.
func (g *Grid) computeClearance(c []uint8, r Rect, enter uint8) {
	r = R(r.Min.X-MaxClearance+1, r.Min.Y-MaxClearance+1, r.Max.X, r.Max.Y).Intersect(g.Bounds())
	w, terr := g.w, g.terr
	if enter == 0xff {
		terr = nil // every type: passability alone
	}
	for y := r.Max.Y - 1; y >= r.Min.Y; y-- {
		row := y * w
		for x := r.Max.X - 1; x >= r.Min.X; x-- {
			v := uint8(0)
			i := row + x
			if g.open.Contains(uint32(i)) && (terr == nil && enter&1 != 0 || terr != nil && enter>>terr[i]&1 != 0) {
				right, below, diag := uint8(0), uint8(0), uint8(0)
				if x+1 < w {
					right = c[row+x+1]
				}
				if y+1 < g.h {
					below = c[row+w+x]
					if x+1 < w {
						diag = c[row+w+x+1]
					}
				}
				v = min(1+min(right, below, diag), MaxClearance)
			}
			c[row+x] = v
		}
	}
}

// Fits reports whether unit u fits with its top-left corner at p: every
// cell of the Size×Size square on the grid, passable, and of a terrain
// type its class may enter (Size 0 or 1: p alone). False for a unit the
// grid cannot plan for (Size above MaxClearance, an unknown class). O(1).
func (g *Grid) Fits(p Point, u Unit) bool {
	if !g.Contains(p) || g.checkUnit(u) != nil {
		return false
	}
	if u.Size <= 1 && u.Class == 0 { // clearance 1 or more: passable
		return g.open.Contains(uint32(p.Y*g.w + p.X))
	}
	return int(g.clearFor(u.Class)[p.Y*g.w+p.X]) >= max(u.Size, 1)
}

// UnitMoves returns the legal steps out of p for unit u with its top-left
// corner at p: a bit per Dir, as Moves. A step is legal when the unit fits
// (Fits) at both ends and, for a diagonal step, where the movement rule
// asks it to pass: at both orthogonal neighbours under Octile, at one of
// them under OctileCutCorners. The zero Unit gives Moves. O(1).
func (g *Grid) UnitMoves(p Point, u Unit) uint8 {
	if !g.Contains(p) || g.checkUnit(u) != nil {
		return 0
	}
	i := p.Y*g.w + p.X
	if u.Size <= 1 && u.Class == 0 {
		return g.moves[i]
	}
	c, k := g.clearFor(u.Class), uint8(max(u.Size, 1))
	if c[i] < k {
		return 0
	}
	return g.unitMoves(c, i, g.moves[i], k)
}

// unitMoves narrows the one-cell step mask m of cell i to the steps a unit
// k cells across may take where c is its clearance (the grid's, or a
// class's: a class only narrows the grid's passability, so every such
// step is also legal for one cell of no class).
//
// A set bit of m guarantees its neighbour is on the grid, and a diagonal
// bit its two orthogonal neighbours too; an orthogonal neighbour missing
// from m is blocked, so the unit does not fit there either.
func (g *Grid) unitMoves(c []uint8, i int, m, k uint8) uint8 {
	w := g.w
	var fit uint8 // bit d: the unit fits at the neighbour in Dir d
	if m&(1<<North) != 0 && c[i-w] >= k {
		fit |= 1 << North
	}
	if m&(1<<East) != 0 && c[i+1] >= k {
		fit |= 1 << East
	}
	if m&(1<<South) != 0 && c[i+w] >= k {
		fit |= 1 << South
	}
	if m&(1<<West) != 0 && c[i-1] >= k {
		fit |= 1 << West
	}
	if m>>4 == 0 {
		return fit
	}
	if m&(1<<NorthEast) != 0 && c[i-w+1] >= k {
		fit |= 1 << NorthEast
	}
	if m&(1<<SouthEast) != 0 && c[i+w+1] >= k {
		fit |= 1 << SouthEast
	}
	if m&(1<<SouthWest) != 0 && c[i+w-1] >= k {
		fit |= 1 << SouthWest
	}
	if m&(1<<NorthWest) != 0 && c[i-w-1] >= k {
		fit |= 1 << NorthWest
	}
	// The orthogonal pairs each diagonal passes, as bits: NE = N,E; SE =
	// S,E; SW = S,W; NW = N,W.
	n, e, s, wb := fit&1, fit>>1&1, fit>>2&1, fit>>3&1
	pass := (n&e)<<4 | (s&e)<<5 | (s&wb)<<6 | (n&wb)<<7 // Octile: both
	if g.rule == OctileCutCorners {
		pass = (n|e)<<4 | (s|e)<<5 | (s|wb)<<6 | (n|wb)<<7 // one will do
	}
	return fit&0x0f | fit&pass
}

// unitCan reports whether a unit k cells across may take the step d out
// of cell i, which the one-cell step mask allows (so the cells it looks at
// are on the grid): UnitMoves for one direction, in one to three looks.
func (g *Grid) unitCan(c []uint8, i int, d Dir, k uint8) bool {
	w := g.w
	dd := dirDelta[d]
	if c[i+dd.Y*w+dd.X] < k {
		return false
	}
	if d < NorthEast {
		return true
	}
	a, b := c[i+dd.X] >= k, c[i+dd.Y*w] >= k
	if g.rule == OctileCutCorners {
		return a || b
	}
	return a && b
}

// diagOrth holds the two straight steps each diagonal passes: NE = N,E;
// SE = S,E; SW = S,W; NW = N,W.
var diagOrth = [4][2]Dir{{North, East}, {South, East}, {South, West}, {North, West}}
