package main

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// TestRouteUnits: rtspath route -size 2 and 3 on a StarCraft map, for
// exact A* and the smoothed planner, with -check: every line whose start
// or goal cannot hold the unit is "invalid" exactly when the oracle says
// it does not fit there; every path is legal for the unit step by step
// (oracle) and runs from the line's start to its goal; A*'s lengths are
// the unit's optimum (-check compares them with the exact search and
// exits 0). A size out of range is a usage error.
func TestRouteUnits(t *testing.T) {
	m := filepath.Join(testmaps.Require(t), "sc1", "Archipelago.map")
	g, scens := readBoth(t, m, m+".scen")
	for _, k := range []int{2, 3} {
		o := oracle.Graph{G: g, Size: k}
		for _, algo := range []string{"astar", "hpa-smooth"} {
			out := runOK(t, "route", "-map", m, "-algo", algo, "-size", strconv.Itoa(k), "-every", "16", "-check")
			paths := 0
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				if strings.HasPrefix(line, "#") {
					continue
				}
				f := strings.Split(line, "\t")
				i, err := strconv.Atoi(f[0])
				if err != nil || i%16 != 0 || i >= len(scens) {
					t.Fatalf("line %q", line)
				}
				sc := scens[i]
				fits := o.Fits(sc.Start) && o.Fits(sc.Goal)
				switch {
				case f[1] == "invalid":
					if fits {
						t.Fatalf("size %d %s line %d: invalid, but the unit fits at both ends", k, algo, i)
					}
				case !fits:
					t.Fatalf("size %d %s line %d: answered %q where the unit does not fit", k, algo, i, f[1])
				case f[1] == "unreachable":
				default:
					var p []grid.Point
					for _, c := range strings.Fields(f[2]) {
						var x, y int
						xy := strings.Split(c, ",")
						x, _ = strconv.Atoi(xy[0])
						y, _ = strconv.Atoi(xy[1])
						p = append(p, grid.Pt(x, y))
					}
					if p[0] != sc.Start || p[len(p)-1] != sc.Goal {
						t.Fatalf("size %d %s line %d: path runs %v→%v", k, algo, i, p[0], p[len(p)-1])
					}
					for j := 1; j < len(p); j++ {
						if !o.Legal(p[j-1], p[j]) {
							t.Fatalf("size %d %s line %d: step %v→%v not legal for the unit", k, algo, i, p[j-1], p[j])
						}
					}
					paths++
				}
			}
			if paths < 50 {
				t.Fatalf("size %d %s: only %d paths", k, algo, paths)
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"route", "-map", m, "-size", "0"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-size") {
		t.Fatalf("-size 0: exit %d, %q", code, errb.String())
	}
}

// TestRouteClasses: rtspath route -class on a WarCraft III map with water:
// class ground with exact A* matches the published optima (-check exits
// 0); class hover, with the planner, gives paths legal for it and never
// shorter than its exact search (-check against it). An unknown class is
// a usage error.
func TestRouteClasses(t *testing.T) {
	m := filepath.Join(testmaps.Require(t), "wc3", "theglaive.map")
	runOK(t, "route", "-map", m, "-class", "ground", "-algo", "astar", "-every", "16", "-check", "-o", filepath.Join(t.TempDir(), "g.txt"))
	out := runOK(t, "route", "-map", m, "-class", "hover", "-algo", "hpa-smooth", "-every", "16", "-check")
	if !strings.Contains(out, "# algo=hpa-smooth") {
		t.Fatalf("no trailer:\n%s", out[max(0, len(out)-300):])
	}
	var out2, errb bytes.Buffer
	if code := run([]string{"route", "-map", m, "-class", "boat"}, &out2, &errb); code != 2 || !strings.Contains(errb.String(), "-class") {
		t.Fatalf("-class boat: exit %d, %q", code, errb.String())
	}
}

// TestBenchUnits: rtspath bench for a 2×2 hover unit on a WarCraft III map:
// A*'s lengths are the unit's optimum (0.00% over it), the planner's are
// checked by the run (legal for the unit, never below its optimum), and
// -class without -maps is a usage error.
func TestBenchUnits(t *testing.T) {
	m := filepath.Join(testmaps.Require(t), "wc3", "theglaive.map")
	out := runOK(t, "bench", "-maps", m, "-algos", "astar,hpa-smooth", "-every", "32", "-unit", "2", "-class", "hover", "-out", "", "-quiet")
	var astar string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 10 && f[0] == "astar" {
			astar = l
			break
		}
	}
	if f := strings.Fields(astar); len(f) < 11 || f[8] != "0.00%" || f[10] != "0.00%" {
		t.Fatalf("astar's summary line: %q", astar)
	}
	var o, e bytes.Buffer
	if code := run([]string{"bench", "-class", "hover"}, &o, &e); code != 2 || !strings.Contains(e.String(), "-class") {
		t.Fatalf("-class without -maps: exit %d, %q", code, e.String())
	}
}
