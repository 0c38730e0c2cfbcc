package hpa

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestTileSearchAgainstOracle: the tile search (searchRows on maps of
// one weight, Dijkstra over cells on the others) from random seeds in a
// random rectangle of random maps, under every movement rule: each cell
// of the rectangle ends with the least, over the seeds, of the seed's
// cost plus the oracle's least cost from the seed to the cell inside the
// rectangle; each reached cell's step is legal (oracle), stays inside,
// and leads to a cell whose cost plus the step's is the cell's, or the
// cell is a seed at its seed's cost with its seed's step; whatever the
// tile held before is gone. Every fifth rectangle has sides at the row
// search's limits (1 to 3, 31 to 33, 63, 64 cells); every fourth set of
// seeds costs just under keyMaxSeed (some over it); every sixth seeds
// every cell of a row.
func TestTileSearchAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	var ts tileSearcher
	rows, tall := 0, 0
	for trial := range 300 {
		w, h := 8+r.IntN(90), 8+r.IntN(90)
		edge := trial%5 == 0
		if edge {
			w, h = 64+r.IntN(4), 64+r.IntN(4)
		}
		g, err := grid.New(w, h, grid.Movement(r.IntN(3)))
		if err != nil {
			t.Fatal(err)
		}
		wall := r.Float64() * 0.4
		weighted := trial%4 == 3
		one := uint8(1 + r.IntN(255))
		for y := range h {
			for x := range w {
				p := grid.Pt(x, y)
				wt := one
				if weighted {
					wt = uint8(1 + r.IntN(5))
				}
				if err := g.SetWeight(p, wt); err != nil {
					t.Fatal(err)
				}
				if r.Float64() < wall {
					if err := g.SetPassable(p, false); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		rw, rh := 1+r.IntN(min(w, 70)), 1+r.IntN(min(h, 70))
		if edge {
			sides := []int{1, 2, 3, 31, 32, 33, 63, 64}
			rw, rh = sides[r.IntN(len(sides))], sides[r.IntN(len(sides))]
			if trial%10 == 0 {
				rh = 64 // the row search's last bit of rows
			}
		}
		rect := grid.R(r.IntN(w-rw+1), r.IntN(h-rh+1), 0, 0)
		rect.Max = rect.Min.Add(grid.Pt(rw, rh))
		tile := &fieldTile{cost: make([]grid.Cost, rect.Area()), dir: make([]uint8, rect.Area()), w: rw}
		for i := range tile.cost { // what a tile held before: search sets every cell
			tile.cost[i], tile.dir[i] = grid.Cost(r.IntN(3)), uint8(r.IntN(9))
		}
		tile.packed = r.IntN(2) == 0
		type seed struct {
			p grid.Point
			c grid.Cost
			d uint8
		}
		var seeds []seed
		base, n := grid.Cost(0), 1+r.IntN(12)
		if trial%4 == 1 {
			base = keyMaxSeed - 1 - grid.Cost(r.IntN(1<<17))
		}
		row := rect.Min.Y + r.IntN(rh)
		if trial%6 == 0 {
			n = rw
		}
		for i := range n {
			p := grid.Pt(rect.Min.X+r.IntN(rw), rect.Min.Y+r.IntN(rh))
			if trial%6 == 0 {
				p = grid.Pt(rect.Min.X+i, row) // a seed on every cell of a row
			}
			if !g.Passable(p) {
				continue
			}
			sd := seed{p, base + grid.Cost(r.IntN(40))*grid.Straight/3, uint8(r.IntN(9))}
			seeds = append(seeds, sd)
			ts.seeds = append(ts.seeds, tileSeed{sd.c, int32(tile.index(p, rect)), sd.d})
		}
		if rowsFits(g, grid.Unit{Size: 1}, rect, nil, nil, ts.seeds) {
			rows++
		}
		if rh == 64 {
			tall++
		}
		ts.search(g, grid.Unit{Size: 1}, rect, tile, nil, nil)
		o := oracle.Graph{G: g, Win: rect}
		want := make([]grid.Cost, rect.Area())
		fill(want, grid.Unreachable)
		for _, sd := range seeds {
			dist, _ := o.ShortestFrom(sd.p)
			for y := rect.Min.Y; y < rect.Max.Y; y++ {
				for x := rect.Min.X; x < rect.Max.X; x++ {
					if d := dist[y*w+x]; d != grid.Unreachable {
						li := tile.index(grid.Pt(x, y), rect)
						want[li] = min(want[li], d+sd.c)
					}
				}
			}
		}
		what := fmt.Sprintf("trial %d (%d×%d %v, rect %v, weighted %v)", trial, w, h, g.Movement(), rect, weighted)
		for li := range tile.cost {
			c, dir := tile.at(li)
			p := grid.Pt(rect.Min.X+li%rw, rect.Min.Y+li/rw)
			if c != want[li] {
				t.Fatalf("%s: %v costs %d, want %d", what, p, c, want[li])
			}
			if c == grid.Unreachable {
				if dir != dirNone {
					t.Fatalf("%s: unreached %v has step %d", what, p, dir)
				}
				continue
			}
			seeded := false
			for _, sd := range seeds {
				seeded = seeded || sd.p == p && sd.c == c && sd.d == dir
			}
			if seeded {
				continue
			}
			d := grid.Dir(dir)
			q := p.Add(d.Delta())
			if dir >= dirGoal || !q.In(rect) || !o.Legal(p, q) {
				t.Fatalf("%s: %v steps %d to %v: not a legal step inside", what, p, d, q)
			}
			if nc := tile.costAt(tile.index(q, rect)) + o.Cost(p, q); nc != c {
				t.Fatalf("%s: %v costs %d, its step to %v leads to %d", what, p, c, q, nc)
			}
		}
	}
	if rows < 120 {
		t.Fatalf("searchRows ran on %d trials of 300", rows)
	}
	t.Logf("searchRows ran on %d trials of 300; %d rectangles 64 rows tall", rows, tall)
}
