package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBenchLive: bench -live prints its table and ends with the summary
// line; bad -live flags are usage errors.
func TestBenchLive(t *testing.T) {
	out := runOK(t, "bench", "-live", "-live-size", "96", "-units", "40", "-live-ticks", "6", "-out", "", "-quiet")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "# live publish_us=") || !strings.Contains(out, "fresh bake") {
		t.Errorf("output:\n%s", out)
	}
	for _, args := range [][]string{
		{"bench", "-live", "-live-size", "8", "-out", ""},
		{"bench", "-live", "-live-ticks", "0", "-out", ""},
		{"bench", "-live", "-ticks", "200", "-out", ""}, // -ticks is a mode now
		{"bench", "-live", "-units", "0", "-out", ""},
	} {
		var o, e bytes.Buffer
		if code := run(args, &o, &e); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, e.String())
		}
	}
}
