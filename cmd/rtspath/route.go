package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/bakecmd"
)

func runRoute(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("route", stderr)
	mapPath := fs.String("map", "", "Moving AI `.map` file, or a folder of them, or a Tiled .tmx/.tmj file with -from and -to (required)")
	tiledSpec := fs.String("tiled", "", bakecmd.TiledUsage)
	from := fs.String("from", "", "answer the one query from `x,y` to -to instead of a scenario file")
	to := fs.String("to", "", "the goal `x,y` of the one query -from asks")
	scenPath := fs.String("scen", "", "Moving AI `.map.scen` file (default: the map's name + .scen)")
	algo := fs.String("algo", "astar", "algorithm: "+bench.Names(bench.Algorithms(bench.Config{})))
	every := fs.Int("every", 1, "answer only lines i with i % `N` == 0")
	out := fs.String("o", "", "write the answers to `FILE` (default stdout)")
	cluster := fs.Int("cluster", 0, "cluster side for the hpa algorithms, 4..256 (0: 32)")
	middle := fs.Int("middle", 0, middleUsage)
	stats := fs.Bool("stats", false, "print per-bucket query time (mean, p50, p95, p99) and length over the optimum to stderr")
	width := fs.Int("bucket-width", 1, "with -stats, sum `N` consecutive scenario buckets per line (buckets 0..N-1, N..2N-1, ...)")
	check := fs.Bool("check", false, "compare each length with the scenario's optimum and print a summary to stderr; exit 1 on a mismatch")
	size := fs.Int("size", 1, "plan for a unit `K`×K cells; the paths list its top-left cells, and with K > 1 (or -class hover) -stats and -check compare with the exact search for the unit (the scenario's optimum is for one cell on ground)")
	class := fs.String("class", "", "plan for the movement class `NAME` of the Moving AI terrain: ground (answers as the benchmarks: water is blocked) or hover (crosses water); the map is read with its terrain types")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `usage: rtspath route -map M.map|DIR [-scen M.map.scen] [-algo astar] [-every N] [-o FILE]
       rtspath route -map M.map|M.tmx|M.tmj [-tiled SPEC] -from x,y -to x,y [-algo astar]

For each scenario line i (0-based) print "i<TAB>length<TAB>x0,y0 x1,y1 ..."
(the path's cells from start to goal, length = octile length with 8
decimals), "i<TAB>unreachable" when there is no path, or
"i<TAB>invalid<TAB>reason" when the line's start or goal is off the map or
blocked (or, with -size K, cannot hold the K×K unit). The last line is
"# algo=NAME queries=N query_ns=TOTAL prep_ns=P".

A scenario file made for a map of another size is refused; one that
names another map of the same size is answered, with a warning.

With -from and -to it answers that one query as line 0, on a Moving AI
or Tiled map, without a scenario file.

With a folder as -map, every .map in it runs with its .map.scen: each
answer line starts with the map's name and a tab, each map ends with its
"# NAME algo=..." line, and -stats and -check sum over all maps.

`)
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if *mapPath == "" {
		return needFlag("map", "the .map file or folder to answer")
	}
	if strings.Contains(*algo, ",") {
		return badFlag("algo", *algo, "want one algorithm")
	}
	unit, err := unitFlags(*size, *class)
	if err != nil {
		return err
	}
	algos, err := pickAlgos("algo", *algo, bench.Algorithms(bench.Config{ClusterSize: *cluster, MiddleFrom: *middle, Unit: unit}))
	if err == nil {
		err = errors.Join(atLeast("every", *every, 1), atLeast("bucket-width", *width, 1), checkCluster(*cluster), checkMiddle(*middle, *cluster))
	}

	if err != nil {
		return err
	}
	alg := algos[0]
	var one []grid.Point // -from and -to: the one query
	if *from != "" || *to != "" {
		if *from == "" || *to == "" || *scenPath != "" || *check || *stats {
			return badFlag("from", *from, "goes with -to, and without -scen, -check or -stats")
		}
		a, err := parsePoint("from", *from)
		if err != nil {
			return err
		}
		z, err := parsePoint("to", *to)
		if err != nil {
			return err
		}
		one = []grid.Point{a, z}
	}
	jobs, err := routeJobs(*mapPath, *scenPath)
	if err != nil {
		return err
	}
	if st, err := os.Stat(*mapPath); one != nil && err == nil && st.IsDir() {
		return badFlag("from", *from, "goes with one map, not with the folder "+*mapPath)
	}
	w, closeOut, err := output(*out, stdout)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var buckets bucketStats
	var (
		path             []grid.Point
		total            int
		matched, bad     int
		unreach, invalid int
	)
	answer := func(mapPath, scenPath, prefix string) error {
		g, err := readMap(mapPath, grid.MapOptions{Terrain: *class != ""}, *tiledSpec)
		if err != nil {
			return err
		}
		var scens []grid.Scenario
		if one != nil {
			scens = []grid.Scenario{{Map: filepath.Base(mapPath), Width: g.Width(), Height: g.Height(), Start: one[0], Goal: one[1]}}
		} else if scens, err = loadScen(scenPath); err != nil {
			return err
		}
		if err := scenForMap(scens, g, mapPath, scenPath, stderr); err != nil {
			return err
		}

		t0 := time.Now()
		r, _, err := alg.Prepare(g)
		if err != nil {
			return err
		}
		prep := time.Since(t0)

		var (
			queryNS time.Duration
			n       int
			exact   *grid.Searcher // the unit's optimum, for -stats and -check
			ref     []grid.Point
		)
		// Where the published optimum is not the unit's: its exact search.
		if (*size > 1 || unit.Class == 2) && (*stats || *check) {
			exact = grid.NewSearcher(g)
		}
		for i, sc := range scens {
			if i%*every != 0 {
				continue
			}
			n++
			if err := sc.Check(g); err != nil { // off the map or blocked
				invalid++
				fmt.Fprintf(bw, "%s%d\tinvalid\t%v\n", prefix, i, err)
				continue
			}
			if unit != (grid.Unit{}) && (!g.Fits(sc.Start, unit) || !g.Fits(sc.Goal, unit)) {
				invalid++
				fmt.Fprintf(bw, "%s%d\tinvalid\tthe unit (%d×%d, class %q) does not fit at its start or goal\n", prefix, i, unit.Size, unit.Size, *class)
				continue
			}
			t := time.Now()
			p, _, found, err := r.Find(sc.Start, sc.Goal, path)
			took := time.Since(t)
			queryNS += took
			path = p
			if exact != nil { // the unit's optimum stands for the scenario's
				res, err := exact.FindPath(sc.Start, sc.Goal, grid.Options{Size: unit.Size, Class: unit.Class}, ref)
				if err != nil {
					return err
				}
				ref = res.Path
				sc.Optimal = 0
				if res.Status == grid.Found {
					sc.Optimal = grid.Length(ref)
				}
			}
			if *stats && err == nil && found {
				over := 0.0 // within the printed precision counts as optimal
				if l := grid.Length(p); sc.Optimal > 0 && !sc.Matches(l) {
					over = l/sc.Optimal - 1
				}
				buckets.add(sc.Bucket/max(*width, 1)*max(*width, 1), float64(took.Nanoseconds())/1e3, over)
			}
			switch {
			case err != nil:
				invalid++
				fmt.Fprintf(bw, "%s%d\tinvalid\t%v\n", prefix, i, err)
			case !found:
				unreach++
				fmt.Fprintf(bw, "%s%d\tunreachable\n", prefix, i)
				if *check && !(sc.Optimal == 0 && sc.Start != sc.Goal) {
					bad++
					fmt.Fprintf(stderr, "line %d %v->%v: unreachable, published %v\n", i, sc.Start, sc.Goal, sc.Optimal)
				}
			default:
				l := grid.Length(p)
				bw.WriteString(prefix)
				bw.WriteString(strconv.Itoa(i))
				bw.WriteByte('\t')
				bw.WriteString(strconv.FormatFloat(l, 'f', 8, 64))
				bw.WriteByte('\t')
				for j, q := range p {
					if j > 0 {
						bw.WriteByte(' ')
					}
					bw.WriteString(strconv.Itoa(q.X))
					bw.WriteByte(',')
					bw.WriteString(strconv.Itoa(q.Y))
				}
				bw.WriteByte('\n')
				if *check && strings.HasPrefix(*algo, "hpa") {
					// Near-optimal: check validity, and never shorter.
					corners := *algo == "hpa-corners" // any-angle: may be shorter than the grid optimum
					if err := validUnitPath(g, p, corners, unit); err != nil || !corners && l < sc.Optimal-sc.Tolerance() {
						bad++
						fmt.Fprintf(stderr, "line %d %v->%v: length %.8f, published %v (path check: %v)\n", i, sc.Start, sc.Goal, l, sc.Optimal, err)
					} else {
						matched++
					}
				} else if *check {
					if err := validUnitPath(g, p, false, unit); err != nil || !sc.Matches(l) {
						bad++
						fmt.Fprintf(stderr, "line %d %v->%v: length %.8f, published %v (path check: %v)\n", i, sc.Start, sc.Goal, l, sc.Optimal, err)
					} else {
						matched++
					}
				}
			}
		}
		total += n
		fmt.Fprintf(bw, "# %salgo=%s queries=%d query_ns=%d prep_ns=%d\n", strings.TrimSuffix(prefix, "\t")+map[bool]string{true: " ", false: ""}[prefix != ""], *algo, n, queryNS.Nanoseconds(), prep.Nanoseconds())
		return nil
	}
	for _, j := range jobs {
		prefix := ""
		if len(jobs) > 1 {
			prefix = strings.TrimSuffix(filepath.Base(j[0]), ".map") + "\t"
		}
		if err := answer(j[0], j[1], prefix); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := closeOut(); err != nil {
		return err
	}
	if *stats {
		buckets.print(stderr)
	}
	if *check {
		what := "match the published optimum"
		if strings.HasPrefix(*algo, "hpa") {
			what = "are valid and no shorter than the published optimum"
			if *algo == "hpa-corners" {
				what = "are valid any-angle paths"
			}
		}
		if unit.Size > 1 || unit.Class == 2 {
			what = strings.ReplaceAll(what, "the published optimum", fmt.Sprintf("the exact search's optimum for the unit (%d×%d, class %q)", unit.Size, unit.Size, *class))
		}
		if unit != (grid.Unit{}) {
			what = strings.ReplaceAll(what, "any-angle paths", fmt.Sprintf("corner paths for the unit (%d×%d, class %q)", unit.Size, unit.Size, *class))
		}
		fmt.Fprintf(stderr, "# check: %d queries: %d %s, %d wrong, %d unreachable, %d invalid endpoints\n",
			total, matched, what, bad, unreach, invalid)
		if bad > 0 {
			return errors.New("paths differ from the published optima")
		}
	}
	return nil
}

// routeJobs returns the (map, scenario) pairs to run: the one given, or
// with a folder as -map every .map in it with its .map.scen.
func routeJobs(mapPath, scenPath string) ([][2]string, error) {
	st, err := os.Stat(mapPath)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if scenPath == "" {
			scenPath = mapPath + ".scen"
		}
		return [][2]string{{mapPath, scenPath}}, nil
	}
	if scenPath != "" {
		return nil, badFlag("scen", scenPath, "goes with one map, not with the folder "+mapPath)
	}
	maps, err := filepath.Glob(filepath.Join(mapPath, "*.map"))
	if err != nil || len(maps) == 0 {
		return nil, fmt.Errorf("route: no .map files in %s", mapPath)
	}
	var jobs [][2]string
	for _, m := range maps {
		jobs = append(jobs, [2]string{m, m + ".scen"})
	}
	return jobs, nil
}

// loadGrid reads a Moving AI .map or a Tiled map (the reader the bake
// command uses) with the defaults.
func loadGrid(path string) (*grid.Grid, error) { return readMap(path, grid.MapOptions{}, "") }

// readMap reads a Moving AI .map with opt, or a Tiled map with the
// meanings tiledSpec gives.
func readMap(path string, opt grid.MapOptions, tiledSpec string) (*grid.Grid, error) {
	g, err := bakecmd.ReadMapWith(path, opt, tiledSpec)
	var fe *bakecmd.FlagError
	if errors.As(err, &fe) {
		return nil, &flagError{fe.Msg}
	}
	return g, err
}

func loadScen(path string) ([]grid.Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc, err := grid.ReadScen(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sc, nil
}

// scenForMap checks that the scenarios were made for g: a line made for a
// map of another size is an error (the file is for another map, and its
// answers would be noise); a map name other than the file's (its last
// path element: the published files say maps/sc1/X.map for sc1/X.map) is
// a warning, once per name, since Moving AI names need not match files.
func scenForMap(scens []grid.Scenario, g *grid.Grid, mapPath, scenPath string, stderr io.Writer) error {
	file := filepath.Base(mapPath)
	var names []string
	count := map[string]int{}
	for i, sc := range scens {
		if sc.Width != g.Width() || sc.Height != g.Height() {
			return fmt.Errorf("%s: scenario %d is for a %d×%d map (%s), %s is %d×%d: wrong scenario file?",
				scenPath, i, sc.Width, sc.Height, sc.Map, mapPath, g.Width(), g.Height())
		}
		name := sc.Map[strings.LastIndexAny(sc.Map, `/\`)+1:]
		if name != file {
			if count[sc.Map] == 0 {
				names = append(names, sc.Map)
			}
			count[sc.Map]++
		}
	}
	for _, n := range names {
		fmt.Fprintf(stderr, "rtspath route: warning: %s: %d of %d scenarios name the map %q, not %s (same size: answered)\n",
			scenPath, count[n], len(scens), n, file)
	}
	return nil
}

// validPath checks a cell path step by step, or a corner path segment by
// segment (line of sight).
// validUnitPath is validPath for unit u: every step one the unit may
// take (grid.Grid.UnitMoves), or with corners every leg its step line.
func validUnitPath(g *grid.Grid, p []grid.Point, corners bool, u grid.Unit) error {
	if u == (grid.Unit{}) {
		return validPath(g, p, corners)
	}
	for i := 1; i < len(p); i++ {
		if corners {
			if _, ok := g.UnitLineCost(p[i-1], p[i], u, grid.Unreachable, nil); !ok {
				return fmt.Errorf("no step line for unit %+v from %v to %v", u, p[i-1], p[i])
			}
			continue
		}
		if d, ok := grid.DirOf(p[i-1], p[i]); !ok || g.UnitMoves(p[i-1], u)&(1<<d) == 0 {
			return fmt.Errorf("step %v→%v not legal for unit %+v", p[i-1], p[i], u)
		}
	}
	return nil
}

// unitFlags turns -size and -class into the unit they name (the classes
// of MapOptions.Terrain).
func unitFlags(size int, class string) (grid.Unit, error) {
	if size < 1 || size > grid.MaxClearance {
		return grid.Unit{}, badFlag("size", strconv.Itoa(size), fmt.Sprintf("want 1..%d", grid.MaxClearance))
	}
	u := grid.Unit{Size: size}
	if class != "" {
		i := slices.IndexFunc(grid.MovingAIClasses(), func(c grid.Class) bool { return c.Name == class })
		if i < 0 {
			return grid.Unit{}, badFlag("class", class, "want ground or hover")
		}
		u.Class = i + 1
	}
	if u == (grid.Unit{Size: 1}) {
		u = grid.Unit{}
	}
	return u, nil
}

func validPath(g *grid.Grid, p []grid.Point, corners bool) error {
	if !corners {
		_, err := g.PathCost(p)
		return err
	}
	for i := 1; i < len(p); i++ {
		if !g.LineOfSight(p[i-1], p[i]) {
			return fmt.Errorf("no line of sight from %v to %v", p[i-1], p[i])
		}
	}
	return nil
}

// bucketStats collects query times and lengths over the optimum per
// scenario bucket.
type bucketStats struct {
	us, over map[int][]float64
}

func (b *bucketStats) add(bucket int, us, over float64) {
	if b.us == nil {
		b.us, b.over = map[int][]float64{}, map[int][]float64{}
	}
	b.us[bucket] = append(b.us[bucket], us)
	b.over[bucket] = append(b.over[bucket], over)
}

// print writes one line per bucket (in bucket order) and one for all.
func (b *bucketStats) print(w io.Writer) {
	var keys []int
	for k := range b.us {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bucket	queries	mean µs	p50 µs	p95 µs	p99 µs	mean over	p99 over	worst over	\n")
	var allUS, allOver []float64
	line := func(name string, us, over []float64) {
		us, over = slices.Clone(us), slices.Clone(over)
		sort.Float64s(us)
		sort.Float64s(over)
		q := func(v []float64, p float64) float64 { return stat.Quantile(p, stat.Empirical, v, nil) }
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.3f%%\t%.3f%%\t%.3f%%\t\n", name, len(us), stat.Mean(us, nil),
			q(us, 0.5), q(us, 0.95), q(us, 0.99), 100*stat.Mean(over, nil), 100*q(over, 0.99), 100*over[len(over)-1])
	}
	for _, k := range keys {
		line(strconv.Itoa(k), b.us[k], b.over[k])
		allUS, allOver = append(allUS, b.us[k]...), append(allOver, b.over[k]...)
	}
	if len(allUS) > 0 {
		line("all", allUS, allOver)
	}
	tw.Flush()
}

// pickAlgos returns the algorithms of all named (comma-separated) in the
// value of flag name, or a usage error naming the first unknown one.
func pickAlgos(name, names string, all []bench.Algorithm) ([]bench.Algorithm, error) {
	for _, n := range strings.Split(names, ",") {
		known := false
		for _, a := range all {
			known = known || a.Name == strings.TrimSpace(n)
		}
		if !known {
			return nil, badFlag(name, n, "unknown algorithm (have "+bench.Names(all)+")")
		}
	}
	return bench.Select(all, names)
}
