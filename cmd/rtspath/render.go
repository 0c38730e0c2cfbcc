package main

import (
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

var layerNames = []struct {
	name string
	l    render.Layer
}{
	{"terrain", render.Terrain}, {"islands", render.Islands}, {"deadends", render.DeadEnds},
	{"clusters", render.Clusters}, {"waypoints", render.Waypoints}, {"edges", render.Edges},
	{"path", render.Path}, {"expanded", render.Expanded},
}

func runRender(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	mapPath := fs.String("map", "", "Moving AI `.map` file (required)")
	bakePath := fs.String("bake", "", "bake `FILE` to draw the tiers of (default: bake the map now)")
	from := fs.String("from", "", "path start `x,y`")
	to := fs.String("to", "", "path goal `x,y`")
	algo := fs.String("algo", "hpa-smooth", "path algorithm: astar, hpa, hpa-smooth, hpa-corners")
	layers := fs.String("layers", "terrain,islands,deadends,clusters,waypoints,path,expanded", "comma-separated `LAYERS`: all, or terrain, islands, deadends, clusters, waypoints, edges, path, expanded")
	side := fs.Int("size", 1024, "longest side of the image in `PIXELS`")
	out := fs.String("o", "", "output PNG `FILE` (required)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rtspath render -map M.map [-bake M.nav] [-from x,y -to x,y] [-algo hpa-smooth] [-layers ...] [-size 1024] -o out.png\n\nDraws the map with the layers asked for; with -from and -to, a path and\nthe cells the search expanded (astar: every cell of the fine search;\nthe hpa algorithms: none, their path only).\n\n")
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	var ls render.Layer
	for _, n := range strings.Split(*layers, ",") {
		found := n == "all"
		if found {
			ls = render.All
		}
		for _, ln := range layerNames {
			if ln.name == strings.TrimSpace(n) {
				ls, found = ls|ln.l, true
			}
		}
		if !found {
			fmt.Fprintf(stderr, "unknown layer %q\n", n)
			return errUsage
		}
	}
	if *mapPath == "" || *out == "" || (*from == "") != (*to == "") {
		fs.Usage()
		return errUsage
	}
	g, err := loadGrid(*mapPath)
	if err != nil {
		return err
	}
	t0 := time.Now()
	var b *preprocess.Bake
	if *bakePath != "" {
		data, err := os.ReadFile(*bakePath)
		if err != nil {
			return err
		}
		if b, err = preprocess.Load(data, g, 0); err != nil {
			return err
		}
	} else if b, err = preprocess.Build(g, preprocess.Config{}); err != nil {
		return err
	}
	sc := &render.Scene{Grid: g, Bake: b, Layers: ls}
	if *from != "" {
		a, err1 := parsePoint(*from)
		z, err2 := parsePoint(*to)
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		switch *algo {
		case "astar":
			res, err := grid.NewSearcher(g).FindPath(a, z, grid.Options{Visit: func(p grid.Point) { sc.Expanded = append(sc.Expanded, p) }}, nil)
			if err != nil {
				return err
			}
			sc.Path = res.Path
		case "hpa", "hpa-smooth", "hpa-corners":
			opt := hpa.Options{}
			if *algo == "hpa-smooth" {
				opt.Smooth = hpa.Cells
			} else if *algo == "hpa-corners" {
				opt.Smooth = hpa.Corners
			}
			res, err := hpa.NewPlanner(b, hpa.Config{}).NewQuery().Find(a, z, opt, nil)
			if err != nil {
				return err
			}
			sc.Path = res.Path
		default:
			return fmt.Errorf("render: unknown algorithm %q", *algo)
		}
		if len(sc.Path) == 0 {
			fmt.Fprintln(stderr, "no path")
		}
	}
	img := sc.Draw(*side)
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rendered %s (%d×%d map) → %s, %d×%d pixels, in %v\n", *mapPath, g.Width(), g.Height(), *out, img.Rect.Dx(), img.Rect.Dy(), time.Since(t0).Round(time.Millisecond))
	return nil
}

func parsePoint(s string) (grid.Point, error) {
	var p grid.Point
	if _, err := fmt.Sscanf(s, "%d,%d", &p.X, &p.Y); err != nil {
		return p, fmt.Errorf("render: point %q: want x,y", s)
	}
	return p, nil
}
