package grid_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// randomClasses paints random terrain types over g (blobs of types 1 to 3)
// and declares two classes with random terrain masks (type 0 always in)
// and, half the time, weights of their own.
func randomClasses(r *rand.Rand, g *grid.Grid) []grid.Class {
	for range r.IntN(12) {
		x, y := r.IntN(g.Width()), r.IntN(g.Height())
		if err := g.FillTerrain(grid.R(x, y, x+1+r.IntN(8), y+1+r.IntN(8)), 1+r.IntN(3)); err != nil {
			panic(err)
		}
	}
	cs := []grid.Class{{Name: "a", Enter: 1 | uint8(r.IntN(16))<<1}, {Name: "b", Enter: 1 | uint8(r.IntN(16))<<1}}
	for i := range cs {
		if r.IntN(2) == 0 {
			for t := range cs[i].Weight {
				cs[i].Weight[t] = []uint8{0, 1, 2, 7}[r.IntN(4)]
			}
		}
	}
	if err := g.SetClasses(cs); err != nil {
		panic(err)
	}
	return cs
}

// TestClassSearchMatchesOracle: on random maps with random terrain types
// and classes, units of sizes 1 to 3 of no class or either class: the
// clearance agrees with the oracle's square scan (also after terrain and
// wall edits), and FindPath finds a path exactly when the oracle's
// Dijkstra does, at its cost, every step legal for the unit.
func TestClassSearchMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(67, 68))
	s := grid.NewSearcher(nil)
	found, none := 0, 0
	for range 120 {
		g := roomyGrid(r)
		cs := randomClasses(r, g)
		for range r.IntN(4) { // edits after the classes are declared
			x, y := r.IntN(g.Width()), r.IntN(g.Height())
			if r.IntN(2) == 0 {
				g.Fill(grid.R(x, y, x+1+r.IntN(5), y+1+r.IntN(5)), r.IntN(2) == 0)
			} else if err := g.SetTerrain(grid.Pt(x, y), r.IntN(4)); err != nil {
				t.Fatal(err)
			}
		}
		s.SetGrid(g)
		u := grid.Unit{Size: 1 + r.IntN(3), Class: r.IntN(3)}
		o := oracle.Graph{G: g, Size: u.Size}
		if u.Class > 0 {
			o.Class = &cs[u.Class-1]
		}
		var fits []grid.Point
		for i := range g.Width() * g.Height() {
			p := g.PointAt(i)
			if got, want := g.Fits(p, u), o.Fits(p); got != want {
				t.Fatalf("%v unit %+v: Fits %v, the oracle %v", p, u, got, want)
			}
			if o.Fits(p) {
				fits = append(fits, p)
			}
		}
		if len(fits) < 2 {
			continue
		}
		for range 5 {
			a, z := fits[r.IntN(len(fits))], fits[r.IntN(len(fits))]
			dist, _ := o.ShortestFrom(a)
			res, err := s.FindPath(a, z, grid.Options{Size: u.Size, Class: u.Class}, nil)
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("%v→%v unit %+v %v", a, z, u, g.Movement())
			want := dist[g.Index(z)]
			if want == grid.Unreachable {
				none++
				if res.Status != grid.NoPath {
					t.Fatalf("%s: %v, the oracle finds no path", what, res.Status)
				}
				continue
			}
			found++
			if res.Status != grid.Found || res.Cost != want {
				t.Fatalf("%s: %v cost %d, the oracle %d", what, res.Status, res.Cost, want)
			}
			checkUnitPath(t, o, res.Path, a, z, res.Cost, what)
			if lc, ok := g.UnitLineCost(a, z, u, grid.Unreachable, nil); ok {
				line := g.AppendStepLine([]grid.Point{a}, a, z)
				checkUnitPath(t, o, line, a, z, lc, what+" step line")
			}
		}
	}
	if found < 200 || none < 20 {
		t.Fatalf("%d found, %d unreachable: the maps do not test", found, none)
	}
}

// TestClassMisuse: bad terrain types, classes and class indices are
// errors, never a panic.
func TestClassMisuse(t *testing.T) {
	g := mustASCII(t, "....\n....", grid.Octile)
	if err := g.SetTerrain(grid.Pt(0, 0), grid.MaxTerrains); !errors.Is(err, grid.ErrTerrain) {
		t.Fatalf("terrain type %d: %v", grid.MaxTerrains, err)
	}
	if err := g.SetTerrain(grid.Pt(9, 0), 1); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatalf("off the grid: %v", err)
	}
	if err := g.SetClasses([]grid.Class{{Name: "x"}, {Name: "x"}}); !errors.Is(err, grid.ErrTerrain) {
		t.Fatalf("a repeated name: %v", err)
	}
	if err := g.SetClasses(make([]grid.Class, grid.MaxClasses+1)); !errors.Is(err, grid.ErrTerrain) {
		t.Fatalf("too many classes: %v", err)
	}
	if _, err := grid.NewSearcher(g).FindPath(grid.Pt(0, 0), grid.Pt(3, 1), grid.Options{Class: 1}, nil); !errors.Is(err, grid.ErrUnit) {
		t.Fatalf("a class the grid lacks: %v", err)
	}
	if err := g.SetClasses([]grid.Class{{Name: "none"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := grid.NewSearcher(g).FindPath(grid.Pt(0, 0), grid.Pt(3, 1), grid.Options{Class: 1}, nil); !errors.Is(err, grid.ErrBlocked) {
		t.Fatalf("a class that enters nothing: %v", err)
	}
	if i, ok := g.ClassIndex("none"); !ok || i != 1 {
		t.Fatalf("ClassIndex: %d %v", i, ok)
	}
}
