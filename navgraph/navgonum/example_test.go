package navgonum_test

import (
	"fmt"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/navgraph/navgonum"
)

// Three waypoints in a row plus a detour, searched by gonum's Dijkstra.
func ExampleView() {
	both := func(u, v int32, c navgraph.Cost) []navgraph.Edge {
		return []navgraph.Edge{{From: u, To: v, Cost: c}, {From: v, To: u, Cost: c}}
	}
	var es []navgraph.Edge
	es = append(es, both(0, 1, 10)...)
	es = append(es, both(1, 2, 10)...)
	es = append(es, both(0, 3, 4)...)
	es = append(es, both(3, 2, 4)...)
	g, err := navgraph.Build(4, es)
	if err != nil {
		panic(err)
	}
	sp := path.DijkstraFrom(simple.Node(0), navgonum.View{G: g})
	nodes, cost := sp.To(2)
	for _, n := range nodes {
		fmt.Print(n.ID(), " ")
	}
	fmt.Println(cost)
	// Output:
	// 0 3 2 8
}
