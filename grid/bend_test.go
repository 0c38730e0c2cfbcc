package grid_test

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// bentOracle builds the bent line from a to z step by step as Bend's
// documentation says, independently of the grid package: the rarer
// steps (diagonal under the octile rules; under Cardinal those along the
// shorter axis, vertical on a tie) all first or all last.
func bentOracle(a, z grid.Point, rule grid.Movement, b grid.Bend) []grid.Point {
	dx, dy := z.X-a.X, z.Y-a.Y
	sx, sy := cmp.Compare(dx, 0), cmp.Compare(dy, 0)
	ax, ay := max(dx, -dx), max(dy, -dy)
	var rare, common grid.Point
	var nr, nc int
	switch {
	case rule == grid.Cardinal && ay > ax:
		rare, common, nr, nc = grid.Pt(sx, 0), grid.Pt(0, sy), ax, ay
	case rule == grid.Cardinal:
		rare, common, nr, nc = grid.Pt(0, sy), grid.Pt(sx, 0), ay, ax
	case ay > ax:
		rare, common, nr, nc = grid.Pt(sx, sy), grid.Pt(0, sy), ax, ay-ax
	default:
		rare, common, nr, nc = grid.Pt(sx, sy), grid.Pt(sx, 0), ay, ax-ay
	}
	steps := slices.Repeat([]grid.Point{rare}, nr)
	if b == grid.RareFirst {
		steps = append(steps, slices.Repeat([]grid.Point{common}, nc)...)
	} else {
		steps = append(slices.Repeat([]grid.Point{common}, nc), steps...)
	}
	path := []grid.Point{a}
	for _, d := range steps {
		path = append(path, path[len(path)-1].Add(d))
	}
	return path
}

// TestBentLine: AppendBentLine draws the line the oracle builds (Even:
// the step line); UnitBentLineCost accepts it exactly when every step is
// legal for the unit (the oracle's rules) and prices it as the oracle
// does, penalties included, and a limit at that price refuses it; on a
// map of one weight every bend costs LeastCost. Units 1 to 3 cells
// across, with and without a class, on all three movement rules.
func TestBentLine(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	accepted := [grid.Bends]int{}
	rejected := 0
	for range 3000 {
		g := randomGrid(r)
		u := grid.Unit{Size: 1 + r.IntN(2)*r.IntN(3)}
		o := oracle.Graph{G: g, Size: max(u.Size, 1)}
		if r.IntN(4) == 0 {
			cs := randomClasses(r, g)
			u.Class = 1
			o.Class = &cs[0]
		}
		var pen *grid.Penalty
		if r.IntN(3) == 0 {
			pen = &grid.Penalty{Cells: make([]int32, g.Width()*g.Height())}
			for i := range pen.Cells {
				if r.IntN(4) == 0 {
					pen.Cells[i] = int32(r.IntN(50))
				}
			}
		}
		a, z := grid.Pt(r.IntN(g.Width()), r.IntN(g.Height())), grid.Pt(r.IntN(g.Width()), r.IntN(g.Height()))
		if a == z {
			continue
		}
		for b := range grid.Bend(grid.Bends) {
			want := bentOracle(a, z, g.Movement(), b)
			if b == grid.Even {
				want = g.AppendStepLine([]grid.Point{a}, a, z)
			}
			got := g.AppendBentLine([]grid.Point{a}, a, z, b)
			if !slices.Equal(got, want) {
				t.Fatalf("%v→%v bend %d %v: %v, want %v", a, z, b, g.Movement(), got, want)
			}
			legal, c := o.Fits(a), grid.Cost(0)
			for i := 1; i < len(want) && legal; i++ {
				if legal = o.Legal(want[i-1], want[i]); legal {
					c += o.Cost(want[i-1], want[i])
					if pen != nil {
						c += pen.At(g.Index(want[i]))
					}
				}
			}
			lc, ok := g.UnitBentLineCost(a, z, u, b, grid.Unreachable, pen)
			if ok != legal || ok && lc != c {
				t.Fatalf("%v→%v bend %d unit %+v %v: cost %d %v, the oracle %d %v\n%s", a, z, b, u, g.Movement(), lc, ok, c, legal, g.Draw(want))
			}
			if !ok {
				rejected++
				continue
			}
			accepted[b]++
			if _, ok := g.UnitBentLineCost(a, z, u, b, c, pen); ok {
				t.Fatalf("%v→%v bend %d: limit %d not enforced", a, z, b, c)
			}
			if pen == nil && g.Uniform() && u.Class == 0 && c != g.LeastCost(a, z) {
				t.Fatalf("%v→%v bend %d on one weight costs %d, LeastCost %d", a, z, b, c, g.LeastCost(a, z))
			}
		}
	}
	if accepted[grid.RareFirst] < 300 || accepted[grid.RareLast] < 300 || rejected < 300 {
		t.Fatalf("accepted %v, rejected %d: the maps do not test", accepted, rejected)
	}
	if _, ok := g0().UnitBentLineCost(grid.Pt(0, 0), grid.Pt(1, 1), grid.Unit{}, grid.Bend(grid.Bends), grid.Unreachable, nil); ok {
		t.Fatal("a bend out of range gave a line")
	}
	if p := g0().AppendBentLine(nil, grid.Pt(0, 0), grid.Pt(1, 1), grid.Bend(grid.Bends)); len(p) != 0 {
		t.Fatalf("a bend out of range drew %v", p)
	}
}

// TestLongStepLine: on maps up to 300 cells a side with a few obstacles,
// StepLineCost accepts a step line (long lines are walked as two halves
// side by side) exactly when every step of AppendStepLine's cells is
// legal under the oracle's rules (TestBentLine checks those cells),
// under all three movement rules, at LeastCost; many lines are rejected,
// in either half.
func TestLongStepLine(t *testing.T) {
	r := rand.New(rand.NewPCG(93, 94))
	accepted, rejected := 0, 0
	for range 300 {
		w, h := 40+r.IntN(260), 40+r.IntN(260)
		g, err := grid.New(w, h, grid.Movement(r.IntN(3)))
		if err != nil {
			t.Fatal(err)
		}
		for range r.IntN(w * h / 200) {
			g.SetPassable(grid.Pt(r.IntN(w), r.IntN(h)), false)
		}
		o := oracle.Graph{G: g, Size: 1}
		for range 40 {
			a, z := grid.Pt(r.IntN(w), r.IntN(h)), grid.Pt(r.IntN(w), r.IntN(h))
			line := g.AppendStepLine([]grid.Point{a}, a, z)
			legal := o.Fits(a)
			for i := 1; i < len(line) && legal; i++ {
				legal = o.Legal(line[i-1], line[i])
			}
			c, ok := g.StepLineCost(a, z, grid.Unreachable)
			if ok != legal || ok && c != g.LeastCost(a, z) {
				t.Fatalf("%v→%v on %d×%d %v: StepLineCost %d %v, the oracle %v", a, z, w, h, g.Movement(), c, ok, legal)
			}
			if ok {
				accepted++
			} else {
				rejected++
			}
		}
	}
	if accepted < 2000 || rejected < 2000 {
		t.Fatalf("accepted %d, rejected %d: the maps do not test", accepted, rejected)
	}
}

func g0() *grid.Grid {
	g, _ := grid.New(4, 4, grid.Octile)
	return g
}

// FuzzBentLine: any points (on the map or off), bend, unit and map:
// no panic; an accepted line ends at z with legal steps (PathCost) at
// the reported cost for a plain unit.
func FuzzBentLine(f *testing.F) {
	f.Add([]byte("..#.\n....\n.#..\n...."), 0, 0, 3, 3, uint8(1), 1, uint8(0))
	f.Add([]byte("...\n.#.\n..."), 0, 2, 2, 0, uint8(2), 2, uint8(1))
	f.Fuzz(func(t *testing.T, m []byte, ax, ay, zx, zy int, b uint8, size int, rule uint8) {
		if len(m) > 400 {
			return
		}
		g, err := grid.ParseASCII(string(m), grid.Movement(rule%3))
		if err != nil {
			return
		}
		a, z := grid.Pt(ax, ay), grid.Pt(zx, zy)
		u := grid.Unit{Size: size}
		c, ok := g.UnitBentLineCost(a, z, u, grid.Bend(b), grid.Unreachable, nil)
		line := g.AppendBentLine([]grid.Point{a}, a, z, grid.Bend(b))
		if !ok || size > 1 || a == z {
			return
		}
		if line[len(line)-1] != z {
			t.Fatalf("line %v→%v bend %d ends at %v", a, z, b, line[len(line)-1])
		}
		if pc, err := g.PathCost(line); err != nil || pc != c {
			t.Fatalf("line %v→%v bend %d: PathCost %d %v, reported %d", a, z, b, pc, err, c)
		}
	})
}
