package main

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/bench"
)

// TestPlots: from the JSON a bench run and a scaling run write, the
// command draws time.png, over.png, prep.png and scale.png, each a
// decodable PNG at least 300 pixels wide; a folder with no report, a
// damaged report and bad usage fail.
func TestPlots(t *testing.T) {
	dir := t.TempDir()
	algos, err := bench.Select(bench.Algorithms(bench.Config{}), "astar,hpa-smooth")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := bench.Run(context.Background(), bench.Generated([]int{64, 96}, 20, 1), algos, bench.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := bench.Scale(context.Background(), []int{64, 96}, bench.ScaleOptions{Queries: 10, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	writeJSON(t, filepath.Join(dir, "report.json"), rep.WriteJSON)
	writeJSON(t, filepath.Join(dir, "scale.json"), func(w io.Writer) error { return bench.WriteScaleJSON(w, rows) })

	out := filepath.Join(dir, "png")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	if code := run([]string{"-o", out, dir}, &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	var names []string
	for _, f := range []string{"time.png", "over.png", "prep.png", "scale.png"} {
		fh, err := os.Open(filepath.Join(out, f))
		if err != nil {
			t.Error(err)
			continue
		}
		cfg, err := png.DecodeConfig(fh)
		fh.Close()
		if err != nil || cfg.Width < 300 {
			t.Errorf("%s: %v, %d pixels wide", f, err, cfg.Width)
		}
		names = append(names, f)
	}
	ents, _ := os.ReadDir(out)
	var got []string
	for _, en := range ents {
		got = append(got, en.Name())
	}
	slices.Sort(names)
	if !slices.Equal(got, names) {
		t.Errorf("wrote %v, want %v", got, names)
	}

	if _, err := drawDir(t.TempDir(), ""); err == nil {
		t.Error("a folder with no report drew plots")
	}
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "report.json"), []byte(`{"Queries": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
	}{{[]string{broken}, 1}, {[]string{t.TempDir()}, 1}, {nil, 2}, {[]string{"a", "b"}, 2}, {[]string{"-x", dir}, 2}, {[]string{"-h"}, 0}} {
		if code := run(c.args, &o, &e); code != c.code {
			t.Errorf("%q: exit %d, want %d", c.args, code, c.code)
		}
	}
}

func writeJSON(t *testing.T, path string, write func(io.Writer) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
