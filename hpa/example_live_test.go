package hpa_test

import (
	"fmt"
	"sync"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// The game loop on a live map: each tick the game thread writes its edits
// (a wall going up, a fight heating an area) and publishes them as one
// version; the tick's path requests are then answered on a pool of
// workers, all on that version, in the order asked.
func ExampleLive() {
	g, _ := grid.New(64, 64, grid.Octile)
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	live, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		panic(err)
	}
	danger := live.NewPenalties(hpa.PenaltyConfig{})
	reqs := []hpa.Request{
		{Start: grid.Pt(2, 32), Goal: grid.Pt(61, 32)},
		{Start: grid.Pt(2, 2), Goal: grid.Pt(61, 61), Options: hpa.Options{Smooth: hpa.Corners, Penalty: danger.For(hpa.NoUnit)}},
	}
	var answers []hpa.Answer
	for tick := range 3 {
		// Game thread: edit, then publish.
		if err := live.Fill(grid.R(16+12*tick, 8, 18+12*tick, 60), false); err != nil {
			panic(err)
		}
		if err := danger.AddInfluence(grid.Pt(32, 40), 8, 20*grid.Straight); err != nil {
			panic(err)
		}
		if _, err := live.Publish(); err != nil {
			panic(err)
		}
		// Workers: every request of the tick, on two goroutines.
		answers = live.FindAll(reqs, answers, 2)
		for i, a := range answers {
			fmt.Printf("tick %d request %d: version %d, %v, %d points, cost %d\n", tick, i, a.Version, a.Status, len(a.Path), a.Cost)
		}
	}
	// Output:
	// tick 0 request 0: version 1, found, 76 points, cost 1041878
	// tick 0 request 1: version 1, found, 3 points, cost 1032028
	// tick 1 request 0: version 2, found, 75 points, cost 1044664
	// tick 1 request 1: version 2, found, 3 points, cost 1112740
	// tick 2 request 0: version 3, found, 84 points, cost 1105198
	// tick 2 request 1: version 3, found, 3 points, cost 1193452
}

// Queries from worker goroutines while the game thread keeps publishing:
// each query runs on the version published when it began, and says
// which; a version's map is what the game had written up to it.
func ExampleLiveQuery() {
	g, _ := grid.New(128, 128, grid.Octile)
	b, _ := preprocess.Build(g, preprocess.Config{})
	live, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		panic(err)
	}
	var wg sync.WaitGroup
	wrong := make(chan string, 4)
	for w := range 4 {
		wg.Go(func() {
			q := live.NewQuery() // one per worker, kept
			var path []grid.Point
			for i := range 200 {
				res, err := q.Find(grid.Pt(0, w), grid.Pt(127, 127-i%64), hpa.Options{Smooth: hpa.Cells}, path)
				if err != nil || res.Status != hpa.Found {
					wrong <- fmt.Sprint(res.Status, err)
					return
				}
				path = res.Path
			}
		})
	}
	// The game thread: a wall grows across the map, one block per
	// version, leaving a gap at the east edge.
	for x := 8; x < 120; x += 8 {
		if err := live.Fill(grid.R(x, 64, x+8, 66), false); err != nil {
			panic(err)
		}
		if _, err := live.Publish(); err != nil {
			panic(err)
		}
	}
	wg.Wait()
	close(wrong)
	for s := range wrong {
		fmt.Println("query failed:", s)
	}
	fmt.Println("published version", live.Version())
	// Output:
	// published version 14
}
