package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
)

func runGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gen", stderr)
	size := fs.Int("size", 512, "map width and height in cells")
	width := fs.Int("width", 0, "map width (overrides -size)")
	height := fs.Int("height", 0, "map height (overrides -size)")
	seed := fs.Uint64("seed", 1, "random seed: the same seed gives the same map")
	queries := fs.Int("queries", 1000, "scenario lines to write (0: none)")
	out := fs.String("o", "", "output `FILE.map` (required); the scenarios go to FILE.map.scen")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `usage: rtspath gen [-size 512] [-seed 1] [-queries 1000] -o FILE.map

Generates an RTS-like map (open ground, rock and forest, cliff walls with
chokepoints, rivers with bridges, lakes with unreachable islands, dead-end
pockets, swamp) and a Moving AI scenario file whose optimal lengths come
from rtspath's exact A*.

`)
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" || !strings.HasSuffix(*out, ".map") || *queries < 0 {
		fs.Usage()
		return errUsage
	}
	w, h := *size, *size
	if *width > 0 {
		w = *width
	}
	if *height > 0 {
		h = *height
	}
	t0 := time.Now()
	m, err := mapgen.Generate(mapgen.Config{Width: w, Height: h, Seed: *seed})
	if err != nil {
		return err
	}
	if dir := filepath.Dir(*out); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	if err := writeFile(*out, func(f io.Writer) error { _, err := m.WriteTo(f); return err }); err != nil {
		return err
	}
	msg := fmt.Sprintf("wrote %s (%d×%d)", *out, w, h)
	if *queries > 0 {
		sc, err := mapgen.Scenarios(m, filepath.Base(*out), *queries, *seed)
		if err != nil {
			return err
		}
		if err := writeFile(*out+".scen", func(f io.Writer) error { return grid.WriteScen(f, sc) }); err != nil {
			return err
		}
		msg += fmt.Sprintf(" and %s (%d queries)", *out+".scen", len(sc))
	}
	fmt.Fprintf(stdout, "%s in %v\n", msg, time.Since(t0).Round(time.Millisecond))
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
