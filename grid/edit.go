package grid

import "fmt"

// CellEdit is the new state of one cell: passable or not, and its terrain
// weight (1..255).
type CellEdit struct {
	At       Point
	Passable bool
	Weight   uint8
}

// SetCells writes many scattered cells at once and refreshes the step
// masks and clearances once, over the cells' bounding box: cheaper than a
// SetPassable per cell when the cells lie close together (a reveal, a
// unit's footprint). Nothing is written when a cell is off the grid
// (ErrOutOfBounds) or has weight 0 (ErrWeight). A later edit of the same
// cell wins. O(len(cells)) plus one refresh of the bounding box.
func (g *Grid) SetCells(cells []CellEdit) error {
	if len(cells) == 0 {
		return nil
	}
	box := Rect{}
	for _, c := range cells {
		if !g.Contains(c.At) {
			return fmt.Errorf("%w: %v on a %d×%d grid", ErrOutOfBounds, c.At, g.w, g.h)
		}
		if c.Weight == 0 {
			return fmt.Errorf("%w: weight 0 at %v", ErrWeight, c.At)
		}
		box = box.Union(Rect{c.At, c.At.Add(Point{1, 1})})
	}
	for _, c := range cells {
		i := c.At.Y*g.w + c.At.X
		if g.open.Contains(uint32(i)) != c.Passable {
			g.setOpen(i, c.Passable)
		}
		if g.weightAt(i) != c.Weight {
			g.setWeight(i, c.Weight)
		}
	}
	g.refreshMoves(box)
	return nil
}
