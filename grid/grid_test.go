package grid_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

func mustASCII(t testing.TB, s string, rule grid.Movement) *grid.Grid {
	t.Helper()
	g, err := grid.ParseASCII(s, rule)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSteadyStateQueriesDoNotAllocate(t *testing.T) {
	g := mustASCII(t, `
		..........
		.########.
		.#......#.
		.#.####.#.
		...#..#...
		.3.#..###.
		.3........`, grid.Octile)
	s := grid.NewSearcher(g)
	buf := make([]grid.Point, 0, 128)
	targets := []grid.Point{grid.Pt(4, 4), grid.Pt(9, 6), grid.Pt(2, 2)}
	costs := make([]grid.Cost, len(targets))
	win := grid.R(0, 3, 10, 7)
	queries := map[string]func(){
		"astar": func() { s.FindPath(grid.Pt(0, 0), grid.Pt(5, 2), grid.Options{}, buf) },
		"dijkstra": func() {
			s.FindPath(grid.Pt(0, 0), grid.Pt(5, 2), grid.Options{Dijkstra: true}, buf)
		},
		"window":  func() { s.FindPath(grid.Pt(0, 6), grid.Pt(9, 3), grid.Options{Window: win}, buf) },
		"nearest": func() { s.FindPath(grid.Pt(0, 0), grid.Pt(4, 4), grid.Options{Nearest: true}, buf) },
		"targets": func() { s.FindNearest(grid.Pt(0, 0), targets, grid.Options{}, buf) },
		"all":     func() { s.FindAll(grid.Pt(0, 0), targets, grid.Options{}, costs) },
		"los":     func() { g.LineOfSight(grid.Pt(0, 0), grid.Pt(9, 0)) },
		"line":    func() { g.AppendLine(buf[:0], grid.Pt(0, 6), grid.Pt(9, 4)) },
	}
	for name, q := range queries {
		q() // warm up the scratch
		if n := testing.AllocsPerRun(100, q); n != 0 {
			t.Errorf("%s: %v allocations per query", name, n)
		}
	}
}

func TestASCIIRoundTrip(t *testing.T) {
	const m = `
		..#..
		.3#9.
		.....`
	g := mustASCII(t, m, grid.Octile)
	if g.Width() != 5 || g.Height() != 3 || g.Passable(grid.Pt(2, 0)) || g.Weight(grid.Pt(1, 1)) != 3 || g.MinWeight() != 1 {
		t.Fatalf("parsed wrongly:\n%s", g.Draw(nil))
	}
	s := grid.NewSearcher(g)
	res, err := s.FindPath(grid.Pt(0, 0), grid.Pt(4, 0), grid.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "*.#.*\n*3#9*\n.***.\n" // round the weight-3 cell
	if got := g.Draw(res.Path); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{"", "..\n.", "..\n.x"} {
		if _, err := grid.ParseASCII(bad, grid.Octile); !errors.Is(err, grid.ErrFormat) {
			t.Errorf("ParseASCII(%q): %v, want ErrFormat", bad, err)
		}
	}
}

func TestBadQueriesReturnErrors(t *testing.T) {
	g := mustASCII(t, `
		...
		.#.
		...`, grid.Octile)
	s := grid.NewSearcher(g)
	for _, c := range []struct {
		a, b grid.Point
		opt  grid.Options
		want error
	}{
		{grid.Pt(-1, 0), grid.Pt(2, 2), grid.Options{}, grid.ErrOutOfBounds},
		{grid.Pt(0, 0), grid.Pt(3, 0), grid.Options{}, grid.ErrOutOfBounds},
		{grid.Pt(1, 1), grid.Pt(2, 2), grid.Options{}, grid.ErrBlocked},
		{grid.Pt(0, 0), grid.Pt(1, 1), grid.Options{}, grid.ErrBlocked},
		{grid.Pt(0, 0), grid.Pt(2, 2), grid.Options{Window: grid.R(0, 0, 2, 2)}, grid.ErrWindow},
		{grid.Pt(0, 0), grid.Pt(2, 2), grid.Options{Window: grid.R(5, 5, 9, 9)}, grid.ErrWindow},
	} {
		res, err := s.FindPath(c.a, c.b, c.opt, nil)
		if !errors.Is(err, c.want) || len(res.Path) != 0 {
			t.Errorf("%v→%v %+v: %v, want %v", c.a, c.b, c.opt, err, c.want)
		}
		if !strings.HasPrefix(err.Error(), "grid: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
	if _, err := s.FindNearest(grid.Pt(0, 0), []grid.Point{grid.Pt(9, 9)}, grid.Options{}, nil); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("FindNearest off-grid target: %v", err)
	}
	if _, err := s.FindAll(grid.Pt(0, 0), []grid.Point{grid.Pt(1, 0)}, grid.Options{}, nil); err == nil {
		t.Error("FindAll with a short costs slice did not fail")
	}
	for _, sz := range [][2]int{{0, 5}, {5, -1}, {grid.MaxSide + 1, 1}, {grid.MaxSide, grid.MaxSide}} {
		if _, err := grid.New(sz[0], sz[1], grid.Octile); !errors.Is(err, grid.ErrSize) {
			t.Errorf("New(%d, %d): %v, want ErrSize", sz[0], sz[1], err)
		}
	}
	if err := g.SetWeight(grid.Pt(0, 0), 0); !errors.Is(err, grid.ErrWeight) {
		t.Errorf("SetWeight 0: %v", err)
	}
	if err := g.SetPassable(grid.Pt(3, 3), true); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Errorf("SetPassable off grid: %v", err)
	}
	if _, err := g.PathCost([]grid.Point{{0, 0}, {1, 1}}); err == nil {
		t.Error("PathCost accepted a step into a wall")
	}
	if _, err := g.PathCost([]grid.Point{{0, 0}, {2, 0}}); err == nil {
		t.Error("PathCost accepted a jump")
	}
}

func TestEditsUpdateSearches(t *testing.T) {
	g, _ := grid.New(20, 20, grid.Octile)
	s := grid.NewSearcher(g)
	a, b := grid.Pt(0, 10), grid.Pt(19, 10)
	res, _ := s.FindPath(a, b, grid.Options{}, nil)
	if res.Cost != 19*grid.Straight {
		t.Fatalf("open map cost %d", res.Cost)
	}
	v := g.Version()
	g.Fill(grid.R(10, 0, 11, 19), false) // a wall with a gap at the bottom
	if g.Version() == v {
		t.Error("Fill did not bump the version")
	}
	res, _ = s.FindPath(a, b, grid.Options{}, res.Path)
	if res.Status != grid.Found {
		t.Fatal("no path through the gap")
	}
	checkPath(t, g, res.Path, a, b, res.Cost, g.Bounds())
	g.SetPassable(grid.Pt(10, 19), false)
	if res, _ = s.FindPath(a, b, grid.Options{}, res.Path); res.Status != grid.NoPath {
		t.Fatalf("found %v through a closed wall", res.Path)
	}
	g.Fill(grid.R(10, 0, 11, 20), true)
	if err := g.FillWeight(grid.R(0, 10, 20, 11), 9); err != nil {
		t.Fatal(err)
	}
	res, _ = s.FindPath(a, b, grid.Options{}, res.Path)
	// Heavy row: better to step off it at once and back on at the end.
	if res.Cost >= 19*9*grid.Straight {
		t.Errorf("path stayed on the heavy row: cost %d", res.Cost)
	}
	if g.MinWeight() != 1 {
		t.Errorf("MinWeight %d", g.MinWeight())
	}
	if err := g.FillWeight(g.Bounds(), 4); err != nil || g.MinWeight() != 4 {
		t.Errorf("MinWeight after raising everything: %d %v", g.MinWeight(), err)
	}
}

func TestMapFileRoundTrip(t *testing.T) {
	const in = "type octile\r\nheight 3\r\nwidth 4\r\nmap\r\n.G@O\r\nTW.S\r\n....\r\n"
	m, err := grid.ReadMapFile(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := m.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if want := strings.ReplaceAll(in, "\r", ""); out.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", out.String(), want)
	}
	g, err := m.Grid(grid.MapOptions{SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	if g.Passable(grid.Pt(2, 0)) || !g.Passable(grid.Pt(1, 0)) || g.Passable(grid.Pt(1, 1)) || g.Weight(grid.Pt(3, 1)) != 3 {
		t.Errorf("bad grid:\n%s", g.Draw(nil))
	}
}

func TestMalformedMaps(t *testing.T) {
	for name, in := range map[string]string{
		"empty":         "",
		"no header":     "map\n....\n",
		"bad type":      "type hex\nheight 1\nwidth 1\nmap\n.\n",
		"bad number":    "type octile\nheight x\nwidth 1\nmap\n.\n",
		"negative":      "type octile\nheight -1\nwidth 1\nmap\n.\n",
		"huge":          "type octile\nheight 100000\nwidth 100000\nmap\n.\n",
		"huge area":     "type octile\nheight 32768\nwidth 32768\nmap\n.\n",
		"short row":     "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
		"long row":      "type octile\nheight 1\nwidth 3\nmap\n....\n",
		"missing rows":  "type octile\nheight 3\nwidth 1\nmap\n.\n.\n",
		"extra rows":    "type octile\nheight 1\nwidth 1\nmap\n.\n.\n",
		"unknown char":  "type octile\nheight 1\nwidth 3\nmap\n.x.\n",
		"no width":      "type octile\nheight 1\nmap\n.\n",
		"repeat height": "type octile\nheight 1\nheight 1\nwidth 1\nmap\n.\n",
	} {
		_, err := grid.ReadMap(strings.NewReader(in), grid.MapOptions{})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !errors.Is(err, grid.ErrFormat) && !errors.Is(err, grid.ErrSize) {
			t.Errorf("%s: %v does not wrap ErrFormat or ErrSize", name, err)
		}
		if !strings.HasPrefix(err.Error(), "grid: ") {
			t.Errorf("%s: %q lacks the package prefix", name, err)
		}
	}
}

func TestScenRoundTrip(t *testing.T) {
	// The third line's optimum has no decimals (as in TheFrozenSea's
	// file, whose 1483 stands for 1482.99617486): it must stay so, or
	// the tolerance shrinks from half a unit to 1e-3.
	const in = "version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n1 m.map 4 3 1 0 2 2 2.41\n2 m.map 4 3 0 0 3 0 3\n"
	sc, err := grid.ReadScen(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc) != 3 || sc[2].Decimals != 0 || sc[0].Goal != grid.Pt(3, 2) || sc[0].Decimals != 8 || sc[1].Decimals != 2 || sc[1].Bucket != 1 {
		t.Fatalf("parsed %+v", sc)
	}
	if !sc[1].Matches(1+1.41421356) || sc[1].Matches(2.43) {
		t.Error("Matches ignores the printed precision")
	}
	var out bytes.Buffer
	if err := grid.WriteScen(&out, sc); err != nil {
		t.Fatal(err)
	}
	back, err := grid.ReadScen(&out)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sc {
		if back[i] != sc[i] {
			t.Errorf("line %d: %+v, want %+v", i, back[i], sc[i])
		}
	}
	for name, bad := range map[string]string{
		"no version": "0 m.map 4 3 0 0 3 2 3.8\n",
		"version 2":  "version 2\n",
		"fields":     "version 1\n0 m.map 4 3 0 0 3 2\n",
		"number":     "version 1\n0 m.map 4 3 0 0 3 z 3.8\n",
		"negative":   "version 1\n0 m.map 4 3 0 -1 3 2 3.8\n",
		"nan":        "version 1\n0 m.map 4 3 0 0 3 2 NaN\n",
	} {
		if _, err := grid.ReadScen(strings.NewReader(bad)); !errors.Is(err, grid.ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
}

// TestDirty: after random edits of every kind, every cell whose
// passability, weight or legal steps differ from a copy taken before them
// lies in Dirty grown by one (a step mask reads the eight neighbours) and
// every cell whose passability or weight differs lies in Dirty itself;
// DirtySince answers for a version after the last ClearDirty and refuses
// one before it.
func TestDirty(t *testing.T) {
	g, _ := grid.New(40, 30, grid.Octile)
	if !g.Dirty().Empty() {
		t.Fatalf("new grid: dirty %v", g.Dirty())
	}
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		before := g.Clone()
		v := g.Version()
		for range 1 + r.IntN(3) {
			x, y := r.IntN(50)-5, r.IntN(40)-5
			rect := grid.R(x, y, x+r.IntN(8), y+r.IntN(8))
			p := grid.Pt(r.IntN(40), r.IntN(30))
			switch r.IntN(4) {
			case 0:
				g.Fill(rect, r.IntN(2) == 0)
			case 1:
				g.FillWeight(rect, uint8(1+r.IntN(4)))
			case 2:
				g.SetPassable(p, r.IntN(2) == 0)
			default:
				g.SetWeight(p, uint8(1+r.IntN(4)))
			}
		}
		d := g.Dirty()
		if d != d.Intersect(g.Bounds()) {
			t.Fatalf("round %d: dirty %v leaves the grid", round, d)
		}
		for i := range 40 * 30 {
			p := g.PointAt(i)
			if (g.Passable(p) != before.Passable(p) || g.Weight(p) != before.Weight(p)) && !p.In(d) {
				t.Fatalf("round %d: cell %v changed outside dirty %v", round, p, d)
			}
			if g.Moves(p) != before.Moves(p) && !p.In(d.Grow(1)) {
				t.Fatalf("round %d: steps of %v changed outside dirty %v grown by one", round, p, d)
			}
		}
		if s, ok := g.DirtySince(v); !ok || s != d {
			t.Fatalf("round %d: DirtySince(%d) = %v %v, want %v", round, v, s, ok, d)
		}
		if round%3 == 0 {
			g.ClearDirty()
			if !g.Dirty().Empty() {
				t.Fatal("ClearDirty left", g.Dirty())
			}
			if s, ok := g.DirtySince(g.Version()); !ok || !s.Empty() {
				t.Fatalf("DirtySince(now) = %v %v", s, ok)
			}
			// Edits after v were forgotten: the grid cannot tell.
			if s, ok := g.DirtySince(v); ok || s != g.Bounds() {
				t.Fatalf("DirtySince(before the clear) = %v %v", s, ok)
			}
		}
	}
}

// TestRectUnion checks Union cell by cell against its definition: the
// smallest rectangle holding every cell of both, empty rectangles adding
// nothing.
func TestRectUnion(t *testing.T) {
	rects := []grid.Rect{{}, grid.R(2, 2, 2, 5), grid.R(4, 1, 1, 3), grid.R(0, 0, 1, 1), grid.R(1, 2, 4, 3), grid.R(-3, 5, -1, 7), grid.R(2, 0, 6, 6)}
	for _, a := range rects {
		for _, b := range rects {
			u := a.Union(b)
			// Brute force: the bounding box of the cells of a and b.
			var want grid.Rect
			first := true
			for y := -5; y < 10; y++ {
				for x := -5; x < 10; x++ {
					p := grid.Pt(x, y)
					if !p.In(a) && !p.In(b) {
						continue
					}
					if first {
						want, first = grid.R(x, y, x+1, y+1), false
						continue
					}
					want = grid.R(min(want.Min.X, x), min(want.Min.Y, y), max(want.Max.X, x+1), max(want.Max.Y, y+1))
				}
			}
			if u != want {
				t.Errorf("%v ∪ %v = %v, want %v", a, b, u, want)
			}
		}
	}
}

// TestDirtyRects: the rectangles cover every edited cell (recorded by the
// test cell by cell), one per edit up to MaxDirtyRects, and Dirty alone
// past that; ClearDirty empties them; a Clone keeps its own.
func TestDirtyRects(t *testing.T) {
	g, err := grid.New(300, 200, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 17, grid.MaxDirtyRects, grid.MaxDirtyRects + 1} {
		g.ClearDirty()
		edited := map[grid.Point]bool{}
		for range n {
			x, y := r.IntN(300), r.IntN(200) // never wholly off the map
			rc := grid.R(x, y, x+1+r.IntN(6), y+1+r.IntN(6))
			g.Fill(rc, r.IntN(2) == 0)
			in := rc.Intersect(g.Bounds())
			for y := in.Min.Y; y < in.Max.Y; y++ {
				for x := in.Min.X; x < in.Max.X; x++ {
					edited[grid.Pt(x, y)] = true
				}
			}
		}
		rs := g.DirtyRects(nil)
		c := g.Clone()
		g.ClearDirty()
		if len(g.DirtyRects(nil)) != 0 {
			t.Fatal("ClearDirty left rectangles")
		}
		if got := c.DirtyRects(nil); len(got) != len(rs) {
			t.Fatalf("the clone lists %d rectangles, the grid had %d", len(got), len(rs))
		}
		want := n
		if n > grid.MaxDirtyRects {
			want = 1
		}
		if len(rs) > want || len(rs) == 0 {
			t.Fatalf("%d edits: %d rectangles, want at most %d", n, len(rs), want)
		}
		for p := range edited {
			if !slices.ContainsFunc(rs, func(rc grid.Rect) bool { return p.In(rc) }) {
				t.Fatalf("%d edits: edited cell %v in no rectangle", n, p)
			}
		}
	}
}

// TestWeightAt reads every cell's weight by index against the weights set
// (a plain list, all 1 until set), with no weight array at first and
// with one, and 0 for indices off the grid.
func TestWeightAt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const w, h = 37, 23
	g, err := grid.New(w, h, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]uint8, w*h)
	for i := range want {
		want[i] = 1
	}
	check := func(when string) {
		t.Helper()
		for i, v := range want {
			if got := g.WeightAt(i); got != v {
				t.Fatalf("%s: cell %d weighs %d, want %d", when, i, got, v)
			}
		}
		for _, i := range []int{-1, -w, w * h, w*h + 5} {
			if got := g.WeightAt(i); got != 0 {
				t.Fatalf("%s: index %d off the grid weighs %d, want 0", when, i, got)
			}
		}
	}
	check("no weights kept")
	for range 60 {
		i, v := r.IntN(w*h), uint8(1+r.IntN(255))
		if err := g.SetWeight(grid.Pt(i%w, i/w), v); err != nil {
			t.Fatal(err)
		}
		want[i] = v
	}
	if g.Weights() == nil {
		t.Fatal("weights above 1 kept no weight array")
	}
	check("weights set")
}
