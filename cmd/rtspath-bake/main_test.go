package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// TestBake: the command bakes a map into a file preprocess.Load accepts
// for that map; bad usage exits 2, a missing or malformed map exits 1 and
// leaves no output file.
func TestBake(t *testing.T) {
	dir := t.TempDir()
	mapPath := filepath.Join("..", "..", "testdata", "consumer", "testdata", "arena.map")
	nav := filepath.Join(dir, "arena.nav")
	var o, e bytes.Buffer
	if code := run([]string{"-map", mapPath, "-o", nav, "-cluster", "16"}, &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	if !strings.Contains(o.String(), "baked") {
		t.Errorf("said %q", o.String())
	}
	data, err := os.ReadFile(nav)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := grid.ReadMap(f, grid.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := preprocess.Load(data, g, 0)
	if err != nil {
		t.Fatalf("the bake does not load: %v", err)
	}
	if st := b.Stats(); st.ClusterSize != 16 || st.Width != 96 || st.Height != 64 {
		t.Errorf("bake of %d×%d with clusters of %d, want 96×64 with 16", st.Width, st.Height, st.ClusterSize)
	}

	bad := filepath.Join(dir, "bad.map")
	if err := os.WriteFile(bad, []byte("type octile\nheight 2\nwidth 2\nmap\n..\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"-h"}, 0},
		{nil, 2},
		{[]string{"-map"}, 2},
		{[]string{"-map", mapPath, "extra"}, 2},
		{[]string{"-bogus"}, 2},
		{[]string{"-map", filepath.Join(dir, "missing.map"), "-o", filepath.Join(dir, "m.nav")}, 1},
		{[]string{"-map", bad, "-o", filepath.Join(dir, "bad.nav")}, 1},
		{[]string{"-map", mapPath, "-o", filepath.Join(dir, "c.nav"), "-cluster", "3"}, 2},
		{[]string{"-map", mapPath, "-o", filepath.Join(dir, "c.nav"), "-workers", "-1"}, 2},
		{[]string{"-map", mapPath, "-o", filepath.Join(dir, "no", "such", "dir.nav")}, 1},
	} {
		o.Reset()
		e.Reset()
		if code := run(c.args, &o, &e); code != c.code {
			t.Errorf("%q: exit %d, want %d (%s)", c.args, code, c.code, e.String())
		}
	}
	for _, f := range []string{"m.nav", "bad.nav", "c.nav"} {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Errorf("%s left behind after a failed bake: %v", f, err)
		}
	}
}
