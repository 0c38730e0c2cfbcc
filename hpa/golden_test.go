package hpa_test

// The golden hashes of lockstep determinism. After a change that is meant
// to change bakes or paths, rewrite the file and commit it with the
// change (say why in the message):
//
//	go test -run TestGoldenHashes ./hpa -golden.update
//
// CI runs the check on several platforms (.ci/golden): GOMAXPROCS 1 and
// 2, GOARCH=386 (under qemu-i386 where the kernel runs no 32-bit code),
// and GOOS=js GOARCH=wasm under node.

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/crc64"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

var (
	goldenUpdate = flag.Bool("golden.update", false, "rewrite hpa/testdata/golden_live.txt from this run")
	goldenSerial = flag.Bool("golden.serial", true, "also answer the queries one by one in the file's order and require the same hash as the shuffled FindAll run (false: the shuffled run alone, checked against the golden file; for slow emulated platforms)")
	goldenEvery  = flag.Int("golden.every", 1, "check every Nth map of the golden file only (for slow emulated platforms: each map's answers still checked whole)")
)

const goldenFile = "testdata/golden_live.txt"

var goldenTable = crc64.MakeTable(crc64.ECMA)

// golden is one map's line of the golden file.
type golden struct {
	name              string // set/name
	bake, sum, answer uint64
	queries           int
}

func (g golden) String() string {
	return fmt.Sprintf("%s bake=%016x checksum=%016x answers=%016x queries=%d", g.name, g.bake, g.sum, g.answer, g.queries)
}

// differs names the fields in which g and h differ.
func (g golden) differs(h golden) string {
	var d []string
	for _, f := range []struct {
		name string
		a, b uint64
	}{{"bake", g.bake, h.bake}, {"checksum", g.sum, h.sum}, {"answers", g.answer, h.answer}, {"queries", uint64(g.queries), uint64(h.queries)}} {
		if f.a != f.b {
			d = append(d, f.name)
		}
	}
	return strings.Join(d, ", ")
}

// TestGoldenHashes is the lockstep promise, checked: the same map, the
// same edits and the same queries give the same bytes on every machine,
// whatever its word size, its number of cores or the order its workers
// take the queries in. For every StarCraft map it records, in
// testdata/golden_live.txt:
//
//   - bake: CRC-64 (ECMA) of the file of a fresh preprocess.Build
//     (default config) of the map;
//   - checksum: Live.Checksum after a scripted, seeded match: 10
//     published batches of 4×4 buildings placed on the paths units take
//     and removed again, a terrain weight patch, a hot spot and claims;
//   - answers: one hash of the answers (status, cost, every cell of the
//     path, cells expanded) to every 32nd scenario line whose endpoints
//     are still open after the edits, each in Raw, Cells and Corners,
//     each with and without the penalty layer.
//
// The answers are computed twice: one at a time in the file's order, and
// in an order shuffled with a seed drawn from the platform and GOMAXPROCS
// through View.FindAll on GOMAXPROCS workers; both must hash alike.
// With -golden.serial=false (for the slow emulated platforms) only the
// shuffled run is made; it is checked against the golden file alone.
// Skipped with -short.
func TestGoldenHashes(t *testing.T) {
	t.Parallel() // one of the package's long tests: two run at once
	if testing.Short() {
		t.Skip("-short: 20 s or more on 28 maps; .ci/golden runs it on every platform")
	}
	maps, err := testmaps.List(testmaps.Require(t), "sc1")
	if err != nil || len(maps) == 0 {
		t.Fatalf("no StarCraft maps (sc1) in the map folder: %v", err)
	}
	if *goldenUpdate && (!*goldenSerial || *goldenEvery != 1) {
		t.Fatal("-golden.update needs the in-order run on every map: drop -golden.serial=false and -golden.every")
	}
	if *goldenEvery < 1 {
		t.Fatalf("-golden.every %d: want 1 or more", *goldenEvery)
	}
	kept := map[string]bool{} // the maps checked, by name
	for i, m := range maps {
		if i%*goldenEvery == 0 {
			kept[m.Set+"/"+m.Name] = true
		}
	}
	maps = slices.DeleteFunc(maps, func(m testmaps.Map) bool { return !kept[m.Set+"/"+m.Name] })
	workers := runtime.GOMAXPROCS(0)
	shuffle := crc64.Checksum(fmt.Appendf(nil, "%s/%s/%d", runtime.GOOS, runtime.GOARCH, workers), goldenTable)
	t.Logf("%s/%s, GOMAXPROCS %d, shuffle seed %016x", runtime.GOOS, runtime.GOARCH, workers, shuffle)
	var got []golden
	for _, m := range maps {
		got = append(got, goldenMap(t, m, workers, shuffle))
	}
	if *goldenUpdate {
		writeGolden(t, got)
		return
	}
	want := readGolden(t)
	var diff []string
	for _, g := range got {
		i := slices.IndexFunc(want, func(w golden) bool { return w.name == g.name })
		switch {
		case i < 0:
			diff = append(diff, "+ "+g.String()+"   (not in the golden file)")
		case want[i] != g:
			diff = append(diff, "- "+want[i].String(), "+ "+g.String()+"   (differs: "+want[i].differs(g)+")")
		}
	}
	for _, w := range want {
		if (*goldenEvery == 1 || kept[w.name]) && !slices.ContainsFunc(got, func(g golden) bool { return g.name == w.name }) {
			diff = append(diff, "- "+w.String()+"   (map not found)")
		}
	}
	if len(diff) > 0 {
		t.Fatalf("%s/%s GOMAXPROCS %d differs from %s (- golden, + this run):\n%s\n"+
			"if the change is meant, rewrite it: go test -run TestGoldenHashes ./hpa -golden.update",
			runtime.GOOS, runtime.GOARCH, workers, goldenFile, strings.Join(diff, "\n"))
	}
	goldenMark(t, "hashes")
}

// goldenMark records that the golden check what passed, with the
// GOMAXPROCS and GOARCH it ran under, in the file RTSPATH_GOLDEN_MARK
// names (none: nothing): CI's .ci/golden skips a mode go test ./... has
// just run. The variable is part of go test's cache key, so a fresh file
// name makes the tests run rather than come from the cache.
func goldenMark(t *testing.T, what string) {
	path := os.Getenv("RTSPATH_GOLDEN_MARK")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "%s GOMAXPROCS=%d GOARCH=%s\n", what, runtime.GOMAXPROCS(0), runtime.GOARCH); err != nil {
		t.Fatal(err)
	}
}

// goldenMap bakes, edits and queries one map.
func goldenMap(t *testing.T, m testmaps.Map, workers int, shuffle uint64) golden {
	t.Helper()
	name := m.Set + "/" + m.Name
	t0 := time.Now()
	g, scens := testmaps.Load(t, m)
	b, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out := golden{name: name, bake: crc64.Checksum(b.AppendBinary(nil), goldenTable)}
	t1 := time.Now()

	// Refreshes the landmarks on the way (every 3 publishes that edit the map).
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 2, RefreshEvery: 3, RefreshLag: 2})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f := l.NewPenalties(hpa.PenaltyConfig{ClaimRadius: math.MaxInt, ClaimAhead: 48})
	if _, err := l.Publish(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	mirror := g.Clone() // the map as the edits leave it
	goldenEdits(t, name, l, f, mirror, scens)
	out.sum = l.Checksum()
	t2 := time.Now()

	// Every 32nd line with both endpoints open on the edited map.
	var reqs []hpa.Request
	for i, sc := range scens {
		if i%32 != 0 || !open(mirror, sc.Start) || !open(mirror, sc.Goal) {
			continue
		}
		// Under the penalty a narrow band (4 cells, 8 round claimed
		// cells): the band search's answers are pinned on every platform
		// at a fraction of the default band's cost (the layer's claims
		// lie on whole paths, where the default's band is 24 wide).
		for _, sm := range []hpa.Smoothing{hpa.Raw, hpa.Cells, hpa.Corners} {
			reqs = append(reqs,
				hpa.Request{Start: sc.Start, Goal: sc.Goal, Options: hpa.Options{Smooth: sm}},
				hpa.Request{Start: sc.Start, Goal: sc.Goal, Options: hpa.Options{Smooth: sm, Penalty: f.For(1), Band: 4}})
		}
	}
	out.queries = len(reqs)
	v := l.Acquire()
	defer v.Release()
	if *goldenSerial {
		lq := l.NewQuery()
		serial := make([]hpa.Answer, len(reqs))
		for i, rq := range reqs {
			res, err := lq.FindIn(v, rq.Start, rq.Goal, rq.Options, nil)
			serial[i] = hpa.Answer{Result: res, Err: err}
		}
		out.answer = hashAnswers(t, name, reqs, serial, v.Version())
	}
	t3 := time.Now()

	perm := make([]int, len(reqs))
	for i := range perm {
		perm[i] = i
	}
	rand.New(rand.NewPCG(shuffle, crc64.Checksum([]byte(name), goldenTable))).Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	shuffled := make([]hpa.Request, len(reqs))
	for i, k := range perm {
		shuffled[i] = reqs[k]
	}
	ans := v.FindAll(shuffled, nil, workers)
	back := make([]hpa.Answer, len(reqs))
	for i, k := range perm {
		back[k] = ans[i]
	}
	h := hashAnswers(t, name, reqs, back, v.Version())
	switch {
	case !*goldenSerial:
		out.answer = h
	case h != out.answer:
		t.Errorf("%s: the answers in a shuffled order on %d workers hash to %016x, one by one in order to %016x", name, workers, h, out.answer)
	}
	t.Logf("%s: %d queries; bake %v, edits %v, in order %v, shuffled FindAll %v", name, len(reqs),
		t1.Sub(t0).Round(time.Millisecond), t2.Sub(t1).Round(time.Millisecond),
		t3.Sub(t2).Round(time.Millisecond), time.Since(t3).Round(time.Millisecond))
	return out
}

func open(g *grid.Grid, p grid.Point) bool { return g.Contains(p) && g.Passable(p) }

// goldenEdits plays the scripted match on l: 10 batches, each published,
// of buildings (4×4, on open ground, across the path of a scenario line)
// placed and, from the third batch on, the oldest one removed; a terrain
// weight patch; a hot spot; two units claiming their paths. mirror gets
// the same map edits.
func goldenEdits(t *testing.T, name string, l *hpa.Live, f *hpa.LivePenalties, mirror *grid.Grid, scens []grid.Scenario) {
	t.Helper()
	r := rand.New(rand.NewPCG(0x601de4, crc64.Checksum([]byte(name), goldenTable)))
	lq := l.NewQuery()
	var path []grid.Point
	// route returns the Cells path of a random scenario line open on the
	// edited map, or nil.
	route := func() []grid.Point {
		for range 20 {
			sc := scens[r.IntN(len(scens))]
			if !open(mirror, sc.Start) || !open(mirror, sc.Goal) {
				continue
			}
			res, err := lq.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, path)
			if err != nil {
				t.Fatalf("%s: %v→%v: %v", name, sc.Start, sc.Goal, err)
			}
			path = res.Path
			if res.Status == hpa.Found && len(path) > 8 {
				return path
			}
		}
		return nil
	}
	var built []grid.Rect
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for batch := range 10 {
		for range 3 {
			p := route()
			if p == nil {
				continue
			}
			// A building on open ground on the path, near its middle.
			for k := len(p) / 4; k < 3*len(p)/4; k++ {
				c := p[k]
				rc := grid.R(c.X-1, c.Y-1, c.X+3, c.Y+3)
				if rc.Min.X < 0 || rc.Min.Y < 0 || rc.Max.X > mirror.Width() || rc.Max.Y > mirror.Height() || !allOpen(mirror, rc) {
					continue
				}
				must(l.Fill(rc, false))
				mirror.Fill(rc, false)
				built = append(built, rc)
				break
			}
		}
		if batch >= 2 && len(built) > 0 {
			rc := built[0]
			built = built[1:]
			must(l.Fill(rc, true))
			mirror.Fill(rc, true)
		}
		if p := route(); p != nil {
			c := p[len(p)/2]
			rc := grid.R(c.X-6, c.Y-6, c.X+6, c.Y+6)
			w := uint8(2 + r.IntN(3))
			must(l.FillWeight(rc, w))
			must(mirror.FillWeight(rc, w))
		}
		if p := route(); p != nil {
			must(f.AddInfluence(p[r.IntN(len(p))], 3+r.IntN(6), grid.Cost(1+r.IntN(4))*grid.Straight))
		}
		for u := range 2 {
			if p := route(); p != nil {
				must(f.Claim(uint64(2+(2*batch+u)%5), p))
			}
		}
		if _, err := l.Publish(); err != nil {
			t.Fatalf("%s: batch %d: %v", name, batch, err)
		}
	}
}

func allOpen(g *grid.Grid, r grid.Rect) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !g.Passable(grid.Pt(x, y)) {
				return false
			}
		}
	}
	return true
}

// hashAnswers hashes every answer (status, cost, path cells, cells
// expanded) in request order; an error fails the test, as every endpoint
// is open.
func hashAnswers(t *testing.T, name string, reqs []hpa.Request, ans []hpa.Answer, version uint64) uint64 {
	t.Helper()
	var h uint64
	var buf []byte
	for i, a := range ans {
		if a.Err != nil {
			t.Fatalf("%s: %v→%v: %v", name, reqs[i].Start, reqs[i].Goal, a.Err)
		}
		if a.Version != version {
			t.Fatalf("%s: answer on version %d, the view pins %d", name, a.Version, version)
		}
		buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(a.Status))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(a.Cost))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(a.Expanded))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(len(a.Path)))
		for _, p := range a.Path {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(p.X))
			buf = binary.LittleEndian.AppendUint32(buf, uint32(p.Y))
		}
		h = crc64.Update(h, goldenTable, buf)
	}
	return h
}

func readGolden(t *testing.T) []golden {
	t.Helper()
	fh, err := os.Open(goldenFile)
	if err != nil {
		t.Fatalf("%v (write it: go test -run TestGoldenHashes ./hpa -golden.update)", err)
	}
	defer fh.Close()
	var out []golden
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var g golden
		if _, err := fmt.Sscanf(line, "%s bake=%x checksum=%x answers=%x queries=%d", &g.name, &g.bake, &g.sum, &g.answer, &g.queries); err != nil {
			t.Fatalf("%s:%d: %q: %v", goldenFile, n, line, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeGolden(t *testing.T, gs []golden) {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("# Golden hashes of lockstep determinism (TestGoldenHashes in golden_test.go).\n")
	sb.WriteString("# Rewrite: go test -run TestGoldenHashes ./hpa -golden.update\n")
	sb.WriteString("# bake: CRC-64 ECMA of the default bake's file; checksum: Live.Checksum after\n")
	sb.WriteString("# the scripted edits; answers: hash of every answer; queries: their number.\n")
	for _, g := range gs {
		sb.WriteString(g.String() + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenFile, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d maps)", goldenFile, len(gs))
}
