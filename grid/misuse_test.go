package grid_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/nopanic"
)

// call runs f and turns a panic into a test failure.
var call = nopanic.Call

// TestMisuseReturnsErrors calls every public entry point of the package
// that takes input it can reject with misuse: nil grids, readers and
// writers, points off the grid, bad sizes, buffers of the wrong length.
// Each must return an error with the package prefix that errors.Is
// matches to the sentinel of its kind, and none may panic.
func TestMisuseReturnsErrors(t *testing.T) {
	g, err := grid.ParseASCII(`
		....
		.#..
		....`, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	off, wall := grid.Pt(9, 1), grid.Pt(1, 1)
	nilSearcher := grid.NewSearcher(nil)
	var zero grid.Searcher
	s := grid.NewSearcher(g)
	shortPen := &grid.Penalty{Cells: make([]int32, 3)}
	for _, c := range []struct {
		name string
		want error
		f    func() error
	}{
		{"New 0×5", grid.ErrSize, func() error { _, err := grid.New(0, 5, grid.Octile); return err }},
		{"New -1×5", grid.ErrSize, func() error { _, err := grid.New(-1, 5, grid.Octile); return err }},
		{"New huge", grid.ErrSize, func() error { _, err := grid.New(grid.MaxSide, grid.MaxSide, grid.Octile); return err }},
		{"New rule 9", grid.ErrMovement, func() error { _, err := grid.New(4, 4, grid.Movement(9)); return err }},
		{"SetPassable off", grid.ErrOutOfBounds, func() error { return g.Clone().SetPassable(off, false) }},
		{"SetWeight off", grid.ErrOutOfBounds, func() error { return g.Clone().SetWeight(grid.Pt(-1, 0), 2) }},
		{"SetWeight 0", grid.ErrWeight, func() error { return g.Clone().SetWeight(grid.Pt(0, 0), 0) }},
		{"FillWeight 0", grid.ErrWeight, func() error { return g.Clone().FillWeight(g.Bounds(), 0) }},
		{"PathCost nil", grid.ErrPath, func() error { _, err := g.PathCost(nil); return err }},
		{"PathCost off", grid.ErrOutOfBounds, func() error { _, err := g.PathCost([]grid.Point{off}); return err }},
		{"PathCost wall", grid.ErrBlocked, func() error { _, err := g.PathCost([]grid.Point{wall}); return err }},
		{"PathCost jump", grid.ErrPath, func() error { _, err := g.PathCost([]grid.Point{{0, 0}, {2, 0}}); return err }},
		{"PathCost into wall", grid.ErrPath, func() error { _, err := g.PathCost([]grid.Point{{0, 1}, {1, 1}}); return err }},
		{"PathCostWith short penalty", grid.ErrPenalty, func() error {
			_, err := g.PathCostWith([]grid.Point{{0, 0}, {1, 0}}, shortPen)
			return err
		}},
		{"FindPath nil grid", grid.ErrNilGrid, func() error {
			_, err := nilSearcher.FindPath(grid.Pt(0, 0), grid.Pt(1, 0), grid.Options{}, nil)
			return err
		}},
		{"FindPath zero Searcher", grid.ErrNilGrid, func() error { _, err := zero.FindPath(grid.Pt(0, 0), grid.Pt(1, 0), grid.Options{}, nil); return err }},
		{"FindNearest nil grid", grid.ErrNilGrid, func() error {
			_, err := nilSearcher.FindNearest(grid.Pt(0, 0), []grid.Point{{1, 0}}, grid.Options{}, nil)
			return err
		}},
		{"FindAll nil grid", grid.ErrNilGrid, func() error {
			_, err := nilSearcher.FindAll(grid.Pt(0, 0), []grid.Point{{1, 0}}, grid.Options{}, make([]grid.Cost, 1))
			return err
		}},
		{"FindPath start off", grid.ErrOutOfBounds, func() error { _, err := s.FindPath(off, grid.Pt(0, 0), grid.Options{}, nil); return err }},
		{"FindPath goal off", grid.ErrOutOfBounds, func() error { _, err := s.FindPath(grid.Pt(0, 0), off, grid.Options{}, nil); return err }},
		{"FindPath start blocked", grid.ErrBlocked, func() error { _, err := s.FindPath(wall, grid.Pt(0, 0), grid.Options{}, nil); return err }},
		{"FindPath window off", grid.ErrWindow, func() error {
			_, err := s.FindPath(grid.Pt(0, 0), grid.Pt(1, 0), grid.Options{Window: grid.R(50, 50, 60, 60)}, nil)
			return err
		}},
		{"FindPath short penalty", grid.ErrPenalty, func() error {
			_, err := s.FindPath(grid.Pt(0, 0), grid.Pt(3, 2), grid.Options{Penalty: shortPen}, nil)
			return err
		}},
		{"FindNearest target off", grid.ErrOutOfBounds, func() error {
			_, err := s.FindNearest(grid.Pt(0, 0), []grid.Point{off}, grid.Options{}, nil)
			return err
		}},
		{"FindAll short costs", grid.ErrLength, func() error {
			_, err := s.FindAll(grid.Pt(0, 0), []grid.Point{{1, 0}, {2, 0}}, grid.Options{}, make([]grid.Cost, 1))
			return err
		}},
		{"ReadMapFile nil", grid.ErrNil, func() error { _, err := grid.ReadMapFile(nil); return err }},
		{"ReadMap nil", grid.ErrNil, func() error { _, err := grid.ReadMap(nil, grid.MapOptions{}); return err }},
		{"ReadMap rule 9", grid.ErrMovement, func() error {
			_, err := grid.ReadMap(strings.NewReader("type octile\nheight 1\nwidth 1\nmap\n.\n"), grid.MapOptions{Movement: 9})
			return err
		}},
		{"MapFile nil Grid", grid.ErrNil, func() error { _, err := (*grid.MapFile)(nil).Grid(grid.MapOptions{}); return err }},
		{"MapFile bad size Grid", grid.ErrSize, func() error {
			_, err := (&grid.MapFile{Width: -1, Height: -1, Cells: []byte{'.'}}).Grid(grid.MapOptions{})
			return err
		}},
		{"MapFile nil WriteTo", grid.ErrNil, func() error { _, err := (*grid.MapFile)(nil).WriteTo(&bytes.Buffer{}); return err }},
		{"MapFile WriteTo nil writer", grid.ErrNil, func() error { _, err := grid.MapFileOf(g).WriteTo(nil); return err }},
		{"MapFile WriteTo short cells", grid.ErrFormat, func() error {
			_, err := (&grid.MapFile{Width: 4, Height: 4, Cells: []byte("....")}).WriteTo(&bytes.Buffer{})
			return err
		}},
		{"MapFile WriteTo bad size", grid.ErrSize, func() error { _, err := (&grid.MapFile{}).WriteTo(&bytes.Buffer{}); return err }},
		{"MapFile WriteTo bad cell", grid.ErrFormat, func() error {
			_, err := (&grid.MapFile{Width: 2, Height: 1, Cells: []byte(".\n")}).WriteTo(&bytes.Buffer{})
			return err
		}},
		{"MapFileOf nil WriteTo", grid.ErrNil, func() error { _, err := grid.MapFileOf(nil).WriteTo(&bytes.Buffer{}); return err }},
		{"ReadScen nil", grid.ErrNil, func() error { _, err := grid.ReadScen(nil); return err }},
		{"WriteScen nil", grid.ErrNil, func() error { return grid.WriteScen(nil, nil) }},
		{"WriteScen map name with a space", grid.ErrFormat, func() error {
			return grid.WriteScen(&bytes.Buffer{}, []grid.Scenario{{Map: "my map.map", Width: 4, Height: 3}})
		}},
		{"WriteScen negative point", grid.ErrFormat, func() error {
			return grid.WriteScen(&bytes.Buffer{}, []grid.Scenario{{Map: "m.map", Width: 4, Height: 3, Start: grid.Pt(-1, 0)}})
		}},
		{"WriteScen negative decimals", grid.ErrFormat, func() error {
			return grid.WriteScen(&bytes.Buffer{}, []grid.Scenario{{Map: "m.map", Width: 4, Height: 3, Decimals: -2}})
		}},
		{"WriteScen line too long", grid.ErrFormat, func() error {
			return grid.WriteScen(&bytes.Buffer{}, []grid.Scenario{{Map: strings.Repeat("m", 5000), Width: 4, Height: 3}})
		}},
		{"Scenario.Check nil grid", grid.ErrNilGrid, func() error { return grid.Scenario{Map: "m.map", Width: 4, Height: 3}.Check(nil) }},
		{"Scenario.Check other size", grid.ErrMismatch, func() error { return grid.Scenario{Map: "m.map", Width: 5, Height: 3}.Check(g) }},
		{"Scenario.Check start off", grid.ErrOutOfBounds, func() error {
			return grid.Scenario{Map: "m.map", Width: 4, Height: 3, Start: grid.Pt(4, 0)}.Check(g)
		}},
		{"Scenario.Check goal blocked", grid.ErrBlocked, func() error {
			return grid.Scenario{Map: "m.map", Width: 4, Height: 3, Goal: wall}.Check(g)
		}},
	} {
		err := call(t, c.name, c.f)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "grid: ") {
			t.Errorf("%s: %q lacks the package prefix", c.name, err)
		}
	}
}

// TestMisuseDoesNotPanic covers the entry points that return no error:
// given points off the grid, a penalty that does not fit or a searcher
// without a grid, each gives its documented "nothing" answer.
func TestMisuseDoesNotPanic(t *testing.T) {
	g, err := grid.New(8, 8, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	off := grid.Pt(20, 3)
	short := &grid.Penalty{Cells: make([]int32, 5)}
	noFunc := &grid.Penalty{Cells: make([]int32, 64)}
	for i := range noFunc.Cells {
		noFunc.Cells[i] = -1 // "ask Func", but there is none
	}
	for _, c := range []struct {
		name string
		f    func() string // "" when the answer is the documented one
	}{
		{"StepLineCost start off", func() string { return lineWant(g.StepLineCost(off, grid.Pt(1, 1), grid.Unreachable)) }},
		{"StepLineCost goal off", func() string { return lineWant(g.StepLineCost(grid.Pt(1, 1), grid.Pt(-3, 1), grid.Unreachable)) }},
		{"StepLineCostWith short penalty", func() string {
			return lineWant(g.StepLineCostWith(grid.Pt(0, 0), grid.Pt(5, 2), grid.Unreachable, short))
		}},
		{"StepLineCostWith nil Func", func() string {
			c, ok := g.StepLineCostWith(grid.Pt(0, 0), grid.Pt(5, 0), grid.Unreachable, noFunc)
			if !ok || c != 5*grid.Straight {
				return fmt.Sprintf("%d %v, want %d true", c, ok, 5*grid.Straight)
			}
			return ""
		}},
		{"FindPath nil Func", func() string {
			res, err := grid.NewSearcher(g).FindPath(grid.Pt(0, 0), grid.Pt(5, 0), grid.Options{Penalty: noFunc}, nil)
			if err != nil || res.Status != grid.Found || res.Cost != 5*grid.Straight {
				return fmt.Sprintf("%v %v %d", err, res.Status, res.Cost)
			}
			return ""
		}},
		{"AppendStepLine off", func() string {
			if p := g.AppendStepLine(nil, grid.Pt(0, 0), grid.Pt(100, 0)); len(p) != 0 {
				return fmt.Sprintf("%d cells", len(p))
			}
			return ""
		}},
		{"Penalty.At out of range", func() string {
			if v := short.At(99); v != 0 {
				return fmt.Sprint(v)
			}
			if v := short.At(-1); v != 0 {
				return fmt.Sprint(v)
			}
			return ""
		}},
		{"Penalty.At nil Func", func() string {
			if v := noFunc.At(3); v != 0 {
				return fmt.Sprint(v)
			}
			return ""
		}},
		{"PathTo nil grid", func() string {
			if p, ok := grid.NewSearcher(nil).PathTo(grid.Pt(0, 0), nil); ok || len(p) != 0 {
				return "a path"
			}
			return ""
		}},
		{"LineOfSight off", func() string {
			if g.LineOfSight(off, grid.Pt(0, 0)) {
				return "true"
			}
			return ""
		}},
		{"Weight, Moves, CanStep off", func() string {
			if g.Weight(off) != 0 || g.Moves(off) != 0 || g.CanStep(off, off.Add(grid.Pt(1, 0))) {
				return "not zero"
			}
			return ""
		}},
		{"Fill off", func() string { g.Clone().Fill(grid.R(-10, -10, 100, 100), false); return "" }},
		{"MapFileOf nil", func() string {
			if m := grid.MapFileOf(nil); m != nil {
				return "not nil"
			}
			return ""
		}},
	} {
		var got string
		if err := call(t, c.name, func() error { got = c.f(); return nil }); err == nil && got != "" {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}

func lineWant(c grid.Cost, ok bool) string {
	if ok {
		return fmt.Sprintf("a line of cost %d", c)
	}
	return ""
}

// TestScenLineOffItsMap: a well-formed scenario line whose start lies
// outside the map it names is read (the query is invalid, not the file),
// and Check tells why.
func TestScenLineOffItsMap(t *testing.T) {
	in := "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.8\n0\tm.map\t4\t3\t7\t0\t3\t2\t3.8\n"
	sc, err := grid.ReadScen(strings.NewReader(in))
	if err != nil || len(sc) != 2 {
		t.Fatalf("%d scenarios, %v", len(sc), err)
	}
	g, _ := grid.New(4, 3, grid.Octile)
	if err := sc[0].Check(g); err != nil {
		t.Errorf("line 0: %v", err)
	}
	if err := sc[1].Check(g); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("line 1: %v, want ErrOutOfBounds", err)
	}
}
