package grid_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// losOracle decides line of sight geometrically: the segment between the
// cell centres, in doubled coordinates, against each cell's closed square.
// Cells the segment crosses must be passable; where it passes exactly
// through a corner, the two cells it only touches there must both be
// passable under Octile and at least one under the other rules.
func losOracle(g *grid.Grid, a, b grid.Point) bool {
	if !g.Passable(a) || !g.Passable(b) {
		return false
	}
	ax, ay, bx, by := 2*a.X+1, 2*a.Y+1, 2*b.X+1, 2*b.Y+1
	dx, dy := bx-ax, by-ay
	side := func(x, y int) int { // sign of (B-A)×(q-A)
		c := dx*(y-ay) - dy*(x-ax)
		switch {
		case c > 0:
			return 1
		case c < 0:
			return -1
		}
		return 0
	}
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	for y := y0 - 1; y <= y1+1; y++ {
		for x := x0 - 1; x <= x1+1; x++ {
			// The square [2x,2x+2]×[2y,2y+2] against the segment's bounding box.
			if 2*x+2 < min(ax, bx) || 2*x > max(ax, bx) || 2*y+2 < min(ay, by) || 2*y > max(ay, by) {
				continue
			}
			var pos, neg, zero int
			for _, c := range [][2]int{{2 * x, 2 * y}, {2*x + 2, 2 * y}, {2 * x, 2*y + 2}, {2*x + 2, 2*y + 2}} {
				switch side(c[0], c[1]) {
				case 1:
					pos++
				case -1:
					neg++
				default:
					zero++
				}
			}
			if pos == 4 || neg == 4 || zero == 0 && (pos == 0 || neg == 0) {
				continue // no contact
			}
			touchOnly := zero == 1 && (pos == 3 || neg == 3)
			if !touchOnly && !g.Passable(grid.Pt(x, y)) {
				return false
			}
		}
	}
	// Corners on the segment: lattice points (2i, 2j) with side 0.
	for j := y0; j <= y1+1; j++ {
		for i := x0; i <= x1+1; i++ {
			X, Y := 2*i, 2*j
			if side(X, Y) != 0 || X < min(ax, bx) || X > max(ax, bx) || Y < min(ay, by) || Y > max(ay, by) {
				continue
			}
			var s1, s2 grid.Point // the two cells the segment only touches
			if (dx > 0) == (dy > 0) {
				s1, s2 = grid.Pt(i, j-1), grid.Pt(i-1, j)
			} else {
				s1, s2 = grid.Pt(i-1, j-1), grid.Pt(i, j)
			}
			p1, p2 := g.Passable(s1), g.Passable(s2)
			if g.Movement() == grid.Octile && !(p1 && p2) || !(p1 || p2) {
				return false
			}
		}
	}
	return true
}

func TestLineOfSightAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var buf []grid.Point
	var seen, blocked int
	for iter := range 2000 {
		g := randomGrid(r)
		for range 10 {
			a := grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			b := grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
			want := losOracle(g, a, b)
			if got := g.LineOfSight(a, b); got != want {
				t.Fatalf("map %d (%v) %v→%v: LineOfSight %v, oracle %v\n%s", iter, g.Movement(), a, b, got, want, g.Draw([]grid.Point{a, b}))
			}
			if g.LineOfSight(b, a) != want {
				t.Fatalf("map %d: line of sight not symmetric %v %v", iter, a, b)
			}
			var ok bool
			buf, ok = g.AppendLine(buf[:0], a, b)
			if ok != want {
				t.Fatalf("AppendLine ok=%v, want %v", ok, want)
			}
			if !ok {
				if len(buf) != 0 {
					t.Fatalf("AppendLine failed but wrote %v", buf)
				}
				blocked++
				continue
			}
			seen++
			if buf[0] != a || buf[len(buf)-1] != b {
				t.Fatalf("line %v does not run %v→%v", buf, a, b)
			}
			if _, err := g.PathCost(buf); err != nil {
				t.Fatalf("map %d: line %v→%v: %v\n%s", iter, a, b, err, g.Draw(buf))
			}
			// A straight walk never wanders: it takes at most |dx|+|dy| steps.
			d := b.Sub(a)
			if n := len(buf) - 1; n > max(d.X, -d.X)+max(d.Y, -d.Y) || n < max(d.X, -d.X, d.Y, -d.Y) {
				t.Fatalf("line %v→%v has %d steps", a, b, n)
			}
		}
	}
	if seen < 2000 || blocked < 2000 {
		t.Errorf("too few cases: %d with sight, %d without", seen, blocked)
	}
}

func TestLineOfSightCorners(t *testing.T) {
	const m = `
		..#
		.#.
		...`
	for _, c := range []struct {
		rule grid.Movement
		a, b grid.Point
		want bool
	}{
		{grid.Octile, grid.Pt(0, 0), grid.Pt(2, 2), false},          // through the wall
		{grid.Octile, grid.Pt(0, 2), grid.Pt(2, 2), true},           // along the bottom row
		{grid.Octile, grid.Pt(0, 1), grid.Pt(1, 2), false},          // corner beside the wall
		{grid.OctileCutCorners, grid.Pt(0, 1), grid.Pt(1, 2), true}, // cutting it is allowed
		{grid.Octile, grid.Pt(1, 0), grid.Pt(2, 1), false},          // between two walls
		{grid.OctileCutCorners, grid.Pt(1, 0), grid.Pt(2, 1), false},
		{grid.Cardinal, grid.Pt(0, 1), grid.Pt(1, 2), true}, // round via (0,2)
		{grid.Octile, grid.Pt(0, 0), grid.Pt(0, 0), true},
		{grid.Octile, grid.Pt(2, 0), grid.Pt(2, 0), false}, // blocked cell
		{grid.Octile, grid.Pt(0, 0), grid.Pt(5, 0), false}, // off the grid
	} {
		g, err := grid.ParseASCII(m, c.rule)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.LineOfSight(c.a, c.b); got != c.want {
			t.Errorf("%v %v→%v: got %v, want %v", c.rule, c.a, c.b, got, c.want)
		}
	}
}
