// Command peers runs the same Moving AI scenarios through rtspath and
// through the Go pathfinding libraries a user would otherwise pick, in one
// run on one core, checks every peer's paths (legal steps under the
// benchmark's rule, start to goal, length against the published optimum)
// and prints each peer's time as a ratio of ours on the same queries.
//
// It is its own module (see go.mod) so that the peers never enter
// rtspath's go.mod. Run it from this folder:
//
//	go run . -maps ../../../shared/maps/sc1 -every 20
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// A peer answers a query with a cell path (nil: no path).
type peer struct {
	name    string
	version string
	// prepare readies the peer for a map and returns its query function.
	prepare func(g *grid.Grid) func(a, z grid.Point) []grid.Point
}

// tally is what one solver did on the queries it ran.
type tally struct {
	ran, valid, optimal           int
	illegal, ends, missed, panics int
	longer                        []float64 // length over the optimum of valid, non-optimal paths
	took                          time.Duration
	ours, oursHPA                 time.Duration // our A* and hpa-smooth on the same queries
	skipped                       int
	firstProblem                  string
}

func main() {
	maps := flag.String("maps", "../../../shared/maps/sc1", "Moving AI `PATH` (a .map or a folder)")
	every := flag.Int("every", 20, "run only scenario lines i with i % `N` == 0")
	budget := flag.Duration("budget", 90*time.Second, "stop giving a peer queries once it has spent this `LONG` on them")
	flag.Parse()
	ms, err := bench.Files(*maps)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	peers := []peer{gonumPeer(), beefsackPeer(), fzippPeer(), solarlunePeer()}
	tallies := make([]tally, len(peers))
	queries := 0
	t0 := time.Now()
	for mi, m := range ms {
		g, scens, err := m.Load()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		b, err := preprocess.Build(g, preprocess.Config{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		s := grid.NewSearcher(g)
		finds := make([]func(a, z grid.Point) []grid.Point, len(peers))
		for i, p := range peers {
			finds[i] = p.prepare(g)
		}
		fmt.Fprintf(os.Stderr, "map %d/%d %s (%v)\n", mi+1, len(ms), m.Name, time.Since(t0).Round(time.Second))
		var buf []grid.Point
		for i := 0; i < len(scens); i += *every {
			sc := scens[i]
			if !g.Passable(sc.Start) || !g.Passable(sc.Goal) || sc.Optimal == 0 {
				continue // blocked endpoints, unsolvable lines
			}
			queries++
			t := time.Now()
			r, _ := s.FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
			ours := time.Since(t)
			buf = r.Path
			t = time.Now()
			h, _ := q.Find(sc.Start, sc.Goal, hpa.Options{Smooth: hpa.Cells}, buf)
			oursHPA := time.Since(t)
			buf = h.Path
			for pi := range peers {
				tl := &tallies[pi]
				if tl.took > *budget {
					tl.skipped++
					continue
				}
				path, took, crashed := run(finds[pi], sc.Start, sc.Goal)
				tl.ran++
				tl.took += took
				tl.ours += ours
				tl.oursHPA += oursHPA
				problem := ""
				switch {
				case crashed != "":
					tl.panics++
					problem = "panicked: " + crashed
				case path == nil:
					tl.missed++
					problem = "no path where one exists"
				case path[0] != sc.Start || path[len(path)-1] != sc.Goal:
					tl.ends++
					problem = "path does not run from start to goal"
				default:
					if _, err := g.PathCost(path); err != nil {
						tl.illegal++
						problem = err.Error()
						break
					}
					tl.valid++
					if l := grid.Length(path); sc.Matches(l) {
						tl.optimal++
					} else {
						tl.longer = append(tl.longer, l/sc.Optimal-1)
					}
				}
				if problem != "" && tl.firstProblem == "" {
					tl.firstProblem = fmt.Sprintf("%s line %d %v→%v: %s", m.Name, i, sc.Start, sc.Goal, problem)
				}
			}
		}
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "library\tqueries run\tvalid\toptimal\tlonger: mean\tmax\tpeer µs/query\tours (A*) µs\tpeer ÷ our A*\tpeer ÷ our hpa-smooth\t\n")
	for i, p := range peers {
		t := tallies[i]
		mean, worst := 0.0, 0.0
		for _, v := range t.longer {
			mean += v / float64(len(t.longer))
			worst = math.Max(worst, v)
		}
		per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(max(t.ran, 1)) }
		fmt.Fprintf(tw, "%s %s\t%d\t%d\t%d\t%.2f%%\t%.2f%%\t%.0f\t%.0f\t%.1f×\t%.0f×\t\n", p.name, p.version, t.ran, t.valid, t.optimal,
			100*mean, 100*worst, per(t.took), per(t.ours), float64(t.took)/float64(t.ours), float64(t.took)/float64(t.oursHPA))
	}
	tw.Flush()
	fmt.Printf("\n%d queries (every %d line of %s, solvable lines with open endpoints); %v.\n", queries, *every, *maps, time.Since(t0).Round(time.Second))
	for i, p := range peers {
		t := tallies[i]
		if t.skipped > 0 {
			fmt.Printf("%s: stopped after %v of query time; %d queries not run.\n", p.name, t.took.Round(time.Second), t.skipped)
		}
		if t.firstProblem != "" {
			fmt.Printf("%s: %d illegal, %d wrong ends, %d missed, %d panics; first: %s\n", p.name, t.illegal, t.ends, t.missed, t.panics, t.firstProblem)
		}
	}
}

// run calls find, timing it and turning a panic into a report.
func run(find func(a, z grid.Point) []grid.Point, a, z grid.Point) (path []grid.Point, took time.Duration, crashed string) {
	t := time.Now()
	defer func() {
		took = time.Since(t)
		if r := recover(); r != nil {
			crashed = fmt.Sprint(r)
		}
	}()
	path = find(a, z)
	if len(path) > 1 && path[0] == z && path[len(path)-1] == a && a != z {
		slices.Reverse(path) // libraries that return the path goal first
	}
	return path, 0, ""
}

// octile is the heuristic on plain ground, in float step units.
func octile(a, b grid.Point) float64 {
	dx, dy := math.Abs(float64(a.X-b.X)), math.Abs(float64(a.Y-b.Y))
	return math.Max(dx, dy) + (math.Sqrt2-1)*math.Min(dx, dy)
}

// stepCost is 1 straight, √2 diagonal.
func stepCost(a, b grid.Point) float64 {
	if a.X != b.X && a.Y != b.Y {
		return math.Sqrt2
	}
	return 1
}

// neighbours appends the cells one legal step from p under the grid's
// rule (the benchmark's: 8-connected, no corner cutting).
func neighbours(g *grid.Grid, p grid.Point, dst []grid.Point) []grid.Point {
	m := g.Moves(p)
	for d := grid.Dir(0); d < 8; d++ {
		if m&(1<<d) != 0 {
			dst = append(dst, p.Add(d.Delta()))
		}
	}
	return dst
}
