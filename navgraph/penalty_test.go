package navgraph_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// TestExtremeCosts: on small random graphs whose edge costs, penalties
// and endpoint costs take the largest values a query accepts (and
// penalties far beyond, math.MaxInt64 included), the search returns the
// cost a brute force over every simple path computes in exact
// arithmetic under the documented rule (a penalty counts as at most
// MaxPathCost, a path's cost is its sum cut to MaxPathCost), and the
// path it returns costs that: nothing wraps.
func TestExtremeCosts(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	big1 := func(v navgraph.Cost) *big.Int { return big.NewInt(int64(v)) }
	pick := func(vals ...navgraph.Cost) navgraph.Cost { return vals[r.IntN(len(vals))] }
	s := navgraph.NewSearcher(nil)
	found, saturated := 0, 0
	for iter := range 3000 {
		n := 2 + r.IntN(6)
		var edges []navgraph.Edge
		for range r.IntN(3 * n) {
			u, v := int32(r.IntN(n)), int32(r.IntN(n))
			edges = append(edges, navgraph.Edge{From: u, To: v, Cost: pick(0, 1, navgraph.MaxCost, navgraph.MaxCost-1, navgraph.Cost(r.IntN(1000)))})
		}
		g, err := navgraph.Build(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		s.SetGraph(g)
		pen := make([]navgraph.Cost, g.EdgeIDs())
		dyn := make([]navgraph.Cost, g.EdgeIDs())
		extreme := func() navgraph.Cost {
			return pick(0, 5, navgraph.MaxCost, navgraph.MaxPathCost-1, navgraph.MaxPathCost, navgraph.MaxPathCost+1, math.MaxInt64, math.MaxInt64-1, math.MinInt64)
		}
		for e := range pen {
			if r.IntN(3) == 0 {
				pen[e], dyn[e] = -1, extreme()
			} else if pen[e] = extreme(); pen[e] < 0 {
				pen[e] = 0
			}
		}
		ends := func() []navgraph.Endpoint {
			var es []navgraph.Endpoint
			for range 1 + r.IntN(2) {
				es = append(es, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: pick(0, 3, navgraph.MaxCost, navgraph.MaxPathCost)})
			}
			return es
		}
		q := navgraph.Query{Sources: ends(), Targets: ends(), Penalty: pen, PenaltyFunc: func(e int32) navgraph.Cost { return dyn[e] }}
		// Brute force: every simple path from a source to a target.
		limit := big1(navgraph.MaxPathCost)
		penOf := func(e int32) *big.Int {
			v := pen[e]
			if v < 0 {
				v = dyn[e]
			}
			return big1(min(max(v, 0), navgraph.MaxPathCost))
		}
		cost := func(path []int32, src, tgt navgraph.Cost) (*big.Int, bool) {
			sum := big1(src)
			for k := 1; k < len(path); k++ {
				to, c := g.Out(path[k-1])
				i := -1
				for j, v := range to {
					if v == path[k] {
						i = j
					}
				}
				if i < 0 {
					return nil, false
				}
				sum.Add(sum, big1(c[i]))
				sum.Add(sum, penOf(g.EdgeID(path[k-1], i)))
			}
			sum.Add(sum, big1(tgt))
			if sum.Cmp(limit) > 0 {
				sum.Set(limit)
			}
			return sum, true
		}
		var best *big.Int
		var walk func(path []int32, src navgraph.Cost)
		walk = func(path []int32, src navgraph.Cost) {
			u := path[len(path)-1]
			for _, tg := range q.Targets {
				if tg.Node == u {
					if c, _ := cost(path, src, tg.Cost); best == nil || c.Cmp(best) < 0 {
						best = c
					}
				}
			}
			to, _ := g.Out(u)
		next:
			for _, v := range to {
				for _, w := range path {
					if w == v {
						continue next
					}
				}
				walk(append(path, v), src)
			}
		}
		for _, sc := range q.Sources {
			walk([]int32{sc.Node}, sc.Cost)
		}
		res, err := s.Search(&q, nil)
		if err != nil {
			t.Fatalf("graph %d: %v", iter, err)
		}
		if res.Found != (best != nil) {
			t.Fatalf("graph %d: found %v, brute force %v", iter, res.Found, best)
		}
		if !res.Found {
			continue
		}
		found++
		if best.Cmp(limit) == 0 {
			saturated++
		}
		if res.Cost < 0 || big1(res.Cost).Cmp(best) != 0 {
			t.Fatalf("graph %d: cost %d, brute force %v", iter, res.Cost, best)
		}
		got, ok := cost(res.Path, q.Sources[res.Source].Cost, q.Targets[res.Target].Cost)
		if !ok || got.Cmp(best) != 0 || res.Path[0] != q.Sources[res.Source].Node || res.Path[len(res.Path)-1] != q.Targets[res.Target].Node {
			t.Fatalf("graph %d: path %v costs %v, search says %d", iter, res.Path, got, res.Cost)
		}
	}
	if found < 1000 || saturated < 100 {
		t.Errorf("%d paths, %d of them at MaxPathCost", found, saturated)
	}
	t.Logf("%d paths, %d of them at MaxPathCost", found, saturated)
	// Endpoint costs above MaxPathCost, or negative, are bad queries.
	g, _ := navgraph.Build(2, []navgraph.Edge{{From: 0, To: 1, Cost: 1}})
	for _, c := range []navgraph.Cost{-1, navgraph.MaxPathCost + 1} {
		q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0, Cost: c}}, Targets: []navgraph.Endpoint{{Node: 1}}}
		if _, err := navgraph.NewSearcher(g).Search(&q, nil); err == nil {
			t.Errorf("endpoint cost %d accepted", c)
		}
	}
}
