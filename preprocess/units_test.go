package preprocess_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// TestUnitLayers: on generated maps, every unit layer's points are cells
// where its unit fits, each inter-cluster edge is one step the unit may
// take (oracle), each intra-cluster edge costs what the oracle's Dijkstra
// inside the cluster gives, two points share a component exactly when the
// oracle's flood fill joins them, and a bake file carries the sizes: the
// loaded bake has the same layers.
func TestUnitLayers(t *testing.T) {
	for seed := range uint64(6) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 80, Height: 72, Seed: 300 + seed}, grid.MapOptions{Movement: grid.Movement(seed % 3)})
		if err != nil {
			t.Fatal(err)
		}
		// Terrain: a band of water (type 2) and of mud (type 1); class 1
		// keeps out of water and pays 3 for mud, class 2 goes anywhere.
		if err := g.FillTerrain(grid.R(30, 0, 38, 72), 2); err != nil {
			t.Fatal(err)
		}
		if err := g.FillTerrain(grid.R(0, 40, 80, 46), 1); err != nil {
			t.Fatal(err)
		}
		classes := []grid.Class{{Name: "tank", Enter: 0b011, Weight: [grid.MaxTerrains]uint8{1: 3}}, {Name: "hover", Enter: 0b111}}
		if err := g.SetClasses(classes); err != nil {
			t.Fatal(err)
		}
		units := []grid.Unit{{Size: 3}, {Size: 2}, {Size: 1}, {Size: 3}, {Size: 1, Class: 1}, {Size: 2, Class: 2}}
		want := []grid.Unit{{Size: 2}, {Size: 3}, {Size: 1, Class: 1}, {Size: 2, Class: 2}}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: units})
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Units(); !slices.Equal(got, want) {
			t.Fatalf("Units %v, want %v", got, want)
		}
		for _, u := range want {
			l := b.Layer(u)
			tr := l.Tier()
			k := u
			o := oracle.Graph{G: g, Size: u.Size}
			if u.Class > 0 {
				o.Class = &classes[u.Class-1]
			}
			comp := o.Components()
			n := int32(tr.Graph.Len())
			for u := range n {
				pu := tr.Points[u]
				if !o.Fits(pu.Cell) {
					t.Fatalf("unit %+v: point %d at %v: the unit does not fit", k, u, pu.Cell)
				}
				win := tr.ClusterRect(int(pu.Cluster))
				ow := o
				ow.Win = win
				dist, _ := ow.ShortestFrom(pu.Cell)
				to, cost := tr.Graph.Out(u)
				for i, v := range to {
					pv := tr.Points[v]
					switch {
					case pv.Cluster != pu.Cluster:
						if !o.Legal(pu.Cell, pv.Cell) || grid.Cost(cost[i]) != o.Cost(pu.Cell, pv.Cell) {
							t.Fatalf("unit %+v: edge %v→%v across clusters is no legal step of its cost", k, pu.Cell, pv.Cell)
						}
					case grid.Cost(cost[i]) != dist[g.Index(pv.Cell)]:
						t.Fatalf("unit %+v: edge %v→%v costs %d, the oracle in the cluster %d", k, pu.Cell, pv.Cell, cost[i], dist[g.Index(pv.Cell)])
					}
				}
				for v := range n {
					same := l.Component(u) == l.Component(v)
					if want := comp[g.Index(pu.Cell)] == comp[g.Index(tr.Points[v].Cell)]; same != want {
						t.Fatalf("unit %+v: points %v and %v: same component %v, the oracle %v", k, pu.Cell, tr.Points[v].Cell, same, want)
					}
				}
			}
		}
		var buf bytes.Buffer
		if _, err := b.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		info, err := preprocess.ReadInfo(buf.Bytes())
		if err != nil || !slices.Equal(info.Units, want) {
			t.Fatalf("ReadInfo: %v %v", info.Units, err)
		}
		lb, err := preprocess.Load(buf.Bytes(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range want {
			if !lb.Layer(u).Tier().Graph.Equal(b.Layer(u).Tier().Graph) {
				t.Fatalf("unit %+v: the loaded layer differs", u)
			}
		}
	}
	small, err := grid.New(8, 8, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []grid.Unit{{Size: -2}, {Size: grid.MaxClearance + 1}, {Size: 1, Class: 1}, {Size: 2, Class: -1}} {
		if _, err := preprocess.Build(small, preprocess.Config{Units: []grid.Unit{u}}); !errors.Is(err, preprocess.ErrConfig) {
			t.Fatalf("unit %+v: %v", u, err)
		}
	}
}

// TestUnitLayersShared: classes that stand on the same cells and weigh
// them alike share one layer per size (a map without water: ground and
// hover); a class that weighs differently gets its own.
func TestUnitLayersShared(t *testing.T) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 64, Height: 64, Seed: 9}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetClasses([]grid.Class{{Name: "ground", Enter: 0b011}, {Name: "hover", Enter: 0b111}, {Name: "slow", Enter: 1, Weight: [grid.MaxTerrains]uint8{0: 4}}}); err != nil {
		t.Fatal(err)
	}
	units := []grid.Unit{{Size: 2}, {Size: 2, Class: 1}, {Size: 2, Class: 2}, {Size: 2, Class: 3}, {Size: 3, Class: 2}}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: units})
	if err != nil {
		t.Fatal(err)
	}
	l := b.Layer(grid.Unit{Size: 2})
	if b.Layer(units[1]) != l || b.Layer(units[2]) != l {
		t.Fatal("ground and hover on a map without water: not one layer")
	}
	if b.Layer(units[3]) == l || b.Layer(units[4]) == l || b.Layer(units[3]) == nil || b.Layer(units[4]) == nil {
		t.Fatal("another weight or size shares the layer")
	}
}

// TestUnitLayersUpdate: after random walls, openings, terrain and weight
// edits applied with Update, every unit layer equals the layer of a fresh
// build of the edited map (points, groups, graph), though Update searched
// only the clusters the edits reach.
func TestUnitLayersUpdate(t *testing.T) {
	r := rand.New(rand.NewPCG(81, 82))
	for seed := range uint64(8) {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 80, Seed: 500 + seed}, grid.MapOptions{Movement: grid.Movement(seed % 3)})
		if err != nil {
			t.Fatal(err)
		}
		// Half the maps: ground and hover alike but for water, so their
		// layers are shared exactly while the map has no water.
		classes := []grid.Class{{Name: "tank", Enter: 0b011, Weight: [grid.MaxTerrains]uint8{1: 3}}, {Name: "hover", Enter: 0b111}}
		units := []grid.Unit{{Size: 2}, {Size: 4}, {Size: 1, Class: 1}, {Size: 3, Class: 2}}
		if seed%2 == 1 {
			classes = []grid.Class{{Name: "ground", Enter: 0b011}, {Name: "hover", Enter: 0b111}}
			units = []grid.Unit{{Size: 2, Class: 1}, {Size: 2, Class: 2}, {Size: 2}, {Size: 3, Class: 2}}
		}
		if err := g.SetClasses(classes); err != nil {
			t.Fatal(err)
		}
		cfg := preprocess.Config{ClusterSize: 16, Units: units}
		b, err := preprocess.Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for round := range 8 {
			for range 2 + r.IntN(6) {
				x, y := r.IntN(96), r.IntN(80)
				if r.IntN(2) == 0 { // just right of or below a cluster border
					x, y = x/16*16+r.IntN(3), y/16*16+r.IntN(3)
				}
				rc := grid.R(x, y, x+1+r.IntN(4), y+1+r.IntN(4))
				switch r.IntN(3) {
				case 0:
					g.Fill(rc, r.IntN(3) == 0)
				case 1:
					if err := g.FillTerrain(rc, r.IntN(3)); err != nil {
						t.Fatal(err)
					}
				default:
					if err := g.FillWeight(rc, uint8(1+r.IntN(4))); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := b.Update(grid.Rect{}, 0); err != nil {
				t.Fatal(err)
			}
			fresh, err := preprocess.Build(g.Clone(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range b.Units() {
				got, want := b.Layer(u).Tier(), fresh.Layer(u).Tier()
				if !got.Graph.Equal(want.Graph) || !slices.Equal(got.Points, want.Points) || !slices.Equal(got.ClusterStart, want.ClusterStart) {
					t.Fatalf("seed %d round %d unit %+v: the updated layer differs from a fresh build", seed, round, u)
				}
			}
		}
	}
}

// TestUpdateAfterClassRemoved: a bake whose units name a class the grid
// no longer has (SetClasses with fewer) refuses Update with ErrConfig and
// stays stale, rather than keep an empty layer and write a file Load
// refuses.
func TestUpdateAfterClassRemoved(t *testing.T) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: 64, Height: 64, Seed: 11}, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs := []grid.Class{{Name: "tank", Enter: 1}, {Name: "hover", Enter: 0xff}}
	if err := g.SetClasses(cs); err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: []grid.Unit{{Size: 2, Class: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetClasses(cs[:1]); err != nil {
		t.Fatal(err)
	}
	if err := b.Update(grid.Rect{}, 0); !errors.Is(err, preprocess.ErrConfig) {
		t.Fatalf("Update with the unit's class gone: %v", err)
	}
	if !b.Stale() {
		t.Fatal("the refused update left the bake in step")
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); !errors.Is(err, preprocess.ErrStale) {
		t.Fatalf("WriteTo after the refused update: %v", err)
	}
}

// TestUnitLayerEdgeSide: a unit layer places an edge cluster's points as
// the main tier does. The map is 64×50, open, with clusters of 32, so
// the bottom two clusters have 18 rows; the border between them is open
// along all 18 and gets its ends and middle (rows 32, 40 and 49) in the
// main tier and in the layer of a one-cell unit of a class (which has a
// layer of its own since it pays more for mud).
func TestUnitLayerEdgeSide(t *testing.T) {
	g, _ := grid.New(64, 50, grid.Octile)
	if err := g.FillTerrain(grid.R(2, 2, 8, 8), 1); err != nil {
		t.Fatal(err)
	}
	if err := g.SetClasses([]grid.Class{{Name: "tank", Enter: 0b011, Weight: [grid.MaxTerrains]uint8{1: 3}}}); err != nil {
		t.Fatal(err)
	}
	u := grid.Unit{Size: 1, Class: 1}
	b, err := preprocess.Build(g, preprocess.Config{Units: []grid.Unit{u}})
	if err != nil {
		t.Fatal(err)
	}
	want := []int{32, 40, 49}
	for name, tr := range map[string]*waypoint.Tier{"main tier": b.Tier(), "layer": b.Layer(u).Tier()} {
		first, end := tr.PointsOf(2) // the bottom-left cluster
		var rows []int
		for _, p := range tr.Points[first:end] {
			if p.Cell.X == 31 {
				rows = append(rows, p.Cell.Y)
			}
		}
		slices.Sort(rows)
		if !slices.Equal(rows, want) {
			t.Errorf("%s: points on column 31 of the bottom-left cluster at rows %v, want %v", name, rows, want)
		}
	}
}
