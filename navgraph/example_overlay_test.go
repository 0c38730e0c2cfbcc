package navgraph_test

import (
	"fmt"

	"github.com/rtspath/rtspath/navgraph"
)

// A 6×2 grid of nodes (node y*6+x) in three cells of two columns each.
// The search crosses the middle cell, which holds neither end, by its
// hops; with doors only on the bottom row, it must enter and leave that
// cell there.
func ExampleNewOverlayDoors() {
	var es []navgraph.Edge
	for y := range 2 {
		for x := range 6 {
			u := int32(y*6 + x)
			if x < 5 {
				es = append(es, navgraph.Edge{From: u, To: u + 1, Cost: 1}, navgraph.Edge{From: u + 1, To: u, Cost: 1})
			}
			if y == 0 {
				es = append(es, navgraph.Edge{From: u, To: u + 6, Cost: 1}, navgraph.Edge{From: u + 6, To: u, Cost: 1})
			}
		}
	}
	g, err := navgraph.Build(12, es)
	if err != nil {
		panic(err)
	}
	cell := make([]int32, 12)
	doors := make([]uint8, 12)
	for u := range cell {
		cell[u] = int32(u % 6 / 2)
		if u >= 6 { // the bottom row: doors at level 0
			doors[u] = 1
		}
	}
	s := navgraph.NewSearcher(g)
	for _, d := range [][]uint8{nil, doors} {
		ov, err := navgraph.NewOverlayDoors(g, [][]int32{cell}, d, 1)
		if err != nil {
			panic(err)
		}
		res, _ := s.Search(&navgraph.Query{
			Sources: []navgraph.Endpoint{{Node: 0}},
			Targets: []navgraph.Endpoint{{Node: 5}},
			Overlay: ov,
		}, nil)
		fmt.Println(res.Path, res.Cost)
	}
	// Output:
	// [0 1 2 3 4 5] 5
	// [0 1 7 8 9 10 4 5] 7
}
