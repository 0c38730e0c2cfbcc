package hpa

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// TestGroupDoorsJoinEveryPiece checks groupDoors against a brute-force
// reading of what it must keep, on generated maps with walls and
// islands in groups of 2 and 3 over 3 to 5 levels: the first level
// keeps every edge between groups; at each level above, for every edge
// between two of its cells whose ends are doors one level down, some
// edge between the same two pieces (the parts of the groups one level
// down that edges inside them join, found by a search of their own
// here), in the same stretch of their shared side, keeps both its ends
// as doors there; a door of a level is one of every level below; and
// the levels above keep fewer doors than the first.
func TestGroupDoorsJoinEveryPiece(t *testing.T) {
	kept := 0
	for i := range 6 {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 96 + 37*i, Height: 80 + 29*i, Seed: uint64(i + 70)}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		tr := b.Tier()
		gc, levels := 2+i%2, 3+i%3
		doors := groupDoors(tr, gc, levels)
		lv := groupLevels(tr, gc, levels)
		n := tr.Graph.Len()
		first := 0
		for u := range int32(n) {
			to, _ := tr.Graph.Out(u)
			for _, v := range to {
				if lv[0][u] != lv[0][v] && doors[u] < 1 {
					t.Fatalf("map %d: waypoint %d, between groups, is no door of the first level", i, u)
				}
			}
			if doors[u] >= 1 && doors[u] < uint8(levels) {
				first++
			}
		}
		side := tr.ClusterSize * gc
		for l := 1; l < levels; l++ {
			// the pieces of the groups one level down, by a flood of their own
			piece := make([]int32, n)
			for u := range piece {
				piece[u] = -1
			}
			for s := range int32(n) {
				if piece[s] >= 0 {
					continue
				}
				piece[s] = s
				stack := []int32{s}
				for len(stack) > 0 {
					u := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					to, _ := tr.Graph.Out(u)
					for _, v := range to {
						if lv[l-1][v] == lv[l-1][u] && piece[v] < 0 {
							piece[v] = s
							stack = append(stack, v)
						}
					}
				}
			}
			type key struct{ ku, pu, kv, pv, span int32 }
			need, have := map[key]bool{}, map[key]bool{}
			for u := range int32(n) {
				to, _ := tr.Graph.Out(u)
				for _, v := range to {
					if lv[l][u] == lv[l][v] || int(doors[u]) < l || int(doors[v]) < l {
						continue
					}
					a, c := tr.Points[u].Cell, tr.Points[v].Cell
					at := a.X % side
					if a.X/side != c.X/side {
						at = a.Y % side
					}
					k := key{lv[l-1][u], piece[u], lv[l-1][v], piece[v], int32(at / max(tr.ClusterSize, side/doorSpans))}
					need[k] = true
					if int(doors[u]) > l && int(doors[v]) > l {
						have[k] = true
					}
				}
			}
			for k := range need {
				if !have[k] {
					t.Fatalf("map %d level %d: pieces %v joined, but by no door", i, l, k)
				}
			}
			if l == 1 {
				kept += len(have)
				above := 0
				for u := range doors {
					if doors[u] > 1 && doors[u] < uint8(levels) {
						above++
					}
				}
				if first > 0 && above >= first {
					t.Fatalf("map %d: %d doors above the first level, %d on it", i, above, first)
				}
			}
			side *= gc
		}
	}
	if kept == 0 {
		t.Fatal("no door kept above the first level: the maps are too small for the test")
	}
}
