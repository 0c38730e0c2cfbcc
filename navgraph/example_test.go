package navgraph_test

import (
	"fmt"

	"github.com/rtspath/rtspath/navgraph"
)

// Three waypoints in a row plus a detour; the start attaches to two of
// them and the goal to one, without adding nodes to the graph.
func ExampleSearcher_Search() {
	both := func(u, v int32, c navgraph.Cost) []navgraph.Edge {
		return []navgraph.Edge{{u, v, c}, {v, u, c}}
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
	s := navgraph.NewSearcher(g) // reuse it: searches allocate nothing
	res, _ := s.Search(&navgraph.Query{
		Sources: []navgraph.Endpoint{{Node: 0, Cost: 3}, {Node: 1, Cost: 2}},
		Targets: []navgraph.Endpoint{{Node: 2, Cost: 2}},
	}, nil)
	fmt.Println(res.Found, res.Path, res.Cost)
	// Output:
	// true [0 3 2] 13
}
