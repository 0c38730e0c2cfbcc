package hpa

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
)

// TestConnectAgainstDijkstra: the waypoints connect joins a cell to are
// exactly those of its region in its cluster, each at the least cost
// inside the cluster that a plain Dijkstra of the oracle finds there
// (without a penalty), or at a cost no lower than that least cost
// under the penalty (with one, a line across penalized cells is taken
// at its cost, an upper bound). A waypoint left lazy for the coarse
// search (no penalty) must sit at a cost no higher than that least
// cost, and settleJoin must find that least cost. Maps with swamp and
// without, on every movement rule; penalties of influence and of
// another unit's claims.
func TestConnectAgainstDijkstra(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	checked, bounded, lazy := 0, 0, 0
	for m := range 6 {
		rule := grid.Movement(m % 3)
		swamp := uint8(0)
		if m >= 3 {
			swamp = 3
		}
		g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 80, Seed: uint64(90 + m)}, grid.MapOptions{Movement: rule, SwampWeight: swamp})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
		if err != nil {
			t.Fatal(err)
		}
		p := NewPlanner(b, Config{})
		layer := p.NewPenalties(PenaltyConfig{})
		for range 12 {
			if err := layer.AddInfluence(grid.Pt(r.IntN(96), r.IntN(80)), 1+r.IntN(5), grid.Cost(1+r.IntN(40))*grid.Straight); err != nil {
				t.Fatal(err)
			}
		}
		q := p.NewQuery()
		t0 := p.tier
		w := g.Width()
		for range 60 {
			start := g.PointAt(r.IntN(w * g.Height()))
			if !g.Passable(start) {
				continue
			}
			var claim []grid.Point // a unit walking away from start claims its cells
			for pt := start; len(claim) < 12 && g.Passable(pt); pt.X++ {
				claim = append(claim, pt)
			}
			if err := layer.Claim(7, claim); err != nil {
				t.Fatal(err)
			}
			for _, pen := range []Penalty{{}, layer.For(NoUnit), layer.For(8)} {
				q.who = grid.Unit{}
				if err := q.usePenalty(pen, start); err != nil {
					t.Fatal(err)
				}
				q.bud, q.track = budget{}, false
				c := t0.ClusterOf(start)
				eps, err := q.connect(start, c, nil, true)
				if err != nil {
					t.Fatal(err)
				}
				o := oracle.Graph{G: g, Win: t0.ClusterRect(c)}
				if q.pen != nil {
					o.Penalty = func(pt grid.Point) grid.Cost { return q.pen.At(pt.Y*w + pt.X) }
				}
				dist, _ := o.ShortestFrom(start)
				want := 0
				first, end := t0.PointsOf(c)
				for u := first; u < end; u++ {
					if t0.Points[u].Region == b.LocalRegion(start) {
						want++
					}
				}
				if len(eps) != want {
					t.Fatalf("map %d, %v, penalty %v: %d endpoints, %d waypoints in its region", m, start, q.pen != nil, len(eps), want)
				}
				q.cq.Sources = eps
				for i, e := range eps {
					z := t0.Points[e.Node].Cell
					d := dist[z.Y*w+z.X]
					if e.Lazy { // left to the coarse search: a bound, and settleJoin's cost
						c, spent, done := q.settleJoin(false, i, 0, nil)
						// the goal's side searches from its cell too
						q.joins[1], q.cq.Targets = q.joins[0], eps
						cg, _, doneG := q.settleJoin(true, i, 0, nil)
						if q.pen != nil || grid.Cost(e.Cost) > d || !done || !doneG || grid.Cost(c) != d || cg != c || spent < 2 {
							t.Fatalf("map %d (%v), %v→%v: lazy at %d (penalty %v), settled at %d (%v, %d cells), as a target %d (%v), Dijkstra %d", m, rule, start, z, e.Cost, q.pen != nil, c, done, spent, cg, doneG, d)
						}
						// a bound short of what the search spends stops it, at the bound
						if _, got, done := q.settleJoin(false, i, spent-1, nil); done || got != spent-1 {
							t.Fatalf("map %d, %v→%v: %d cells allowed of %d: spent %d, done %v", m, start, z, spent-1, spent, got, done)
						}
						lazy++
						e.Cost = navgraph.Cost(c)
					}
					switch {
					case int(t0.Points[e.Node].Cluster) != c || d == grid.Unreachable:
						t.Fatalf("map %d, %v: endpoint %v outside the cluster or out of reach", m, start, z)
					case q.pen == nil && grid.Cost(e.Cost) != d:
						t.Fatalf("map %d (%v), %v→%v: connect says %d, Dijkstra %d", m, rule, start, z, e.Cost, d)
					case q.pen != nil && grid.Cost(e.Cost) < d:
						t.Fatalf("map %d (%v), %v→%v under the penalty: connect says %d, below Dijkstra's least %d", m, rule, start, z, e.Cost, d)
					}
					checked++
					if q.pen != nil && grid.Cost(e.Cost) > d {
						bounded++
					}
				}
			}
			layer.Release(7)
		}
	}
	if checked < 1000 {
		t.Errorf("only %d endpoints checked", checked)
	}
	t.Logf("%d endpoints checked, %d under a penalty above the least cost, %d lazy", checked, bounded, lazy)
	if lazy == 0 {
		t.Error("no endpoint was left lazy")
	}
}
