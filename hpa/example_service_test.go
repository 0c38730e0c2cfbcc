package hpa_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// The game loop with a path service: units submit orders when the player
// clicks; every tick the game gives pathfinding a budget of work (here
// 600 expansions, some tens of µs) and moves each unit along what
// it got: first steps at once, the whole path a few ticks later. A
// squad ordered to one goal shares one search. A wall goes up mid-way:
// requests in flight start again on the new version.
func ExampleService() {
	g, _ := grid.New(256, 256, grid.Octile)
	g.Fill(grid.R(120, 0, 124, 200), false) // a long wall
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	live, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		panic(err)
	}
	svc := live.NewService(hpa.ServiceConfig{})
	defer svc.Close()

	type unit struct {
		at   grid.Point
		path []grid.Point
	}
	units := map[hpa.Ticket]*unit{}
	// A squad of 12 ordered across the map, and a scout sent first.
	order := func(u *unit, goal grid.Point, priority int) {
		tk, err := svc.Submit(hpa.Order{Start: u.at, Goal: goal, Priority: priority, Options: hpa.Options{Smooth: hpa.Cells}})
		if err != nil {
			panic(err)
		}
		units[tk] = u
	}
	order(&unit{at: grid.Pt(10, 10)}, grid.Pt(250, 20), 1)
	for i := range 12 {
		order(&unit{at: grid.Pt(20+i%4, 100+i/4)}, grid.Pt(200, 60), 0)
	}

	for tick := 1; svc.Pending() > 0; tick++ {
		if tick == 3 { // the game thread edits and publishes
			if err := live.Fill(grid.R(160, 40, 164, 90), false); err != nil {
				panic(err)
			}
			if _, err := live.Publish(); err != nil {
				panic(err)
			}
		}
		firsts, finals := 0, 0
		for _, r := range svc.Tick(600) {
			u := units[r.Ticket]
			u.path = append(u.path[:0], r.Path...) // r.Path is valid until the next Tick
			if r.Kind == hpa.FirstSteps {
				firsts++
				continue
			}
			finals++
			if r.Ticket == 1 {
				fmt.Printf("tick %d: scout %v, %d cells, version %d\n", tick, r.Status, len(r.Path), r.Version)
			}
		}
		fmt.Printf("tick %d: %d first steps, %d paths, %d expansions, %d waiting\n", tick, firsts, finals, svc.Spent(), svc.Pending())
	}
	// Output:
	// tick 1: 1 first steps, 0 paths, 600 expansions, 13 waiting
	// tick 2: scout found, 376 cells, version 0
	// tick 2: 12 first steps, 1 paths, 485 expansions, 12 waiting
	// tick 3: 0 first steps, 2 paths, 600 expansions, 10 waiting
	// tick 4: 0 first steps, 2 paths, 600 expansions, 8 waiting
	// tick 5: 0 first steps, 2 paths, 600 expansions, 6 waiting
	// tick 6: 0 first steps, 2 paths, 600 expansions, 4 waiting
	// tick 7: 0 first steps, 2 paths, 600 expansions, 2 waiting
	// tick 8: 0 first steps, 2 paths, 350 expansions, 0 waiting
}
