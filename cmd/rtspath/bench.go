package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench", stderr)
	maps := fs.String("maps", "", "Moving AI `PATH`: a .map (with its .map.scen), or a folder searched recursively (default: generated maps)")
	algos := fs.String("algos", "", "comma-separated `ALGORITHMS` (default: all: astar, dijkstra, hpa, hpa-smooth, hpa-corners)")
	every := fs.Int("every", 1, "run only scenario lines i with i % `N` == 0")
	width := fs.Int("bucket-width", 10, "report `N` consecutive scenario buckets as one")
	cluster := fs.Int("cluster", 0, "cluster side for the hpa algorithms (0: 32)")
	middle := fs.Int("middle", 0, middleUsage)
	unitSize := fs.Int("unit", 1, "plan for a unit `K`×K cells (lines whose ends cannot hold it are skipped; the length over the optimum is over the unit's exact search)")
	class := fs.String("class", "", "plan for the movement class `NAME` of the maps' Moving AI terrain (ground or hover; with -maps)")
	out := fs.String("out", "bench-out", "folder for report.csv, report.json and scale.json (\"\": none); bench/plots draws them")
	sizes := fs.String("sizes", "256,512,1024", "`SIZES` of the generated maps (cells a side)")
	queries := fs.Int("queries", 300, "queries per generated map, or per size with -scale")
	seed := fs.Uint64("seed", 1, "seed of the generated maps and queries")
	scale := fs.String("scale", "", "measure scaling instead: generated maps of these `SIZES` (e.g. 512,1024,2048,4096,8192)")
	astarUpTo := fs.Int("astar-up-to", 2048, "with -scale, solve queries with A* too up to this `SIZE`")
	tiers := fs.Int("tiers", 0, "with -scale, the planner's `TIERS` above the grid (2 to 6; 0: its choice by the map's size)")
	groups := fs.Int("group-clusters", 0, "with -scale, the `SIDE` in clusters (or groups) of a group of the third tier and up (2 to 64; 0: 4 on four tiers and more, 8 on three)")
	landmarks := fs.Int("landmarks", 0, "with -scale, the planner's `N` landmarks (0: its default by the tiers; negative: none)")
	quiet := fs.Bool("quiet", false, "no progress line")
	liveMode := fs.Bool("live", false, "replay a scripted match on a live map instead: buildings every tick, units re-pathing (-live-size, -units, -live-ticks, -seed)")
	liveSize := fs.Int("live-size", 1024, "with -live, the generated map's `SIDE`")
	units := fs.Int("units", 0, "with -live, `N` units re-pathing, each every 10 ticks (default 1000); with -ticks, N units (default 10000)")
	liveTicks := fs.Int("live-ticks", 200, "with -live, `N` ticks of the match")
	ticksMode := fs.Bool("ticks", false, "replay units served by a path service a budget per tick instead (-size, -units, -seconds, -budget, -seed)")
	size := fs.Int("size", 4096, "with -ticks, the generated map's `SIDE`")
	seconds := fs.Int("seconds", 60, "with -ticks, game `SECONDS` replayed (20 ticks a second)")
	budget := fs.Int("budget", bench.DefaultTicksBudget, "with -ticks, the `EXPANSIONS` each tick may spend (negative: no bound)")
	noGroups := fs.Bool("no-groups", false, "with -ticks, the service answers requests that share a goal one by one")
	cpuProfile := fs.String("cpuprofile", "", "with -ticks, write a CPU profile of the replay (not of the bake) to `FILE`")
	groupMode := fs.Bool("group", false, "measure flow fields instead: -units units ordered to one goal, -goals times, on the map -map")
	groupMap := fs.String("map", "", "with -group, the Moving AI `FILE` (.map)")
	goals := fs.Int("goals", 10, "with -group, `N` orders (goals)")
	loadName := fs.String("load", "none", "`LOAD` on every map: none, light or heavy (hot spots and claiming units), influence (heavy's hot spots alone), terrain (weights 1-5); -seed draws it")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `usage: rtspath bench [-maps PATH] [-algos astar,hpa-smooth] [-every N] [-bucket-width N] [-out DIR]
       rtspath bench -scale 512,1024,2048,4096,8192 [-queries 300] [-tiers N] [-group-clusters N] [-landmarks N] [-out DIR]
       rtspath bench -live [-live-size 1024] [-units 1000] [-live-ticks 200] [-seed 1] [-out DIR]
       rtspath bench -ticks [-size 4096] [-units 10000] [-seconds 60] [-budget N] [-seed 1] [-out DIR]
       rtspath bench -group -map M.map [-units 1000] [-goals 10] [-seed 1]

Runs scenario sets through the algorithms and prints, per algorithm, per
map and per scenario bucket: query time (mean, p50, p95, p99), nodes
expanded, length over the published optimum, preparation time and memory
per cell; writes report.csv and report.json to -out (PNG plots: cd
bench/plots && go run . DIR, a module of its own). Every
path is checked. With no -maps it runs generated maps (-sizes, -queries).
With -scale it measures how the bake and queries grow with the map.
Ctrl-C stops the run and prints what finished.
With -load (default algorithms astar, hpa, hpa-smooth) the length over
the optimum becomes the path's cost over exact A* under the same load.
With -live it replays a match on a live map (hpa.Live): one or two
buildings placed or removed and published every tick while the units
re-path (one by one, then with FindAll on 1 and on 2 workers: the same
answers), then 100 buildings in one publish, and the units' final paths
on the edited map against a fresh bake of the final map; it prints
publish cost, query p50/p99, paths per second and, last, one line:
# live publish_us=… batch100_us=… query_p50_us=… query_p99_us=… fresh_query_p50_us=… speedup_2cores=…
With -ticks it replays a match against a path service (hpa.Service) on a
generated live map: units in squads of 20, each re-pathing every 10 s
from where it stands (units u with u %% 200 = tick %% 200), a squad order
to one shared goal every tick (squads s with s %% 200 = (tick+100) %% 200),
a burst of 500 units ordered across the map every 15 s (priority 1), a
building placed or removed and published every second; units walk their
first steps, then their final paths, at 4 cells a second; each tick one
Service.Tick with -budget expansions (timed). Every final path is checked
legal, every 50th equal to a one-shot query's (the same status for requests
the service may have grouped); a wrong answer makes the command fail after
its table. It prints the requests,
tick and publish times, the ticks from request to first steps and to full
path (p50/p99; requests never answered count as -seconds*20+1 ticks) and,
last, one line:
# ticks units=… tick_p50_us=… tick_p99_us=… tick_max_us=… first_p99_ticks=… full_p99_ticks=… unanswered=…
With -group it measures flow fields (hpa.Field) on the map -map: -goals
orders, each of -units units on random cells of the map's largest island
sent to a random goal there: the field's time to the first unit's first
step and to walk every unit to the goal (clusters built as they are
entered), against one smoothed query per unit in the same run; the walks'
cost over the optimum (exact Dijkstra; an illegal or short walk fails the
command); and the distinct cells Query.Spread gives the units. It prints
a line per order and, last, one line:
# group units=… goals=… first_us=… total_us=… individual_us=… mean_excess=… max_excess=… distinct_cells=…

`)
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := errors.Join(atLeast("every", *every, 1), atLeast("bucket-width", *width, 1), checkCluster(*cluster), checkMiddle(*middle, *cluster),
		atLeast("queries", *queries, 1), atLeast("astar-up-to", *astarUpTo, 0)); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *liveMode && *ticksMode || *groupMode && (*liveMode || *ticksMode) {
		return &flagError{"-live, -ticks and -group: choose one (the match length of -live is -live-ticks)"}
	}
	if *middle != 0 && (*groupMode || *liveMode || *ticksMode) {
		return badFlag("middle", *middle, "only with scenario sets, generated maps or -scale")
	}
	if !set["units"] {
		*units = 1000
		if *ticksMode {
			*units = 10_000
		}
	}
	if *groupMode {
		return runBenchGroup(*groupMap, *units, *goals, *seed, *quiet, stdout, stderr)
	}
	if *liveMode {
		return runBenchLive(*liveSize, *units, *liveTicks, *seed, *out, *quiet, stdout, stderr)
	}
	if *ticksMode {
		return runBenchTicks(bench.TicksOptions{Size: *size, Units: *units, Seconds: *seconds, Budget: *budget, Seed: *seed, NoGroups: *noGroups},
			*cpuProfile, *out, *quiet, stdout, stderr)
	}
	sizeFlag, sizeList := "sizes", *sizes
	if *scale != "" {
		sizeFlag, sizeList = "scale", *scale
	}
	ns, err := parseSizes(sizeFlag, sizeList)
	if err != nil {
		return err
	}
	load, err := bench.ParseLoad(*loadName)
	if err != nil {
		return badFlag("load", *loadName, "unknown load (have none, light, heavy, influence, terrain)")
	}
	if *tiers != 0 && *scale == "" {
		return badFlag("tiers", *tiers, "only with -scale")
	}
	if *groups != 0 && *scale == "" {
		return badFlag("group-clusters", *groups, "only with -scale")
	}
	if *landmarks != 0 && *scale == "" {
		return badFlag("landmarks", *landmarks, "only with -scale")
	}
	if *groups != 0 && (*groups < 2 || *groups > hpa.MaxGroupClusters) {
		return badFlag("group-clusters", *groups, fmt.Sprintf("0 or 2 to %d", hpa.MaxGroupClusters))
	}
	if load != bench.NoLoad && *scale != "" {
		return badFlag("load", *loadName, "not with -scale")
	}
	unit, err := unitFlags(*unitSize, *class)
	if err != nil {
		return err
	}
	if *class != "" && *maps == "" {
		return badFlag("class", *class, "needs -maps (generated maps have no terrain types)")
	}
	if unit != (grid.Unit{}) && load != bench.NoLoad {
		return badFlag("load", *loadName, "not with -unit or -class yet")
	}
	all := bench.Algorithms(bench.Config{ClusterSize: *cluster, MiddleFrom: *middle, Unit: unit})
	run := all
	if *algos == "" && load != bench.NoLoad {
		*algos = "astar,hpa,hpa-smooth"
	}
	if *algos != "" {
		if run, err = pickAlgos("algos", *algos, all); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
	}
	t0 := time.Now()
	live := &liveLine{w: stderr, quiet: *quiet, tty: isTerminal(stderr)}
	if *scale != "" {
		rows, err := bench.Scale(ctx, ns, bench.ScaleOptions{Queries: *queries, AStarUpTo: *astarUpTo, Seed: *seed, Tiers: *tiers, Groups: *groups, Landmarks: *landmarks, Middle: *middle,
			Progress: func(n int, what string) { live.show(fmt.Sprintf("%d²: %s", n, what)) }})
		live.clear()
		if err != nil {
			return err
		}
		if err := bench.WriteScaleTable(stdout, rows); err != nil {
			return err
		}
		if *out != "" {
			if err := writeFile(filepath.Join(*out, "scale.json"), func(w io.Writer) error { return bench.WriteScaleJSON(w, rows) }); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "\n%d sizes in %v%s.\n", len(rows), time.Since(t0).Round(time.Second), interrupted(ctx))
		return nil
	}
	var ms []bench.Map
	what := ""
	if *maps != "" {
		var err error
		if ms, err = bench.FilesWith(*maps, grid.MapOptions{Terrain: *class != ""}); err != nil {
			return err
		}
		what = *maps
	} else {
		ms = bench.Generated(ns, *queries, *seed)
		what = "generated maps " + *sizes
	}
	rep, err := bench.Run(ctx, ms, run, bench.Options{Every: *every, BucketWidth: *width, Load: load, LoadSeed: *seed, Unit: unit, Progress: func(p bench.Progress) {
		live.show(fmt.Sprintf("map %d/%d %s: %s %d/%d", p.MapIndex+1, p.Maps, p.Map, p.Algorithm, p.Done, p.Size))
	}})
	live.clear()
	if err != nil {
		return err
	}
	if len(rep.Queries) == 0 {
		return fmt.Errorf("no queries finished")
	}
	fmt.Fprintf(stdout, "rtspath bench: %s, %s, every %d line(s), load %s, one core per query\n\n", what, strings.Join(rep.Algorithms, ", "), max(*every, 1), load)
	if err := rep.WriteTable(stdout); err != nil {
		return err
	}
	if *out != "" {
		if err := writeFile(filepath.Join(*out, "report.csv"), rep.WriteCSV); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(*out, "report.json"), rep.WriteJSON); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s and %s (plots: cd bench/plots && go run . DIR)\n", filepath.Join(*out, "report.csv"), filepath.Join(*out, "report.json"))
	}
	fmt.Fprintf(stdout, "took %v%s\n", time.Since(t0).Round(time.Second), interrupted(ctx))
	return nil
}

// runBenchLive is bench -live.
func runBenchLive(size, units, ticks int, seed uint64, out string, quiet bool, stdout, stderr io.Writer) error {
	if err := errors.Join(liveSide(size), atLeast("units", units, 1), atLeast("live-ticks", ticks, 1)); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t0 := time.Now()
	live := &liveLine{w: stderr, quiet: quiet, tty: isTerminal(stderr)}
	rep, err := bench.Live(ctx, bench.LiveOptions{Size: size, Units: units, Ticks: ticks, Seed: seed,
		Progress: func(what string) { live.show(what) }})
	live.clear()
	if err != nil {
		return err
	}
	if err := writeInto(out, "live.json", func(w io.Writer) error { return bench.WriteLiveJSON(w, rep) }); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "took %v\n", time.Since(t0).Round(time.Second))
	return bench.WriteLiveTable(stdout, rep)
}

// runBenchGroup is bench -group.
func runBenchGroup(path string, units, goals int, seed uint64, quiet bool, stdout, stderr io.Writer) error {
	if path == "" {
		return &flagError{"-group needs -map FILE (a Moving AI .map)"}
	}
	if err := errors.Join(atLeast("units", units, 1), atLeast("goals", goals, 1)); err != nil {
		return err
	}
	g, err := loadGrid(path)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t0 := time.Now()
	live := &liveLine{w: stderr, quiet: quiet, tty: isTerminal(stderr)}
	rep, err := bench.Group(ctx, bench.GroupOptions{Grid: g, Units: units, Goals: goals, Seed: seed,
		Progress: func(what string) { live.show(what) }})
	live.clear()
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "took %v\n", time.Since(t0).Round(time.Second))
	return bench.WriteGroupTable(stdout, rep)
}

// writeInto writes the file name in folder dir (made if need be) with
// write; dir "" writes nothing.
func writeInto(dir, name string, write func(io.Writer) error) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, name), write)
}

// runBenchTicks is bench -ticks.
func runBenchTicks(opt bench.TicksOptions, cpuProfile, out string, quiet bool, stdout, stderr io.Writer) error {
	if err := errors.Join(sideIn("size", opt.Size, 64), atLeast("units", opt.Units, 1), atLeast("seconds", opt.Seconds, 1)); err != nil {
		return err
	}
	if opt.Budget == 0 {
		return badFlag("budget", 0, "want the expansions a tick may spend, or a negative number for no bound")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		opt.CPUProfile = f
	}
	t0 := time.Now()
	live := &liveLine{w: stderr, quiet: quiet, tty: isTerminal(stderr)}
	opt.Progress = func(what string) { live.show(what) }
	rep, err := bench.Ticks(ctx, opt)
	live.clear()
	if rep == nil {
		return err
	}
	// With wrong answers (err) too: the figures, then the error.
	if werr := writeInto(out, "ticks.json", func(w io.Writer) error { return bench.WriteTicksJSON(w, rep) }); werr != nil {
		return werr
	}
	fmt.Fprintf(stderr, "took %v\n", time.Since(t0).Round(time.Second))
	if werr := bench.WriteTicksTable(stdout, rep); werr != nil {
		return werr
	}
	return err
}

func liveSide(n int) error { return sideIn("live-size", n, 16) }

// sideIn validates the map side flag name: lo..32768.
func sideIn(name string, n, lo int) error {
	if n < lo || n > 1<<15 {
		return badFlag(name, n, fmt.Sprintf("want a map side of %d..32768", lo))
	}
	return nil
}

func interrupted(ctx context.Context) string {
	if ctx.Err() != nil {
		return " (interrupted)"
	}
	return ""
}

// parseSizes reads the comma-separated map sides of flag name.
func parseSizes(name, s string) ([]int, error) {
	var ns []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 16 || n > 1<<15 {
			return nil, badFlag(name, f, "want map sides 16..32768, comma-separated")
		}
		ns = append(ns, n)
	}
	return ns, nil
}

// liveLine keeps one status line up to date on a terminal (at most four
// times a second); elsewhere (a log file, CI) it prints a line every ten
// seconds.
type liveLine struct {
	w          io.Writer
	quiet, tty bool
	last       time.Time
	shown      bool
}

func (l *liveLine) show(s string) {
	every := 250 * time.Millisecond
	if !l.tty {
		every = 10 * time.Second
	}
	if l.quiet || time.Since(l.last) < every {
		return
	}
	l.last = time.Now()
	if !l.tty {
		fmt.Fprintln(l.w, s)
		return
	}
	fmt.Fprintf(l.w, "\r\033[K%s", s)
	l.shown = true
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (l *liveLine) clear() {
	if l.shown {
		fmt.Fprint(l.w, "\r\033[K")
	}
}
