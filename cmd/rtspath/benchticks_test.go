package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBenchTicks: bench -ticks prints its table and ends with the
// summary line; without -units it replays 10,000 units (ticks.json says
// so); impossible flags are usage errors.
func TestBenchTicks(t *testing.T) {
	out := runOK(t, "bench", "-ticks", "-size", "256", "-units", "300", "-seconds", "3", "-out", "", "-quiet")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	last := regexp.MustCompile(`^# ticks units=300 tick_p50_us=\d+ tick_p99_us=\d+ tick_max_us=\d+ first_p99_ticks=\d+ full_p99_ticks=\d+ unanswered=\d+$`)
	if !last.MatchString(lines[len(lines)-1]) || !strings.Contains(out, "Service.Tick") {
		t.Errorf("output:\n%s", out)
	}
	dir := t.TempDir()
	runOK(t, "bench", "-ticks", "-size", "256", "-seconds", "1", "-out", dir, "-quiet")
	data, err := os.ReadFile(filepath.Join(dir, "ticks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Units, Ticks, Budget int }
	if err := json.Unmarshal(data, &rep); err != nil || rep.Units != 10_000 || rep.Ticks != 20 || rep.Budget <= 0 {
		t.Errorf("ticks.json: %+v (%v)", rep, err)
	}
	for _, args := range [][]string{
		{"bench", "-ticks", "-size", "32", "-out", ""},
		{"bench", "-ticks", "-units", "0", "-out", ""},
		{"bench", "-ticks", "-seconds", "0", "-out", ""},
		{"bench", "-ticks", "-budget", "0", "-out", ""},
		{"bench", "-ticks", "-live", "-out", ""},
	} {
		var o, e bytes.Buffer
		if code := run(args, &o, &e); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, e.String())
		}
	}
}
