package grid

import "fmt"

// Point is a cell of the grid: X is the column, Y the row (Y grows down).
type Point struct {
	X, Y int
}

// Pt is shorthand for Point{X: x, Y: y}.
func Pt(x, y int) Point { return Point{x, y} }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// In reports whether p lies in r.
func (p Point) In(r Rect) bool {
	return r.Min.X <= p.X && p.X < r.Max.X && r.Min.Y <= p.Y && p.Y < r.Max.Y
}

// String formats p as "x,y", the form used by the route command.
func (p Point) String() string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

// Rect is the half-open rectangle of cells Min.X <= X < Max.X,
// Min.Y <= Y < Max.Y. A Rect with Max.X <= Min.X or Max.Y <= Min.Y is
// empty.
type Rect struct {
	Min, Max Point
}

// R is shorthand for Rect{Pt(x0, y0), Pt(x1, y1)}.
func R(x0, y0, x1, y1 int) Rect { return Rect{Point{x0, y0}, Point{x1, y1}} }

// Dx returns the width of r (0 if empty).
func (r Rect) Dx() int { return max(r.Max.X-r.Min.X, 0) }

// Dy returns the height of r (0 if empty).
func (r Rect) Dy() int { return max(r.Max.Y-r.Min.Y, 0) }

// Area returns the number of cells in r.
func (r Rect) Area() int { return r.Dx() * r.Dy() }

// Empty reports whether r holds no cell.
func (r Rect) Empty() bool { return r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y }

// Intersect returns the cells common to r and s (an empty Rect if none).
func (r Rect) Intersect(s Rect) Rect {
	r.Min.X = max(r.Min.X, s.Min.X)
	r.Min.Y = max(r.Min.Y, s.Min.Y)
	r.Max.X = min(r.Max.X, s.Max.X)
	r.Max.Y = min(r.Max.Y, s.Max.Y)
	if r.Empty() {
		return Rect{}
	}
	return r
}

// Union returns the smallest rectangle holding r and s; an empty one adds
// nothing (the union of two empty ones is an empty Rect). O(1).
func (r Rect) Union(s Rect) Rect {
	switch {
	case r.Empty():
		if s.Empty() {
			return Rect{}
		}
		return s
	case s.Empty():
		return r
	}
	return Rect{
		Point{min(r.Min.X, s.Min.X), min(r.Min.Y, s.Min.Y)},
		Point{max(r.Max.X, s.Max.X), max(r.Max.Y, s.Max.Y)},
	}
}

// Grow returns r grown by n cells on every side (shrunk if n < 0).
func (r Rect) Grow(n int) Rect {
	return Rect{Point{r.Min.X - n, r.Min.Y - n}, Point{r.Max.X + n, r.Max.Y + n}}
}

// String formats r as "[x0,y0 x1,y1)".
func (r Rect) String() string { return fmt.Sprintf("[%v %v)", r.Min, r.Max) }

// Dir is one of the eight steps between neighbouring cells. The four
// straight steps come first.
type Dir uint8

// The eight directions; y grows downward, so North is -Y.
const (
	North Dir = iota
	East
	South
	West
	NorthEast
	SouthEast
	SouthWest
	NorthWest
)

var dirDelta = [8]Point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}

// Delta returns the offset of one step in direction d.
func (d Dir) Delta() Point { return dirDelta[d&7] }

// Diagonal reports whether d is a diagonal step.
func (d Dir) Diagonal() bool { return d >= NorthEast }

// DirOf returns the direction of the unit step from a to b and true, or
// false if b is not one of a's eight neighbours.
func DirOf(a, b Point) (Dir, bool) {
	dx, dy := b.X-a.X+1, b.Y-a.Y+1
	if uint(dx) > 2 || uint(dy) > 2 {
		return 0, false
	}
	d := dirOf[dy*3+dx]
	if d < 0 {
		return 0, false
	}
	return Dir(d), true
}

// dirOf maps (dy+1)*3 + dx+1 to the direction of the step (dx, dy).
var dirOf = func() (t [9]int8) {
	t[4] = -1
	for d, dd := range dirDelta {
		t[(dd.Y+1)*3+dd.X+1] = int8(d)
	}
	return t
}()
