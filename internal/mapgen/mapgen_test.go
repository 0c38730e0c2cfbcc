package mapgen_test

import (
	"bytes"
	"container/heap"
	"math"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
)

func TestGenerateIsDeterministicAndVaried(t *testing.T) {
	cfg := mapgen.Config{Width: 384, Height: 256, Seed: 42}
	a, err := mapgen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := mapgen.Generate(cfg)
	if !bytes.Equal(a.Cells, b.Cells) {
		t.Fatal("same seed, different maps")
	}
	cfg.Seed++
	c, _ := mapgen.Generate(cfg)
	if bytes.Equal(a.Cells, c.Cells) {
		t.Fatal("different seeds, same map")
	}
	var n [256]int
	for _, ch := range a.Cells {
		n[ch]++
	}
	for _, ch := range []byte(".S T@W") {
		if ch != ' ' && n[ch] == 0 {
			t.Errorf("no %q cells", ch)
		}
	}
	if open := float64(n['.']+n['S']) / float64(len(a.Cells)); open < 0.5 || open > 0.95 {
		t.Errorf("%.0f%% passable", 100*open)
	}
	g, err := a.Grid(grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Labels agree with the oracle's flood fill (up to numbering), and the
	// map has islands: more than one component of real size.
	label, sizes := mapgen.Components(g)
	ref := oracle.Components(g)
	for i := range label {
		if (label[i] < 0) != (ref[i] == 0) || label[i] >= 0 && ref[i] != label[i]+1 {
			t.Fatalf("cell %v: label %d, oracle %d", g.PointAt(i), label[i], ref[i])
		}
	}
	big := 0
	for _, s := range sizes {
		if s >= 20 {
			big++
		}
	}
	if big < 2 {
		t.Errorf("%d components of 20+ cells: no cut-off islands", big)
	}
	for _, bad := range [][2]int{{0, 10}, {10, -1}, {grid.MaxSide + 1, 1}} {
		if _, err := mapgen.Generate(mapgen.Config{Width: bad[0], Height: bad[1]}); err == nil {
			t.Errorf("size %v accepted", bad)
		}
	}
}

// TestScenariosAreOptimal: every generated scenario's optimum is the
// shortest length between its endpoints, as an independent Dijkstra
// finds it (the oracle's legal steps, lengths 1 and √2 in floating
// point: neither the grid's searcher nor its integer costs), and the
// lines come sorted by bucket, a bucket being 4 units of length.
func TestScenariosAreOptimal(t *testing.T) {
	m, _ := mapgen.Generate(mapgen.Config{Width: 200, Height: 200, Seed: 3})
	sc, err := mapgen.Scenarios(m, "x.map", 200, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc) != 200 {
		t.Fatalf("%d scenarios", len(sc))
	}
	g, _ := m.Grid(grid.MapOptions{})
	ref := newShortest(oracle.Graph{G: g})
	for i, q := range sc {
		if i > 0 && q.Bucket < sc[i-1].Bucket {
			t.Fatal("not sorted by bucket")
		}
		l, ok := ref.length(q.Start, q.Goal)
		if !ok || !q.Matches(l) || q.Bucket != int(q.Optimal/4) {
			t.Fatalf("line %d %+v: shortest length %.8f (path %v)", i, q, l, ok)
		}
	}
	if sc[len(sc)-1].Bucket < 20 {
		t.Errorf("longest query only in bucket %d", sc[len(sc)-1].Bucket)
	}
}

// shortest is a plain Dijkstra over an oracle graph with Euclidean step
// lengths, for reference.
type shortest struct {
	o    oracle.Graph
	dist []float64
	done []bool
}

func newShortest(o oracle.Graph) *shortest {
	n := o.G.Width() * o.G.Height()
	return &shortest{o: o, dist: make([]float64, n), done: make([]bool, n)}
}

// length returns the length of a shortest path from a to z, and whether
// there is one.
func (s *shortest) length(a, z grid.Point) (float64, bool) {
	for i := range s.dist {
		s.dist[i], s.done[i] = math.Inf(1), false
	}
	g := s.o.G
	s.dist[g.Index(a)] = 0
	h := &lengthHeap{{a, 0}}
	for h.Len() > 0 {
		it := heap.Pop(h).(reached)
		i := g.Index(it.p)
		if s.done[i] {
			continue
		}
		s.done[i] = true
		if it.p == z {
			return it.d, true
		}
		for _, q := range s.o.Neighbours(it.p) {
			d := it.d + math.Hypot(float64(q.X-it.p.X), float64(q.Y-it.p.Y))
			if j := g.Index(q); d < s.dist[j] {
				s.dist[j] = d
				heap.Push(h, reached{q, d})
			}
		}
	}
	return 0, false
}

type reached struct {
	p grid.Point
	d float64
}

type lengthHeap []reached

func (h lengthHeap) Len() int           { return len(h) }
func (h lengthHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h lengthHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *lengthHeap) Push(x any)        { *h = append(*h, x.(reached)) }
func (h *lengthHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
