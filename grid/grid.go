package grid

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kelindar/bitmap"
)

// Movement is the rule for which steps a unit may take between cells.
type Movement uint8

const (
	// Octile is the rule of the Moving AI benchmarks and the default:
	// 8-connected, and a diagonal step is allowed only when both orthogonal
	// cells it passes are passable (no corner cutting).
	Octile Movement = iota
	// OctileCutCorners is 8-connected, and a diagonal step may pass one
	// blocked orthogonal cell, but not squeeze between two.
	OctileCutCorners
	// Cardinal is 4-connected: straight steps only.
	Cardinal
)

// String names the rule.
func (m Movement) String() string {
	switch m {
	case Octile:
		return "octile"
	case OctileCutCorners:
		return "octile-cut-corners"
	case Cardinal:
		return "cardinal"
	}
	return fmt.Sprintf("Movement(%d)", uint8(m))
}

// Limits on the size of a grid. They keep cell indices in an int32 and
// bound what a malformed file can make a reader allocate.
const (
	MaxSide  = 1 << 15 // cells along one side
	MaxCells = 1 << 28 // cells in all (16384×16384)
)

// Errors returned for bad input. Each is wrapped with details; test with
// errors.Is.
var (
	ErrSize        = errors.New("grid: bad size")
	ErrOutOfBounds = errors.New("grid: point out of bounds")
	ErrBlocked     = errors.New("grid: cell is blocked")
	ErrWeight      = errors.New("grid: terrain weight must be 1..255")
	ErrWindow      = errors.New("grid: bad search window")
	ErrMovement    = errors.New("grid: unknown movement rule")
	ErrPath        = errors.New("grid: invalid path")
	ErrUnit        = errors.New("grid: bad unit size or class")
	ErrTerrain     = errors.New("grid: bad terrain type or class")
	ErrLength      = errors.New("grid: mismatched lengths")
	// ErrNilGrid is returned by a Searcher that has no grid (NewSearcher
	// or SetGrid with nil) and by functions handed a nil *Grid.
	ErrNilGrid = errors.New("grid: nil grid")
	// ErrNil is returned for a nil reader, writer or MapFile.
	ErrNil = errors.New("grid: nil argument")
)

// Grid is a rectangular map of cells, each passable or blocked and each
// with a terrain weight (1 = plain ground, up to 255). Passability is held
// in a bitmap; the legal steps out of every cell under the grid's Movement
// are cached in one byte per cell, and so is every cell's clearance (the
// largest unit that fits there, see Clearance) once something asks for
// it; every edit keeps them up to date.
//
// Every edit increases Version and grows Dirty, the bounding rectangle of
// the cells edited since a bake last caught up with them (ClearDirty), and
// DirtyRects, the edits' own rectangles, so that what is derived from the
// grid can tell it is out of date and where.
//
// Memory: 2 bytes and 1 bit per cell, and one more byte once clearance
// is first asked for (Clearance, Clearances, or Fits, UnitMoves or a
// search for a unit more than one cell across; see Clearance). A Grid is
// safe for concurrent reads; edits must not run concurrently with
// anything else.
type Grid struct {
	w, h  int
	rule  Movement
	open  bitmap.Bitmap  // bit y*w+x set when the cell is passable
	wt    []uint8        // terrain weight 1..255, blocked cells too; nil while every cell weighs 1
	moves []uint8        // bit d set when the step in Dir d is legal
	clear *lazyClearance // clearance (see Clearance), made on first use
	terr  []uint8        // terrain type per cell (nil: all 0)
	// Movement classes, and the clearance of each (see SetClasses).
	classes []Class
	cclear  [][]uint8
	hist    [256]int // how many cells have each weight
	minW    uint8    // smallest weight on the grid (for the heuristic)
	ver     uint64   // bumped by every edit
	dirty   Rect     // cells edited since the version clean
	clean   uint64   // the version at the last ClearDirty
	rects   []Rect   // the edits' rectangles since clean, unless overflowed
	over    bool     // more than MaxDirtyRects edits since clean
}

// MaxDirtyRects bounds the rectangles DirtyRects lists; past it, it
// gives Dirty alone.
const MaxDirtyRects = 1024

// New returns a w×h grid under the given movement rule, every cell passable
// with weight 1. It returns ErrSize if w or h is not in 1..MaxSide or the
// grid would hold more than MaxCells cells, and ErrMovement for an unknown
// rule. O(w×h).
func New(w, h int, rule Movement) (*Grid, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	if rule > Cardinal {
		return nil, fmt.Errorf("%w: %d", ErrMovement, rule)
	}
	n := w * h
	g := &Grid{w: w, h: h, rule: rule, moves: make([]uint8, n), minW: 1, clear: &lazyClearance{}}
	g.open.Grow(uint32(n - 1))
	g.open.Ones()
	for i := n; i < len(g.open)*64; i++ {
		g.open.Remove(uint32(i)) // no stray bits past the last cell
	}
	g.hist[1] = n
	g.refreshMoves(g.Bounds())
	g.ClearDirty()
	return g, nil
}

func checkSize(w, h int) error {
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxCells {
		return fmt.Errorf("%w: %d×%d (sides 1..%d, at most %d cells)", ErrSize, w, h, MaxSide, MaxCells)
	}
	return nil
}

// Width returns the number of columns.
func (g *Grid) Width() int { return g.w }

// Height returns the number of rows.
func (g *Grid) Height() int { return g.h }

// Bounds returns Rect{(0,0), (Width, Height)}.
func (g *Grid) Bounds() Rect { return Rect{Max: Point{g.w, g.h}} }

// Movement returns the grid's movement rule.
func (g *Grid) Movement() Movement { return g.rule }

// Version returns a counter that every edit increases; a cache keyed on it
// knows when the grid has changed.
func (g *Grid) Version() uint64 { return g.ver }

// Dirty returns the bounding rectangle of the cells edited (by SetPassable,
// SetWeight, Fill or FillWeight) since the last ClearDirty, or an empty
// Rect if none was. It is clipped to the grid. O(1).
func (g *Grid) Dirty() Rect { return g.dirty }

// ClearDirty empties Dirty: a bake (preprocess.Bake) calls it when it has
// caught up with the edits (Build, Load, Update). O(1).
func (g *Grid) ClearDirty() {
	g.dirty, g.clean = Rect{}, g.ver
	g.rects, g.over = g.rects[:0], false
}

// DirtyRects appends to dst rectangles whose union holds every cell
// edited since the last ClearDirty: the edits' own rectangles (clipped to
// the grid), so that a hundred buildings far apart are a hundred small
// rectangles, not the map; past MaxDirtyRects edits, Dirty alone.
// O(rectangles).
func (g *Grid) DirtyRects(dst []Rect) []Rect {
	if g.over {
		return append(dst, g.dirty)
	}
	return append(dst, g.rects...)
}

// DirtySince returns a rectangle holding every cell edited since the grid's
// Version was v, and true; or the whole grid and false when it cannot tell
// because ClearDirty forgot edits made after v (another bake on the same
// grid caught up with them first), or v is not a version it had. O(1).
func (g *Grid) DirtySince(v uint64) (Rect, bool) {
	switch {
	case v == g.ver:
		return Rect{}, true
	case v >= g.clean && v < g.ver:
		return g.dirty, true
	}
	return g.Bounds(), false
}

// touch records an edit of the cells of r (already clipped to the grid).
func (g *Grid) touch(r Rect) {
	g.ver++
	g.dirty = g.dirty.Union(r)
	switch {
	case g.over || r.Empty():
	case len(g.rects) < MaxDirtyRects:
		g.rects = append(g.rects, r)
	default:
		g.rects, g.over = g.rects[:0], true
	}
}

// Index returns the flat index y*Width+x of p, which must be in bounds.
func (g *Grid) Index(p Point) int { return p.Y*g.w + p.X }

// PointAt returns the cell with flat index i.
func (g *Grid) PointAt(i int) Point { return Point{i % g.w, i / g.w} }

// Contains reports whether p lies on the grid.
func (g *Grid) Contains(p Point) bool {
	return uint(p.X) < uint(g.w) && uint(p.Y) < uint(g.h)
}

// Passable reports whether p is on the grid and passable. O(1).
func (g *Grid) Passable(p Point) bool {
	return g.Contains(p) && g.open.Contains(uint32(p.Y*g.w+p.X))
}

// Weight returns the terrain weight of p (0 if p is off the grid).
func (g *Grid) Weight(p Point) uint8 {
	if !g.Contains(p) {
		return 0
	}
	return g.weightAt(p.Y*g.w + p.X)
}

// WeightAt returns the terrain weight of the cell of row-major index i
// (y×Width()+x), 0 for an index off the grid: Weight by index, for loops
// over cells that read Weights, which is nil while every cell weighs 1.
// O(1).
func (g *Grid) WeightAt(i int) uint8 {
	if uint(i) >= uint(len(g.moves)) {
		return 0
	}
	return g.weightAt(i)
}

// weightAt is WeightAt for an index on the grid.
func (g *Grid) weightAt(i int) uint8 {
	if g.wt == nil {
		return 1
	}
	return g.wt[i]
}

// MinWeight returns the smallest terrain weight of any cell. The search
// heuristic is scaled by it, so it stays admissible when a game makes plain
// ground heavier than roads.
func (g *Grid) MinWeight() uint8 { return g.minW }

// Uniform reports whether every cell has the same terrain weight (then a
// path's cost is its length times that weight). O(1).
func (g *Grid) Uniform() bool { return g.hist[g.minW] == g.w*g.h }

// Moves returns the set of legal steps out of p as a bit mask (bit d set
// for Dir d); 0 for blocked or off-grid cells. O(1).
func (g *Grid) Moves(p Point) uint8 {
	if !g.Contains(p) {
		return 0
	}
	return g.moves[p.Y*g.w+p.X]
}

// CanStep reports whether a unit may step from a to its neighbour b.
func (g *Grid) CanStep(a, b Point) bool {
	d, ok := DirOf(a, b)
	return ok && g.Moves(a)&(1<<d) != 0
}

// Passability returns the grid's passability bitmap (bit y*Width+x set for
// a passable cell). The bitmap is the grid's own: do not modify it.
func (g *Grid) Passability() bitmap.Bitmap { return g.open }

// SetPassable makes p passable or blocked. O(1).
func (g *Grid) SetPassable(p Point, passable bool) error {
	if !g.Contains(p) {
		return fmt.Errorf("%w: %v on a %d×%d grid", ErrOutOfBounds, p, g.w, g.h)
	}
	g.setOpen(g.Index(p), passable)
	g.refreshMoves(Rect{p, p.Add(Point{1, 1})})
	return nil
}

// SetWeight sets the terrain weight of p (1..255). O(1).
func (g *Grid) SetWeight(p Point, w uint8) error {
	if !g.Contains(p) {
		return fmt.Errorf("%w: %v on a %d×%d grid", ErrOutOfBounds, p, g.w, g.h)
	}
	if w == 0 {
		return ErrWeight
	}
	g.setWeight(g.Index(p), w)
	g.touch(Rect{p, p.Add(Point{1, 1})})
	return nil
}

// Fill sets every cell of r (clipped to the grid) passable or blocked.
// O(area of r).
func (g *Grid) Fill(r Rect, passable bool) {
	r = r.Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.setOpen(y*g.w+x, passable)
		}
	}
	g.refreshMoves(r)
}

// FillWeight sets the terrain weight of every cell of r (clipped to the
// grid). O(area of r).
func (g *Grid) FillWeight(r Rect, w uint8) error {
	if w == 0 {
		return ErrWeight
	}
	r = r.Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.setWeight(y*g.w+x, w)
		}
	}
	g.touch(r)
	return nil
}

// Clone returns a deep copy of g.
func (g *Grid) Clone() *Grid {
	c := *g
	c.open = g.open.Clone(nil)
	if g.wt != nil {
		c.wt = append([]uint8(nil), g.wt...)
	}
	c.moves = append([]uint8(nil), g.moves...)
	c.clear = g.clear.clone()
	if g.terr != nil {
		c.terr = append([]uint8(nil), g.terr...)
	}
	c.classes = slices.Clone(g.classes)
	c.cclear = make([][]uint8, len(g.cclear))
	for i, cc := range g.cclear {
		c.cclear[i] = append([]uint8(nil), cc...)
	}
	c.rects = append([]Rect(nil), g.rects...)
	return &c
}

func (g *Grid) setOpen(i int, passable bool) {
	if passable {
		g.open.Set(uint32(i))
	} else {
		g.open.Remove(uint32(i))
	}
}

func (g *Grid) setWeight(i int, w uint8) {
	if g.wt == nil {
		if w == 1 {
			return // every cell weighs 1 already
		}
		// The first cell of another weight: from now on the grid keeps a
		// weight per cell.
		g.wt = make([]uint8, g.w*g.h)
		for k := range g.wt {
			g.wt[k] = 1
		}
	}
	old := g.wt[i]
	g.wt[i] = w
	g.hist[old]--
	g.hist[w]++
	if w < g.minW {
		g.minW = w
	} else if old == g.minW && g.hist[old] == 0 {
		for g.hist[g.minW] == 0 {
			g.minW++
		}
	}
}

// refreshMoves records the edit of the cells of r (clipped to the grid)
// and recomputes the step masks of every cell whose mask can depend on
// one of them (r grown by one on each side) and the clearances.
func (g *Grid) refreshMoves(r Rect) {
	g.touch(r)
	g.refreshClearance(r.Intersect(g.Bounds()))
	r = r.Grow(1).Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.moves[y*g.w+x] = g.computeMoves(x, y)
		}
	}
}

func (g *Grid) open01(x, y int) bool {
	return uint(x) < uint(g.w) && uint(y) < uint(g.h) && g.open.Contains(uint32(y*g.w+x))
}

func (g *Grid) computeMoves(x, y int) uint8 {
	if !g.open01(x, y) {
		return 0
	}
	var m uint8
	var card [4]bool
	for d := North; d <= West; d++ {
		dd := dirDelta[d]
		if g.open01(x+dd.X, y+dd.Y) {
			card[d] = true
			m |= 1 << d
		}
	}
	if g.rule == Cardinal {
		return m
	}
	for i, o := range diagOrth {
		d := NorthEast + Dir(i)
		dd := dirDelta[d]
		if !g.open01(x+dd.X, y+dd.Y) {
			continue
		}
		a, b := card[o[0]], card[o[1]]
		if (g.rule == Octile && a && b) || (g.rule == OctileCutCorners && (a || b)) {
			m |= 1 << d
		}
	}
	return m
}

// Weights returns the terrain weight of every cell, row-major, or nil
// while every cell weighs 1: a grid keeps no weights until a cell weighs
// more (SetWeight, FillWeight, a map's swamp), which saves a byte a cell
// on maps of one weight. The slice is the grid's own: do not modify it.
func (g *Grid) Weights() []uint8 { return g.wt }

// StepMasks returns every cell's legal-step mask (see Moves), row-major,
// for code that walks the grid in bulk. The slice is the grid's own: do
// not modify it.
func (g *Grid) StepMasks() []uint8 { return g.moves }
