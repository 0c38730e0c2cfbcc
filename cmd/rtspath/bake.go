package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/bakecmd"
	"github.com/rtspath/rtspath/preprocess"
)

// runBake is `rtspath bake`, the command cmd/rtspath-bake runs alone.
func runBake(args []string, stdout, stderr io.Writer) error {
	err := bakecmd.Run("rtspath bake", args, stdout, stderr)
	var fe *bakecmd.FlagError
	switch {
	case errors.As(err, &fe):
		return &flagError{fe.Msg}
	case errors.Is(err, bakecmd.ErrUsage):
		return errUsage
	}
	return err
}

func runInspect(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("inspect", stderr)
	mapPath := fs.String("map", "", "the `.map` (or Tiled .tmx/.tmj) the bake was made from (default: the bake's name with .map, .tmx or .tmj, the first that exists)")
	tiledSpec := fs.String("tiled", "", bakecmd.TiledUsage)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rtspath inspect [-map M.map|M.tmx|M.tmj] [-tiled SPEC] M.nav\n\nChecks a bake file and prints a summary; exits 1 with the reason if the\nfile is damaged, truncated, of another version or of another map.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	path := fs.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	info, err := preprocess.ReadInfo(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "file         %s: %d bytes, format version %d, map hash %016x\n", path, info.Bytes, info.Version, info.MapHash)
	fmt.Fprintf(stdout, "map          %d×%d, %v movement\n", info.Width, info.Height, info.Movement)
	fmt.Fprintf(stdout, "clusters     %d of %d×%d cells\n", info.Clusters, info.ClusterSize, info.ClusterSize)
	short := info.SinglePointBelow
	switch {
	case info.ClusterSize < preprocess.MinMiddleFrom:
		fmt.Fprintf(stdout, "entrances    one point on those under %d cells, two ends on longer ones; no middle points (clusters under %d cells)\n", short, preprocess.MinMiddleFrom)
	case info.MiddleFrom >= info.ClusterSize:
		fmt.Fprintf(stdout, "entrances    one point on those under %d cells, two ends on longer ones, a middle point on those along a whole cluster side\n", short)
	default:
		fmt.Fprintf(stdout, "entrances    one point on those under %d cells, two ends on longer ones, a middle point on those of %d cells or more (-middle) or along a whole cluster side\n", short, info.MiddleFrom)
	}
	mp := *mapPath
	if mp == "" {
		base := strings.TrimSuffix(path, ".nav")
		for _, ext := range []string{".map", ".tmx", ".tmj"} {
			if mp = base + ext; fileExists(mp) {
				break
			}
		}
		if !fileExists(mp) {
			mp = base + ".map"
			fmt.Fprintf(stdout, "(no map given and %s not found: islands, points and dead ends need the map; use -map)\n", mp)
			fmt.Fprintf(stdout, "file size    %.3f bytes per cell\n", float64(info.Bytes)/float64(info.Width*info.Height))
			return nil
		}
	}
	g, err := readMap(mp, grid.MapOptions{}, *tiledSpec)
	if err != nil {
		return err
	}
	b, err := preprocess.Load(data, g, 0)
	if err != nil {
		return fmt.Errorf("%s with %s: %w", path, mp, err)
	}
	st := b.Stats()
	cells := float64(st.Width * st.Height)
	fmt.Fprintf(stdout, "regions      %d\n", st.Regions)
	fmt.Fprintf(stdout, "waypoints    %d (%d placed), %d directed edges\n", st.Points, st.Placed, st.Edges)
	fmt.Fprintf(stdout, "islands      %d over %d passable cells\n", st.Islands, st.PassableCells)
	fmt.Fprintf(stdout, "dead ends    %d holding %d cells (%.1f%% of passable)\n", st.DeadEnds, st.DeadEndCells, 100*float64(st.DeadEndCells)/max(1, float64(st.PassableCells)))
	fmt.Fprintf(stdout, "memory       %.2f bytes per cell loaded (grid not counted), file %.3f bytes per cell\n", float64(st.Bytes)/cells, float64(info.Bytes)/cells)
	return nil
}

// fileExists reports whether path names a file that can be stat'ed.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
