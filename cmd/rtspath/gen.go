package main

import (
	"errors"
	"flag"
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
	width := fs.Int("width", 0, "map width (default: -size)")
	height := fs.Int("height", 0, "map height (default: -size)")
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
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *out == "":
		return needFlag("o", "the FILE.map to write")
	case !strings.HasSuffix(*out, ".map"):
		return badFlag("o", *out, "want a file name ending in .map")
	}
	if err := errors.Join(checkSide("size", *size), atLeast("queries", *queries, 0)); err != nil {
		return err
	}
	w, h := *size, *size
	sides := fmt.Sprintf("-size %d", *size)
	if set["width"] {
		if err := checkSide("width", *width); err != nil {
			return err
		}
		w = *width
	}
	if set["height"] {
		if err := checkSide("height", *height); err != nil {
			return err
		}
		h = *height
	}
	if set["width"] || set["height"] {
		sides = fmt.Sprintf("-width %d -height %d", w, h)
	}
	if w*h > grid.MaxCells {
		return &flagError{fmt.Sprintf("%s: %d cells, want at most %d", sides, w*h, grid.MaxCells)}
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
