package preprocess_test

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// sameLabels reports whether two labelings of the same cells describe the
// same partition (a bijection between labels); blocked cells are -1 in a
// and 0 in b... both given as "none" by the caller.
func sameLabels(a, b []int64) error {
	ab, ba := map[int64]int64{}, map[int64]int64{}
	for i := range a {
		x, y := a[i], b[i]
		if v, ok := ab[x]; ok && v != y {
			return fmt.Errorf("cell %d: label %d maps to %d and %d", i, x, v, y)
		}
		if v, ok := ba[y]; ok && v != x {
			return fmt.Errorf("cell %d: oracle label %d maps to %d and %d", i, y, v, x)
		}
		ab[x], ba[y] = y, x
	}
	return nil
}

// verify checks a bake against the grid with slow, independent code:
//   - islands agree with the oracle's flood fill of the whole map;
//   - regions agree with the oracle's flood fill of each cluster alone;
//   - every region with a legal step out of its cluster has a point;
//   - every intra-cluster edge costs what a fine search inside the
//     cluster finds (gonum's Dijkstra on the oracle view when exact is
//     set, else our windowed A*), and joins points of one region;
//   - every inter-cluster edge is one legal step across a border, and
//     the graph is symmetric;
//   - points on one island are connected in the waypoint graph;
//   - a dead end touches the rest of its island through one region;
//   - clearance is the largest open square, by brute force.
func verify(t *testing.T, g *grid.Grid, b *preprocess.Bake, exact bool) {
	t.Helper()
	w, h := g.Width(), g.Height()
	n := w * h
	tier := b.Tier()

	// Islands.
	ref := oracle.Components(g)
	got := make([]int64, n)
	want := make([]int64, n)
	for i := range n {
		got[i], want[i] = int64(b.Island(g.PointAt(i))), int64(ref[i])-1
		if (got[i] < 0) != (want[i] < 0) {
			t.Fatalf("cell %v: island %d, oracle %d", g.PointAt(i), got[i], want[i])
		}
	}
	if err := sameLabels(got, want); err != nil {
		t.Fatalf("islands: %v", err)
	}

	// Regions, cluster by cluster.
	hasExit := map[int32]bool{}
	for c := range b.Clusters() {
		r := tier.ClusterRect(c)
		o := oracle.Graph{G: g, Win: r}
		sub, err := grid.New(r.Dx(), r.Dy(), g.Movement())
		if err != nil {
			t.Fatal(err)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				sub.SetPassable(grid.Pt(x-r.Min.X, y-r.Min.Y), g.Passable(grid.Pt(x, y)))
			}
		}
		lab := oracle.Components(sub)
		var a, bb []int64
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				p := grid.Pt(x, y)
				a = append(a, int64(b.Region(p)))
				bb = append(bb, int64(lab[sub.Index(grid.Pt(x-r.Min.X, y-r.Min.Y))]))
				if g.Passable(p) {
					for _, q := range (oracle.Graph{G: g}).Neighbours(p) {
						if !q.In(r) {
							hasExit[b.Region(p)] = true
						}
					}
				}
			}
		}
		if err := sameLabels(a, bb); err != nil {
			t.Fatalf("cluster %d regions: %v", c, err)
		}
		_ = o
	}
	hasPoint := map[int32]bool{}
	for c := range b.Clusters() {
		first, end := tier.PointsOf(c)
		for u := first; u < end; u++ {
			p := tier.Points[u]
			if !g.Passable(p.Cell) || b.LocalRegion(p.Cell) != p.Region || tier.ClusterOf(p.Cell) != int(p.Cluster) || int(p.Cluster) != c {
				t.Fatalf("bad point %+v", p)
			}
			if u > first && g.Index(tier.Points[u-1].Cell) >= g.Index(p.Cell) {
				t.Fatalf("points of cluster %d not sorted", c)
			}
			hasPoint[b.Region(p.Cell)] = true
		}
		for u := end; u < tier.ClusterStart[c+1]; u++ {
			if to, _ := tier.Graph.Out(u); len(to) != 0 {
				t.Fatalf("unused slot %d has edges", u)
			}
		}
	}
	for r := range hasExit {
		if !hasPoint[r] {
			t.Fatalf("region %d has a way out of its cluster but no transition point", r)
		}
	}

	// Edges.
	gr := tier.Graph
	s := grid.NewSearcher(g)
	for u := range int32(gr.Len()) {
		to, cost := gr.Out(u)
		for k, v := range to {
			if back, ok := gr.Cost(v, u); !ok || back != cost[k] {
				t.Fatalf("edge %d→%d costs %d, back %d (%v)", u, v, cost[k], back, ok)
			}
			pu, pv := tier.Points[u], tier.Points[v]
			if pu.Cluster != pv.Cluster {
				d, ok := grid.DirOf(pu.Cell, pv.Cell)
				if !ok || d.Diagonal() || !g.CanStep(pu.Cell, pv.Cell) || navgraph.Cost(grid.StepCost(d, g.Weight(pu.Cell), g.Weight(pv.Cell))) != cost[k] {
					t.Fatalf("inter-cluster edge %v→%v is not one straight step of cost %d", pu.Cell, pv.Cell, cost[k])
				}
				continue
			}
			if pu.Region != pv.Region || !used(tier, u) || !used(tier, v) {
				t.Fatalf("intra edge between regions %d and %d", pu.Region, pv.Region)
			}
			win := tier.ClusterRect(int(pu.Cluster))
			var c grid.Cost
			if exact {
				o := oracle.Graph{G: g, Win: win}
				c = grid.Cost(path.DijkstraFrom(simple.Node(o.ID(pu.Cell)), o).WeightTo(o.ID(pv.Cell)))
			} else {
				res, err := s.FindPath(pu.Cell, pv.Cell, grid.Options{Window: win}, nil)
				if err != nil || res.Status != grid.Found {
					t.Fatalf("intra edge %v→%v: %v %v", pu.Cell, pv.Cell, res.Status, err)
				}
				c = res.Cost
			}
			if navgraph.Cost(c) != cost[k] {
				t.Fatalf("intra edge %v→%v costs %d, fine search %d", pu.Cell, pv.Cell, cost[k], c)
			}
		}
	}

	// Waypoint connectivity equals island connectivity.
	if gr.Len() > 0 {
		seen := make([]bool, gr.Len())
		islandComp := map[int]int{}
		comps := 0
		for st := range int32(gr.Len()) {
			if seen[st] || !used(tier, st) {
				continue
			}
			comps++
			is := b.Island(tier.Points[st].Cell)
			if _, dup := islandComp[is]; dup {
				t.Fatalf("island %d split over two waypoint components", is)
			}
			islandComp[is] = comps
			stack := []int32{st}
			seen[st] = true
			for len(stack) > 0 {
				u := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if b.Island(tier.Points[u].Cell) != is {
					t.Fatalf("waypoint graph joins islands")
				}
				to, _ := gr.Out(u)
				for _, v := range to {
					if !seen[v] {
						seen[v] = true
						stack = append(stack, v)
					}
				}
			}
		}
	}

	// Dead ends: everything a dead end's cells step to outside it lies in
	// one region.
	gate := map[int32]int32{}
	og := oracle.Graph{G: g}
	for i := range n {
		p := g.PointAt(i)
		d := b.DeadEnd(p)
		if d < 0 {
			continue
		}
		for _, q := range og.Neighbours(p) {
			if b.DeadEnd(q) == d {
				continue
			}
			rq := b.Region(q)
			if old, ok := gate[d]; ok && old != rq {
				t.Fatalf("dead end %d touches regions %d and %d outside it", d, old, rq)
			}
			gate[d] = rq
		}
	}

	// Clearance by brute force on a sample of cells.
	for i := 0; i < n; i += 1 + n/5000 {
		p := g.PointAt(i)
		want := 0
		for k := 1; k <= preprocess.MaxClearance; k++ {
			ok := true
			for y := p.Y; y < p.Y+k && ok; y++ {
				for x := p.X; x < p.X+k && ok; x++ {
					ok = g.Passable(grid.Pt(x, y))
				}
			}
			if !ok {
				break
			}
			want = k
		}
		if got := b.Clearance(p); got != want {
			t.Fatalf("clearance of %v: %d, brute force %d", p, got, want)
		}
	}
}

// encode returns the bake file, for equality checks.
func encode(b *preprocess.Bake) []byte { return b.AppendBinary(nil) }

// equalBakes compares everything a query can see.
func equalBakes(t *testing.T, a, b *preprocess.Bake) {
	t.Helper()
	if !bytes.Equal(encode(a), encode(b)) {
		t.Fatal("bake files differ")
	}
	g := a.Grid()
	for i := range g.Width() * g.Height() {
		p := g.PointAt(i)
		if a.Region(p) != b.Region(p) || a.Island(p) != b.Island(p) || a.DeadEnd(p) != b.DeadEnd(p) || a.Clearance(p) != b.Clearance(p) {
			t.Fatalf("cell %v differs: region %d/%d island %d/%d dead %d/%d clearance %d/%d", p,
				a.Region(p), b.Region(p), a.Island(p), b.Island(p), a.DeadEnd(p), b.DeadEnd(p), a.Clearance(p), b.Clearance(p))
		}
	}
	// The tiers may lay their slots out differently (an updated bake keeps
	// its old ranges): compare points by cluster and edges by the points
	// they join.
	ta, tb := a.Tier(), b.Tier()
	type end struct {
		cluster, k int32
		cost       navgraph.Cost
	}
	name := func(tr *waypoint.Tier, u int32) (int32, int32) {
		c := tr.Points[u].Cluster
		return c, u - tr.ClusterStart[c]
	}
	for c := range a.Clusters() {
		fa, ea := ta.PointsOf(c)
		fb, eb := tb.PointsOf(c)
		if ea-fa != eb-fb {
			t.Fatalf("cluster %d: %d points vs %d", c, ea-fa, eb-fb)
		}
		for k := range ea - fa {
			if ta.Points[fa+k] != tb.Points[fb+k] {
				t.Fatalf("cluster %d point %d: %+v vs %+v", c, k, ta.Points[fa+k], tb.Points[fb+k])
			}
			var xa, xb []end
			for _, x := range []struct {
				tr  *waypoint.Tier
				u   int32
				out *[]end
			}{{ta, fa + k, &xa}, {tb, fb + k, &xb}} {
				to, cost := x.tr.Graph.Out(x.u)
				for i, v := range to {
					cl, kk := name(x.tr, v)
					*x.out = append(*x.out, end{cl, kk, cost[i]})
				}
			}
			if fmt.Sprint(xa) != fmt.Sprint(xb) {
				t.Fatalf("cluster %d point %d: edges %v vs %v", c, k, xa, xb)
			}
		}
	}
	if ta.Graph.NumEdges() != tb.Graph.NumEdges() {
		t.Fatalf("%d edges vs %d", ta.Graph.NumEdges(), tb.Graph.NumEdges())
	}
}

// used reports whether slot u of the tier holds a point.
func used(t *waypoint.Tier, u int32) bool {
	c := t.Points[u].Cluster
	return u < t.ClusterStart[c]+t.ClusterLen[c]
}

var _ = math.Inf
