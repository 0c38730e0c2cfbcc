// Package bakecmd is the bake command shared by `rtspath bake` and the
// small `rtspath-bake` a game runs from go generate: read a Moving AI
// or Tiled map, preprocess it, write the bake file preprocess.Load reads.
// It imports grid, tiled and preprocess only, so a module that runs it
// needs nothing the library packages do not.
package bakecmd

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/tiled"
)

// ErrUsage is returned after bad flags: either the usage has been
// printed, or the error is a *FlagError that names the flag.
var ErrUsage = errors.New("bakecmd: bad usage")

// FlagError is a bad or missing flag, said in one line that names it
// ("-cluster 3: want 4..256 cells, or 0 for 32"). It matches ErrUsage.
type FlagError struct{ Msg string }

func (e *FlagError) Error() string        { return e.Msg }
func (e *FlagError) Is(target error) bool { return target == ErrUsage }

// Run runs the bake command: name is how it was invoked (for the usage
// line), args its flags. It returns nil, flag.ErrHelp after -h, ErrUsage
// after bad flags, or the error of reading, baking or writing (the output
// file is then removed). It costs one preprocess.Build of the map: linear
// in its cells, spread over -workers goroutines.
func Run(name string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapPath := fs.String("map", "", "Moving AI `.map` or Tiled .tmx/.tmj file (required)")
	tiledSpec := fs.String("tiled", "", TiledUsage)
	out := fs.String("o", "", "output `FILE` (default: the map's name with .nav)")
	cs := fs.Int("cluster", 0, "cluster side in cells, 4..256 (0: 32)")
	middle := fs.Int("middle", 0, "a transition point in the middle of every entrance at least `N` cells long too (preprocess.Config.MiddleFrom: 0 for 24, or 12 up to the cluster side, which leaves them to entrances along a whole side)")
	workers := fs.Int("workers", 0, "goroutines (0: all cores)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s -map M.map|M.tmx|M.tmj [-tiled SPEC] [-o M.nav] [-cluster 32] [-middle 0] [-workers 0]\n\nPreprocesses a map (islands, dead ends, clusters, waypoint graph) and\nwrites the bake file a game loads with preprocess.Load.\n\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return ErrUsage
	}
	switch {
	case fs.NArg() > 0:
		return &FlagError{fmt.Sprintf("unexpected arguments %q", fs.Args())}
	case *mapPath == "":
		return &FlagError{"-map: required: the .map, .tmx or .tmj file to bake"}
	case *cs != 0 && (*cs < 4 || *cs > 256):
		return &FlagError{fmt.Sprintf("-cluster %d: want 4..256 cells, or 0 for 32", *cs)}
	case !preprocess.MiddleFromFits(*middle, cmp.Or(*cs, preprocess.DefaultClusterSize)):
		return &FlagError{fmt.Sprintf("-middle %d: want 0, the cluster side, or %d up to it (clusters of %d)", *middle, preprocess.MinMiddleFrom, cmp.Or(*cs, preprocess.DefaultClusterSize))}
	case *workers < 0:
		return &FlagError{fmt.Sprintf("-workers %d: want 0 or more", *workers)}
	}
	if *out == "" {
		*out = strings.TrimSuffix(*mapPath, filepath.Ext(*mapPath)) + ".nav"
	}
	g, err := ReadMapWith(*mapPath, grid.MapOptions{}, *tiledSpec)
	if err != nil {
		return err
	}
	t0 := time.Now()
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: *cs, MiddleFrom: *middle, Workers: *workers})
	if err != nil {
		return err
	}
	took := time.Since(t0)
	if err := writeBake(*out, b); err != nil {
		return err
	}
	st := b.Stats()
	fmt.Fprintf(stdout, "baked %s → %s in %v (%.1f ms per million cells): %d points, %d islands\n",
		*mapPath, *out, took.Round(time.Microsecond), float64(took.Microseconds())/1e3/(float64(st.Width*st.Height)/1e6), st.Points, st.Islands)
	return nil
}

// TiledUsage is the help of the -tiled flag of the commands that read
// maps.
const TiledUsage = "for a Tiled map, what blocks and weighs: `SPEC` as key=value pairs, comma-separated, of layer (a collision layer; may repeat), blocked, walkable, weight, terrain (the tile properties); empty: layer=collision,blocked=blocked,walkable=walkable,weight=weight,terrain=terrain"

// ReadMap reads the map at path (see ReadMapWith) with the defaults.
func ReadMap(path string) (*grid.Grid, error) { return ReadMapWith(path, grid.MapOptions{}, "") }

// ReadMapWith reads the map at path: a Tiled map (.tmx or .tmj, with the
// tilesets it names) under opt.Movement and the meanings tiledSpec gives
// (tiled.ParseOptions), else a Moving AI .map with opt. Its errors name
// the file.
func ReadMapWith(path string, opt grid.MapOptions, tiledSpec string) (*grid.Grid, error) {
	to, err := tiled.ParseOptions(tiledSpec)
	if err != nil {
		return nil, &FlagError{fmt.Sprintf("-tiled %q: %v", tiledSpec, err)}
	}
	if tiled.IsMap(path) {
		return tiled.LoadFile(path, opt.Movement, to)
	}
	if tiledSpec != "" {
		return nil, &FlagError{fmt.Sprintf("-tiled %q: goes with a Tiled map (.tmx or .tmj), not %s", tiledSpec, path)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := grid.ReadMap(f, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// writeBake writes the bake to path; on failure it removes what it wrote,
// so a game's go:embed never picks up half a file.
func writeBake(path string, b *preprocess.Bake) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = b.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
