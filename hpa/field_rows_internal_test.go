package hpa

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
		ts.search(g, grid.Unit{Size: 1}, rect, tile, nil, nil, -1)
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

// TestTakeRowAgainstOracle: a take of a row (takeRow: the assembly on
// amd64 with AVX2 from 8 cells, else Go; and takeRowGo) against a plain
// oracle that relaxes the row's cells by the steps along it (east from
// the cell west, west from the cell east, where the leaving cell's mask
// allows, priced by grid.StepCost, the step back stored) until nothing
// falls, then lowers each cell of the rows up and down by the straight
// and two diagonal steps from the row; the least key that fell in each.
// On rows of every width from 1 to maxRowsSide, random masks, weights
// and keys (some keyNone, a third just under keyMaxSeed), rows up and
// down of random keys (some keyNone), or both the one spare row of
// zeros, as in a tile one row tall.
func TestTakeRowAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	var s rowsScratch
	var base grid.Cost
	key := func() grid.Cost {
		if r.IntN(6) == 0 {
			return keyNone
		}
		return (base+grid.Cost(r.IntN(4000)))<<keyBits | grid.Cost(r.IntN(9))
	}
	for trial := range 6000 {
		tw := 1 + trial%maxRowsSide
		base = 0
		if trial%3 == 2 {
			base = keyMaxSeed - 4000
		}
		wt := uint8(1 + r.IntN(255))
		s.prices(wt)
		row, m := make([]grid.Cost, tw), make([]uint8, tw)
		up, down := make([]grid.Cost, tw), make([]grid.Cost, tw)
		for x := range tw {
			row[x], m[x], up[x], down[x] = key(), uint8(r.IntN(256)), key(), key()
			if r.IntN(4) == 0 {
				m[x] = 0xff
			}
		}
		if trial%7 == 0 { // a one-row tile: up and down are the spare row, all 0
			clear(up)
			down = up
		}
		wantRow, wantUp := slices.Clone(row), slices.Clone(up)
		wantDown := slices.Clone(down)
		if trial%7 == 0 {
			wantDown = wantUp
		}
		wu, wd := takeOracle(wantRow, m, wantUp, wantDown, wt)
		for _, impl := range []struct {
			name string
			take func(row []grid.Cost, m []uint8, up, down []grid.Cost, s *rowsScratch) (grid.Cost, grid.Cost)
		}{{"takeRow", takeRow}, {"takeRowGo", takeRowGo}} {
			gotRow, gotUp, gotDown := slices.Clone(row), slices.Clone(up), slices.Clone(down)
			if trial%7 == 0 {
				gotDown = gotUp
			}
			fu, fd := impl.take(gotRow, m, gotUp, gotDown, &s)
			if trial%7 != 0 && (fu != wu || fd != wd) {
				t.Fatalf("%s, width %d: fell %d %d, oracle %d %d", impl.name, tw, fu, fd, wu, wd)
			}
			for x := range tw {
				if gotRow[x] != wantRow[x] || gotUp[x] != wantUp[x] || gotDown[x] != wantDown[x] {
					t.Fatalf("%s, width %d, cell %d: row %d up %d down %d, oracle %d %d %d", impl.name, tw, x, gotRow[x], gotUp[x], gotDown[x], wantRow[x], wantUp[x], wantDown[x])
				}
			}
		}
	}
}

// takeOracle takes row as TestTakeRowAgainstOracle says, in place, and
// returns the least keys that fell in up and down (keyNone: none).
func takeOracle(row []grid.Cost, m []uint8, up, down []grid.Cost, wt uint8) (fellUp, fellDown grid.Cost) {
	tw := len(row)
	// step returns the key a step d from a cell of key from gives the
	// cell it enters, storing the step back; false from a cell not
	// reached or where mask forbids d.
	step := func(from grid.Cost, mask uint8, d grid.Dir) (grid.Cost, bool) {
		if from >= keyNone || mask&(1<<d) == 0 {
			return 0, false
		}
		dd := d.Delta()
		var bk grid.Dir
		for e := range grid.Dir(8) {
			if e.Delta() == grid.Pt(-dd.X, -dd.Y) {
				bk = e
			}
		}
		return (from>>keyBits+grid.StepCost(d, wt, wt))<<keyBits | grid.Cost(bk), true
	}
	type src struct {
		x int
		d grid.Dir
	}
	for fell := true; fell; {
		fell = false
		for x := range tw {
			for _, s := range []src{{x - 1, grid.East}, {x + 1, grid.West}} {
				if s.x < 0 || s.x >= tw {
					continue
				}
				if k, ok := step(row[s.x], m[s.x], s.d); ok && k < row[x] {
					row[x], fell = k, true
				}
			}
		}
	}
	lower := func(dst []grid.Cost, straight, fromWest, fromEast grid.Dir) grid.Cost {
		least := keyNone
		for x := range tw {
			best := dst[x]
			for _, s := range []src{{x, straight}, {x - 1, fromWest}, {x + 1, fromEast}} {
				if s.x < 0 || s.x >= tw {
					continue
				}
				if k, ok := step(row[s.x], m[s.x], s.d); ok && k < best {
					best = k
				}
			}
			if best < dst[x] {
				dst[x], least = best, min(least, best)
			}
		}
		return least
	}
	return lower(up, grid.North, grid.NorthEast, grid.NorthWest), lower(down, grid.South, grid.SouthEast, grid.SouthWest)
}
