package main

import (
	"bufio"
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
)

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("rtspath %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

var trailer = regexp.MustCompile(`^# algo=(\S+) queries=(\d+) query_ns=(\d+) prep_ns=(\d+)$`)

// checkRoute parses route output and checks every answer against the map
// and the scenario file: lines in order, paths legal cell by cell from
// start to goal, lengths equal to the published optimum, unreachable and
// invalid lines only where the scenario says so. It returns the number of
// answers of each kind.
func checkRoute(t *testing.T, out string, g *grid.Grid, scens []grid.Scenario, every int, algo string) (found, unreachable, invalid int) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	next := 0
	var last string
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			last = line
			continue
		}
		f := strings.Split(line, "\t")
		i, err := strconv.Atoi(f[0])
		if err != nil || i != next {
			t.Fatalf("line %q: want index %d", line, next)
		}
		next += every
		s := scens[i]
		switch {
		case len(f) == 2 && f[1] == "unreachable":
			if !(s.Optimal == 0 && s.Start != s.Goal) {
				t.Errorf("line %d: unreachable, published %v", i, s.Optimal)
			}
			unreachable++
		case len(f) == 3 && f[1] == "invalid":
			if g.Passable(s.Start) && g.Passable(s.Goal) {
				t.Errorf("line %d: reported invalid but both endpoints are open", i)
			}
			invalid++
		case len(f) == 3:
			var path []grid.Point
			for _, xy := range strings.Fields(f[2]) {
				var p grid.Point
				if _, err := fmt.Sscanf(xy, "%d,%d", &p.X, &p.Y); err != nil {
					t.Fatalf("line %d: bad point %q", i, xy)
				}
				path = append(path, p)
			}
			if path[0] != s.Start || path[len(path)-1] != s.Goal {
				t.Fatalf("line %d: path runs %v→%v, want %v→%v", i, path[0], path[len(path)-1], s.Start, s.Goal)
			}
			if _, err := g.PathCost(path); err != nil {
				t.Fatalf("line %d: %v", i, err)
			}
			l, err := strconv.ParseFloat(f[1], 64)
			if err != nil || len(f[1])-strings.IndexByte(f[1], '.')-1 < 6 {
				t.Fatalf("line %d: length %q", i, f[1])
			}
			if !s.Matches(l) || !s.Matches(grid.Length(path)) {
				t.Errorf("line %d: length %v, published %v", i, l, s.Optimal)
			}
			found++
		default:
			t.Fatalf("malformed line %q", line)
		}
	}
	if want := (len(scens) + every - 1) / every; next/every != want {
		t.Errorf("%d answers, want %d", next/every, want)
	}
	m := trailer.FindStringSubmatch(last)
	if m == nil || m[1] != algo || m[2] != strconv.Itoa(next/every) {
		t.Errorf("trailer %q", last)
	}
	return
}

func readBoth(t *testing.T, mapPath, scenPath string) (*grid.Grid, []grid.Scenario) {
	t.Helper()
	g, err := loadGrid(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScen(scenPath)
	if err != nil {
		t.Fatal(err)
	}
	return g, sc
}

// TestGenThenRoute is the README's first command on a small map: gen
// writes a map and scenarios, route answers them all optimally.
func TestGenThenRoute(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "demo.map")
	runOK(t, "gen", "-width", "160", "-height", "96", "-seed", "7", "-queries", "300", "-o", m)
	g, scens := readBoth(t, m, m+".scen")
	if len(scens) != 300 || g.Width() != 160 || g.Height() != 96 {
		t.Fatalf("%d scenarios on a %d×%d map", len(scens), g.Width(), g.Height())
	}
	for _, algo := range []string{"astar", "dijkstra"} {
		out := filepath.Join(dir, algo+".txt")
		runOK(t, "route", "-map", m, "-scen", m+".scen", "-algo", algo, "-o", out)
		b, _ := os.ReadFile(out)
		found, _, _ := checkRoute(t, string(b), g, scens, 1, algo)
		if found != 300 {
			t.Errorf("%s: %d found", algo, found)
		}
	}
	out := runOK(t, "route", "-map", m, "-scen", m+".scen", "-every", "7")
	checkRoute(t, out, g, scens, 7, "astar")
	// Per-bucket statistics.
	var o, e bytes.Buffer
	if code := run([]string{"route", "-map", m, "-scen", m + ".scen", "-algo", "hpa-smooth", "-stats", "-o", filepath.Join(dir, "s.txt")}, &o, &e); code != 0 ||
		!strings.Contains(e.String(), "p99 µs") || !regexp.MustCompile(`(?m)^\s+all\s+300\s`).MatchString(e.String()) {
		t.Errorf("route -stats: exit %d\n%s", code, e.String())
	}
	// The hierarchical planner: -check fails the run on an invalid path or
	// one shorter than the optimum.
	for _, algo := range []string{"hpa", "hpa-smooth", "hpa-corners"} {
		out := runOK(t, "route", "-map", m, "-scen", m+".scen", "-algo", algo, "-check")
		if m := trailer.FindStringSubmatch(lastLine(out)); m == nil || m[1] != algo || m[2] != "300" {
			t.Errorf("%s trailer %q", algo, lastLine(out))
		}
	}

	// The same seed gives the same files.
	m2 := filepath.Join(dir, "again.map")
	runOK(t, "gen", "-width", "160", "-height", "96", "-seed", "7", "-queries", "300", "-o", m2)
	a, _ := os.ReadFile(m)
	b, _ := os.ReadFile(m2)
	if !bytes.Equal(a, b) {
		t.Error("gen is not deterministic")
	}
}

// TestRouteMovingAI runs the route command on every benchmark map and
// checks its output against the published optima: the command's reading,
// flags and output on every map, on a sample of lines (A* itself meets
// every 10th line of each map in grid's TestMovingAIOptimal).
func TestRouteMovingAI(t *testing.T) {
	maps := testmaps.All(t)
	every := 97
	if testing.Short() {
		every = 211
	}
	var found, unreachable, invalid int
	for _, m := range maps {
		g, scens := readBoth(t, m.Path, m.Scen)
		var o, e bytes.Buffer
		if code := run([]string{"route", "-map", m.Path, "-scen", m.Scen, "-every", strconv.Itoa(every)}, &o, &e); code != 0 || e.Len() != 0 {
			// The published files name their maps by paths such as
			// maps/wc3maps/x.map: no warning, no error.
			t.Fatalf("%s: exit %d, stderr %q", m.Path, code, e.String())
		}
		out := o.String()
		f, u, i := checkRoute(t, out, g, scens, every, "astar")
		found, unreachable, invalid = found+f, unreachable+u, invalid+i
	}
	t.Logf("%d maps: %d paths, %d unreachable, %d invalid lines", len(maps), found, unreachable, invalid)
}

func TestUsageErrors(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{
		{},
		{"nope"},
		{"route"},
		{"route", "-map", "x.map", "-scen", "x.map.scen", "-algo", "magic"},
		{"gen", "-o", "x.txt"},
	} {
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code := run([]string{"route", "-map", "/nonexistent.map", "-scen", "/x.scen"}, &out, &errb); code != 1 {
		t.Errorf("missing file: exit %d, want 1", code)
	}
}

// TestBakeAndInspect: bake a generated map, inspect the bake, and see
// inspect refuse a damaged, truncated or foreign one with exit status 1.
func TestBakeAndInspect(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "arena.map")
	runOK(t, "gen", "-size", "128", "-seed", "3", "-queries", "0", "-o", m)
	out := runOK(t, "bake", "-map", m)
	nav := filepath.Join(dir, "arena.nav")
	if !strings.Contains(out, "baked") {
		t.Fatalf("bake said %q", out)
	}
	out = runOK(t, "inspect", nav)
	for _, want := range []string{"128×128", "format version 5", "clusters     16 of 32×32", "a middle point on those of 24 cells or more", "regions", "waypoints", "islands", "dead ends", "bytes per cell"} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
	// With -middle the file says so; inspect loads it against its map.
	for middle, says := range map[string]string{"16": "a middle point on those of 16 cells or more", "32": "a middle point on those along a whole cluster side"} {
		mid := filepath.Join(dir, "mid.nav")
		runOK(t, "bake", "-map", m, "-middle", middle, "-o", mid)
		out = runOK(t, "inspect", "-map", m, mid)
		for _, want := range []string{"format version 5", says, "waypoints"} {
			if !strings.Contains(out, want) {
				t.Errorf("inspect of a -middle %s bake lacks %q:\n%s", middle, want, out)
			}
		}
	}
	data, _ := os.ReadFile(nav)
	other := filepath.Join(dir, "other.map")
	runOK(t, "gen", "-size", "128", "-seed", "4", "-queries", "0", "-o", other)
	for name, c := range map[string]struct {
		data []byte
		args []string
		want string
	}{
		"damaged":    {append(append([]byte{}, data[:30]...), append([]byte{data[30] ^ 1}, data[31:]...)...), nil, "checksum"},
		"truncated":  {data[:len(data)/2], nil, "truncated"},
		"header cut": {data[:15], nil, "truncated"},
		"magic only": {data[:8], nil, "truncated"},
		"not a bake": {[]byte("hello"), nil, "not a bake file"},
		"other map":  {data, []string{"-map", other}, "another map"},
	} {
		bad := filepath.Join(dir, "bad.nav")
		os.WriteFile(bad, c.data, 0o644)
		var o, e bytes.Buffer
		args := append(append([]string{"inspect"}, c.args...), bad)
		if code := run(args, &o, &e); code != 1 || !strings.Contains(e.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q (want %q)", name, code, e.String(), c.want)
		}
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

func TestDemo(t *testing.T) {
	out := runOK(t, "demo", "-size", "160", "-queries", "60")
	for _, want := range []string{"map      160×160", "bake", "astar", "hpa-smooth", "60 queries"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
}

// TestRouteFolder runs route over a folder of maps: answers carry the
// map's name, each map ends with its own trailer, and the per-map answers
// are those of a run on the map alone.
func TestRouteFolder(t *testing.T) {
	dir := filepath.Join(testmaps.Require(t), "bg512")
	maps, _ := filepath.Glob(filepath.Join(dir, "*.map"))
	out := runOK(t, "route", "-map", dir, "-algo", "hpa-smooth", "-every", "25", "-check")
	for _, m := range maps {
		name := strings.TrimSuffix(filepath.Base(m), ".map")
		alone := runOK(t, "route", "-map", m, "-algo", "hpa-smooth", "-every", "25")
		var want, got []string
		for _, l := range strings.Split(strings.TrimSpace(alone), "\n") {
			if !strings.HasPrefix(l, "#") {
				want = append(want, name+"\t"+l)
			}
		}
		trailers := 0
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, name+"\t") {
				got = append(got, l)
			}
			if strings.HasPrefix(l, "# "+name+" algo=hpa-smooth queries=") {
				trailers++
			}
		}
		if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") || trailers != 1 {
			t.Errorf("%s: %d answers in the folder run, %d alone, %d trailers", name, len(got), len(want), trailers)
		}
	}
}

// TestRender: render a generated map whole, with a path, hot spots and a
// view, and check the PNGs' sizes; a bad view or hot spot is refused.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "r.map")
	runOK(t, "gen", "-size", "128", "-queries", "0", "-o", m)
	g, err := loadGrid(m)
	if err != nil {
		t.Fatal(err)
	}
	a, z := grid.Pt(2, 2), grid.Pt(125, 125)
	for !g.Passable(a) {
		a = a.Add(grid.Pt(1, 0))
	}
	for !g.Passable(z) {
		z = z.Sub(grid.Pt(1, 0))
	}
	for _, c := range []struct {
		args []string
		w, h int
	}{
		{[]string{"-size", "300"}, 256, 256},
		{[]string{"-size", "100", "-layers", "all"}, 64, 64},
		{[]string{"-from", fmt.Sprintf("%d,%d", a.X, a.Y), "-to", fmt.Sprintf("%d,%d", z.X, z.Y), "-algo", "astar", "-size", "256"}, 256, 256},
		{[]string{"-from", fmt.Sprintf("%d,%d", a.X, a.Y), "-to", fmt.Sprintf("%d,%d", z.X, z.Y), "-hot", "64,64,10,20", "-hot", "30,90,5,10", "-view", "0,0,64,32", "-size", "256"}, 256, 128},
	} {
		out := filepath.Join(dir, "r.png")
		runOK(t, append([]string{"render", "-map", m, "-o", out}, c.args...)...)
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != c.w || cfg.Height != c.h {
			t.Errorf("%v: %d×%d (%v), want %d×%d", c.args, cfg.Width, cfg.Height, err, c.w, c.h)
		}
	}
	var o, e bytes.Buffer
	for _, args := range [][]string{
		{"render", "-map", m, "-o", filepath.Join(dir, "x.png"), "-view", "500,500,600,600"},
		{"render", "-map", m, "-o", filepath.Join(dir, "x.png"), "-hot", "900,1,2,3"},
	} {
		if code := run(args, &o, &e); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

// TestBench: the bench command on small generated maps writes its table,
// CSV and JSON; a bad size or algorithm is refused.
func TestBench(t *testing.T) {
	dir := t.TempDir()
	out := runOK(t, "bench", "-sizes", "64,96", "-queries", "20", "-out", dir, "-quiet")
	for _, want := range []string{"hpa-smooth", "gen96", "speed-up"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"report.csv", "report.json"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if out := runOK(t, "bench", "-scale", "64", "-queries", "10", "-out", ""); !strings.Contains(out, "64²") {
		t.Errorf("scale table:\n%s", out)
	}
	// Four tiers on a 256² map (8×8 clusters): the planner takes the
	// shape asked for (the tiers column), and groups of 2 keep more than
	// groups of 8 (the planner B/cell column).
	plannerBytes := func(groups string, more ...string) float64 {
		out := runOK(t, append([]string{"bench", "-scale", "256", "-queries", "10", "-tiers", "4", "-group-clusters", groups, "-out", ""}, more...)...)
		for _, line := range strings.Split(out, "\n") {
			if f := strings.Fields(line); len(f) > 10 && f[0] == "256²" {
				if f[10] != "4" {
					t.Errorf("-group-clusters %s: tiers %s, want 4:\n%s", groups, f[10], out)
				}
				b, err := strconv.ParseFloat(f[7], 64)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}
		t.Fatalf("-group-clusters %s: no 256² row:\n%s", groups, out)
		return 0
	}
	if two, eight := plannerBytes("2"), plannerBytes("8"); two <= eight {
		t.Errorf("planner B/cell %.2f with groups of 2, %.2f with groups of 8: -group-clusters did not reach the planner", two, eight)
	}
	// Each landmark costs 4 bytes a waypoint.
	if few, many := plannerBytes("8", "-landmarks", "1"), plannerBytes("8", "-landmarks", "32"); many <= few {
		t.Errorf("planner B/cell %.2f with 32 landmarks, %.2f with 1: -landmarks did not reach the planner", many, few)
	}
	var o, e bytes.Buffer
	for _, args := range [][]string{{"bench", "-sizes", "3"}, {"bench", "-algos", "magic", "-sizes", "64"}} {
		if code := run(args, &o, &e); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

// TestFlagErrors: every bad flag value is refused with exit status 2 and
// one line that names the flag and says what it wants, not the whole
// usage, and nothing is written.
func TestFlagErrors(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "f.map")
	runOK(t, "gen", "-size", "32", "-queries", "5", "-o", m)
	x := filepath.Join(dir, "x.map")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"gen", "-width", "0", "-height", "5", "-o", x}, "-width 0"},
		{[]string{"gen", "-width", "-3", "-o", x}, "-width -3"},
		{[]string{"gen", "-height", "0", "-o", x}, "-height 0"},
		{[]string{"gen", "-height", "40000", "-o", x}, "-height 40000"},
		{[]string{"gen", "-size", "0", "-o", x}, "-size 0"},
		{[]string{"gen", "-size", "20000", "-o", x}, "-size 20000"},
		{[]string{"gen", "-queries", "-1", "-o", x}, "-queries -1"},
		{[]string{"gen", "-o", filepath.Join(dir, "x.txt")}, "-o"},
		{[]string{"gen"}, "-o"},
		{[]string{"route", "-map", m, "-every", "0"}, "-every 0"},
		{[]string{"route", "-map", m, "-every", "-1"}, "-every -1"},
		{[]string{"route", "-map", m, "-algo", "bogus"}, `-algo "bogus"`},
		{[]string{"route", "-map", m, "-cluster", "3"}, "-cluster 3"},
		{[]string{"route", "-map", m, "-cluster", "-32"}, "-cluster -32"},
		{[]string{"route", "-map", m, "-bucket-width", "0"}, "-bucket-width 0"},
		{[]string{"route", "-map", m, "-middle", "11"}, "-middle 11"},
		{[]string{"route", "-map", m, "-middle", "257"}, "-middle 257"},
		{[]string{"route", "-map", m, "-middle", "33"}, "-middle 33"},
		{[]string{"route", "-map", m, "-middle", "17", "-cluster", "16"}, "-middle 17"},
		{[]string{"route"}, "-map"},
		{[]string{"route", "-map", dir, "-scen", m + ".scen"}, "-scen"},
		{[]string{"bench", "-every", "0", "-sizes", "64", "-out", ""}, "-every 0"},
		{[]string{"bench", "-every", "-1", "-sizes", "64", "-out", ""}, "-every -1"},
		{[]string{"bench", "-bucket-width", "0", "-sizes", "64", "-out", ""}, "-bucket-width 0"},
		{[]string{"bench", "-cluster", "3", "-sizes", "64", "-out", ""}, "-cluster 3"},
		{[]string{"bench", "-algos", "magic", "-sizes", "64", "-out", ""}, `-algos "magic"`},
		{[]string{"bench", "-sizes", "3", "-out", ""}, `-sizes "3"`},
		{[]string{"bench", "-scale", "64,x", "-out", ""}, `-scale "x"`},
		{[]string{"bench", "-queries", "0", "-sizes", "64", "-out", ""}, "-queries 0"},
		{[]string{"bench", "-astar-up-to", "-1", "-scale", "64", "-out", ""}, "-astar-up-to -1"},
		{[]string{"bench", "-group-clusters", "4", "-sizes", "64", "-out", ""}, "-group-clusters 4"},
		{[]string{"bench", "-landmarks", "16", "-sizes", "64", "-out", ""}, "-landmarks 16"},
		{[]string{"bench", "-group-clusters", "1", "-scale", "64", "-out", ""}, "-group-clusters 1"},
		{[]string{"bench", "-group-clusters", "65", "-scale", "64", "-out", ""}, "-group-clusters 65"},
		{[]string{"bake", "-map", m, "-cluster", "3"}, "-cluster 3"},
		{[]string{"bake", "-map", m, "-workers", "-1"}, "-workers -1"},
		{[]string{"bake", "-map", m, "-middle", "5"}, "-middle 5"},
		{[]string{"bake", "-map", m, "-middle", "20", "-cluster", "16"}, "-middle 20"},
		{[]string{"bench", "-middle", "-1", "-sizes", "64", "-out", ""}, "-middle -1"},
		{[]string{"bench", "-live", "-middle", "16"}, "-middle 16"},
		{[]string{"bake"}, "-map"},
		{[]string{"demo", "-size", "0"}, "-size 0"},
		{[]string{"demo", "-queries", "0"}, "-queries 0"},
		{[]string{"render", "-map", m, "-o", filepath.Join(dir, "r.png"), "-size", "0"}, "-size 0"},
		{[]string{"render", "-map", m, "-o", filepath.Join(dir, "r.png"), "-algo", "bogus"}, `-algo "bogus"`},
		{[]string{"render", "-map", m, "-o", filepath.Join(dir, "r.png"), "-from", "1;2", "-to", "3,3"}, `-from "1;2"`},
		{[]string{"render", "-map", m, "-o", filepath.Join(dir, "r.png"), "-from", "1,2"}, "-to"},
		{[]string{"render", "-map", m, "-o", filepath.Join(dir, "r.png"), "-layers", "terrain,nope"}, `-layers "nope"`},
		{[]string{"render", "-map", m}, "-o"},
	} {
		var o, e bytes.Buffer
		code := run(c.args, &o, &e)
		msg := strings.TrimSuffix(e.String(), "\n")
		if code != 2 || strings.Contains(msg, "\n") || !strings.Contains(msg, c.flag) || strings.Contains(msg, "bench: unknown") {
			t.Errorf("%v: exit %d, stderr %q: want exit 2 and one line naming %s", c.args, code, e.String(), c.flag)
		}
	}
	if _, err := os.Stat(x); err == nil {
		t.Error("gen wrote a map despite a bad flag")
	}
}

// TestRouteScenarioChecks: a scenario line whose start is off the map is
// answered "invalid" with the reason and the other lines are answered; a
// scenario file made for a map of another size is refused with both sizes
// named; one that names another map of the same size is answered with a
// warning that names both.
func TestRouteScenarioChecks(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "s.map")
	runOK(t, "gen", "-size", "32", "-seed", "2", "-queries", "4", "-o", m)
	g, scens := readBoth(t, m, m+".scen")
	scenText, _ := os.ReadFile(m + ".scen")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	// Line 4 starts off the map, line 5 ends off it; their other ends
	// are open cells.
	a, z := scens[0].Start, scens[0].Goal
	off := write("off.scen", string(scenText)+fmt.Sprintf("0\ts.map\t32\t32\t40\t1\t%d\t%d\t1.0\n0\ts.map\t32\t32\t%d\t%d\t2\t32\t1.0\n", z.X, z.Y, a.X, a.Y))
	out := runOK(t, "route", "-map", m, "-scen", off)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, want := range []string{"4\tinvalid\t", "5\tinvalid\t"} {
		if l := lines[4+i]; !strings.HasPrefix(l, want) || !strings.Contains(l, "out of bounds") {
			t.Errorf("line %d: %q", 4+i, l)
		}
	}
	sc, _ := loadScen(off)
	checkRoute(t, out, g, sc, 1, "astar")

	// Another size: refused, both sizes named.
	other := write("other.scen", strings.ReplaceAll(string(scenText), "\t32\t32\t", "\t64\t64\t"))
	var o, e bytes.Buffer
	if code := run([]string{"route", "-map", m, "-scen", other}, &o, &e); code != 1 || !strings.Contains(e.String(), "64×64") || !strings.Contains(e.String(), "32×32") {
		t.Errorf("other size: exit %d, stderr %q", code, e.String())
	}

	// Another name, same size: answered, with one warning naming both.
	renamed := write("renamed.scen", strings.ReplaceAll(string(scenText), "\ts.map\t", "\tmaps/x/elsewhere.map\t"))
	o.Reset()
	e.Reset()
	if code := run([]string{"route", "-map", m, "-scen", renamed}, &o, &e); code != 0 {
		t.Fatalf("renamed: exit %d, %s", code, e.String())
	}
	if w := e.String(); strings.Count(w, "\n") != 1 || !strings.Contains(w, "warning") || !strings.Contains(w, "elsewhere.map") || !strings.Contains(w, "s.map") {
		t.Errorf("renamed: stderr %q", w)
	}
	checkRoute(t, o.String(), g, scens, 1, "astar")
	// A path prefix alone is no mismatch (the published files name
	// maps/sc1/X.map for sc1/X.map).
	prefixed := write("prefixed.scen", strings.ReplaceAll(string(scenText), "\ts.map\t", "\tmaps/gen/s.map\t"))
	o.Reset()
	e.Reset()
	if code := run([]string{"route", "-map", m, "-scen", prefixed}, &o, &e); code != 0 || e.Len() != 0 {
		t.Errorf("prefixed: exit %d, stderr %q", code, e.String())
	}
}
