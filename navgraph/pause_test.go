package navgraph_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/rtspath/rtspath/navgraph"
)

// pausedQuery is a random query and what the searcher asked of its
// callbacks (Heuristic, Except, PenaltyFunc), in order: two searches that
// ask the same questions in the same order explored the graph alike.
type pausedQuery struct {
	q     navgraph.Query
	trace []int64
	want  navgraph.Cost // the least cost (gonum's Dijkstra), or Unreachable
}

// randomPausedQuery draws a graph and a query on it: a few sources and
// targets, and at random an admissible heuristic, landmarks (on a
// symmetric graph), avoided nodes with exceptions, and edge penalties,
// flat and asked of PenaltyFunc. Every callback records its question in
// the trace. The least cost comes from gonum's Dijkstra on the same edges
// with the penalties added and the avoided nodes (but targets) left out.
func randomPausedQuery(r *rand.Rand) (*navgraph.Graph, *pausedQuery) {
	var g *navgraph.Graph
	symmetric := r.IntN(2) == 0
	if symmetric {
		g = symmetricGraph(r, false)
	} else {
		g, _ = randomGraph(r)
	}
	n := g.Len()
	pq := &pausedQuery{}
	q := &pq.q
	for range 1 + r.IntN(3) {
		q.Sources = append(q.Sources, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
	}
	for range 1 + r.IntN(3) {
		q.Targets = append(q.Targets, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: navgraph.Cost(r.IntN(20))})
	}
	isTarget := func(v int32) bool {
		return slices.ContainsFunc(q.Targets, func(e navgraph.Endpoint) bool { return e.Node == v })
	}
	if symmetric && r.IntN(2) == 0 {
		if lm, err := navgraph.NewLandmarks(g, 1+r.IntN(6), 1); err == nil {
			q.Landmarks = lm
		}
	}
	if r.IntN(2) == 0 { // admissible: the least exit cost, scaled down or not
		least := navgraph.Unreachable
		for _, tg := range q.Targets {
			least = min(least, tg.Cost)
		}
		frac := r.Float64()
		q.Heuristic = func(v int32) navgraph.Cost {
			pq.trace = append(pq.trace, 1<<40|int64(v))
			return navgraph.Cost(frac * float64(least))
		}
	}
	avoided := func(int32) bool { return false }
	if r.IntN(3) == 0 {
		q.Avoid = make([]uint64, (n+63)/64)
		for v := range n {
			if r.IntN(4) == 0 {
				q.Avoid[v/64] |= 1 << (v % 64)
			}
		}
		mod := 2 + r.IntN(3)
		if r.IntN(2) == 0 {
			q.Except = func(v int32) bool {
				pq.trace = append(pq.trace, 2<<40|int64(v))
				return int(v)%mod == 0
			}
		}
		avoided = func(v int32) bool {
			return q.Avoid[v/64]&(1<<(v%64)) != 0 && !(q.Except != nil && int(v)%mod == 0) && !isTarget(v)
		}
	}
	extra := func(int32) navgraph.Cost { return 0 }
	if r.IntN(3) == 0 {
		pen := make([]navgraph.Cost, g.EdgeIDs())
		dyn := make([]navgraph.Cost, g.EdgeIDs())
		for e := range pen {
			switch r.IntN(3) {
			case 0:
				pen[e] = navgraph.Cost(r.IntN(50))
			case 1:
				pen[e], dyn[e] = -1, navgraph.Cost(r.IntN(60)-10)
			}
		}
		q.Penalty = pen
		q.PenaltyFunc = func(e int32) navgraph.Cost {
			pq.trace = append(pq.trace, 3<<40|int64(e))
			return dyn[e]
		}
		extra = func(e int32) navgraph.Cost {
			if pen[e] >= 0 {
				return pen[e]
			}
			return max(dyn[e], 0)
		}
	}
	o := simple.NewWeightedDirectedGraph(0, math.Inf(1))
	for v := range n {
		o.AddNode(simple.Node(v))
	}
	for u := range int32(n) {
		to, cost := g.Out(u)
		for i, v := range to {
			if v != u && !avoided(v) {
				o.SetWeightedEdge(simple.WeightedEdge{F: simple.Node(u), T: simple.Node(v), W: float64(cost[i] + extra(g.EdgeID(u, int(i))))})
			}
		}
	}
	pq.want = navgraph.Unreachable
	for _, src := range q.Sources {
		sp := path.DijkstraFrom(simple.Node(src.Node), o)
		for _, tg := range q.Targets {
			if d := sp.WeightTo(int64(tg.Node)); !math.IsInf(d, 1) {
				pq.want = min(pq.want, src.Cost+navgraph.Cost(d)+tg.Cost)
			}
		}
	}
	return g, pq
}

// search runs pq with the given bound and pause hook, and returns the
// result and the trace of the callbacks.
func (pq *pausedQuery) search(t *testing.T, s *navgraph.Searcher, maxExp int, pause func(int) int) (navgraph.Result, []int64) {
	t.Helper()
	pq.trace = pq.trace[:0]
	q := pq.q
	q.MaxExpansions, q.Pause = maxExp, pause
	res, err := s.Search(&q, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, slices.Clone(pq.trace)
}

func sameResult(t *testing.T, what string, got, want navgraph.Result, gotTrace, wantTrace []int64) {
	t.Helper()
	if got.Found != want.Found || !slices.Equal(got.Path, want.Path) || got.Cost != want.Cost || got.Source != want.Source ||
		got.Target != want.Target || got.Expanded != want.Expanded || got.Exhausted != want.Exhausted {
		t.Fatalf("%s:\n got %+v\nwant %+v", what, got, want)
	}
	if !slices.Equal(gotTrace, wantTrace) {
		t.Fatalf("%s: the callbacks were asked %d questions, %d without pauses (first difference at %d)",
			what, len(gotTrace), len(wantTrace), firstDiff(gotTrace, wantTrace))
	}
}

func firstDiff(a, b []int64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestPauseGoesOnWhereItStood: on random graphs and multi-source,
// multi-target queries (A* with a heuristic, landmarks, avoided nodes
// with exceptions, flat and asked-for edge penalties), a search whose
// Pause hook extends its bound by 1..k nodes at a time gives the Result
// of the same search without a bound (Found, path, cost, source, target,
// expansions) after asking its callbacks the same questions in the same
// order, and that cost is gonum's least cost on the same edges. Pause is
// called exactly at the bound: the expansions it sees are the bound it
// gave before (the first: MaxExpansions), each below the final count. A
// hook that returns a bound at or below the count it is given stops the
// search there, Exhausted, with the Result of a search whose
// MaxExpansions is that count and which has no hook.
func TestPauseGoesOnWhereItStood(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 800
	}
	r := rand.New(rand.NewPCG(181, 182))
	plain, paused := navgraph.NewSearcher(nil), navgraph.NewSearcher(nil)
	var resumed, pauses, stopped, landmarks int
	for iter := range n {
		g, pq := randomPausedQuery(r)
		plain.SetGraph(g)
		paused.SetGraph(g)
		what := fmt.Sprintf("graph %d (%d nodes, landmarks %v, heuristic %v, avoid %v, penalty %v)",
			iter, g.Len(), pq.q.Landmarks != nil, pq.q.Heuristic != nil, pq.q.Avoid != nil, pq.q.Penalty != nil)
		want, wantTrace := pq.search(t, plain, 0, nil)
		if want.Found != (pq.want != navgraph.Unreachable) || want.Found && want.Cost != pq.want {
			t.Fatalf("%s: found %v cost %d, gonum %d", what, want.Found, want.Cost, pq.want)
		}
		if pq.q.Landmarks != nil {
			landmarks++
		}

		k := []int{1, 2, 5, 40}[r.IntN(4)]
		bound := 1 + r.IntN(k)
		var seen, bounds []int
		got, trace := pq.search(t, paused, bound, func(expanded int) int {
			seen, bounds = append(seen, expanded), append(bounds, bound)
			bound = expanded + 1 + r.IntN(k)
			return bound
		})
		sameResult(t, what+" paused", got, want, trace, wantTrace)
		for i := range seen {
			if seen[i] != bounds[i] || seen[i] >= got.Expanded {
				t.Fatalf("%s: pause %d saw %d expanded, bound %d, search expanded %d in all", what, i, seen[i], bounds[i], got.Expanded)
			}
		}
		if got.Expanded > bound {
			t.Fatalf("%s: %d expanded past the last bound %d", what, got.Expanded, bound)
		}
		pauses += len(seen)
		if len(seen) > 0 {
			resumed++
		}

		calls := 0
		got, trace = pq.search(t, paused, 0, func(e int) int { calls++; return e + 1 })
		sameResult(t, what+" hook without a bound", got, want, trace, wantTrace)
		if calls != 0 {
			t.Fatalf("%s: Pause called %d times with no bound", what, calls)
		}

		// Stopped by the hook. Pause comes before a node is expanded, so
		// a search that expands E nodes can be stopped at 1..E-1.
		if want.Expanded < 2 {
			continue
		}
		stopAt := 1 + r.IntN(want.Expanded-1)
		bound = 1 + r.IntN(min(k, stopAt))
		seen = seen[:0]
		got, trace = pq.search(t, paused, bound, func(expanded int) int {
			seen = append(seen, expanded)
			if expanded != bound {
				t.Fatalf("%s: pause at %d, bound %d", what, expanded, bound)
			}
			if expanded >= stopAt {
				return expanded - r.IntN(3)*r.IntN(expanded+2) // itself, less, 0 or -1
			}
			bound = min(expanded+1+r.IntN(k), stopAt)
			return bound
		})
		if !got.Exhausted || got.Found || got.Expanded != stopAt || len(seen) == 0 || seen[len(seen)-1] != stopAt {
			t.Fatalf("%s: stopped at %d (%d pauses): %+v", what, stopAt, len(seen), got)
		}
		capped, cappedTrace := pq.search(t, plain, stopAt, nil)
		sameResult(t, what+" stopped", got, capped, trace, cappedTrace)
		stopped++
	}
	t.Logf("%d searches resumed (%d pauses), %d stopped by the hook, %d with landmarks", resumed, pauses, stopped, landmarks)
	if resumed < n/2 || stopped < n/3 || landmarks < n/10 {
		t.Fatalf("too few searches resumed (%d), stopped (%d) or with landmarks (%d) of %d", resumed, stopped, landmarks, n)
	}
}
