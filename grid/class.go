package grid

import (
	"fmt"
	"slices"
)

// MaxClasses is the number of movement classes a grid holds.
const MaxClasses = 8

// Class is a movement class: the terrain types its units may enter, and
// what a cell of each type weighs for them. A hover unit enters ground
// and water; a tank ground alone, and mud at a higher weight. A class
// never goes where the grid is blocked (a building, a rock): it narrows
// the grid's passability by terrain type.
type Class struct {
	Name string
	// Enter: bit t set when the class may enter terrain type t.
	Enter uint8
	// Weight[t] is the weight of a cell of terrain type t for the class
	// (1..255); 0 keeps the cell's own weight (Grid.Weight).
	Weight [MaxTerrains]uint8
}

// Unit names who a search plans for: a unit Size×Size cells (0 or 1: one
// cell) of movement class Class (0: none, the grid as it is; i: the
// grid's class i-1, see SetClasses).
type Unit struct {
	Size, Class int
}

// SetClasses declares the grid's movement classes, replacing any before:
// class i of cs is Unit.Class i+1. Each needs a name of its own. The grid
// then keeps a clearance per class (a byte per cell each) under every
// edit. It counts as an edit of the whole grid (a bake must be updated).
// O(cells × classes).
func (g *Grid) SetClasses(cs []Class) error {
	if len(cs) > MaxClasses {
		return fmt.Errorf("%w: %d classes (at most %d)", ErrTerrain, len(cs), MaxClasses)
	}
	for i, c := range cs {
		if c.Name == "" || slices.ContainsFunc(cs[:i], func(d Class) bool { return d.Name == c.Name }) {
			return fmt.Errorf("%w: class %d: empty or repeated name %q", ErrTerrain, i, c.Name)
		}
	}
	g.classes = slices.Clone(cs)
	g.cclear = make([][]uint8, len(cs))
	for i := range g.cclear {
		g.cclear[i] = make([]uint8, g.w*g.h)
	}
	g.touch(g.Bounds())
	g.refreshClassClearance(g.Bounds())
	return nil
}

// Classes returns a copy of the grid's movement classes.
func (g *Grid) Classes() []Class { return slices.Clone(g.classes) }

// ClassIndex returns the Unit.Class of the class named name, and whether
// there is one. The empty name is 0, no class.
func (g *Grid) ClassIndex(name string) (int, bool) {
	if name == "" {
		return 0, true
	}
	for i, c := range g.classes {
		if c.Name == name {
			return i + 1, true
		}
	}
	return 0, false
}

// checkUnit returns an error for a unit the grid cannot plan for.
func (g *Grid) checkUnit(u Unit) error {
	switch {
	case u.Size < 0 || u.Size > MaxClearance:
		return fmt.Errorf("%w: %d (1..%d)", ErrUnit, u.Size, MaxClearance)
	case u.Class < 0 || u.Class > len(g.classes):
		return fmt.Errorf("%w: class %d (the grid has %d)", ErrUnit, u.Class, len(g.classes))
	}
	return nil
}

// clearFor returns the clearance array of class c (0: the grid's own).
func (g *Grid) clearFor(c int) []uint8 {
	if c == 0 {
		return g.clearance()
	}
	return g.cclear[c-1]
}

// classWeight returns the weight of cell i for class c (0: the cell's
// own).
func (g *Grid) classWeight(c, i int) uint8 {
	if c > 0 {
		t := uint8(0)
		if g.terr != nil {
			t = g.terr[i]
		}
		if w := g.classes[c-1].Weight[t]; w != 0 {
			return w
		}
	}
	return g.weightAt(i)
}

// classMinWeight returns a lower bound on the weight of any cell for
// class c: the grid's least weight, or a class weight below it.
func (g *Grid) classMinWeight(c int) uint8 {
	m := g.minW
	if c > 0 {
		cl := &g.classes[c-1]
		for t, w := range cl.Weight {
			if w != 0 && cl.Enter&(1<<t) != 0 {
				m = min(m, w)
			}
		}
	}
	return m
}

// refreshClassClearance recomputes the clearance of every class around r,
// as refreshClearance does for the grid's own.
func (g *Grid) refreshClassClearance(r Rect) {
	for i := range g.cclear {
		g.computeClearance(g.cclear[i], r, g.classes[i].Enter) // 0xff: every type
	}
}

// classWeighs reports whether class c gives some terrain type a weight of
// its own (then cells do not weigh what Grid.Weight says).
func (g *Grid) classWeighs(c int) bool {
	return c > 0 && g.classes[c-1].Weight != [MaxTerrains]uint8{}
}

// UnitLeastCost is LeastCost for unit u: the cheapest conceivable path
// from a to z over cells of the least weight its class can meet.
func (g *Grid) UnitLeastCost(a, z Point, u Unit) Cost {
	if u.Class <= 0 || u.Class > len(g.classes) {
		return g.LeastCost(a, z)
	}
	w := Cost(g.classMinWeight(u.Class))
	if g.rule == Cardinal {
		return Straight * Cost(abs(a.X-z.X)+abs(a.Y-z.Y)) * w
	}
	return OctileCost(a, z) * w
}

// UnitWeight returns what cell p weighs for unit u's class (Weight for no
// class; 0 off the grid).
func (g *Grid) UnitWeight(p Point, u Unit) uint8 {
	if !g.Contains(p) || g.checkUnit(u) != nil {
		return 0
	}
	return g.classWeight(u.Class, p.Y*g.w+p.X)
}

// UnitPathCost is PathCost for unit u: every step one UnitMoves allows
// (else ErrPath), cells weighed for its class.
func (g *Grid) UnitPathCost(path []Point, u Unit) (Cost, error) {
	if err := g.checkUnit(u); err != nil {
		return 0, err
	}
	var c Cost
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		d, ok := DirOf(a, b)
		if !ok || g.UnitMoves(a, u)&(1<<d) == 0 {
			return 0, fmt.Errorf("%w: step %d %v→%v is not legal for unit %+v", ErrPath, i, a, b, u)
		}
		c += StepCost(d, g.classWeight(u.Class, a.Y*g.w+a.X), g.classWeight(u.Class, b.Y*g.w+b.X))
	}
	return c, nil
}

// ClassClearances returns the clearance of every cell for class c (0: the
// grid's own, Clearances), row-major, or nil for a class the grid lacks.
// The slice is the grid's own: do not modify it.
func (g *Grid) ClassClearances(c int) []uint8 {
	if c < 0 || c > len(g.classes) {
		return nil
	}
	return g.clearFor(c)
}
