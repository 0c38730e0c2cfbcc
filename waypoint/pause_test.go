package waypoint_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// TestRoutePacedEqualsRoute: for every edge of the waypoint graph of two
// generated maps, RoutePaced with a random first bound and a pause hook
// that extends it by 1..k cells at a time gives Route's cells and
// RouteWithin's expansion count (whose route costs the edge, by
// PathCost), the hook seeing exactly the bounds it gave; a route that
// needs no search never calls the hook, nor does a bound of 0. A hook
// that stops the search at a random count gives what RouteWithin gives
// with that bound: ErrExhausted, no cells, that many expansions.
func TestRoutePacedEqualsRoute(t *testing.T) {
	r := rand.New(rand.NewPCG(191, 192))
	var edges, searched, pauses, stopped int
	for _, seed := range []uint64{4, 11} {
		g, b := baked(t, 160, seed)
		tier := b.Tier()
		s, plain := grid.NewSearcher(g), grid.NewSearcher(g)
		for u := range int32(tier.Graph.Len()) {
			to, cost := tier.Graph.Out(u)
			for i, v := range to {
				what := fmt.Sprintf("map %d edge %d→%d", seed, u, v)
				edges++
				want, err := tier.Route(plain, u, v, nil)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if c, err := g.PathCost(want); err != nil || navgraph.Cost(c) != cost[i] {
					t.Fatalf("%s: route costs %d (%v), edge %d", what, c, err, cost[i])
				}
				_, need, _ := tier.RouteWithin(plain, u, v, 0, nil)

				k := []int{1, 3, 10, 100}[r.IntN(4)]
				bound := 1 + r.IntN(k)
				var seen []int
				got, n, err := tier.RoutePaced(s, u, v, bound, func(expanded int) int {
					if expanded != bound {
						t.Fatalf("%s: pause at %d, bound %d", what, expanded, bound)
					}
					seen = append(seen, expanded)
					bound = expanded + 1 + r.IntN(k)
					return bound
				}, nil)
				if err != nil || !slices.Equal(got, want) || n != need || n > bound {
					t.Fatalf("%s: paced %v, %d expanded (last bound %d), %d cells; Route %d cells, %d expanded", what, err, n, bound, len(got), len(want), need)
				}
				if need == 0 && len(seen) > 0 {
					t.Fatalf("%s: no search, yet %d pauses", what, len(seen))
				}
				calls := 0
				got, n, err = tier.RoutePaced(s, u, v, 0, func(e int) int { calls++; return e + 1 }, got)
				if err != nil || !slices.Equal(got, want) || n != need || calls != 0 {
					t.Fatalf("%s: bound 0 with a hook: %v, %d expanded, %d calls", what, err, n, calls)
				}
				if need < 2 {
					continue
				}
				searched++
				pauses += len(seen)

				stopAt := 1 + r.IntN(need-1)
				bound = 1 + r.IntN(min(k, stopAt))
				got, n, err = tier.RoutePaced(s, u, v, bound, func(expanded int) int {
					if expanded >= stopAt {
						return expanded - r.IntN(2)*r.IntN(expanded+1)
					}
					bound = min(expanded+1+r.IntN(k), stopAt)
					return bound
				}, got)
				wantCells, wantN, wantErr := tier.RouteWithin(plain, u, v, stopAt, nil)
				if !errors.Is(wantErr, waypoint.ErrExhausted) {
					t.Fatalf("%s: RouteWithin %d of %d: %v", what, stopAt, need, wantErr)
				}
				if err != wantErr || n != wantN || n != stopAt || len(got) != len(wantCells) {
					t.Fatalf("%s: stopped at %d: %v, %d expanded, %d cells; RouteWithin %v, %d, %d cells", what, stopAt, err, n, len(got), wantErr, wantN, len(wantCells))
				}
				stopped++
			}
		}
	}
	t.Logf("%d edges, %d routes searched (%d pauses), %d stopped by the hook", edges, searched, pauses, stopped)
	if searched < 100 || pauses < searched {
		t.Fatalf("too few routes searched (%d) or paused (%d)", searched, pauses)
	}
}
