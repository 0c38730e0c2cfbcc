package navgraph_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// TestRaise: after random edits (costs up and down, edges added and
// removed), Repair then Raise from the rewritten nodes leave every column
// Lipschitz on every edge (so the bounds stay admissible and consistent)
// and never above the exact distances (plain Dijkstra on the test's
// matrix), never below where Repair left them; searches with the table
// stay exact; and after edits that only raise costs, raises with no
// budget limit climb back to the exact distances, which Repair alone
// leaves below.
func TestRaise(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for seed := range 3 {
		lg := newLiveGraph(r, 80+40*seed)
		lm, err := navgraph.NewLandmarks(lg.g, 8, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := navgraph.NewSearcher(lg.g)
		raisedAll := 0
		for step := range 30 {
			rows, changed := lg.edit(r)
			if _, err := lm.Repair(lg.g, changed); err != nil {
				t.Fatal(err)
			}
			before := table(lm, lg.n)
			n, err := lm.Raise(lg.g, rows, 1+r.IntN(3*lg.n))
			if err != nil {
				t.Fatal(err)
			}
			raisedAll += n
			after := table(lm, lg.n)
			lg.checkLipschitz(t, after)
			for i, L := range lm.Nodes() {
				d := lg.plainDistances(int(L))
				for v := range lg.n {
					if after[i][v] < before[i][v] {
						t.Fatalf("seed %d step %d: landmark %d node %d lowered by Raise: %d → %d", seed, step, i, v, before[i][v], after[i][v])
					}
					if after[i][v] != navgraph.Unreachable && after[i][v] > d[v] {
						t.Fatalf("seed %d step %d: landmark %d node %d: %d above the distance %d", seed, step, i, v, after[i][v], d[v])
					}
				}
			}
			lg.checkSearches(t, r, lm, s, 10)
		}
		if raisedAll == 0 {
			t.Fatalf("seed %d: weak test: nothing was raised", seed)
		}
	}
	// Raises only: exact again, where Repair alone stays below.
	lg := newLiveGraph(r, 100)
	lm, err := navgraph.NewLandmarks(lg.g, 6, 1)
	if err != nil {
		t.Fatal(err)
	}
	var nodes []int32
	for range 12 {
		u := r.IntN(lg.n)
		for v, c := range lg.w[u] {
			if c >= 0 {
				lg.set(u, v, c+navgraph.Cost(50+r.IntN(200)))
				nodes = append(nodes, int32(v))
			}
		}
		nodes = append(nodes, int32(u))
	}
	slices.Sort(nodes)
	nodes = slices.Compact(nodes)
	lg.sync(nodes)
	if _, err := lm.Repair(lg.g, nodes); err != nil {
		t.Fatal(err)
	}
	below := 0
	for i, L := range lm.Nodes() {
		d := lg.plainDistances(int(L))
		for v := range lg.n {
			if got, _ := lm.Dist(i, int32(v)); got < d[v] {
				below++
			}
		}
	}
	if below == 0 {
		t.Fatal("weak test: the raised costs moved no distance")
	}
	if _, err := lm.Raise(lg.g, nodes, 1<<30); err != nil {
		t.Fatal(err)
	}
	for i, L := range lm.Nodes() {
		d := lg.plainDistances(int(L))
		for v := range lg.n {
			if got, _ := lm.Dist(i, int32(v)); got != d[v] {
				t.Fatalf("landmark %d node %d: %d after raising, distance %d (%d entries were below)", i, v, got, d[v], below)
			}
		}
	}
	// Errors leave the table alone.
	if _, err := lm.Raise(nil, nodes, 1); !errors.Is(err, navgraph.ErrNilGraph) {
		t.Fatalf("nil graph: %v", err)
	}
	if _, err := lm.Raise(lg.g, []int32{int32(lg.n)}, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("node off the graph: %v", err)
	}
	if _, err := lm.Raise(navgraph.New(3), nodes, 1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("graph of another size: %v", err)
	}
}
