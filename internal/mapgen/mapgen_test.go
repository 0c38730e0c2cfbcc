package mapgen_test

import (
	"bytes"
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
	s := grid.NewSearcher(g)
	for i, q := range sc {
		if i > 0 && q.Bucket < sc[i-1].Bucket {
			t.Fatal("not sorted by bucket")
		}
		res, err := s.FindPath(q.Start, q.Goal, grid.Options{Dijkstra: true}, nil)
		if err != nil || res.Status != grid.Found || !q.Matches(grid.Length(res.Path)) || q.Bucket != int(q.Optimal/4) {
			t.Fatalf("line %d %+v: %v %v", i, q, res.Status, err)
		}
	}
	if sc[len(sc)-1].Bucket < 20 {
		t.Errorf("longest query only in bucket %d", sc[len(sc)-1].Bucket)
	}
}
