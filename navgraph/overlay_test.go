package navgraph_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// randomCells splits g's nodes into cells, one to three levels of them:
// at level 0 in runs of node ids (nodes near in id share a cell) or at
// random; each level above joins the cells below at random.
func randomCells(r *rand.Rand, n int) [][]int32 {
	cell := make([]int32, n)
	k := min(1+r.IntN(24), n) // cells are numbered below n
	run := r.IntN(2) == 0
	for u := range cell {
		if run {
			cell[u] = int32(u * k / n)
		} else {
			cell[u] = int32(r.IntN(k))
		}
	}
	levels := [][]int32{cell}
	for range r.IntN(3) {
		below := levels[len(levels)-1]
		up := make([]int32, n) // the cell above each cell below
		k = max(1, k/(2+r.IntN(3)))
		for c := range up {
			up[c] = int32(r.IntN(k))
		}
		cell := make([]int32, n)
		for u, c := range below {
			cell[u] = up[c]
		}
		levels = append(levels, cell)
	}
	return levels
}

func randomEnds(r *rand.Rand, n int, huge bool) []navgraph.Endpoint {
	var eps []navgraph.Endpoint
	for range 1 + r.IntN(3) {
		c := navgraph.Cost(r.IntN(50))
		if huge {
			c = navgraph.Cost(r.Int64N(int64(navgraph.MaxCost)))
		}
		eps = append(eps, navgraph.Endpoint{Node: int32(r.IntN(n)), Cost: c})
	}
	return eps
}

// randomOverlay returns a random graph and an overlay of it.
func randomOverlay(t *testing.T, r *rand.Rand) (*navgraph.Graph, *navgraph.Overlay) {
	t.Helper()
	g := symmetricGraph(r, false)
	ov, err := navgraph.NewOverlay(g, randomCells(r, g.Len()), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g, ov
}

// editRandom sets up to k random edges both ways to random costs (huge:
// up to MaxCost), dropping a third of them with drops, and returns the
// level-0 cells of ov at their ends (-1 for a nil ov).
func editRandom(t *testing.T, r *rand.Rand, g *navgraph.Graph, ov *navgraph.Overlay, k int, huge, drops bool) []int32 {
	t.Helper()
	var touched []int32
	for range k {
		u := int32(r.IntN(g.Len()))
		to, _ := g.Out(u)
		if len(to) == 0 {
			continue
		}
		v := to[r.IntN(len(to))]
		c := navgraph.Cost(r.IntN(100))
		if huge {
			c = navgraph.Cost(r.Int64N(int64(navgraph.MaxCost)))
		}
		setBoth(t, g, u, v, c, drops && r.IntN(3) == 0)
		touched = append(touched, ov.Cell(0, u), ov.Cell(0, v))
	}
	return touched
}

// setBoth gives the edges u→v and v→u the cost c, or drops them.
func setBoth(t *testing.T, g *navgraph.Graph, u, v int32, c navgraph.Cost, drop bool) {
	t.Helper()
	for _, e := range [2][2]int32{{u, v}, {v, u}} {
		to, cost := g.Out(e[0])
		var nt []int32
		var nc []navgraph.Cost
		for j, w := range to {
			switch {
			case w != e[1]:
				nt, nc = append(nt, w), append(nc, cost[j])
			case !drop:
				nt, nc = append(nt, w), append(nc, c)
			}
		}
		if err := g.SetEdges(e[0], nt, nc); err != nil {
			t.Fatal(err)
		}
	}
}

// checkOverlaySearch compares a search on the overlay with the least
// cost gonum's Dijkstra gives, and checks its path edge by edge.
func checkOverlaySearch(t *testing.T, g *navgraph.Graph, s *navgraph.Searcher, q *navgraph.Query, dist func(int32) []navgraph.Cost) {
	t.Helper()
	want := navgraph.Unreachable
	for _, a := range q.Sources {
		d := dist(a.Node)
		for _, z := range q.Targets {
			if d[z.Node] != navgraph.Unreachable {
				want = min(want, a.Cost+d[z.Node]+z.Cost)
			}
		}
	}
	res, err := s.Search(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Found != (want != navgraph.Unreachable) {
		t.Fatalf("found %t, gonum's least cost %d", res.Found, want)
	}
	if !res.Found {
		return
	}
	if res.Cost != min(want, navgraph.MaxPathCost) {
		t.Fatalf("cost %d, gonum's least %d", res.Cost, want)
	}
	p := res.Path
	if p[0] != q.Sources[res.Source].Node || p[len(p)-1] != q.Targets[res.Target].Node {
		t.Fatalf("path %v from source %d to target %d", p, res.Source, res.Target)
	}
	c := q.Sources[res.Source].Cost + q.Targets[res.Target].Cost
	for i := 1; i < len(p); i++ {
		e, ok := g.Cost(p[i-1], p[i])
		if !ok {
			t.Fatalf("path %v: no edge %d→%d", p, p[i-1], p[i])
		}
		c += e
	}
	if c != res.Cost {
		t.Fatalf("path %v costs %d, the search says %d", p, c, res.Cost)
	}
}

// TestOverlaySearchAgainstGonum searches random graphs split into random
// cells with and without landmarks, before and after edits that Update
// follows, against gonum's Dijkstra. In a third of the trials only the
// cells of a few nodes (at level 0, of the graph's; above it, of the
// border nodes one level down) keep their hops' paths; the others unpack
// their hops by search.
func TestOverlaySearchAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	defer navgraph.SetKeptPathNodes(navgraph.SetKeptPathNodes(0))
	for trial := range 300 {
		huge := trial%10 == 9
		g := symmetricGraph(r, huge)
		n := g.Len()
		levels := randomCells(r, n)
		kept := 1 << 16
		if trial%3 == 1 {
			kept = r.IntN(8)
		}
		navgraph.SetKeptPathNodes(kept)
		ov, err := navgraph.NewOverlay(g, levels, 1+trial%3)
		if err != nil {
			t.Fatal(err)
		}
		var lm *navgraph.Landmarks
		if trial%2 == 0 {
			if lm, err = navgraph.NewLandmarks(g, 4, 1); err != nil {
				t.Fatal(err)
			}
		}
		s := navgraph.NewSearcher(g)
		dist := func(a int32) []navgraph.Cost { return distances(g, a) }
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, huge), Targets: randomEnds(r, n, huge), Overlay: ov, Landmarks: lm}
			checkOverlaySearch(t, g, s, q, dist)
		}
		// Edit a few nodes' edges both ways (costs up and down, edges
		// gone), Update their cells, and search again; landmarks would
		// need Repair, so none.
		touched := editRandom(t, r, g, ov, 1+r.IntN(4), huge, true)
		if err := ov.Update(g, touched, 2); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, huge), Targets: randomEnds(r, n, huge), Overlay: ov}
			checkOverlaySearch(t, g, s, q, dist)
		}
	}
}

// TestOverlayCostsAgainstPlainDijkstra checks the hops between border
// nodes against a plain Dijkstra that keeps to the cell, and the border
// nodes against the edges that leave the cell.
func TestOverlayCostsAgainstPlainDijkstra(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 100 {
		g := symmetricGraph(r, false)
		n := g.Len()
		levels := randomCells(r, n)
		ov, err := navgraph.NewOverlay(g, levels, 2)
		if err != nil {
			t.Fatal(err)
		}
		for l, cell := range levels {
			for u := range int32(n) {
				to, _ := g.Out(u)
				crosses := false
				for _, v := range to {
					crosses = crosses || cell[v] != cell[u]
				}
				border := ov.Border(l, cell[u])
				if slices.Contains(border, u) != crosses {
					t.Fatalf("level %d node %d: border %t, has an edge out of its cell %t", l, u, !crosses, crosses)
				}
				if !crosses {
					continue
				}
				d := plainInCell(g, cell, u)
				// Each hop costs the least path inside the cell; chains
				// of hops (Bellman-Ford over them) reach every border
				// node the cell's paths reach, at the same least cost.
				chain := map[int32]navgraph.Cost{u: 0}
				for changed := true; changed; {
					changed = false
					for _, w := range border {
						cw, ok := chain[w]
						if !ok {
							continue
						}
						for _, h := range ov.Hops(l, w, nil) {
							if w == u && h.Cost != d[h.Node] {
								t.Fatalf("level %d cell %d: hop %d→%d costs %d, plain Dijkstra %d", l, cell[u], u, h.Node, h.Cost, d[h.Node])
							}
							if c, ok := chain[h.Node]; !ok || cw+h.Cost < c {
								chain[h.Node], changed = cw+h.Cost, true
							}
						}
					}
				}
				for _, b := range border {
					got, ok := chain[b]
					if ok != (d[b] != navgraph.Unreachable) || ok && got != d[b] {
						t.Fatalf("level %d cell %d: %d→%d by hops %d (%t), plain Dijkstra %d", l, cell[u], u, b, got, ok, d[b])
					}
				}
			}
		}
	}
}

// plainInCell is an O(n²) Dijkstra from u over the edges that stay in
// u's cell.
func plainInCell(g *navgraph.Graph, cell []int32, u int32) []navgraph.Cost {
	n := g.Len()
	d := make([]navgraph.Cost, n)
	done := make([]bool, n)
	for v := range d {
		d[v] = navgraph.Unreachable
	}
	d[u] = 0
	for {
		x := -1
		for v := range d {
			if !done[v] && d[v] != navgraph.Unreachable && (x < 0 || d[v] < d[x]) {
				x = v
			}
		}
		if x < 0 {
			return d
		}
		done[x] = true
		to, cost := g.Out(int32(x))
		for i, v := range to {
			if cell[v] == cell[u] && d[x]+cost[i] < d[v] {
				d[v] = d[x] + cost[i]
			}
		}
	}
}

// TestOverlayStaleNeverLies edits a graph without Update: a search on
// the stale overlay may fail with ErrGraph or find a path that is not
// the least, but every path it returns is the graph's, at its cost.
func TestOverlayStaleNeverLies(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	failed := 0
	for range 200 {
		g, ov := randomOverlay(t, r)
		n := g.Len()
		editRandom(t, r, g, ov, 4+r.IntN(16), false, false) // raise or lower edges both ways
		s := navgraph.NewSearcher(g)
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}
			res, err := s.Search(q, nil)
			if err != nil {
				if !errors.Is(err, navgraph.ErrGraph) {
					t.Fatal(err)
				}
				failed++
				continue
			}
			if !res.Found {
				continue
			}
			c := q.Sources[res.Source].Cost + q.Targets[res.Target].Cost
			for i := 1; i < len(res.Path); i++ {
				e, ok := g.Cost(res.Path[i-1], res.Path[i])
				if !ok {
					t.Fatalf("stale overlay: path %v has no edge %d→%d", res.Path, res.Path[i-1], res.Path[i])
				}
				c += e
			}
			if c != res.Cost {
				t.Fatalf("stale overlay: path %v costs %d, the search says %d", res.Path, c, res.Cost)
			}
		}
	}
	if failed == 0 {
		t.Fatal("no search on a stale overlay noticed it")
	}
}

func TestOverlayErrors(t *testing.T) {
	g, err := navgraph.Build(3, []navgraph.Edge{{From: 0, To: 1, Cost: 1}, {From: 1, To: 0, Cost: 1}, {From: 1, To: 2, Cost: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, levels := range [][][]int32{nil, {nil}, {{0, 0}}, {{0, -1, 0}}, {{0, 3, 0}}, {{0, 0, 1}}, {{0, 1, 1}, {0, 0, 1}}, {{0, 1, 2}, {0, 1}}} {
		if _, err := navgraph.NewOverlay(g, levels, 1); !errors.Is(err, navgraph.ErrGraph) {
			t.Fatalf("cells %v: %v, want ErrGraph", levels, err)
		}
	}
	if _, err := navgraph.NewOverlay(nil, nil, 1); !errors.Is(err, navgraph.ErrNilGraph) {
		t.Fatalf("nil graph: %v", err)
	}
	ov, err := navgraph.NewOverlay(g, [][]int32{{0, 1, 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := ov.Update(g, []int32{2}, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("cell out of range: %v", err)
	}
	if err := ov.Update(navgraph.New(4), []int32{0}, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("graph of another size: %v", err)
	}
	s := navgraph.NewSearcher(g)
	q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 2}}, Overlay: ov, Penalty: make([]navgraph.Cost, g.EdgeIDs())}
	if _, err := s.Search(q, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("overlay with penalties: %v", err)
	}
	// A zero or nil Overlay: errors and empty answers, no panic.
	var zero navgraph.Overlay
	if err := zero.Update(g, []int32{0}, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Update on a zero Overlay: %v", err)
	}
	q = &navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: 2}}, Overlay: &zero}
	if _, err := s.Search(q, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("search on a zero Overlay: %v", err)
	}
	var none *navgraph.Overlay
	if err := none.Update(g, nil, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Update on a nil Overlay: %v", err)
	}
	if none.Len() != 0 || none.Levels() != 0 || none.Cells(0) != 0 || none.Border(0, 0) != nil || none.Hops(0, 0, nil) != nil || none.Bytes() != 0 || none.Cell(0, 0) != -1 {
		t.Fatal("a nil Overlay's accessors answer something")
	}
}

// TestOverlayPause: an Overlay search paused every few expansions (Pause
// raising the bound) answers exactly as one run straight through, and one
// stopped one expansion short of its answer (the unpacking's expansions
// count) says Exhausted, never Found, within its bound.
func TestOverlayPause(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	defer navgraph.SetKeptPathNodes(navgraph.SetKeptPathNodes(0))
	for trial := range 200 {
		// in half the trials the cells keep no paths: the hops are
		// unpacked by searches, whose expansions count too
		navgraph.SetKeptPathNodes([2]int{1 << 16, 0}[trial%2])
		g, ov := randomOverlay(t, r)
		n := g.Len()
		s := navgraph.NewSearcher(g)
		q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}
		want, err := s.Search(q, nil)
		if err != nil {
			t.Fatal(err)
		}
		step := 1 + r.IntN(5)
		pauses := 0
		q.MaxExpansions = step
		q.Pause = func(expanded int) int { pauses++; return expanded + step }
		got, err := s.Search(q, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Found != want.Found || got.Cost != want.Cost || !slices.Equal(got.Path, want.Path) || got.Expanded != want.Expanded {
			t.Fatalf("paused every %d: %+v, straight through %+v", step, got, want)
		}
		if want.Expanded > step && pauses == 0 {
			t.Fatalf("%d expansions, never paused at %d", want.Expanded, step)
		}
		if want.Expanded > 1 {
			q.Pause, q.MaxExpansions = nil, want.Expanded-1
			short, err := s.Search(q, nil)
			if err != nil {
				t.Fatal(err)
			}
			if short.Found || !short.Exhausted || short.Expanded > q.MaxExpansions {
				t.Fatalf("stopped at %d of %d expansions: %+v", q.MaxExpansions, want.Expanded, short)
			}
		}
	}
}

// TestOverlayAvoid: with Avoid over nodes that lie on no least path
// between two others (pendant nodes: one edge each) and Except letting
// some back in, an Overlay search costs what a plain search with the
// same Avoid costs.
func TestOverlayAvoid(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for range 200 {
		core := symmetricGraph(r, false)
		n0 := core.Len()
		es := core.Edges(nil)
		n := n0 + 1 + r.IntN(20) // pendant nodes n0.., each on one edge
		for v := n0; v < n; v++ {
			u, c := int32(r.IntN(n0)), navgraph.Cost(1+r.IntN(50))
			es = append(es, navgraph.Edge{From: u, To: int32(v), Cost: c}, navgraph.Edge{From: int32(v), To: u, Cost: c})
		}
		g, err := navgraph.Build(n, es)
		if err != nil {
			t.Fatal(err)
		}
		ov, err := navgraph.NewOverlay(g, randomCells(r, n), 1)
		if err != nil {
			t.Fatal(err)
		}
		avoid := make([]uint64, (n+63)/64)
		for v := n0; v < n; v++ {
			if r.IntN(4) > 0 {
				avoid[v/64] |= 1 << (v % 64)
			}
		}
		let := int32(n0 + r.IntN(n-n0))
		except := func(v int32) bool { return v == let }
		s := navgraph.NewSearcher(g)
		for range 10 {
			q := navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Avoid: avoid, Except: except}
			want, err := s.Search(&q, nil)
			if err != nil {
				t.Fatal(err)
			}
			q.Overlay = ov
			got, err := s.Search(&q, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Found != want.Found || got.Cost != want.Cost {
				t.Fatalf("with the overlay found %t cost %d, plain search %t %d", got.Found, got.Cost, want.Found, want.Cost)
			}
			for _, v := range got.Path {
				if avoid[v/64]&(1<<(v%64)) != 0 && v != let && !slices.ContainsFunc(q.Sources, func(e navgraph.Endpoint) bool { return e.Node == v }) && !slices.ContainsFunc(q.Targets, func(e navgraph.Endpoint) bool { return e.Node == v }) {
					t.Fatalf("path %v enters avoided node %d", got.Path, v)
				}
			}
		}
	}
}

// TestOverlayFailedUpdate: an Update that fails (an edge across cells
// without its reverse) makes searches fail until an Update succeeds,
// and that one redoes the failed one's cells: searches then cost what
// gonum's Dijkstra says.
func TestOverlayFailedUpdate(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	checked := 0
	for range 100 {
		g, ov := randomOverlay(t, r)
		n := g.Len()
		// an edge across cells, made one-way: its cells fail to update
		var u, v int32 = -1, -1
		for x := range int32(n) {
			to, _ := g.Out(x)
			for _, y := range to {
				if ov.Cell(0, x) != ov.Cell(0, y) {
					u, v = x, y
				}
			}
		}
		if u < 0 {
			continue
		}
		to, cost := g.Out(u)
		i := slices.Index(to, v)
		nc := slices.Clone(cost)
		nc[i] = cost[i] + 1 + navgraph.Cost(r.IntN(50))
		if err := g.SetEdges(u, to, nc); err != nil {
			t.Fatal(err)
		}
		if err := ov.Update(g, []int32{ov.Cell(0, u), ov.Cell(0, v)}, 1); !errors.Is(err, navgraph.ErrGraph) {
			t.Fatalf("one-way edge %d→%d across cells: Update says %v", u, v, err)
		}
		s := navgraph.NewSearcher(g)
		q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: int32(n - 1)}}, Overlay: ov}
		if _, err := s.Search(q, nil); !errors.Is(err, navgraph.ErrGraph) {
			t.Fatalf("search after a failed Update: %v, want ErrGraph", err)
		}
		// both ways again; an Update of no cell redoes the failed ones
		setBoth(t, g, u, v, nc[i], false)
		if err := ov.Update(g, nil, 1); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}
			checkOverlaySearch(t, g, s, q, func(a int32) []navgraph.Cost { return distances(g, a) })
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d graphs with an edge across cells", checked)
	}
}

// TestOverlayCountsUnpacking: on a line of nodes in cells of ten, the
// search from end to end crosses each closed cell by one hop. On cells
// that keep no paths, the searches that unpack the hops expand every
// node between: all of them count, so a bound below the line's length
// stops the search. On cells that keep them, the hops are read: the
// line again, with only the search's own expansions.
func TestOverlayCountsUnpacking(t *testing.T) {
	const n = 200
	_, kept := lineOverlay(t, n)
	defer navgraph.SetKeptPathNodes(navgraph.SetKeptPathNodes(0))
	g, ov := lineOverlay(t, n)
	s := navgraph.NewSearcher(g)
	q := &navgraph.Query{Sources: []navgraph.Endpoint{{Node: 0}}, Targets: []navgraph.Endpoint{{Node: n - 1}}, Overlay: ov}
	res, err := s.Search(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	line := make([]int32, n) // the line's only path: every node in turn
	for i := range line {
		line[i] = int32(i)
	}
	if !res.Found || res.Cost != 3*(n-1) || !slices.Equal(res.Path, line) || res.Expanded < n {
		t.Fatalf("found %t cost %d, %d nodes, %d expanded; want cost %d, %d nodes all expanded", res.Found, res.Cost, len(res.Path), res.Expanded, 3*(n-1), n)
	}
	q.MaxExpansions = n - 1
	if res, err = s.Search(q, nil); err != nil || res.Found || !res.Exhausted || res.Expanded > n-1 {
		t.Fatalf("under a bound of %d: %+v, %v", n-1, res, err)
	}
	q.MaxExpansions, q.Overlay = 0, kept
	if res, err = s.Search(q, nil); err != nil || !res.Found || res.Cost != 3*(n-1) || !slices.Equal(res.Path, line) || res.Expanded >= n/2 {
		t.Fatalf("on cells that keep their paths: %+v, %v; want the line, fewer than %d expanded", res, err, n/2)
	}
}

// TestOverlayInvalidate: after edits whose cells are only marked stale
// (Invalidate), searches go through those cells node by node and cost
// what gonum's Dijkstra says on the edited graph; an Update of the stale
// cells then leaves none, and searches still agree.
func TestOverlayInvalidate(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for range 200 {
		g, ov := randomOverlay(t, r)
		n := g.Len()
		touched := editRandom(t, r, g, ov, 1+r.IntN(6), false, true)
		if err := ov.Invalidate(touched); err != nil {
			t.Fatal(err)
		}
		stale := ov.Stale(nil)
		for _, c := range touched {
			if !slices.Contains(stale, c) {
				t.Fatalf("cell %d invalidated, not stale: %v", c, stale)
			}
		}
		s := navgraph.NewSearcher(g)
		dist := func(a int32) []navgraph.Cost { return distances(g, a) }
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}
			checkOverlaySearch(t, g, s, q, dist)
		}
		if err := ov.Update(g, stale, 1); err != nil {
			t.Fatal(err)
		}
		if left := ov.Stale(nil); len(left) > 0 {
			t.Fatalf("stale after their Update: %v", left)
		}
		for range 10 {
			q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}
			checkOverlaySearch(t, g, s, q, dist)
		}
	}
	var zero navgraph.Overlay
	if err := zero.Invalidate([]int32{0}); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Invalidate on a zero Overlay: %v", err)
	}
}
