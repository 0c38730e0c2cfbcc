package navgraph_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// liveGraph is a symmetric graph kept as a cost matrix (-1: no edge) beside
// the navgraph.Graph it mirrors, so that a test can edit it as a live map
// does: whole rows replaced with SetEdges.
type liveGraph struct {
	n int
	w [][]navgraph.Cost
	g *navgraph.Graph
}

// newLiveGraph returns a random connected symmetric graph of n nodes: a
// random tree plus extra edges, costs 1..100.
func newLiveGraph(r *rand.Rand, n int) *liveGraph {
	lg := &liveGraph{n: n, w: make([][]navgraph.Cost, n), g: navgraph.New(n)}
	for u := range lg.w {
		lg.w[u] = make([]navgraph.Cost, n)
		for v := range lg.w[u] {
			lg.w[u][v] = -1
		}
	}
	for v := 1; v < n; v++ {
		lg.set(r.IntN(v), v, navgraph.Cost(1+r.IntN(100)))
	}
	for range 2 * n {
		if u, v := r.IntN(n), r.IntN(n); u != v {
			lg.set(u, v, navgraph.Cost(1+r.IntN(100)))
		}
	}
	lg.sync(allNodes(n))
	return lg
}

func allNodes(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// set sets the edge u–v both ways (c < 0: removes it).
func (lg *liveGraph) set(u, v int, c navgraph.Cost) { lg.w[u][v], lg.w[v][u] = c, c }

// sync rewrites the rows of nodes in g from the matrix.
func (lg *liveGraph) sync(nodes []int32) {
	for _, u := range nodes {
		var to []int32
		var cost []navgraph.Cost
		for v, c := range lg.w[u] {
			if c >= 0 {
				to, cost = append(to, int32(v)), append(cost, c)
			}
		}
		if err := lg.g.SetEdges(u, to, cost); err != nil {
			panic(err)
		}
	}
}

// table returns the landmark table as columns, unreachable as Unreachable.
func table(lm *navgraph.Landmarks, n int) [][]navgraph.Cost {
	cols := make([][]navgraph.Cost, lm.Len())
	for i := range cols {
		cols[i] = make([]navgraph.Cost, n)
		for v := range cols[i] {
			d, ok := lm.Dist(i, int32(v))
			if !ok {
				d = navgraph.Unreachable
			}
			cols[i][v] = d
		}
	}
	return cols
}

// closure is the reference for Repair: min(T(v), min_u T(u) + d(u,v))
// per column, by Bellman–Ford relaxation of every edge until nothing
// changes, on the matrix.
func (lg *liveGraph) closure(old [][]navgraph.Cost) [][]navgraph.Cost {
	out := make([][]navgraph.Cost, len(old))
	for i, col := range old {
		t := slices.Clone(col)
		for changed := true; changed; {
			changed = false
			for u := range lg.n {
				if t[u] == navgraph.Unreachable {
					continue
				}
				for v, c := range lg.w[u] {
					if c >= 0 && t[u]+c < t[v] {
						t[v], changed = t[u]+c, true
					}
				}
			}
		}
		out[i] = t
	}
	return out
}

// plainDistances is Dijkstra on the matrix, O(n²).
func (lg *liveGraph) plainDistances(src int) []navgraph.Cost {
	d := make([]navgraph.Cost, lg.n)
	done := make([]bool, lg.n)
	for v := range d {
		d[v] = navgraph.Unreachable
	}
	d[src] = 0
	for {
		u := -1
		for v := range d {
			if !done[v] && d[v] != navgraph.Unreachable && (u < 0 || d[v] < d[u]) {
				u = v
			}
		}
		if u < 0 {
			return d
		}
		done[u] = true
		for v, c := range lg.w[u] {
			if c >= 0 && d[u]+c < d[v] {
				d[v] = d[u] + c
			}
		}
	}
}

// edit applies a random batch of edits to lg and returns the nodes whose
// rows it rewrote and the changed list to give Repair: all those nodes,
// or (minimal) one endpoint of each changed edge.
func (lg *liveGraph) edit(r *rand.Rand) (rows, changed []int32) {
	n := lg.n
	touched := make([]bool, n)
	var minimal []int32
	mark := func(u, v int) {
		touched[u], touched[v] = true, true
		minimal = append(minimal, int32([2]int{u, v}[r.IntN(2)]))
	}
	randomEdge := func() (int, int, bool) {
		for range 100 {
			u, v := r.IntN(n), r.IntN(n)
			if u != v && lg.w[u][v] >= 0 {
				return u, v, true
			}
		}
		return 0, 0, false
	}
	for range 1 + r.IntN(3) {
		switch r.IntN(5) {
		case 0: // raise
			if u, v, ok := randomEdge(); ok {
				lg.set(u, v, min(lg.w[u][v]+navgraph.Cost(1+r.IntN(200)), navgraph.MaxCost))
				mark(u, v)
			}
		case 1: // lower
			if u, v, ok := randomEdge(); ok {
				lg.set(u, v, navgraph.Cost(r.Int64N(int64(lg.w[u][v])+1)))
				mark(u, v)
			}
		case 2: // add
			if u, v := r.IntN(n), r.IntN(n); u != v && lg.w[u][v] < 0 {
				lg.set(u, v, navgraph.Cost(r.IntN(100)))
				mark(u, v)
			}
		case 3: // remove
			if u, v, ok := randomEdge(); ok {
				lg.set(u, v, -1)
				mark(u, v)
			}
		case 4: // rewire: the node gets new neighbours, as a renumbered node does
			c := r.IntN(n)
			for v := range n {
				if lg.w[c][v] >= 0 {
					lg.set(c, v, -1)
					touched[v] = true
				}
			}
			for range 1 + r.IntN(4) {
				if v := r.IntN(n); v != c {
					lg.set(c, v, navgraph.Cost(r.IntN(100)))
					touched[v] = true
				}
			}
			touched[c] = true
			minimal = append(minimal, int32(c))
		}
	}
	for v, t := range touched {
		if t {
			rows = append(rows, int32(v))
		}
	}
	lg.sync(rows)
	if r.IntN(2) == 0 {
		return rows, rows
	}
	return rows, minimal
}

// checkLipschitz reports an edge u→v with T(v) > T(u) + w in some column.
func (lg *liveGraph) checkLipschitz(t *testing.T, cols [][]navgraph.Cost) {
	t.Helper()
	for i, col := range cols {
		for u := range lg.n {
			for v, c := range lg.w[u] {
				if c >= 0 && col[u] != navgraph.Unreachable && col[v] > col[u]+c {
					t.Fatalf("landmark %d: T(%d)=%d > T(%d)=%d + %d", i, v, col[v], u, col[u], c)
				}
			}
		}
	}
}

// checkSearches compares A* with the landmarks with the matrix's
// Dijkstra on random queries, one or two targets with exit costs.
func (lg *liveGraph) checkSearches(t *testing.T, r *rand.Rand, lm *navgraph.Landmarks, s *navgraph.Searcher, queries int) {
	t.Helper()
	var buf []int32
	for range queries {
		src := r.IntN(lg.n)
		d := lg.plainDistances(src)
		q := navgraph.Query{Sources: []navgraph.Endpoint{{Node: int32(src)}}, Landmarks: lm}
		want := navgraph.Unreachable
		for range 1 + r.IntN(2) {
			tg := navgraph.Endpoint{Node: int32(r.IntN(lg.n)), Cost: navgraph.Cost(r.IntN(30))}
			q.Targets = append(q.Targets, tg)
			if d[tg.Node] != navgraph.Unreachable {
				want = min(want, d[tg.Node]+tg.Cost)
			}
		}
		res, err := s.Search(&q, buf)
		if err != nil {
			t.Fatal(err)
		}
		buf = res.Path
		if res.Found != (want != navgraph.Unreachable) || res.Found && res.Cost != want {
			t.Fatalf("search %d→%v: found %v cost %d, Dijkstra says %d", src, q.Targets, res.Found, res.Cost, want)
		}
	}
}

// TestRepair edits random graphs with every kind of edit and checks after
// each Repair that the table is the decrease-only closure of the table
// before (computed by relaxation in the test), that every column is
// 1-Lipschitz on every edge, that the count of lowered entries is right,
// that the order of changed does not matter, and that A* with the
// repaired landmarks finds the optimal cost the test's Dijkstra finds.
func TestRepair(t *testing.T) {
	steps := 60
	if testing.Short() {
		steps = 25
	}
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 14))
		lg := newLiveGraph(r, 70+r.IntN(80))
		lm, err := navgraph.NewLandmarks(lg.g, 8, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := navgraph.NewSearcher(lg.g)
		total := 0
		for step := range steps {
			old := table(lm, lg.n)
			_, changed := lg.edit(r)
			shuffled := slices.Clone(changed)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			other := lm.Clone()
			lowered, err := lm.Repair(lg.g, changed)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			got := table(lm, lg.n)
			want := lg.closure(old)
			diff := 0
			for i := range want {
				for v := range want[i] {
					if got[i][v] != want[i][v] {
						t.Fatalf("seed %d step %d: landmark %d node %d: repaired %d, closure %d (was %d)", seed, step, i, v, got[i][v], want[i][v], old[i][v])
					}
					if want[i][v] != old[i][v] {
						diff++
					}
				}
			}
			if lowered != diff {
				t.Fatalf("seed %d step %d: Repair says %d lowered, %d were", seed, step, lowered, diff)
			}
			total += lowered
			lg.checkLipschitz(t, got)
			if _, err := other.Repair(lg.g, shuffled); err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(table(other, lg.n), got, slices.Equal) {
				t.Fatalf("seed %d step %d: changed in another order gives another table", seed, step)
			}
			lg.checkSearches(t, r, lm, s, 20)
		}
		if total == 0 {
			t.Fatalf("seed %d: no entry lowered in %d steps: the test tests nothing", seed, steps)
		}
	}
}

// TestRepairUndoIsFree raises or removes edges and then restores them: the
// table the first Repair leaves is already valid for the restored graph,
// so neither Repair lowers anything, and the table stays the exact
// distances (checked against the test's Dijkstra).
func TestRepairUndoIsFree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 14))
	lg := newLiveGraph(r, 120)
	lm, err := navgraph.NewLandmarks(lg.g, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	for round := range 20 {
		type edge struct {
			u, v int
			c    navgraph.Cost
		}
		var saved []edge
		var nodes []int32
		for range 1 + r.IntN(5) {
			u, v := r.IntN(lg.n), r.IntN(lg.n)
			if u == v || lg.w[u][v] < 0 || slices.Contains(nodes, int32(u)) || slices.Contains(nodes, int32(v)) {
				continue
			}
			saved = append(saved, edge{u, v, lg.w[u][v]})
			if r.IntN(2) == 0 {
				lg.set(u, v, -1)
			} else {
				lg.set(u, v, lg.w[u][v]+navgraph.Cost(1+r.IntN(500)))
			}
			nodes = append(nodes, int32(u), int32(v))
		}
		lg.sync(nodes)
		if n, err := lm.Repair(lg.g, nodes); err != nil || n != 0 {
			t.Fatalf("round %d: raise lowered %d (%v)", round, n, err)
		}
		for _, e := range saved {
			lg.set(e.u, e.v, e.c)
		}
		lg.sync(nodes)
		if n, err := lm.Repair(lg.g, nodes); err != nil || n != 0 {
			t.Fatalf("round %d: restore lowered %d (%v)", round, n, err)
		}
	}
	for i, L := range lm.Nodes() {
		d := lg.plainDistances(int(L))
		for v := range lg.n {
			if got, _ := lm.Dist(i, int32(v)); got != d[v] {
				t.Fatalf("landmark %d node %d: %d after undo, distance %d", i, v, got, d[v])
			}
		}
	}
}

// TestRepairErrors checks each bad input returns its error and leaves the
// table alone.
func TestRepairErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 14))
	lg := newLiveGraph(r, 80)
	lm, err := navgraph.NewLandmarks(lg.g, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	before := table(lm, lg.n)
	if _, err := lm.Repair(nil, nil); !errors.Is(err, navgraph.ErrNilGraph) {
		t.Errorf("nil graph: %v", err)
	}
	if _, err := lm.Repair(navgraph.New(lg.n+1), nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Errorf("graph of another size: %v", err)
	}
	for _, c := range []int32{-1, int32(lg.n)} {
		if _, err := lm.Repair(lg.g, []int32{0, c}); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("changed node %d: %v", c, err)
		}
	}
	// A row rewritten on one side only: the pairs at node 0 do not match.
	to, cost := lg.g.Out(0)
	low := slices.Clone(cost)
	low[0] = 0
	if low[0] != cost[0] {
		if err := lg.g.SetEdges(0, to, low); err != nil {
			t.Fatal(err)
		}
		if _, err := lm.Repair(lg.g, []int32{0}); !errors.Is(err, navgraph.ErrGraph) {
			t.Errorf("one-sided edit: %v", err)
		}
		lg.sync([]int32{0})
	}
	if !slices.EqualFunc(table(lm, lg.n), before, slices.Equal) {
		t.Errorf("a failed Repair changed the table")
	}
	if _, err := (&navgraph.Landmarks{}).Repair(lg.g, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Errorf("zero Landmarks on %d nodes: %v", lg.n, err)
	}

	// Distances past 2^32: the table is stored shifted, Repair declines.
	const big = navgraph.Cost(1) << 33
	path := func(n int, c navgraph.Cost) *navgraph.Graph {
		var es []navgraph.Edge
		for v := 1; v < n; v++ {
			es = append(es, navgraph.Edge{From: int32(v - 1), To: int32(v), Cost: c}, navgraph.Edge{From: int32(v), To: int32(v - 1), Cost: c})
		}
		g, err := navgraph.Build(n+1, es) // node n is alone
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := path(70, big)
	lm, err = navgraph.NewLandmarks(g, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lm.Repair(g, []int32{3}); !errors.Is(err, navgraph.ErrRepairShift) {
		t.Errorf("shifted table: %v", err)
	}
	// A table that fits 32 bits until an edit joins the lone node far away.
	g = path(70, 1)
	lm, err = navgraph.NewLandmarks(g, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetEdges(69, []int32{68, 70}, []navgraph.Cost{1, big}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetEdges(70, []int32{69}, []navgraph.Cost{big}); err != nil {
		t.Fatal(err)
	}
	if _, err := lm.Repair(g, []int32{70}); !errors.Is(err, navgraph.ErrRepairShift) {
		t.Errorf("repair past 2^32: %v", err)
	}
}

// BenchmarkRepair edits the edges of 10 nodes of a 71×71 grid graph
// (5041 nodes, 16 landmarks), 4-connected at cost 10: raise-restore
// raises them fivefold and restores them on alternate ops (the repair
// finds nothing to lower), lower lowers a block at a new place each op
// (and lowers entries).
func BenchmarkRepair(b *testing.B) {
	const side = 71
	id := func(x, y int) int32 { return int32(y*side + x) }
	build := func() (*navgraph.Graph, *navgraph.Landmarks) {
		var es []navgraph.Edge
		for y := range side {
			for x := range side {
				if x+1 < side {
					es = append(es, navgraph.Edge{From: id(x, y), To: id(x+1, y), Cost: 10}, navgraph.Edge{From: id(x+1, y), To: id(x, y), Cost: 10})
				}
				if y+1 < side {
					es = append(es, navgraph.Edge{From: id(x, y), To: id(x, y+1), Cost: 10}, navgraph.Edge{From: id(x, y+1), To: id(x, y), Cost: 10})
				}
			}
		}
		g, err := navgraph.Build(side*side, es)
		if err != nil {
			b.Fatal(err)
		}
		lm, err := navgraph.NewLandmarks(g, 16, 1)
		if err != nil {
			b.Fatal(err)
		}
		return g, lm
	}
	// scale multiplies the edges of the 2×5 block at (x0, y0) by num/den,
	// writing the rows of the block and of its neighbours.
	var block, rows []int32
	var cost []navgraph.Cost
	scale := func(g *navgraph.Graph, x0, y0 int, num, den navgraph.Cost) {
		block, rows = block[:0], rows[:0]
		for y := y0; y < y0+2; y++ {
			for x := x0; x < x0+5; x++ {
				block = append(block, id(x, y))
			}
		}
		for _, u := range block {
			if !slices.Contains(rows, u) {
				rows = append(rows, u)
			}
			to, _ := g.Out(u)
			for _, v := range to {
				if !slices.Contains(rows, v) {
					rows = append(rows, v)
				}
			}
		}
		for _, u := range rows {
			to, c := g.Out(u)
			cost = append(cost[:0], c...)
			for j, v := range to {
				if slices.Contains(block, u) || slices.Contains(block, v) {
					cost[j] = cost[j] * num / den
				}
			}
			if err := g.SetEdges(u, to, cost); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("raise-restore", func(b *testing.B) {
		g, lm := build()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			num, den := navgraph.Cost(5), navgraph.Cost(1)
			if i%2 == 1 {
				num, den = 1, 5
			}
			scale(g, 30, 30, num, den)
			n, err := lm.Repair(g, block)
			if err != nil || n != 0 {
				b.Fatalf("Repair lowered %d (%v)", n, err)
			}
			i++
		}
	})
	b.Run("lower", func(b *testing.B) {
		g, lm := build()
		b.ReportAllocs()
		i, total := 0, 0
		for b.Loop() {
			x, y := 1+(i*7)%(side-7), 1+(i*3)%(side-3)
			scale(g, x, y, 9, 10)
			n, err := lm.Repair(g, block)
			if err != nil {
				b.Fatal(err)
			}
			total += n
			i++
		}
		b.ReportMetric(float64(total)/float64(i), "lowered/op")
	})
}
