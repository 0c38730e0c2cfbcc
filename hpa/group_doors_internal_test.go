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
// down that edges inside them join, found by a flood of its own here),
// in the same stretch of their shared side, keeps both its ends as doors
// there; and every waypoint's doors are what the doc's rule gives, the
// picks made again plainly here (per pair of pieces and stretch, the
// first edge nearest the stretch's middle).
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
		lv := groupLevels(tr, gc, levels)
		doors := groupDoors(tr, lv, gc)
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
		// want: the doors as the doc says, worked out level by level
		want := make([]uint8, n)
		for u := range int32(n) {
			want[u] = uint8(levels)
			to, _ := tr.Graph.Out(u)
			for _, v := range to {
				if lv[0][u] != lv[0][v] {
					want[u] = 1
				}
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
			kept += len(have)
			// The picks themselves, made again plainly: per key, the
			// first edge (waypoints ascending) nearest its stretch's
			// middle; its ends are doors one level more, the others not.
			type pick struct {
				u, v int32
				off  int
			}
			picks := map[key]pick{}
			for u := range int32(n) {
				to, _ := tr.Graph.Out(u)
				for _, v := range to {
					if v < u || lv[l][u] == lv[l][v] || int(want[u]) < l || int(want[v]) < l {
						continue
					}
					a, c := tr.Points[u].Cell, tr.Points[v].Cell
					at := a.X % side
					if a.X/side != c.X/side {
						at = a.Y % side
					}
					span := max(tr.ClusterSize, side/doorSpans)
					k := key{lv[l-1][u], piece[u], lv[l-1][v], piece[v], int32(at / span)}
					if k.ku > k.kv {
						k = key{k.kv, k.pv, k.ku, k.pu, k.span}
					}
					off := at%span*2 + 1 - span
					if off < 0 {
						off = -off
					}
					if p, ok := picks[k]; !ok || off < p.off {
						picks[k] = pick{u, v, off}
					}
				}
			}
			for _, p := range picks {
				want[p.u], want[p.v] = uint8(l+1), uint8(l+1)
			}
			side *= gc
		}
		for u := range want {
			if want[u] != doors[u] {
				t.Fatalf("map %d: waypoint %d is a door at %d levels, want %d", i, u, doors[u], want[u])
			}
		}
		if first == 0 {
			t.Fatalf("map %d: no door on the first level", i)
		}
	}
	if kept == 0 {
		t.Fatal("no door kept above the first level: the maps are too small for the test")
	}
}
