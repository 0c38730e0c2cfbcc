package grid

// LineOfSight reports whether a unit can walk the straight segment from the
// centre of a to the centre of b under the grid's movement rule: every cell
// the segment crosses is passable, and wherever the segment passes exactly
// through a cell corner the diagonal step there is legal (under Octile, the
// default, both cells beside the corner must be passable: no corner
// cutting). Under Cardinal a corner is passed through one of the two cells
// beside it. Points off the grid or blocked have no line of sight.
//
// Line of sight is symmetric, and when it holds, AppendLine gives a
// cell-by-cell path along the segment that PathCost accepts. O(|b-a|).
func (g *Grid) LineOfSight(a, b Point) bool {
	_, ok := g.walkLine(a, b, nil, false)
	return ok
}

// AppendLine appends to dst the cells of the walkable unit-step path that
// follows the segment from a to b (both included) and reports whether the
// whole segment has line of sight. If it has not, dst is returned as it
// was. The path takes a diagonal step where the segment passes through a
// cell corner and a straight step where it crosses an edge, so its length
// is within √2 of the segment's per crossed corner, and it is the path a
// smoother expands a corner-to-corner route into.
func (g *Grid) AppendLine(dst []Point, a, b Point) ([]Point, bool) {
	n := len(dst)
	out, ok := g.walkLine(a, b, dst, true)
	if !ok {
		return dst[:n], false
	}
	return out, true
}

// walkLine walks the supercover of the segment in exact integer
// arithmetic. With the cell centred at (x+½, y+½), the segment crosses the
// next vertical grid line after (1+2i)/(2nx) of its length and the next
// horizontal one after (1+2j)/(2ny); comparing the cross-multiplied
// numerators tells which comes first, and equality is a corner.
func (g *Grid) walkLine(a, b Point, dst []Point, emit bool) ([]Point, bool) {
	if !g.Passable(a) || !g.Passable(b) {
		return dst, false
	}
	nx, ny := abs(b.X-a.X), abs(b.Y-a.Y)
	sx, sy := 1, 1
	if b.X < a.X {
		sx = -1
	}
	if b.Y < a.Y {
		sy = -1
	}
	dirX, dirY := East, South
	if sx < 0 {
		dirX = West
	}
	if sy < 0 {
		dirY = North
	}
	diag := diagonalOf(dirX, dirY)
	x, y := a.X, a.Y
	if emit {
		dst = append(dst, a)
	}
	step := func(d Dir) bool {
		if g.moves[y*g.w+x]&(1<<d) == 0 {
			return false
		}
		dd := dirDelta[d]
		x, y = x+dd.X, y+dd.Y
		if emit {
			dst = append(dst, Point{x, y})
		}
		return true
	}
	for ix, iy := 0, 0; ix < nx || iy < ny; {
		// Compare (1+2ix)/nx with (1+2iy)/ny, treating a finished axis as ∞.
		var cmp int
		switch {
		case ix == nx:
			cmp = 1
		case iy == ny:
			cmp = -1
		default:
			l, r := (1+2*ix)*ny, (1+2*iy)*nx
			if l < r {
				cmp = -1
			} else if l > r {
				cmp = 1
			}
		}
		switch {
		case cmp < 0:
			if !step(dirX) {
				return dst, false
			}
			ix++
		case cmp > 0:
			if !step(dirY) {
				return dst, false
			}
			iy++
		default: // through a corner
			if g.rule == Cardinal {
				m := g.moves[y*g.w+x]
				viaX := m&(1<<dirX) != 0 && g.moves[y*g.w+x+sx]&(1<<dirY) != 0
				if viaX {
					step(dirX)
					step(dirY)
				} else if !step(dirY) || !step(dirX) {
					return dst, false
				}
			} else if !step(diag) {
				return dst, false
			}
			ix++
			iy++
		}
	}
	return dst, true
}

// diagonalOf returns the diagonal combining a horizontal and a vertical
// direction.
func diagonalOf(h, v Dir) Dir {
	switch {
	case v == North && h == East:
		return NorthEast
	case v == South && h == East:
		return SouthEast
	case v == South && h == West:
		return SouthWest
	}
	return NorthWest
}
