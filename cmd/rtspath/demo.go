package main

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("demo", stderr)
	size := fs.Int("size", 1024, "map width and height in cells")
	seed := fs.Uint64("seed", 1, "random seed for the map and the queries")
	n := fs.Int("queries", 2000, "queries to answer")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rtspath demo [-size 1024] [-seed 1] [-queries 2000]\n\nGenerates a map, bakes it, answers random queries with exact A* and with\nthe hierarchical planner, and prints time per query, speed-up and path\nlength over the optimum.\n\n")
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkSide("size", *size); err != nil {
		return err
	}
	if *size**size > grid.MaxCells {
		return badFlag("size", *size, fmt.Sprintf("%d cells, want at most %d", *size**size, grid.MaxCells))
	}
	if err := atLeast("queries", *n, 1); err != nil {
		return err
	}
	t0 := time.Now()
	g, err := mapgen.NewGrid(mapgen.Config{Width: *size, Height: *size, Seed: *seed}, grid.MapOptions{})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "map      %d×%d generated in %v\n", *size, *size, time.Since(t0).Round(time.Millisecond))
	t0 = time.Now()
	b, err := preprocess.Build(g, preprocess.Config{})
	if err != nil {
		return err
	}
	st := b.Stats()
	fmt.Fprintf(stdout, "bake     %v: %d clusters, %d waypoints, %d islands, %.1f bytes per cell\n",
		time.Since(t0).Round(time.Millisecond), st.Clusters, st.Points, st.Islands, float64(st.Bytes)/float64(st.Width*st.Height))

	// Queries between random cells of one island, solved exactly first.
	type query struct {
		a, z grid.Point
		opt  float64
	}
	var qs []query
	s := grid.NewSearcher(g)
	var buf []grid.Point
	r := mapgen.NewRand(*seed ^ 0xde30)
	var astar time.Duration
	for tries := 0; len(qs) < *n && tries < 50**n; tries++ {
		a, z := g.PointAt(r.Intn(*size**size)), g.PointAt(r.Intn(*size**size))
		if !g.Passable(a) || !g.Passable(z) || a == z || !b.SameIsland(a, z) {
			continue
		}
		t := time.Now()
		res, _ := s.FindPath(a, z, grid.Options{}, buf)
		astar += time.Since(t)
		buf = res.Path
		qs = append(qs, query{a, z, grid.Length(res.Path)})
	}
	if len(qs) == 0 {
		return fmt.Errorf("no connected pairs found")
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\nalgorithm\tµs/query\tspeed-up\tmean over optimum\tp99\tworst\t\n")
	aq := float64(astar.Microseconds()) / float64(len(qs))
	fmt.Fprintf(tw, "astar\t%.1f\t1.0×\t0%%\t0%%\t0%%\t\n", aq)
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	for _, c := range []struct {
		name string
		opt  hpa.Options
	}{{"hpa", hpa.Options{}}, {"hpa-smooth", hpa.Options{Smooth: hpa.Cells}}} {
		over := make([]float64, 0, len(qs))
		var took time.Duration
		for _, x := range qs {
			t := time.Now()
			res, err := q.Find(x.a, x.z, c.opt, buf)
			took += time.Since(t)
			if err != nil || res.Status != hpa.Found {
				return fmt.Errorf("%s %v→%v: %v %v", c.name, x.a, x.z, res.Status, err)
			}
			buf = res.Path
			if x.opt > 0 {
				over = append(over, grid.Length(res.Path)/x.opt-1)
			}
		}
		slices.Sort(over)
		mean := 0.0
		for _, v := range over {
			mean += v
		}
		mean /= float64(len(over))
		hq := float64(took.Microseconds()) / float64(len(qs))
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f×\t%.2f%%\t%.2f%%\t%.2f%%\t\n", c.name, hq, aq/hq, 100*mean,
			100*over[min(len(over)-1, len(over)*99/100)], 100*over[len(over)-1])
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\n%d queries between random cells of one island; times on one core.\n", len(qs))
	return nil
}
