package navgraph_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// lazyEnds returns 1 to 3 endpoints on distinct nodes of n at random
// costs below 50 (exact), each lazy one time in two, its Cost then a
// random bound at or below its exact cost.
func lazyEnds(r *rand.Rand, n int) (eps []navgraph.Endpoint, exact []navgraph.Cost) {
	for _, v := range r.Perm(n)[:min(n, 1+r.IntN(3))] {
		c := navgraph.Cost(r.IntN(50))
		e := navgraph.Endpoint{Node: int32(v), Cost: c}
		if r.IntN(2) == 0 {
			e.Cost, e.Lazy = c-navgraph.Cost(r.IntN(int(c)+1)), true
		}
		eps, exact = append(eps, e), append(exact, c)
	}
	return eps, exact
}

// settler is a Query.Settle that knows the exact costs, spends a fixed
// amount per call, stops at its bound as a search does (asking pause for
// more), and records its calls.
type settler struct {
	src, tgt []navgraph.Cost
	spend    int
	calls    map[[2]int]int
	spent    int
}

func (s *settler) settle(target bool, i, limit int, pause func(int) int) (navgraph.Cost, int, bool) {
	k, x := 0, s.src
	if target {
		k, x = 1, s.tgt
	}
	s.calls[[2]int{k, i}]++
	for limit > 0 && s.spend > limit {
		if pause == nil {
			s.spent += limit
			return 0, limit, false
		}
		nl := pause(limit)
		if nl <= limit {
			s.spent += limit
			return 0, limit, false
		}
		limit = nl
	}
	s.spent += s.spend
	return x[i], s.spend, true
}

// TestLazyEndpointsAgainstGonum: searches whose sources and targets are
// lazy at random (plain, with landmarks, with an Overlay) find the least
// cost over the exact endpoint costs, by gonum's Dijkstra; they settle
// each lazy endpoint at most once, write the exact cost back, and count
// what Settle spent. With lazy sources only, the search expands what a
// search given the exact costs does, and finds the same path.
func TestLazyEndpointsAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	found, lazy, settled := 0, 0, 0
	for trial := range 400 {
		g := symmetricGraph(r, false)
		n := g.Len()
		var ov *navgraph.Overlay
		var lm *navgraph.Landmarks
		var err error
		if trial%3 == 1 {
			if ov, err = navgraph.NewOverlay(g, randomCells(r, n), 1); err != nil {
				t.Fatal(err)
			}
		}
		if trial%2 == 0 {
			if lm, err = navgraph.NewLandmarks(g, 4, 1); err != nil {
				t.Fatal(err)
			}
		}
		s, eager := navgraph.NewSearcher(g), navgraph.NewSearcher(g)
		for range 8 {
			src, srcX := lazyEnds(r, n)
			tgt, tgtX := lazyEnds(r, n)
			st := &settler{src: srcX, tgt: tgtX, spend: 1 + r.IntN(3), calls: map[[2]int]int{}}
			q := &navgraph.Query{Sources: slices.Clone(src), Targets: slices.Clone(tgt), Overlay: ov, Landmarks: lm, Settle: st.settle}
			want := navgraph.Unreachable
			for i, a := range src {
				d := distances(g, a.Node)
				for j, z := range tgt {
					if d[z.Node] != navgraph.Unreachable {
						want = min(want, srcX[i]+d[z.Node]+tgtX[j])
					}
				}
			}
			res, err := s.Search(q, nil)
			if err != nil {
				t.Fatal(err)
			}
			what := func() string {
				return fmt.Sprintf("trial %d, sources %+v (exact %v), targets %+v (exact %v)", trial, src, srcX, tgt, tgtX)
			}
			if res.Found != (want != navgraph.Unreachable) || res.Found && res.Cost != want {
				t.Fatalf("%s: found %t cost %d, gonum's least %d", what(), res.Found, res.Cost, want)
			}
			// Settle: once at most per lazy endpoint, costs written back.
			for k, set := range [2][]navgraph.Endpoint{src, tgt} {
				exact, got := [2][]navgraph.Cost{srcX, tgtX}[k], [2][]navgraph.Endpoint{q.Sources, q.Targets}[k]
				for i, e := range set {
					c := st.calls[[2]int{k, i}]
					switch {
					case e.Lazy:
						lazy++
						settled += c
					case c > 0:
						t.Fatalf("%s: Settle asked for eager endpoint %d/%d", what(), k, i)
					}
					if c > 1 {
						t.Fatalf("%s: endpoint %d/%d settled %d times", what(), k, i, c)
					}
					if c == 1 && (got[i].Lazy || got[i].Cost != exact[i]) || c == 0 && got[i] != e {
						t.Fatalf("%s: endpoint %d/%d after the search %+v, exact %d, settled %d times", what(), k, i, got[i], exact[i], c)
					}
				}
			}
			if res.Settled != st.spent || res.Expanded < res.Settled {
				t.Fatalf("%s: Expanded %d, Settled %d, Settle spent %d", what(), res.Expanded, res.Settled, st.spent)
			}
			if !res.Found {
				continue
			}
			found++
			p := res.Path
			if p[0] != q.Sources[res.Source].Node || p[len(p)-1] != q.Targets[res.Target].Node || q.Sources[res.Source].Lazy || q.Targets[res.Target].Lazy {
				t.Fatalf("%s: path %v from source %+v to target %+v", what(), p, q.Sources[res.Source], q.Targets[res.Target])
			}
			c := q.Sources[res.Source].Cost + q.Targets[res.Target].Cost
			for i := 1; i < len(p); i++ {
				e, ok := g.Cost(p[i-1], p[i])
				if !ok {
					t.Fatalf("%s: path %v: no edge %d→%d", what(), p, p[i-1], p[i])
				}
				c += e
			}
			if c != res.Cost {
				t.Fatalf("%s: path %v costs %d, the search says %d", what(), p, c, res.Cost)
			}
			if slices.ContainsFunc(tgt, func(e navgraph.Endpoint) bool { return e.Lazy }) {
				continue
			}
			eq := &navgraph.Query{Sources: slices.Clone(src), Targets: tgt, Overlay: ov, Landmarks: lm}
			for i := range eq.Sources {
				eq.Sources[i] = navgraph.Endpoint{Node: src[i].Node, Cost: srcX[i]}
			}
			er, err := eager.Search(eq, nil)
			if err != nil || er.Cost != res.Cost || !slices.Equal(er.Path, res.Path) || er.Expanded != res.Expanded-res.Settled {
				t.Fatalf("%s: lazy sources found %v at %d expanding %d, eager %v at %d expanding %d (%v)", what(), res.Path, res.Cost, res.Expanded-res.Settled, er.Path, er.Cost, er.Expanded, err)
			}
		}
	}
	t.Logf("%d searches found a path; %d lazy endpoints, %d settled", found, lazy, settled)
	if found < 1000 || settled == 0 || settled > lazy*3/4 {
		t.Errorf("%d paths found, %d of %d lazy endpoints settled", found, settled, lazy)
	}
}

// TestLazyUnderBudget: with lazy endpoints, what Settle spends counts
// against MaxExpansions as the search's expansions do: a bound of what
// the unbounded search spent gives its answer, one less stops it
// (Exhausted), and a Pause that grants one more at a time changes
// nothing.
func TestLazyUnderBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	checked := 0
	for trial := range 300 {
		g := symmetricGraph(r, false)
		n := g.Len()
		var ov *navgraph.Overlay
		if trial%2 == 1 {
			var err error
			if ov, err = navgraph.NewOverlay(g, randomCells(r, n), 1); err != nil {
				t.Fatal(err)
			}
		}
		s := navgraph.NewSearcher(g)
		src, srcX := lazyEnds(r, n)
		tgt, tgtX := lazyEnds(r, n)
		spend := 1 + r.IntN(4)
		run := func(limit int, pause func(int) int) navgraph.Result {
			st := &settler{src: srcX, tgt: tgtX, spend: spend, calls: map[[2]int]int{}}
			q := &navgraph.Query{Sources: slices.Clone(src), Targets: slices.Clone(tgt), Overlay: ov, Settle: st.settle, MaxExpansions: limit, Pause: pause}
			res, err := s.Search(q, nil)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		free := run(0, nil)
		if !free.Found || free.Settled == 0 {
			continue
		}
		checked++
		same := func(what string, got navgraph.Result) {
			if !got.Found || got.Cost != free.Cost || got.Expanded != free.Expanded || got.Settled != free.Settled || !slices.Equal(got.Path, free.Path) {
				t.Fatalf("trial %d, %s: %+v, unbounded %+v", trial, what, got, free)
			}
		}
		same("bound of what it spent", run(free.Expanded, nil))
		same("one more at a time", run(1, func(e int) int { return e + 1 }))
		if got := run(free.Expanded-1, nil); got.Found || !got.Exhausted {
			t.Fatalf("trial %d: a bound of %d, one below what the search spent: %+v", trial, free.Expanded-1, got)
		}
	}
	if checked < 50 {
		t.Errorf("only %d searches settled something", checked)
	}
}

// TestLazyMisuse: lazy endpoints without Settle, sharing a node with
// another endpoint of their side, or settled below their bound are
// ErrGraph.
func TestLazyMisuse(t *testing.T) {
	g := chain(t, 8, 1)
	s := navgraph.NewSearcher(g)
	low := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) { return 0, 1, true }
	exact := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) { return 5, 1, true }
	for _, q := range []navgraph.Query{
		{Sources: []navgraph.Endpoint{{Node: 0, Lazy: true}}, Targets: []navgraph.Endpoint{{Node: 7}}},
		{Sources: []navgraph.Endpoint{{Node: 0, Lazy: true}, {Node: 0, Cost: 3}}, Targets: []navgraph.Endpoint{{Node: 7}}, Settle: exact},
		{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 7}, {Node: 7, Lazy: true}}, Settle: exact},
		{Sources: []navgraph.Endpoint{{Node: 0, Cost: 2, Lazy: true}}, Targets: []navgraph.Endpoint{{Node: 7}}, Settle: low},
		{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 7, Cost: 2, Lazy: true}}, Settle: low},
	} {
		if _, err := s.Search(&q, nil); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("%+v: %v, want ErrGraph", q, err)
		}
	}
}

// TestLazyTies: a lazy source whose settled cost ties a way into its
// node through another source keeps the source (as an eager search
// keeps the first way it found), and a way kept aside goes through
// Avoid as any other.
func TestLazyTies(t *testing.T) {
	s := navgraph.NewSearcher(chain(t, 3, 5)) // 0-1-2, 5 a step
	five := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) { return 5, 1, true }
	q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}, {Node: 1, Lazy: true}}, Targets: []navgraph.Endpoint{{Node: 2}}, Settle: five}
	if r, err := s.Search(&q, nil); err != nil || r.Source != 1 || r.Cost != 10 || !slices.Equal(r.Path, []int32{1, 2}) {
		t.Errorf("tie: %+v %v, want the lazy source's path 1→2 at 10", r, err)
	}
	twenty := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) { return 20, 1, true }
	q = navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}, {Node: 1, Lazy: true}}, Targets: []navgraph.Endpoint{{Node: 2}}, Avoid: []uint64{1 << 1}, Settle: twenty}
	if r, err := s.Search(&q, nil); err != nil || r.Source != 1 || r.Cost != 25 {
		t.Errorf("avoided way aside: %+v %v, want source 1 at 20, cost 25", r, err)
	}
}

// TestLazyOutOfReach: an endpoint Settle finds out of reach is none for
// the search and is left lazy at its bound, so the same query runs
// again; a target found out of reach is avoided again if Avoid says so.
func TestLazyOutOfReach(t *testing.T) {
	s := navgraph.NewSearcher(chain(t, 8, 1))
	none := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) { return navgraph.Unreachable, 1, true }
	q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0, Cost: 1, Lazy: true}, {Node: 3, Cost: 10}},
		Targets: []navgraph.Endpoint{{Node: 7}, {Node: 5, Lazy: true}}, Settle: none}
	for run := range 2 {
		r, err := s.Search(&q, nil)
		if err != nil || !r.Found || r.Cost != 14 || r.Source != 1 || r.Target != 0 {
			t.Fatalf("run %d: %+v %v, want 3→7 at 14", run, r, err)
		}
		if e := q.Sources[0]; !e.Lazy || e.Cost != 1 {
			t.Fatalf("run %d: the source out of reach became %+v", run, e)
		}
	}
	// 0-1-2-3 with 1 avoided, a lazy target there out of reach: no path to 3.
	s = navgraph.NewSearcher(chain(t, 4, 1))
	q = navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 1, Lazy: true}, {Node: 3}}, Avoid: []uint64{1 << 1}, Settle: none}
	if r, err := s.Search(&q, nil); err != nil || r.Found {
		t.Errorf("through an avoided node once a target: %+v %v", r, err)
	}
}

// TestLazySettledWhenCapped: a search the bound stops, while it unpacks
// an Overlay's hops too, still reports what Settle spent.
func TestLazySettledWhenCapped(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	defer navgraph.SetKeptPathNodes(navgraph.SetKeptPathNodes(0))
	for trial := range 60 {
		navgraph.SetKeptPathNodes([2]int{1 << 16, 0}[trial%2]) // half the cells unpack by search
		g := symmetricGraph(r, false)
		ov, err := navgraph.NewOverlay(g, randomCells(r, g.Len()), 1)
		if err != nil {
			t.Fatal(err)
		}
		src, srcX := lazyEnds(r, g.Len())
		tgt, _ := lazyEnds(r, g.Len())
		for i := range tgt {
			tgt[i].Lazy = false
		}
		s := navgraph.NewSearcher(g)
		for lim := 1; lim < 120; lim++ {
			spent := 0
			q := navgraph.Query{Sources: slices.Clone(src), Targets: tgt, Overlay: ov, MaxExpansions: lim,
				Settle: func(_ bool, i, _ int, _ func(int) int) (navgraph.Cost, int, bool) {
					spent += 3
					return srcX[i], 3, true
				}}
			res, err := s.Search(&q, nil)
			if err != nil || res.Settled != spent {
				t.Fatalf("trial %d, bound %d: Settle spent %d, %+v %v", trial, lim, spent, res, err)
			}
		}
	}
}

// TestLazyHugeCost: a settled cost past MaxPathCost is cut there, in the
// search and in the endpoint, which the same query then takes again.
func TestLazyHugeCost(t *testing.T) {
	s := navgraph.NewSearcher(chain(t, 4, 1))
	huge := func(bool, int, int, func(int) int) (navgraph.Cost, int, bool) {
		return navgraph.MaxPathCost + 7, 1, true
	}
	q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0, Lazy: true}}, Targets: []navgraph.Endpoint{{Node: 3}}, Settle: huge}
	for run := range 2 {
		r, err := s.Search(&q, nil)
		if err != nil || !r.Found || r.Cost != navgraph.MaxPathCost || q.Sources[0].Cost != navgraph.MaxPathCost {
			t.Fatalf("run %d: %+v %v, source %+v", run, r, err, q.Sources[0])
		}
	}
}
