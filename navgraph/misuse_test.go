package navgraph_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/internal/nopanic"
	"github.com/rtspath/rtspath/navgraph"
)

// call runs f and turns a panic into a test failure.
var call = nopanic.Call

// TestMisuseReturnsErrors calls every entry point that can reject its
// input with misuse (no graph, ids out of range, lengths that do not
// match, a query without a penalty function for its negative penalties):
// each returns an error with the package prefix that errors.Is matches
// to the sentinel of its kind, and nothing panics.
func TestMisuseReturnsErrors(t *testing.T) {
	// 0 - 1 - 2, both ways; node 3 alone.
	g, err := navgraph.Build(4, []navgraph.Edge{{0, 1, 5}, {1, 0, 5}, {1, 2, 7}, {2, 1, 7}})
	if err != nil {
		t.Fatal(err)
	}
	oneWay, _ := navgraph.Build(2, []navgraph.Edge{{0, 1, 1}})
	q := func(mod func(*navgraph.Query)) *navgraph.Query {
		q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 2}}}
		mod(q)
		return q
	}
	search := func(s *navgraph.Searcher, q *navgraph.Query) func() error {
		return func() error { _, err := s.Search(q, nil); return err }
	}
	s := navgraph.NewSearcher(g)
	lm, err := navgraph.NewLandmarks(bigGraph(t), 2, 1) // for 100 nodes
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want error
		f    func() error
	}{
		{"Build -1 nodes", navgraph.ErrGraph, func() error { _, err := navgraph.Build(-1, nil); return err }},
		{"Build edge off", navgraph.ErrGraph, func() error { _, err := navgraph.Build(2, []navgraph.Edge{{0, 2, 1}}); return err }},
		{"Build negative cost", navgraph.ErrGraph, func() error { _, err := navgraph.Build(2, []navgraph.Edge{{0, 1, -1}}); return err }},
		{"SetEdges node off", navgraph.ErrGraph, func() error { return g.SetEdges(9, nil, nil) }},
		{"SetEdges lengths", navgraph.ErrGraph, func() error { return g.SetEdges(0, []int32{1}, nil) }},
		{"SetEdges unsorted", navgraph.ErrGraph, func() error { return g.SetEdges(0, []int32{2, 1}, []navgraph.Cost{1, 1}) }},
		{"Decode nil", navgraph.ErrGraph, func() error { _, _, err := navgraph.Decode(nil); return err }},
		{"Search no graph", navgraph.ErrNilGraph, search(navgraph.NewSearcher(nil), q(func(*navgraph.Query) {}))},
		{"Search zero Searcher", navgraph.ErrNilGraph, search(&navgraph.Searcher{}, q(func(*navgraph.Query) {}))},
		{"Search nil query", navgraph.ErrGraph, search(s, nil)},
		{"Search no sources", navgraph.ErrGraph, search(s, q(func(q *navgraph.Query) { q.Sources = nil }))},
		{"Search source off", navgraph.ErrGraph, search(s, q(func(q *navgraph.Query) { q.Sources[0].Node = 4 }))},
		{"Search target negative", navgraph.ErrGraph, search(s, q(func(q *navgraph.Query) { q.Targets[0].Node = -1 }))},
		{"Search short Avoid", navgraph.ErrGraph, search(navgraph.NewSearcher(bigGraph(t)), &navgraph.Query{
			Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 99}}, Avoid: []uint64{0}})},
		{"Search short Penalty", navgraph.ErrGraph, search(s, q(func(q *navgraph.Query) { q.Penalty = make([]navgraph.Cost, 1) }))},
		{"Search landmarks of another graph", navgraph.ErrGraph, search(s, q(func(q *navgraph.Query) { q.Landmarks = lm }))},
		{"NewLandmarks nil", navgraph.ErrNilGraph, func() error { _, err := navgraph.NewLandmarks(nil, 2, 1); return err }},
		{"NewLandmarks one way", navgraph.ErrGraph, func() error { _, err := navgraph.NewLandmarks(oneWay, 2, 1); return err }},
		{"Recompute nil", navgraph.ErrNilGraph, func() error { _, err := lm.Recompute(nil, 1); return err }},
		{"Recompute smaller graph", navgraph.ErrGraph, func() error {
			small, _ := navgraph.Build(1, nil)
			_, err := lm.Recompute(small, 1)
			return err
		}},
	} {
		err := call(t, c.name, c.f)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "navgraph: ") {
			t.Errorf("%s: %q lacks the package prefix", c.name, err)
		}
	}
}

// bigGraph is a path of 100 nodes, both ways.
func bigGraph(t *testing.T) *navgraph.Graph { return chain(t, 100, 1) }

// TestMisuseDoesNotPanic covers the accessors that return no error: ids
// out of range give their documented empty answer.
func TestMisuseDoesNotPanic(t *testing.T) {
	g := bigGraph(t)
	lm, err := navgraph.NewLandmarks(g, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    func() string
	}{
		{"Out off", func() string {
			for _, u := range []int32{-1, 100, 1 << 30} {
				if to, cost := g.Out(u); to != nil || cost != nil {
					return fmt.Sprintf("Out(%d) = %v %v", u, to, cost)
				}
			}
			return ""
		}},
		{"EdgeID off", func() string {
			for _, c := range [][2]int{{-1, 0}, {100, 0}, {0, -1}, {0, 1}, {5, 2}} {
				if id := g.EdgeID(int32(c[0]), c[1]); id != -1 {
					return fmt.Sprintf("EdgeID(%d, %d) = %d", c[0], c[1], id)
				}
			}
			return ""
		}},
		{"Cost off", func() string {
			if _, ok := g.Cost(3, 100); ok {
				return "an edge to 100"
			}
			if _, ok := g.Cost(-3, 1); ok {
				return "an edge from -3"
			}
			return ""
		}},
		{"Equal nil", func() string {
			if g.Equal(nil) {
				return "equal to nil"
			}
			return ""
		}},
		{"Landmarks.Dist off", func() string {
			for _, c := range [][2]int{{-1, 0}, {2, 0}, {0, -1}, {0, 100}} {
				if d, ok := lm.Dist(c[0], int32(c[1])); ok || d != 0 {
					return fmt.Sprintf("Dist(%d, %d) = %d %v", c[0], c[1], d, ok)
				}
			}
			return ""
		}},
		{"Search penalty without PenaltyFunc", func() string {
			pen := make([]navgraph.Cost, g.EdgeIDs())
			for i := range pen {
				pen[i] = -1
			}
			res, err := navgraph.NewSearcher(g).Search(&navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}},
				Targets: []navgraph.Endpoint{{Node: 9}}, Penalty: pen}, nil)
			if err != nil || !res.Found || res.Cost != 9 {
				return fmt.Sprintf("%v %v %d, want found at 9", err, res.Found, res.Cost)
			}
			return ""
		}},
	} {
		var got string
		if err := call(t, c.name, func() error { got = c.f(); return nil }); err == nil && got != "" {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}
