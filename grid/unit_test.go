package grid_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// roomyGrid makes a map with rooms and corridors of several widths, so
// that units of several sizes find different roads: random blocks of
// walls on open ground.
func roomyGrid(r *rand.Rand) *grid.Grid {
	w, h := 8+r.IntN(40), 8+r.IntN(40)
	g, err := grid.New(w, h, grid.Movement(r.IntN(3)))
	if err != nil {
		panic(err)
	}
	for range r.IntN(w * h / 12) {
		x, y := r.IntN(w), r.IntN(h)
		g.Fill(grid.R(x, y, x+1+r.IntN(4), y+1+r.IntN(4)), false)
	}
	if r.IntN(2) == 0 {
		weights := []uint8{1, 1, 2, 5, 40}
		for range r.IntN(w * h / 4) {
			g.SetWeight(grid.Pt(r.IntN(w), r.IntN(h)), weights[r.IntN(len(weights))])
		}
	}
	return g
}

// bruteClearance is the largest k (up to MaxClearance) for which the
// oracle says a k×k unit fits at p.
func bruteClearance(g *grid.Grid, p grid.Point) int {
	k := 0
	for k < grid.MaxClearance && (oracle.Graph{G: g, Size: k + 1}).Fits(p) {
		k++
	}
	return k
}

// TestClearanceFollowsEdits: after random walls and openings (single
// cells and rectangles), every cell's Clearance equals the brute-force
// square scan of the oracle, and UnitMoves allows exactly the steps the
// oracle's footprint rule allows, for sizes 1 to 5.
func TestClearanceFollowsEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for range 60 {
		g := roomyGrid(r)
		w, h := g.Width(), g.Height()
		for range 1 + r.IntN(8) {
			x, y := r.IntN(w), r.IntN(h)
			if r.IntN(2) == 0 {
				g.SetPassable(grid.Pt(x, y), r.IntN(2) == 0)
			} else {
				g.Fill(grid.R(x, y, x+1+r.IntN(9), y+1+r.IntN(9)), r.IntN(3) == 0)
			}
		}
		for i := range w * h {
			p := g.PointAt(i)
			if got, want := g.Clearance(p), bruteClearance(g, p); got != want {
				t.Fatalf("%v on a %d×%d grid: clearance %d, brute force %d\n%s", p, w, h, got, want, g.Draw(nil))
			}
			for k := 1; k <= 5; k++ {
				o := oracle.Graph{G: g, Size: k}
				m := g.UnitMoves(p, grid.Unit{Size: k})
				for d := range grid.Dir(8) {
					q := p.Add(d.Delta())
					if got, want := m&(1<<d) != 0, o.Legal(p, q); got != want {
						t.Fatalf("%v→%v, size %d, %v: UnitMoves says %v, the oracle %v\n%s", p, q, k, g.Movement(), got, want, g.Draw(nil))
					}
				}
			}
		}
	}
}

// TestUnitSearchMatchesOracle: on random maps of rooms and corridors,
// every rule, units 1 to 4 cells across: FindPath finds a path exactly
// when the oracle's Dijkstra over the cells where the unit fits reaches
// the goal, at the oracle's least cost, every step legal for the unit
// (oracle); also inside random windows, with Nearest, and FindAll's costs.
func TestUnitSearchMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	s := grid.NewSearcher(nil)
	found, none := 0, 0
	for range 150 {
		g := roomyGrid(r)
		s.SetGrid(g)
		k := 1 + r.IntN(4)
		o := oracle.Graph{G: g, Size: k}
		var fits []grid.Point
		for i := range g.Width() * g.Height() {
			if p := g.PointAt(i); o.Fits(p) {
				fits = append(fits, p)
			}
		}
		if len(fits) < 2 {
			continue
		}
		for range 6 {
			a, z := fits[r.IntN(len(fits))], fits[r.IntN(len(fits))]
			dist, _ := o.ShortestFrom(a)
			res, err := s.FindPath(a, z, grid.Options{Size: k}, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := dist[g.Index(z)]
			what := fmt.Sprintf("%v→%v size %d %v", a, z, k, g.Movement())
			if want == grid.Unreachable {
				none++
				if res.Status != grid.NoPath {
					t.Fatalf("%s: %v, the oracle finds no path", what, res.Status)
				}
			} else {
				found++
				if res.Status != grid.Found || res.Cost != want {
					t.Fatalf("%s: %v cost %d, the oracle %d\n%s", what, res.Status, res.Cost, want, g.Draw(res.Path))
				}
				checkUnitPath(t, o, res.Path, a, z, res.Cost, what)
			}
			// Nearest: a legal path to a cell the unit reaches.
			nr, err := s.FindPath(a, z, grid.Options{Size: k, Nearest: true}, nil)
			if err != nil {
				t.Fatal(err)
			}
			end := nr.Path[len(nr.Path)-1]
			if dist[g.Index(end)] == grid.Unreachable {
				t.Fatalf("%s: Nearest ends at %v, which the unit cannot reach", what, end)
			}
			checkUnitPath(t, o, nr.Path, a, end, nr.Cost, what+" nearest")
			// A window around both: the oracle bounded to it.
			win := grid.R(min(a.X, z.X)-r.IntN(4), min(a.Y, z.Y)-r.IntN(4), max(a.X, z.X)+1+r.IntN(4), max(a.Y, z.Y)+1+r.IntN(4)).Intersect(g.Bounds())
			ow := oracle.Graph{G: g, Size: k, Win: win}
			wd, _ := ow.ShortestFrom(a)
			wr, err := s.FindPath(a, z, grid.Options{Size: k, Window: win}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if w := wd[g.Index(z)]; w == grid.Unreachable && wr.Status != grid.NoPath || w != grid.Unreachable && wr.Cost != w {
				t.Fatalf("%s in %v: %v cost %d, the oracle %d", what, win, wr.Status, wr.Cost, w)
			}
			// FindAll: every target's least cost.
			targets := []grid.Point{z, fits[r.IntN(len(fits))], fits[r.IntN(len(fits))], g.PointAt(r.IntN(g.Width() * g.Height()))}
			costs := make([]grid.Cost, len(targets))
			if _, err := s.FindAll(a, targets, grid.Options{Size: k}, costs); err != nil {
				t.Fatal(err)
			}
			for i, tg := range targets {
				w := grid.Unreachable
				if o.Fits(tg) {
					w = dist[g.Index(tg)]
				}
				if costs[i] != w {
					t.Fatalf("%s: FindAll target %v: cost %d, the oracle %d", what, tg, costs[i], w)
				}
			}
		}
	}
	if found < 300 || none < 30 {
		t.Fatalf("only %d reachable and %d unreachable queries: the maps do not test", found, none)
	}
}

// checkUnitPath verifies that p is a path from a to b legal for o's unit
// at every step (oracle), costing c.
func checkUnitPath(t *testing.T, o oracle.Graph, p []grid.Point, a, b grid.Point, c grid.Cost, what string) {
	t.Helper()
	if len(p) == 0 || p[0] != a || p[len(p)-1] != b {
		t.Fatalf("%s: path %v does not run from %v to %v", what, p, a, b)
	}
	var sum grid.Cost
	for i := 1; i < len(p); i++ {
		if !o.Legal(p[i-1], p[i]) {
			t.Fatalf("%s: step %v→%v is not legal for a unit %d across\n%s", what, p[i-1], p[i], o.Size, o.G.Draw(p))
		}
		sum += o.Cost(p[i-1], p[i])
	}
	if sum != c {
		t.Fatalf("%s: path costs %d, reported %d", what, sum, c)
	}
}

// TestUnitMisuse: sizes out of range are ErrUnit; endpoints where the unit
// does not fit are ErrBlocked.
func TestUnitMisuse(t *testing.T) {
	g := mustASCII(t, `
.....
.....
...#.
.....`, grid.Octile)
	s := grid.NewSearcher(g)
	for _, k := range []int{-1, grid.MaxClearance + 1} {
		if _, err := s.FindPath(grid.Pt(0, 0), grid.Pt(1, 1), grid.Options{Size: k}, nil); !errors.Is(err, grid.ErrUnit) {
			t.Fatalf("size %d: %v", k, err)
		}
	}
	if _, err := s.FindPath(grid.Pt(0, 0), grid.Pt(2, 1), grid.Options{Size: 2}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatalf("goal where a 2×2 unit touches a wall: %v", err)
	}
	if _, err := s.FindPath(grid.Pt(4, 0), grid.Pt(0, 0), grid.Options{Size: 2}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatalf("start where a 2×2 unit leaves the map: %v", err)
	}
	if g.Fits(grid.Pt(-1, 0), grid.Unit{}) || g.UnitMoves(grid.Pt(9, 9), grid.Unit{Size: 2}) != 0 || g.Clearance(grid.Pt(0, 9)) != 0 {
		t.Fatal("cells off the grid fit")
	}
}

// TestUnitLineCost: the step line between two random cells is accepted
// for a unit exactly when every one of its steps is legal for the unit
// (oracle), at the cost the oracle adds up.
func TestUnitLineCost(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 66))
	ok, refused := 0, 0
	for range 300 {
		g := roomyGrid(r)
		k := 1 + r.IntN(4)
		o := oracle.Graph{G: g, Size: k}
		for range 20 {
			a := g.PointAt(r.IntN(g.Width() * g.Height()))
			z := grid.Pt(a.X+r.IntN(15)-7, a.Y+r.IntN(15)-7)
			if !g.Contains(z) {
				continue
			}
			line := g.AppendStepLine([]grid.Point{a}, a, z)
			want, legal := grid.Cost(0), o.Fits(a)
			for i := 1; i < len(line) && legal; i++ {
				legal = o.Legal(line[i-1], line[i])
				want += o.Cost(line[i-1], line[i])
			}
			got, fine := g.UnitLineCost(a, z, grid.Unit{Size: k}, grid.Unreachable, nil)
			if fine != legal || fine && got != want {
				t.Fatalf("%v→%v size %d %v: UnitLineCost %d %v, oracle %d %v\n%s", a, z, k, g.Movement(), got, fine, want, legal, g.Draw(line))
			}
			if legal {
				ok++
			} else {
				refused++
			}
		}
	}
	if ok < 500 || refused < 500 {
		t.Fatalf("%d lines legal, %d not: the maps do not test", ok, refused)
	}
}
