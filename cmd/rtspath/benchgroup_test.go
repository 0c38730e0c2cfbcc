package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var groupLine = regexp.MustCompile(`^# group units=(\d+) goals=(\d+) first_us=(\d+) total_us=(\d+) individual_us=(\d+) mean_excess=([0-9.]+) max_excess=([0-9.]+) distinct_cells=(\d+)$`)

// TestBenchGroup: bench -group on a generated map prints a row per order
// and ends with the summary line (every unit on its own cell, walks no
// worse than 10% over the optimum on average); -field draws a field in
// render; bad flags are usage errors.
func TestBenchGroup(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "g.map")
	runOK(t, "gen", "-size", "160", "-seed", "3", "-queries", "0", "-o", m)
	out := runOK(t, "bench", "-group", "-map", m, "-units", "60", "-goals", "3", "-quiet")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	sm := groupLine.FindStringSubmatch(lines[len(lines)-1])
	if sm == nil || len(lines) != 6 {
		t.Fatalf("output:\n%s", out)
	}
	if sm[1] != "60" || sm[2] != "3" || sm[8] != "60" {
		t.Errorf("summary: %s", lines[len(lines)-1])
	}
	if x, _ := strconv.ParseFloat(sm[6], 64); x > 10 {
		t.Errorf("mean excess %v%%", x)
	}
	png := filepath.Join(dir, "f.png")
	got := runOK(t, "render", "-map", m, "-to", "80,80", "-field", "12", "-layers", "terrain,flow", "-size", "160", "-o", png)
	if !strings.Contains(got, "field: 12 units walk to 80,80 at") {
		// 80,80 may be blocked on this map: then the error says so.
		t.Fatalf("render -field: %s", got)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Fatal("no image", err)
	}
	// A 3×3 unit: its walkers stand where the field leads from.
	got = runOK(t, "render", "-map", m, "-to", "80,80", "-field", "60", "-unit", "3", "-layers", "terrain,flow", "-size", "160", "-o", png)
	if !strings.Contains(got, "field: 60 units walk to 80,80 at") {
		t.Fatalf("render -field -unit 3: %s", got)
	}
	for _, args := range [][]string{
		{"bench", "-group"},
		{"bench", "-group", "-map", m, "-units", "0"},
		{"bench", "-group", "-map", m, "-goals", "0"},
		{"bench", "-group", "-live", "-map", m},
		{"render", "-map", m, "-field", "3", "-o", png},
		{"render", "-map", m, "-field", "-1", "-to", "80,80", "-o", png},
	} {
		var o, e bytes.Buffer
		if code := run(args, &o, &e); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, e.String())
		}
	}
}
