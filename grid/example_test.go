package grid_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
)

// A unit walks out of a pocket and round a wall, stepping round the swamp
// cell (weight 3) rather than through it.
func ExampleSearcher_FindPath() {
	g, err := grid.ParseASCII(`
		.....
		.###.
		.3.#.
		...#.`, grid.Octile)
	if err != nil {
		panic(err)
	}
	s := grid.NewSearcher(g) // keep it: later queries reuse its memory
	res, err := s.FindPath(grid.Pt(2, 2), grid.Pt(4, 3), grid.Options{}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, len(res.Path)-1, "steps", fmt.Sprintf("%.4f", grid.Length(res.Path)))
	fmt.Print(g.Draw(res.Path))
	// Output:
	// found 11 steps 11.8284
	// *****
	// *###*
	// *3*#*
	// .*.#*
}

// A harvester looks for the closest of several resources.
func ExampleSearcher_FindNearest() {
	g, _ := grid.ParseASCII(`
		......
		.####.
		......`, grid.Octile)
	s := grid.NewSearcher(g)
	ore := []grid.Point{grid.Pt(5, 0), grid.Pt(0, 2), grid.Pt(5, 2)}
	res, _ := s.FindNearest(grid.Pt(1, 0), ore, grid.Options{}, nil)
	fmt.Println("target", res.Target, "at", ore[res.Target], "path", res.Path)
	// Output:
	// target 1 at 0,2 path [1,0 0,0 0,1 0,2]
}

// When the goal is walled off, Nearest walks to the closest reachable cell.
func ExampleOptions_nearest() {
	g, _ := grid.ParseASCII(`
		....#..
		....#..
		....#..`, grid.Octile)
	s := grid.NewSearcher(g)
	res, _ := s.FindPath(grid.Pt(0, 1), grid.Pt(6, 1), grid.Options{Nearest: true}, nil)
	fmt.Println(res.Status, res.Path)
	// Output:
	// partial [0,1 1,1 2,1 3,1]
}

func ExampleGrid_LineOfSight() {
	g, _ := grid.ParseASCII(`
		.....
		..#..
		.....`, grid.Octile)
	fmt.Println(g.LineOfSight(grid.Pt(0, 0), grid.Pt(4, 0)), g.LineOfSight(grid.Pt(0, 1), grid.Pt(4, 1)))
	line, _ := g.AppendLine(nil, grid.Pt(0, 0), grid.Pt(4, 2))
	fmt.Println(g.LineOfSight(grid.Pt(0, 0), grid.Pt(4, 2)), line)
	line, _ = g.AppendLine(nil, grid.Pt(0, 0), grid.Pt(3, 0))
	fmt.Println(line)
	// Output:
	// true false
	// false []
	// [0,0 1,0 2,0 3,0]
}
