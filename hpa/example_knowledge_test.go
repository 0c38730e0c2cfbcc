package hpa_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// A scout crosses a map it has never seen. Its player believes
// unexplored land open, so the first path runs straight at the goal; the
// scout sees 6 cells round it each tick, and when what it sees blocks the
// rest of its path it asks the player's path service again. It walks into
// the dead end behind the wall before it learns the way round.
func ExampleKnowledge() {
	truth, _ := grid.New(128, 96, grid.Octile)
	truth.Fill(grid.R(64, 10, 66, 96), false) // a wall, open at the north
	truth.Fill(grid.R(40, 10, 66, 12), false) // and a pocket's roof
	player, err := hpa.NewKnowledge(truth, hpa.KnowledgeConfig{Bake: preprocess.Config{ClusterSize: 16}})
	if err != nil {
		panic(err)
	}
	svc := player.NewService(hpa.ServiceConfig{})
	defer svc.Close()

	at, goal := grid.Pt(20, 60), grid.Pt(110, 60)
	var path []grid.Point
	order := func() {
		if _, err := svc.Submit(hpa.Order{Start: at, Goal: goal, Options: hpa.Options{Smooth: hpa.Cells}}); err != nil {
			panic(err)
		}
		path = path[:0]
	}
	order()
	walked, orders := 0, 1
	for tick := 0; at != goal && tick < 1000; tick++ {
		if _, err := player.RevealCircle(truth, at, 6); err != nil {
			panic(err)
		}
		if len(path) > 0 && player.FirstBlocked(path, grid.Unit{}) >= 0 {
			order() // what the scout saw blocks its path: ask again
			orders++
		}
		for _, r := range svc.Tick(2000) {
			if r.Kind == hpa.Final {
				path = append(path[:0], r.Path[1:]...)
			}
		}
		if len(path) > 0 {
			if !truth.CanStep(at, path[0]) {
				panic("the scout walked into a wall")
			}
			at, path = path[0], path[1:]
			walked++
		}
	}
	best, _ := grid.NewSearcher(truth).FindPath(grid.Pt(20, 60), goal, grid.Options{}, nil)
	fmt.Printf("at the goal: %v, %d steps, %d orders; the shortest path, known in advance: %d steps\n", at == goal, walked, orders, len(best.Path)-1)
	fmt.Printf("cells seen: %d of %d\n", player.SeenCells(), 128*96)
	// Output:
	// at the goal: true, 188 steps, 68 orders; the shortest path, known in advance: 129 steps
	// cells seen: 2507 of 12288
}
