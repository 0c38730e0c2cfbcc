package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBenchLoad: bench -load runs the cell-path algorithms under the load
// and says so; an unknown load, or corners under a load, is refused.
func TestBenchLoad(t *testing.T) {
	out := runOK(t, "bench", "-sizes", "64", "-queries", "10", "-load", "heavy", "-out", "", "-quiet")
	for _, want := range []string{"load heavy", "astar", "hpa-smooth", "exact search"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "dijkstra") || strings.Contains(out, "corners") {
		t.Errorf("default algorithms under a load:\n%s", out)
	}
	var o, e bytes.Buffer
	for _, args := range [][]string{
		{"bench", "-sizes", "64", "-load", "battle"},
		{"bench", "-sizes", "64", "-queries", "5", "-load", "light", "-algos", "hpa-corners", "-out", ""},
	} {
		if code := run(args, &o, &e); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}
