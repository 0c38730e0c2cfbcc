package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// tiledFiles copies the tiled package's test maps and tilesets into a
// temporary folder and returns it.
func tiledFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"small.tmx", "small.tmj", "terrain.tsx", "terrain.tsj"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "tiled", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTiledCommands: bake, inspect, route and render take Tiled maps.
// route -from/-to answers one query whose path is legal on the map as
// drawn by hand (blocked cells from the tiled package's test) and as
// long as the exact search's; the .tmx and .tmj give the same answer;
// a bad -tiled is a usage error.
func TestTiledCommands(t *testing.T) {
	dir := tiledFiles(t)
	tmx, tmj := filepath.Join(dir, "small.tmx"), filepath.Join(dir, "small.tmj")
	g, err := grid.ParseASCII(`
		....#.......
		....#.......
		....#.......
		....#.......
		....#.......
		....#.......
		.##.......##
		............`, grid.Octile)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := grid.NewSearcher(g).FindPath(grid.Pt(0, 0), grid.Pt(11, 7), grid.Options{}, nil)
	if err != nil || exact.Status != grid.Found {
		t.Fatal(exact.Status, err)
	}
	for _, algo := range []string{"astar", "hpa-smooth"} {
		var lines []string
		for _, m := range []string{tmx, tmj} {
			out := runOK(t, "route", "-map", m, "-from", "0,0", "-to", "11,7", "-algo", algo)
			line, _, _ := strings.Cut(out, "\n")
			lines = append(lines, line)
			f := strings.Split(line, "\t")
			if len(f) != 3 || f[0] != "0" {
				t.Fatalf("route %s: %q", m, out)
			}
			var path []grid.Point
			for _, c := range strings.Fields(f[2]) {
				x, y, _ := strings.Cut(c, ",")
				px, _ := strconv.Atoi(x)
				py, _ := strconv.Atoi(y)
				path = append(path, grid.Pt(px, py))
			}
			if _, err := g.PathCost(path); err != nil || path[0] != grid.Pt(0, 0) || path[len(path)-1] != grid.Pt(11, 7) {
				t.Errorf("route %s -algo %s: %v: not a path from 0,0 to 11,7 on the map (%v)", m, algo, path, err)
			}
			if algo == "astar" && f[1] != strconv.FormatFloat(grid.Length(exact.Path), 'f', 8, 64) {
				t.Errorf("route %s: length %s, exact %.8f", m, f[1], grid.Length(exact.Path))
			}
		}
		if lines[0] != lines[1] {
			t.Errorf("-algo %s: .tmx %q, .tmj %q", algo, lines[0], lines[1])
		}
	}
	out := runOK(t, "bake", "-map", tmx, "-cluster", "4")
	if !strings.Contains(out, "small.nav") {
		t.Errorf("bake: %q", out)
	}
	if out := runOK(t, "inspect", filepath.Join(dir, "small.nav")); !strings.Contains(out, "islands      1 over 86 passable cells") {
		t.Errorf("inspect: %q", out)
	}
	// A bake made with other meanings is inspected with them.
	runOK(t, "bake", "-map", tmj, "-tiled", "layer=roads", "-o", filepath.Join(dir, "roads.nav"))
	if out := runOK(t, "inspect", "-map", tmj, "-tiled", "layer=roads", filepath.Join(dir, "roads.nav")); !strings.Contains(out, "passable cells") {
		t.Errorf("inspect -tiled: %q", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "x.map"), []byte("type octile\nheight 1\nwidth 1\nmap\n.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(dir, "small.png")
	runOK(t, "render", "-map", tmj, "-from", "0,0", "-to", "11,7", "-o", png)
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("render wrote no PNG: %v", err)
	}
	for _, args := range [][]string{
		{"route", "-map", tmx, "-tiled", "colour=red", "-from", "0,0", "-to", "1,1"},
		{"route", "-map", tmx, "-from", "0,0"},
		{"route", "-map", tmx, "-from", "0,0", "-to", "1,1", "-check"},
		{"bake", "-map", tmx, "-tiled", "layer"},
		{"route", "-map", dir, "-from", "0,0", "-to", "1,1"},
		{"bake", "-map", filepath.Join(dir, "x.map"), "-tiled", "layer=walls"},
	} {
		var o, e bytes.Buffer
		if code := run(args, &o, &e); code != 2 {
			t.Errorf("rtspath %s: exit %d, want 2 (usage)\n%s", strings.Join(args, " "), code, e.String())
		}
	}
}
