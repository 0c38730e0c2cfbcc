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
	if err := planner.Sync(); err != nil {
		panic(err)
	}
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

// A game loop with penalties: danger where a squad died sends the next
// squads down the other road until it fades, and units claim the path
// ahead of them so that the unit behind takes another lane.
func ExamplePenalties() {
	g, _ := grid.ParseASCII(`
		......############################......
		........................................
		........................................
		......############################......
		......############################......
		......############################......
		......############################......
		......############################......
		........................................
		........................................
		......############################......`, grid.Octile)
	bake, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
	planner := hpa.NewPlanner(bake, hpa.Config{})
	layer := planner.NewPenalties(hpa.PenaltyConfig{}) // one per team
	q := planner.NewQuery()
	// road tells which road a path takes: the row where it crosses x=20.
	road := func(path []grid.Point) int {
		for _, p := range path {
			if p.X == 20 {
				return p.Y
			}
		}
		return -1
	}

	// A squad died on the northern road.
	layer.AddInfluence(grid.Pt(20, 1), 3, 20*grid.Straight)
	for tick := range 6 {
		res, _ := q.Find(grid.Pt(2, 4), grid.Pt(37, 4), hpa.Options{Smooth: hpa.Cells, Penalty: layer.For(hpa.NoUnit)}, nil)
		fmt.Printf("tick %d: row %d\n", tick, road(res.Path))
		layer.DecayInfluence(1, 4) // danger fades to a quarter each tick
	}

	// Three units leave one after another; each claims its path.
	var paths [3][]grid.Point
	for unit := range uint64(3) {
		from, to := grid.Pt(2, 4+int(unit)), grid.Pt(37, 4+int(unit))
		res, _ := q.Find(from, to, hpa.Options{Smooth: hpa.Cells, Penalty: layer.For(unit)}, nil)
		layer.Claim(unit, res.Path)
		paths[unit] = res.Path
		fmt.Printf("unit %d: row %d\n", unit, road(res.Path))
	}
	// Each tick a unit steps on and tells the layer; the cells behind it
	// are free again.
	layer.Advance(0, paths[0][1])
	fmt.Println("claims of unit 0:", len(layer.Claims(0, nil)), "of", len(paths[0]))
	// Unit 0 arrives (or dies): it claims nothing any more.
	layer.Release(0)
	fmt.Println("claims on its first cell:", layer.ClaimsAt(paths[0][1]))
	// Output:
	// tick 0: row 8
	// tick 1: row 8
	// tick 2: row 8
	// tick 3: row 2
	// tick 4: row 2
	// tick 5: row 2
	// unit 0: row 2
	// unit 1: row 8
	// unit 2: row 9
	// claims of unit 0: 35 of 36
	// claims on its first cell: 0
}
