package main

import (
	"fmt"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/bakecmd"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/render"
)

var layerNames = []struct {
	name string
	l    render.Layer
}{
	{"terrain", render.Terrain}, {"islands", render.Islands}, {"deadends", render.DeadEnds},
	{"clusters", render.Clusters}, {"waypoints", render.Waypoints}, {"edges", render.Edges},
	{"path", render.Path}, {"expanded", render.Expanded}, {"influence", render.Influence}, {"fit", render.Fit},
	{"fog", render.Fog}, {"other", render.Other}, {"flow", render.Flow},
}

func runRender(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	mapPath := fs.String("map", "", "Moving AI `.map` or Tiled .tmx/.tmj file (required)")
	tiledSpec := fs.String("tiled", "", bakecmd.TiledUsage)
	bakePath := fs.String("bake", "", "bake `FILE` to draw the tiers of (default: bake the map now)")
	from := fs.String("from", "", "path start `x,y`")
	to := fs.String("to", "", "path goal `x,y`")
	algo := fs.String("algo", "hpa-smooth", "path algorithm: astar, hpa, hpa-smooth, hpa-corners")
	layers := fs.String("layers", "terrain,islands,deadends,clusters,waypoints,path,expanded,influence", "comma-separated `LAYERS`: all, or terrain, islands, deadends, clusters, waypoints, edges, path, expanded, influence, fit (cells too tight for the -unit)")
	var hot []hotSpot
	fs.Func("hot", "add a hot spot `x,y,r,steps` to the influence map: steps plain straight steps of cost at x,y, fading out r cells away (repeat the flag for more); hpa paths avoid it", func(v string) error {
		var h hotSpot
		if _, err := fmt.Sscanf(v, "%d,%d,%d,%d", &h.at.X, &h.at.Y, &h.r, &h.steps); err != nil {
			return fmt.Errorf("want x,y,r,steps")
		}
		hot = append(hot, h)
		return nil
	})
	side := fs.Int("size", 1024, "longest side of the image in `PIXELS`")
	view := fs.String("view", "", "draw only the cells of `x0,y0,x1,y1` (half-open; default: the whole map)")
	out := fs.String("o", "", "output PNG `FILE` (required)")
	unitSize := fs.Int("unit", 1, "draw for a unit `K`×K cells: its path, its layer's waypoints and edges, and (layer fit) the cells where it cannot stand")
	class := fs.String("class", "", "draw for the movement class `NAME` (ground or hover, on the map's Moving AI terrain) as -unit does")
	fogR := fs.Int("fog", 0, "plan for a player who has seen only the cells within `R` of the start and believes the rest open ground (fog of war): the path is the player's; layer fog veils what it has not seen, layer other draws the true shortest path (exact A*)")
	fieldN := fs.Int("field", 0, "draw the flow field to -to (layer flow: a hue per direction) and the walks along it of `N` units on random cells of the goal's island (-from not needed)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rtspath render -map M.map [-bake M.nav] [-from x,y -to x,y] [-algo hpa-smooth] [-hot x,y,r,steps ...] [-fog R] [-field N -to x,y] [-layers ...] [-view x0,y0,x1,y1] [-size 1024] -o out.png\n\nDraws the map with the layers asked for; with -from and -to, a path and\nthe cells the search expanded (astar: every cell of the fine search;\nthe hpa algorithms: none, their path only). Hot spots make an influence\nmap that the hpa algorithms' paths pay for. With -field, a flow field\nto -to and units walking it.\n\n")
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
			return badFlag("layers", n, "unknown layer (want all, or terrain, islands, deadends, clusters, waypoints, edges, path, expanded, influence, fit, fog, other, flow)")
		}
	}
	switch {
	case *mapPath == "":
		return needFlag("map", "the .map file to draw")
	case *out == "":
		return needFlag("o", "the PNG file to write")
	case *from != "" && *to == "":
		return needFlag("to", "the path's goal, with -from")
	case *to != "" && *from == "" && *fieldN == 0:
		return needFlag("from", "the path's start, with -to")
	case *fieldN < 0 || *fieldN > 100_000:
		return badFlag("field", *fieldN, "want 0..100000 units")
	case *fieldN > 0 && *to == "":
		return needFlag("to", "the field's goal, with -field")
	case *fieldN > 0 && (*fogR > 0 || len(hot) > 0):
		return fmt.Errorf("render: -field draws a field on the map itself: not with -fog or -hot")
	case *side < 1 || *side > render.MaxSide:
		return badFlag("size", *side, fmt.Sprintf("want 1..%d pixels", render.MaxSide))
	case *unitSize < 1 || *unitSize > grid.MaxClearance:
		return badFlag("unit", *unitSize, fmt.Sprintf("want 1..%d cells", grid.MaxClearance))
	case *fogR < 0 || *fogR > hpa.MaxRevealRadius:
		return badFlag("fog", *fogR, fmt.Sprintf("want 0..%d cells", hpa.MaxRevealRadius))
	case *fogR > 0 && *from == "":
		return needFlag("from", "the player's start, with -fog")
	case *fogR > 0 && (len(hot) > 0 || *unitSize != 1 || *class != "" || *bakePath != ""):
		return fmt.Errorf("render: -fog plans for one cell on the player's own view: not with -hot, -unit, -class or -bake")
	}
	unit, err := unitFlags(*unitSize, *class)
	if err != nil {
		return err
	}
	switch *algo {
	case "astar", "hpa", "hpa-smooth", "hpa-corners":
	default:
		return badFlag("algo", *algo, "want astar, hpa, hpa-smooth or hpa-corners")
	}
	var a, z grid.Point
	if *from != "" {
		var err error
		if a, err = parsePoint("from", *from); err != nil {
			return err
		}
	}
	if *to != "" {
		var err error
		if z, err = parsePoint("to", *to); err != nil {
			return err
		}
	}
	g, err := readMap(*mapPath, grid.MapOptions{Terrain: *class != ""}, *tiledSpec)
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
	} else {
		cfg := preprocess.Config{}
		if unit != (grid.Unit{}) {
			cfg.Units = []grid.Unit{unit}
		}
		if b, err = preprocess.Build(g, cfg); err != nil {
			return err
		}
	}
	sc := &render.Scene{Grid: g, Bake: b, Layers: ls, Unit: unit}
	if *view != "" {
		r := &sc.View
		if _, err := fmt.Sscanf(*view, "%d,%d,%d,%d", &r.Min.X, &r.Min.Y, &r.Max.X, &r.Max.Y); err != nil || r.Intersect(g.Bounds()).Empty() {
			return badFlag("view", *view, fmt.Sprintf("want x0,y0,x1,y1 overlapping the %d×%d map", g.Width(), g.Height()))
		}
	}
	var planner *hpa.Planner
	searchOn := g // the grid the astar algorithm searches
	if *fogR > 0 {
		k, err := hpa.NewKnowledge(g, hpa.KnowledgeConfig{})
		if err != nil {
			return err
		}
		if _, err := k.RevealCircle(g, a, *fogR); err != nil {
			return err
		}
		sc.Knowledge, planner, searchOn = k, k.Planner(), k.View()
		best, err := grid.NewSearcher(g).FindPath(a, z, grid.Options{}, nil)
		if err != nil {
			return err
		}
		sc.Other = best.Path
		fmt.Fprintf(stdout, "fog: the player has seen %d cells; the true shortest path: %v, cost %.1f\n", k.SeenCells(), best.Status, float64(best.Cost)/float64(grid.Straight))
	} else if len(hot) > 0 || *from != "" && *algo != "astar" || *fieldN > 0 {
		planner = hpa.NewPlanner(b, hpa.Config{})
	}
	if *fieldN > 0 {
		if err := drawField(sc, planner, z, *fieldN, stdout); err != nil {
			return err
		}
	}
	var pen hpa.Penalty
	if len(hot) > 0 {
		sc.Penalties = planner.NewPenalties(hpa.PenaltyConfig{})
		for _, h := range hot {
			// Past 2^40 steps every cell of the disc saturates anyway;
			// cut there, the product cannot wrap.
			steps := min(max(grid.Cost(h.steps), -1<<40), 1<<40)
			if err := sc.Penalties.AddInfluence(h.at, h.r, steps*grid.Straight); err != nil {
				return err
			}
		}
		pen = sc.Penalties.For(hpa.NoUnit)
	}
	if *from != "" {
		switch *algo {
		case "astar":
			res, err := grid.NewSearcher(searchOn).FindPath(a, z, grid.Options{Size: unit.Size, Class: unit.Class, Visit: func(p grid.Point) { sc.Expanded = append(sc.Expanded, p) }}, nil)
			if err != nil {
				return err
			}
			sc.Path = res.Path
			fmt.Fprintf(stdout, "astar: %v, %d cells expanded\n", res.Status, res.Expanded)
		case "hpa", "hpa-smooth", "hpa-corners":
			opt := hpa.Options{Penalty: pen}
			opt.Size, opt.Class = unit.Size, unit.Class
			if *algo == "hpa-smooth" {
				opt.Smooth = hpa.Cells
			} else if *algo == "hpa-corners" {
				opt.Smooth = hpa.Corners
			}
			res, err := planner.NewQuery().Find(a, z, opt, nil)
			if err != nil {
				return err
			}
			sc.Path = res.Path
			fmt.Fprintf(stdout, "%s: %v, %d cells and waypoints expanded (%d waypoints)\n", *algo, res.Status, res.Expanded, res.Waypoints)
			if *fogR > 0 && len(res.Path) > 0 {
				if c, err := g.PathCost(res.Path); err != nil {
					fmt.Fprintf(stdout, "fog: the player's path, cost %.1f on its view, crosses walls it has not seen\n", float64(res.Cost)/float64(grid.Straight))
				} else {
					fmt.Fprintf(stdout, "fog: the player's path, cost %.1f, is open on the true map\n", float64(c)/float64(grid.Straight))
				}
			}
		default:
			return fmt.Errorf("render: unknown algorithm %q", *algo)
		}
		if len(sc.Path) == 0 {
			fmt.Fprintln(stderr, "no path")
		}
	}
	img, err := sc.Draw(*side)
	if err != nil {
		return err
	}
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

// drawField puts in sc the field to goal and n units on random cells it
// leads from (seeded: the same every run), and prints how far their walks
// along it are from their shortest paths.
func drawField(sc *render.Scene, p *hpa.Planner, goal grid.Point, n int, stdout io.Writer) error {
	g, u := sc.Grid, sc.Unit
	f, err := p.NewField(goal, hpa.Options{Size: u.Size, Class: u.Class})
	if err != nil {
		return err
	}
	var cells []grid.Point // the cells the field leads from (all built)
	for i := range g.Width() * g.Height() {
		if c := g.PointAt(i); f.Cost(c) != grid.Unreachable {
			cells = append(cells, c)
		}
	}
	r := rand.New(rand.NewPCG(1, uint64(n)))
	for range n {
		sc.Units = append(sc.Units, cells[r.IntN(len(cells))])
	}
	f.Ready(sc.Units)
	least := make([]grid.Cost, n)
	if _, err := grid.NewSearcher(g).FindAll(goal, sc.Units, grid.Options{Size: u.Size, Class: u.Class}, least); err != nil {
		return err
	}
	var walk []grid.Point
	var over float64
	for i, at := range sc.Units {
		var ok bool
		if walk, ok = f.Path(at, walk); !ok {
			return fmt.Errorf("render: the field leads nowhere from %v", at)
		}
		c, err := g.UnitPathCost(walk, u)
		if err != nil {
			return err
		}
		over += float64(c-least[i]) / float64(max(least[i], 1))
	}
	sc.Field = f
	fmt.Fprintf(stdout, "field: %d units walk to %v at %.3f%% over their shortest paths on average; %d clusters built\n", n, goal, 100*over/float64(n), f.Built())
	return nil
}

type hotSpot struct {
	at       grid.Point
	r, steps int
}

// parsePoint reads the x,y value of flag name.
func parsePoint(name, s string) (grid.Point, error) {
	var p grid.Point
	var rest string
	if n, _ := fmt.Sscanf(s+" end", "%d,%d %s", &p.X, &p.Y, &rest); n != 3 || rest != "end" {
		return p, badFlag(name, s, "want x,y")
	}
	return p, nil
}
