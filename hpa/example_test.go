package hpa_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// A game's path requests: bake once, share the planner, give each
// goroutine its own Query, and Sync after the map changes.
func Example() {
	g, _ := grid.ParseASCII(`
		................................
		................................
		..........#.....................
		..........#.....................
		..........#.............#.......
		..........#.............#.......
		..........#.............#.......
		........................#.......
		........................#.......
		..........#.............#.......
		..........#.....................
		..........#.....................
		................................
		................................
		................................
		................................`, grid.Octile)
	bake, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
	if err != nil {
		panic(err)
	}
	planner := hpa.NewPlanner(bake, hpa.Config{})
	q := planner.NewQuery() // one per goroutine; reuse it

	from, to := grid.Pt(1, 8), grid.Pt(30, 8)
	var path []grid.Point
	res, err := q.Find(from, to, hpa.Options{Smooth: hpa.Cells}, path)
	if err != nil {
		panic(err) // an endpoint off the map or blocked
	}
	path = res.Path
	fmt.Printf("%v, %d cells, length %.2f\n", res.Status, len(path), grid.Length(path))
	exact, _ := grid.NewSearcher(g).FindPath(from, to, grid.Options{}, nil)
	fmt.Printf("optimum %.2f\n", grid.Length(exact.Path))

	// A wall goes up across the gap at x=10: update the bake, sync the
	// planner, ask again.
	gate := grid.R(10, 7, 11, 9)
	g.Fill(gate, false)
	if err := bake.Update(gate, 0); err != nil {
		panic(err)
	}
	planner.Sync()
	res, _ = q.Find(from, to, hpa.Options{Smooth: hpa.Cells}, path)
	fmt.Printf("%v, %d cells, length %.2f\n", res.Status, len(res.Path), grid.Length(res.Path))

	// Any-angle movement wants the corners only.
	res, _ = q.Find(from, to, hpa.Options{Smooth: hpa.Corners}, res.Path)
	fmt.Println("corners:", res.Path)
	// Output:
	// found, 30 cells, length 30.66
	// optimum 30.66
	// found, 30 cells, length 32.31
	// corners: [1,8 10,12 28,9 30,8]
}
