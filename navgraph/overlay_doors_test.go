package navgraph_test

import (
	"container/heap"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// restrictedBest is the doors rule of NewOverlayDoors worked out apart
// from the Overlay, for the query q on g split into levels: an edge
// between two cells counts at the highest level l where it crosses
// cells and one of its ends' cells there holds no source and no target
// (nor does any of that end's cells below), and there it needs both ends
// to be doors (doors[u] > l). It returns the least cost, over the edges
// that count, of a path from a source to a target, Endpoint costs
// included, by a Dijkstra of its own. The level-0 cells in stale, and
// their cells above, count as holding a source (Invalidate's stale
// cells, which the search goes through a level lower).
func restrictedBest(g *navgraph.Graph, levels [][]int32, doors []uint8, q *navgraph.Query, stale []int32) navgraph.Cost {
	n := g.Len()
	open := make([]map[int32]bool, len(levels))
	for l, cell := range levels {
		open[l] = map[int32]bool{}
		for _, e := range slices.Concat(q.Sources, q.Targets) {
			open[l][cell[e.Node]] = true
		}
		if len(stale) > 0 {
			for u := range cell {
				if slices.Contains(stale, levels[0][u]) {
					open[l][cell[u]] = true
				}
			}
		}
	}
	top := func(u int32) int { // the highest level of u's closed cells
		t := -1
		for l, cell := range levels {
			if open[l][cell[u]] {
				break
			}
			t = l
		}
		return t
	}
	counts := func(u, v int32) bool {
		m := -1
		for l, cell := range levels {
			if cell[u] == cell[v] {
				break
			}
			m = l
		}
		m = min(m, max(top(u), top(v)))
		return m < 0 || int(doors[u]) > m && int(doors[v]) > m
	}
	d := make([]navgraph.Cost, n)
	for v := range d {
		d[v] = navgraph.Unreachable
	}
	pq := &costHeap{}
	for _, s := range q.Sources {
		if s.Cost < d[s.Node] {
			d[s.Node] = s.Cost
			heap.Push(pq, costItem{s.Cost, s.Node})
		}
	}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(costItem)
		x := it.n
		if it.c != d[x] {
			continue
		}
		to, cost := g.Out(x)
		for i, v := range to {
			if c := d[x] + cost[i]; c < d[v] && counts(x, v) {
				d[v] = c
				heap.Push(pq, costItem{c, v})
			}
		}
	}
	best := navgraph.Unreachable
	for _, z := range q.Targets {
		if d[z.Node] != navgraph.Unreachable {
			best = min(best, d[z.Node]+z.Cost)
		}
	}
	return best
}

type costItem struct {
	c navgraph.Cost
	n int32
}

// costHeap is a min-heap of costItems for restrictedBest's Dijkstra.
type costHeap []costItem

func (h costHeap) Len() int           { return len(h) }
func (h costHeap) Less(i, j int) bool { return h[i].c < h[j].c }
func (h costHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *costHeap) Push(x any)        { *h = append(*h, x.(costItem)) }
func (h *costHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// randomDoors gives each node a random number of levels as a door, from
// 0 to levels, every node all of them on some graphs.
func randomDoors(r *rand.Rand, n, levels int) []uint8 {
	doors := make([]uint8, n)
	all := r.IntN(4) == 0
	for u := range doors {
		doors[u] = uint8(levels)
		if !all && r.IntN(2) == 0 {
			doors[u] = uint8(r.IntN(levels + 1))
		}
	}
	return doors
}

// TestOverlayDoorsAgainstRestrictedDijkstra searches random graphs split
// into random cells, with random doors, with and without landmarks,
// before and after edits that Update follows: each search finds a path
// exactly when the doors rule, worked out apart (restrictedBest), leaves
// one, at the least cost the rule allows, a path of the graph's edges
// at its cost; never cheaper than the graph's least (the same Dijkstra
// with every node a door); and with every node a door everywhere, at
// that least.
func TestOverlayDoorsAgainstRestrictedDijkstra(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	dearer := 0
	for trial := range 200 {
		g := symmetricGraph(r, false)
		n := g.Len()
		levels := randomCells(r, n)
		for trial%3 == 0 && len(levels) < 3 && n > 8 { // three levels, whose top unpacks twice
			levels = randomCells(r, n)
		}
		doors := randomDoors(r, n, len(levels))
		ov, err := navgraph.NewOverlayDoors(g, levels, doors, 1+trial%3)
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
		all := !slices.ContainsFunc(doors, func(d uint8) bool { return int(d) < len(levels) })
		every := slices.Repeat([]uint8{uint8(len(levels))}, n)
		for round := range 3 {
			var stale []int32
			switch round {
			case 1: // edits that Update follows
				touched := editRandom(t, r, g, ov, 1+r.IntN(4), false, true)
				if err := ov.Update(g, touched, 2); err != nil {
					t.Fatal(err)
				}
				lm = nil // (would need Repair)
			case 2: // edits that only Invalidate follows
				stale = editRandom(t, r, g, ov, 1+r.IntN(4), false, true)
				if err := ov.Invalidate(stale); err != nil {
					t.Fatal(err)
				}
			}
			for k := range 10 {
				q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov, Landmarks: lm}
				if k%2 == 0 { // one source and one target leave the most cells closed
					q.Sources, q.Targets = q.Sources[:1], q.Targets[:1]
				}
				want := restrictedBest(g, levels, doors, q, stale)
				least := restrictedBest(g, levels, every, q, nil) // every node a door: the graph's least
				res, err := s.Search(q, nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Found != (want != navgraph.Unreachable) || res.Found && res.Cost != want {
					t.Fatalf("trial %d round %d: found %t cost %d, the doors rule %d", trial, round, res.Found, res.Cost, want)
				}
				if !res.Found {
					continue
				}
				if res.Cost < least || all && res.Cost != least {
					t.Fatalf("trial %d round %d: cost %d, the graph's least %d (every node a door: %t)", trial, round, res.Cost, least, all)
				}
				if res.Cost > least {
					dearer++
				}
				p := res.Path
				c := q.Sources[res.Source].Cost + q.Targets[res.Target].Cost
				for i := 1; i < len(p); i++ {
					e, ok := g.Cost(p[i-1], p[i])
					if !ok {
						t.Fatalf("trial %d: path %v: no edge %d→%d", trial, p, p[i-1], p[i])
					}
					c += e
				}
				if p[0] != q.Sources[res.Source].Node || p[len(p)-1] != q.Targets[res.Target].Node || c != res.Cost {
					t.Fatalf("trial %d: path %v costs %d, the search says %d", trial, p, c, res.Cost)
				}
			}
		}
	}
	// The doors must have made some searches dearer, or the test misses
	// what they do.
	if dearer == 0 {
		t.Fatal("no search cost more than the graph's least: the doors were never in the way")
	}
	t.Logf("%d searches dearer than the graph's least", dearer)
}

// TestOverlayDoorsErrors: doors of the wrong length are an error, and so
// is installing a snapshot of an overlay with other doors.
func TestOverlayDoorsErrors(t *testing.T) {
	g := symmetricGraph(rand.New(rand.NewPCG(1, 2)), false)
	levels := [][]int32{make([]int32, g.Len())}
	if _, err := navgraph.NewOverlayDoors(g, levels, make([]uint8, g.Len()+1), 1); err == nil {
		t.Fatal("doors one too many: no error")
	}
	withDoors, err := navgraph.NewOverlayDoors(g, levels, make([]uint8, g.Len()), 1)
	if err != nil {
		t.Fatal(err)
	}
	// A snapshot of an overlay of other doors does not install.
	without, err := navgraph.NewOverlay(g, levels, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := without.Invalidate([]int32{0}); err != nil {
		t.Fatal(err)
	}
	snap, err := without.Snapshot(g, []int32{0})
	if err != nil {
		t.Fatal(err)
	}
	if err := snap.Build(1); err != nil {
		t.Fatal(err)
	}
	if err := withDoors.Invalidate([]int32{0}); err != nil {
		t.Fatal(err)
	}
	if _, err := withDoors.Install(g, snap, withDoors.Epoch(), 1, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("a snapshot of an overlay without doors installed on one with: %v", err)
	}
	if got, err := without.Install(g, snap, without.Epoch(), 1, nil); err != nil || len(got) != 1 {
		t.Fatalf("on its own overlay: installed %v, %v", got, err)
	}
}
