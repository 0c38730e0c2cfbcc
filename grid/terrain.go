package grid

import "fmt"

// MaxTerrains is the number of terrain types a grid tells apart (0 ..
// MaxTerrains-1): ground, water, cliffs, roads, ... as the game decides.
const MaxTerrains = 8

// Terrain returns the terrain type of p (0 for a grid that never set one,
// and off the grid). O(1).
func (g *Grid) Terrain(p Point) int {
	if !g.Contains(p) || g.terr == nil {
		return 0
	}
	return int(g.terr[p.Y*g.w+p.X])
}

// Terrains returns every cell's terrain type, row-major, or nil while no
// cell has a type other than 0. The slice is the grid's own: do not
// modify it.
func (g *Grid) Terrains() []uint8 { return g.terr }

// SetTerrain sets the terrain type of p (0..MaxTerrains-1). The terrain
// type decides where the movement classes (SetClasses) may go; a grid's
// own passability and weights stay as they are. O(MaxClearance²) with
// classes, else O(1).
func (g *Grid) SetTerrain(p Point, t int) error {
	if !g.Contains(p) {
		return fmt.Errorf("%w: %v on a %d×%d grid", ErrOutOfBounds, p, g.w, g.h)
	}
	return g.FillTerrain(Rect{p, p.Add(Point{1, 1})}, t)
}

// FillTerrain sets the terrain type of every cell of r (clipped to the
// grid). O(area of r), plus the class clearances around it.
func (g *Grid) FillTerrain(r Rect, t int) error {
	if t < 0 || t >= MaxTerrains {
		return fmt.Errorf("%w: terrain type %d (want 0..%d)", ErrTerrain, t, MaxTerrains-1)
	}
	r = r.Intersect(g.Bounds())
	if r.Empty() {
		return nil
	}
	if g.terr == nil {
		if t == 0 {
			return nil
		}
		g.terr = make([]uint8, g.w*g.h)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := g.terr[y*g.w+r.Min.X : y*g.w+r.Max.X]
		for i := range row {
			row[i] = uint8(t)
		}
	}
	g.touch(r)
	g.refreshClassClearance(r)
	return nil
}
