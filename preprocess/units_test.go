package preprocess_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
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
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, UnitSizes: []int{3, 2, 1, 3}})
		if err != nil {
			t.Fatal(err)
		}
		if got := b.UnitSizes(); !slices.Equal(got, []int{2, 3}) {
			t.Fatalf("UnitSizes %v, want [2 3]", got)
		}
		for _, k := range []int{2, 3} {
			l := b.Units(k)
			tr := l.Tier()
			o := oracle.Graph{G: g, Size: k}
			comp := o.Components()
			n := int32(tr.Graph.Len())
			for u := range n {
				pu := tr.Points[u]
				if !o.Fits(pu.Cell) {
					t.Fatalf("size %d: point %d at %v: the unit does not fit", k, u, pu.Cell)
				}
				win := tr.ClusterRect(int(pu.Cluster))
				dist, _ := oracle.Graph{G: g, Size: k, Win: win}.ShortestFrom(pu.Cell)
				to, cost := tr.Graph.Out(u)
				for i, v := range to {
					pv := tr.Points[v]
					switch {
					case pv.Cluster != pu.Cluster:
						if !o.Legal(pu.Cell, pv.Cell) || grid.Cost(cost[i]) != o.Cost(pu.Cell, pv.Cell) {
							t.Fatalf("size %d: edge %v→%v across clusters is no legal step of its cost", k, pu.Cell, pv.Cell)
						}
					case grid.Cost(cost[i]) != dist[g.Index(pv.Cell)]:
						t.Fatalf("size %d: edge %v→%v costs %d, the oracle in the cluster %d", k, pu.Cell, pv.Cell, cost[i], dist[g.Index(pv.Cell)])
					}
				}
				for v := range n {
					same := l.Component(u) == l.Component(v)
					if want := comp[g.Index(pu.Cell)] == comp[g.Index(tr.Points[v].Cell)]; same != want {
						t.Fatalf("size %d: points %v and %v: same component %v, the oracle %v", k, pu.Cell, tr.Points[v].Cell, same, want)
					}
				}
			}
		}
		var buf bytes.Buffer
		if _, err := b.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		info, err := preprocess.ReadInfo(buf.Bytes())
		if err != nil || !slices.Equal(info.UnitSizes, []int{2, 3}) {
			t.Fatalf("ReadInfo: %v %v", info.UnitSizes, err)
		}
		lb, err := preprocess.Load(buf.Bytes(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{2, 3} {
			if !lb.Units(k).Tier().Graph.Equal(b.Units(k).Tier().Graph) {
				t.Fatalf("size %d: the loaded layer differs", k)
			}
		}
	}
	small, err := grid.New(8, 8, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, -2, grid.MaxClearance + 1} {
		if _, err := preprocess.Build(small, preprocess.Config{UnitSizes: []int{k}}); !errors.Is(err, preprocess.ErrConfig) {
			t.Fatalf("unit size %d: %v", k, err)
		}
	}
}
