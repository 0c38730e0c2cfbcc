package hpa

import (
	"fmt"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
)

// TestFieldCoarseAgainstOracle: a field's coarse search (radix heap,
// ties settled by rule) against a plain Dijkstra that scans every
// waypoint for the unsettled one of least (cost, id) and keeps the
// first parent that gives a cost: the same cost and the same next
// waypoint for every waypoint, from the same costs of the goal's
// cluster. On generated maps of three movement rules and swamp weights,
// and on ArcticStation (sc1) when the benchmark maps are there.
func TestFieldCoarseAgainstOracle(t *testing.T) {
	for i := range 3 {
		t.Run(fmt.Sprintf("generated%d", i), func(t *testing.T) {
			g, err := mapgen.NewGrid(mapgen.Config{Width: 200, Height: 160, Seed: uint64(40 + i)}, grid.MapOptions{Movement: grid.Movement(i), SwampWeight: uint8(1 + 2*i)})
			if err != nil {
				t.Fatal(err)
			}
			checkCoarse(t, g, 6)
		})
	}
	t.Run("ArcticStation", func(t *testing.T) {
		testmaps.Require(t)
		checkCoarse(t, testmaps.Grid(t, "sc1", "ArcticStation"), 3)
	})
}

// checkCoarse compares the coarse search with coarseOracle's for goals
// on g's open cells.
func checkCoarse(t *testing.T, g *grid.Grid, goals int) {
	b, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlanner(b, Config{})
	var f Field
	found := 0
	for i := 0; found < goals && i < g.Width()*g.Height(); i += 1999 {
		goal := g.PointAt(i)
		if !g.Passable(goal) {
			continue
		}
		found++
		if err := f.Reset(p, goal, Options{}); err != nil {
			t.Fatal(err)
		}
		dist, next := coarseOracle(f.tier.Graph, f.dist, f.next)
		reached := 0
		for u := range dist {
			if f.dist[u] != dist[u] || f.next[u] != next[u] {
				t.Fatalf("goal %v: waypoint %d costs %d next %d, oracle %d next %d", goal, u, f.dist[u], f.next[u], dist[u], next[u])
			}
			if next[u] >= 0 {
				reached++
			}
		}
		if reached < len(dist)/4 {
			t.Fatalf("goal %v: %d waypoints of %d reached by an edge", goal, reached, len(dist))
		}
	}
	if found < goals {
		t.Fatalf("%d goals", found)
	}
}

// coarseOracle: Dijkstra over g from the waypoints whose next is -1 and
// whose cost is below navgraph.MaxPathCost in (dist, next) (the goal's
// cluster's), settling the unsettled waypoint of least (cost, id) by a
// scan of them all; a waypoint's next is the first settled that gave it
// its cost.
func coarseOracle(g *navgraph.Graph, d0 []navgraph.Cost, n0 []int32) ([]navgraph.Cost, []int32) {
	n := g.Len()
	dist, next := make([]navgraph.Cost, n), make([]int32, n)
	done := make([]bool, n)
	for u := range n {
		dist[u], next[u] = navgraph.MaxPathCost, -1
		if n0[u] == -1 && d0[u] < navgraph.MaxPathCost {
			dist[u] = d0[u]
		}
	}
	for {
		u := -1
		for v := range n {
			if !done[v] && dist[v] < navgraph.MaxPathCost && (u < 0 || dist[v] < dist[u]) {
				u = v
			}
		}
		if u < 0 {
			return dist, next
		}
		done[u] = true
		to, cost := g.Out(int32(u))
		for i, v := range to {
			if c := dist[u] + cost[i]; c < dist[v] {
				dist[v], next[v] = c, int32(u)
			}
		}
	}
}
