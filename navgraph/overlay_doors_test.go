package navgraph_test

import (
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
// included, by an O(n²) Dijkstra.
func restrictedBest(g *navgraph.Graph, levels [][]int32, doors []uint8, q *navgraph.Query) navgraph.Cost {
	n := g.Len()
	open := make([]map[int32]bool, len(levels))
	for l, cell := range levels {
		open[l] = map[int32]bool{}
		for _, e := range slices.Concat(q.Sources, q.Targets) {
			open[l][cell[e.Node]] = true
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
	done := make([]bool, n)
	for v := range d {
		d[v] = navgraph.Unreachable
	}
	for _, s := range q.Sources {
		d[s.Node] = min(d[s.Node], s.Cost)
	}
	for {
		x := -1
		for v := range d {
			if !done[v] && d[v] != navgraph.Unreachable && (x < 0 || d[v] < d[x]) {
				x = v
			}
		}
		if x < 0 {
			break
		}
		done[x] = true
		to, cost := g.Out(int32(x))
		for i, v := range to {
			if c := d[x] + cost[i]; c < d[v] && counts(int32(x), v) {
				d[v] = c
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
// at its cost; never cheaper than the graph's least (gonum); and with
// every node a door everywhere, at that least.
func TestOverlayDoorsAgainstRestrictedDijkstra(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	dearer := 0
	for trial := range 200 {
		g := symmetricGraph(r, false)
		n := g.Len()
		levels := randomCells(r, n)
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
		for round := range 2 {
			if round == 1 {
				touched := editRandom(t, r, g, ov, 1+r.IntN(4), false, true)
				if err := ov.Update(g, touched, 2); err != nil {
					t.Fatal(err)
				}
				lm = nil // (would need Repair)
			}
			for range 10 {
				q := &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov, Landmarks: lm}
				want := restrictedBest(g, levels, doors, q)
				least := navgraph.Unreachable
				for _, a := range q.Sources {
					d := distances(g, a.Node)
					for _, z := range q.Targets {
						if d[z.Node] != navgraph.Unreachable {
							least = min(least, a.Cost+d[z.Node]+z.Cost)
						}
					}
				}
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

// TestOverlayDoorsErrors: doors of the wrong length are an error.
func TestOverlayDoorsErrors(t *testing.T) {
	g := symmetricGraph(rand.New(rand.NewPCG(1, 2)), false)
	levels := [][]int32{make([]int32, g.Len())}
	if _, err := navgraph.NewOverlayDoors(g, levels, make([]uint8, g.Len()+1), 1); err == nil {
		t.Fatal("doors one too many: no error")
	}
	if _, err := navgraph.NewOverlayDoors(g, levels, make([]uint8, g.Len()), 1); err != nil {
		t.Fatal(err)
	}
}
