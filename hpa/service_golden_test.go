package hpa_test

import (
	"encoding/binary"
	"fmt"
	"hash/crc64"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

const goldenServiceFile = "testdata/golden_service.txt"

// serviceReplay plays a scripted match against a Service on a live
// generated map and returns one hash per tick of the tick's replies
// (ticket, kind, status, every cell, cost, truncation, expansions,
// coarse counts, version, error) and their number. The script: 300
// units in squads of 12 on a 384² map; every tick some units re-path
// alone (priority 0) and, every 7th tick, a squad is ordered to one goal
// (a group; priority 1); some requests are cancelled; a building is
// placed or removed and published every 10 ticks; budgets vary by tick.
func serviceReplay(t *testing.T, cfg hpa.ServiceConfig) ([]uint64, int) {
	t.Helper()
	g, err := mapgen.NewGrid(mapgen.Config{Width: 384, Height: 384, Seed: 42}, grid.MapOptions{Movement: grid.Octile, SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Build(g, preprocess.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	l, err := hpa.NewLive(b, hpa.LiveConfig{RefreshEvery: 4, RefreshLag: 2})
	if err != nil {
		t.Fatal(err)
	}
	svc := l.NewService(cfg)
	defer svc.Close()
	r := rand.New(rand.NewPCG(5, 6))
	n := g.Width() * g.Height()
	pick := func() grid.Point {
		for {
			if p := g.PointAt(r.IntN(n)); g.Passable(p) {
				return p
			}
		}
	}
	units := make([]grid.Point, 300)
	for i := range units {
		if i%12 == 0 {
			units[i] = pick()
		} else {
			c := units[i-i%12]
			units[i] = grid.Pt(min(max(c.X+r.IntN(13)-6, 0), g.Width()-1), min(max(c.Y+r.IntN(13)-6, 0), g.Height()-1))
		}
	}
	var tickets []hpa.Ticket
	var hashes []uint64
	replies := 0
	var buf []byte
	var buildings []grid.Rect
	for tick := range 240 {
		for range 4 {
			u := r.IntN(len(units))
			tk, err := svc.Submit(hpa.Order{Start: units[u], Goal: pick(), Options: hpa.Options{Smooth: hpa.Smoothing(r.IntN(3)), Nearest: r.IntN(4) == 0}})
			if err != nil {
				t.Fatal(err)
			}
			tickets = append(tickets, tk)
		}
		if tick%7 == 0 {
			sq := r.IntN(len(units) / 12)
			goal := pick()
			for u := sq * 12; u < sq*12+12; u++ {
				if _, err := svc.Submit(hpa.Order{Start: units[u], Goal: goal, Priority: 1, Options: hpa.Options{Smooth: hpa.Cells}}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if tick%5 == 0 && len(tickets) > 0 {
			svc.Cancel(tickets[r.IntN(len(tickets))])
		}
		if tick%10 == 9 {
			if len(buildings) > 3 || len(buildings) > 0 && r.IntN(2) == 0 {
				rc := buildings[0]
				buildings = buildings[1:]
				if err := l.Fill(rc, true); err != nil {
					t.Fatal(err)
				}
			} else {
				c := pick()
				rc := grid.R(c.X, c.Y, c.X+6, c.Y+5).Intersect(g.Bounds())
				if err := l.Fill(rc, false); err == nil {
					buildings = append(buildings, rc)
				}
			}
			if _, err := l.Publish(); err != nil {
				t.Fatal(err)
			}
		}
		h := crc64.New(goldenTable)
		for _, rp := range svc.Tick([]int{1000, 8000, 3000, 20000}[tick%4]) {
			replies++
			buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(rp.Ticket))
			buf = append(buf, byte(rp.Kind), byte(rp.Status), b2(rp.Truncated))
			for _, v := range []int64{int64(rp.Cost), int64(rp.Expanded), int64(rp.Coarse), int64(rp.Waypoints), int64(rp.Version), int64(len(rp.Path))} {
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			}
			for _, p := range rp.Path {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(p.X))
				buf = binary.LittleEndian.AppendUint32(buf, uint32(p.Y))
			}
			if rp.Err != nil {
				buf = append(buf, rp.Err.Error()...)
			}
			h.Write(buf)
		}
		hashes = append(hashes, h.Sum64())
	}
	return hashes, replies
}

func b2(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// TestGoldenService: a scripted match against a Service on a live map
// (orders alone and by squads, priorities, cancels, buildings published
// while requests are in flight, budgets varying by tick) gives the same
// replies, tick by tick, under GOMAXPROCS 1 and 2, and the same as
// testdata/golden_service.txt records, on every platform .ci/golden runs
// (386, wasm): the lockstep promise of the Service. Rewrite the file
// after a change meant to change answers:
//
//	go test -run TestGoldenService ./hpa -golden.update
func TestGoldenService(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	var runs [2][]uint64
	var replies int
	for i, n := range []int{1, 2} {
		runtime.GOMAXPROCS(n)
		runs[i], replies = serviceReplay(t, hpa.ServiceConfig{})
	}
	for k := range runs[0] {
		if runs[0][k] != runs[1][k] {
			t.Fatalf("tick %d: replies hash %016x under GOMAXPROCS 1, %016x under 2", k, runs[0][k], runs[1][k])
		}
	}
	all := crc64.New(goldenTable)
	for _, h := range runs[0] {
		all.Write(binary.LittleEndian.AppendUint64(nil, h))
	}
	line := fmt.Sprintf("service ticks=%d replies=%d hash=%016x", len(runs[0]), replies, all.Sum64())
	t.Log(line)
	if *goldenUpdate {
		if err := os.WriteFile(goldenServiceFile, []byte("# TestGoldenService in service_golden_test.go; rewrite: go test -run TestGoldenService ./hpa -golden.update\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(goldenServiceFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\n"+line+"\n") {
		t.Fatalf("%s/%s: %s, the golden file says:\n%s", runtime.GOOS, runtime.GOARCH, line, data)
	}
	if replies < 1000 {
		t.Fatalf("only %d replies: the replay tests little", replies)
	}
	goldenMark(t, "service")
}
