package hpa_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// One order for a group: twelve units on the west side sent to one cell
// in the east. They share a flow field (Move chose it: a path each would
// cost more) and each ends on a cell of its own next to the goal instead
// of all fighting for the goal. Each tick a unit asks Step where to go
// next: an O(1) lookup in the field, then a short path of its own for
// the last cells.
func ExampleQuery_Move() {
	g, _ := grid.ParseASCII(`
		................................................
		................................................
		..........#.............................#.......
		..........#.............................#.......
		..........#..........######.............#.......
		..........#..........######.............#.......
		..........#..........######.....................
		.....................######.....................
		.....................######.............#.......
		..........#.............................#.......
		..........#.............................#.......
		................................................`, grid.Octile)
	bake, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
	q := hpa.NewPlanner(bake, hpa.Config{}).NewQuery()
	var units []grid.Point
	for y := 1; y < 11; y += 3 {
		for x := 1; x < 8; x += 3 {
			units = append(units, grid.Pt(x, y))
		}
	}
	goal := grid.Pt(44, 6)
	var m hpa.Move
	if err := q.Move(goal, units, hpa.MoveOptions{Spread: true}, &m); err != nil {
		panic(err)
	}
	fmt.Println("shared field:", m.Field != nil)
	steps, pos := 0, append([]grid.Point(nil), units...)
	for tick := 0; tick < 100; tick++ {
		for i := range pos {
			if next, ok := m.Step(i, pos[i]); ok {
				pos[i] = next
				steps++
			}
		}
	}
	taken := map[grid.Point]bool{}
	for i, p := range pos {
		if p != m.Dest[i] || taken[p] {
			panic("a unit is not on its own cell")
		}
		taken[p] = true
	}
	fmt.Println(len(taken), "units on", len(taken), "cells round", goal, "after", steps, "steps")
	// Output:
	// shared field: true
	// 12 units on 12 cells round 44,6 after 483 steps
}
