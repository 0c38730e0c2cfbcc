package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestRenderHotSpotSaturates: a hot spot of any size saturates the
// influence map instead of wrapping: one of math.MaxInt64 steps draws
// the same image as one of 2^40 (far past saturation), and differs from
// none at all.
func TestRenderHotSpotSaturates(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "r.map")
	runOK(t, "gen", "-size", "64", "-queries", "0", "-o", m)
	img := func(hot string) []byte {
		out := filepath.Join(dir, "h.png")
		runOK(t, "render", "-map", m, "-o", out, "-hot", hot, "-layers", "influence", "-size", "64")
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	huge, far, cold := img("32,32,6,9223372036854775807"), img("32,32,6,1099511627776"), img("32,32,6,0")
	if !bytes.Equal(huge, far) || bytes.Equal(huge, cold) {
		t.Errorf("a hot spot of MaxInt64 steps draws like 2^40 steps: %v, like none: %v", bytes.Equal(huge, far), bytes.Equal(huge, cold))
	}
}
