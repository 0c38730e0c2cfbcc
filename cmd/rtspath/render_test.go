package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
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

// TestRenderFog: -fog plans on the view of a player who has seen a disc
// round the start, draws it with the true shortest path, and refuses
// what it cannot combine with.
func TestRenderFog(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "f.map")
	// A wall the player cannot see from the start, open at the bottom.
	var sb strings.Builder
	sb.WriteString("type octile\nheight 96\nwidth 96\nmap\n")
	for y := range 96 {
		for x := range 96 {
			if x == 48 && y < 90 {
				sb.WriteByte('@')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	if err := os.WriteFile(m, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "f.png")
	got := runOK(t, "render", "-map", m, "-from", "5,5", "-to", "90,5", "-fog", "10", "-layers", "terrain,fog,path,other", "-size", "96", "-o", out)
	if !strings.Contains(got, "fog: the player has seen 213 cells") || !strings.Contains(got, "crosses walls it has not seen") {
		t.Fatalf("output:\n%s", got)
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		t.Fatal("no image", err)
	}
	// A player walled in on its view: no path, and no word of one.
	var room strings.Builder
	room.WriteString("type octile\nheight 40\nwidth 40\nmap\n")
	for y := range 40 {
		for x := range 40 {
			if (x == 10 || y == 10) && x <= 10 && y <= 10 {
				room.WriteByte('@')
			} else {
				room.WriteByte('.')
			}
		}
		room.WriteByte('\n')
	}
	rm := filepath.Join(dir, "room.map")
	if err := os.WriteFile(rm, []byte(room.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got = runOK(t, "render", "-map", rm, "-from", "5,5", "-to", "30,30", "-fog", "20", "-size", "40", "-o", out)
	if strings.Contains(got, "the player's path") || !strings.Contains(got, "no path") {
		t.Fatalf("a walled-in player:\n%s", got)
	}
	for _, bad := range [][]string{
		{"-fog", "-1", "-from", "5,5", "-to", "90,5"},
		{"-fog", "10"},
		{"-fog", "10", "-from", "5,5", "-to", "90,5", "-unit", "2"},
		{"-fog", "10", "-from", "5,5", "-to", "90,5", "-hot", "3,3,2,2"},
	} {
		if code := run(append([]string{"render", "-map", m, "-o", out}, bad...), io.Discard, io.Discard); code == 0 {
			t.Fatalf("render %v: no error", bad)
		}
	}
}
