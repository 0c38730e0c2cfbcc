package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// ScaleRow is what one map size cost.
type ScaleRow struct {
	Size                    int // cells a side
	BuildMillis             float64
	BuildMillis1            float64 // on one core (0: not measured)
	FileBytes               int     // the bake file
	BakeBytes, PlannerBytes int     // memory beside the grid
	HeapBytes               uint64  // heap in use with grid, bake and planner loaded
	HeapAfterBytes          uint64  // the same after the queries: with their Query's scratch and the routes they cached
	Tiers                   int     // the planner's tiers above the grid
	PlannerMillis           float64 // making the planner (hpa.NewPlanner), on all cores
	Queries                 int
	MeanMicros, P99Micros   float64 // hpa-smooth, each query's first run (the route cache filling as they go)
	// the same queries again, their routes cached: a game's steady state
	WarmMeanMicros, WarmP99Micros float64
	MicrosPerCell                 float64 // query time per cell of path length
	MeanLength                    float64
	AStarQueries                  int     // queries also solved by A* (sizes up to ScaleOptions.AStarUpTo)
	AStarMicros                   float64 // mean over those
	MeanOver, MaxOver             float64 // hpa-smooth over A*'s optimum, on those
}

// ScaleOptions tune Scale.
type ScaleOptions struct {
	Queries   int    // random queries per size (0: 200)
	AStarUpTo int    // sizes up to this also run exact A* for the optimum (0: 2048)
	OneCore   int    // sizes up to this also time a build on one core (0: 4096)
	Seed      uint64 // map and query seed
	Tiers     int    // the planner's Config.Tiers (0: its choice by the map's size)
	Groups    int    // the planner's Config.GroupClusters (0: its choice by the tiers)
	Landmarks int    // the planner's Config.Landmarks (0: its default by the tiers; negative: none)
	Middle    int    // the bake's preprocess.Config.MiddleFrom (0: the default)
	Progress  func(size int, what string)
}

// Scale generates square maps of the given sizes and measures, for each,
// the bake (time on all cores and on one, file size, memory) and
// hpa-smooth queries between random cells of one island (time, time per
// cell of path, and, up to AStarUpTo, length over A*'s optimum), each
// asked twice: first with its routes not yet cached, then again.
func Scale(ctx context.Context, sizes []int, opt ScaleOptions) ([]ScaleRow, error) {
	if opt.Queries <= 0 {
		opt.Queries = 200
	}
	if opt.AStarUpTo == 0 {
		opt.AStarUpTo = 2048
	}
	if opt.OneCore == 0 {
		opt.OneCore = 4096
	}
	say := func(n int, what string) {
		if opt.Progress != nil {
			opt.Progress(n, what)
		}
	}
	var rows []ScaleRow
	for _, n := range sizes {
		if ctx.Err() != nil {
			break
		}
		row := ScaleRow{Size: n}
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		say(n, "generating")
		g, err := mapgen.NewGrid(mapgen.Config{Width: n, Height: n, Seed: opt.Seed}, grid.MapOptions{})
		if err != nil {
			return rows, err
		}
		if n <= opt.OneCore {
			say(n, "baking on one core")
			t0 := time.Now()
			if _, err := preprocess.Build(g, preprocess.Config{Workers: 1, MiddleFrom: opt.Middle}); err != nil {
				return rows, err
			}
			row.BuildMillis1 = float64(time.Since(t0).Nanoseconds()) / 1e6
			runtime.GC()
		}
		say(n, "baking")
		t0 := time.Now()
		b, err := preprocess.Build(g, preprocess.Config{MiddleFrom: opt.Middle})
		if err != nil {
			return rows, err
		}
		row.BuildMillis = float64(time.Since(t0).Nanoseconds()) / 1e6
		row.FileBytes = len(b.AppendBinary(nil))
		row.BakeBytes = b.Stats().Bytes
		say(n, "making the planner")
		t0 = time.Now()
		pl := hpa.NewPlanner(b, hpa.Config{Tiers: opt.Tiers, GroupClusters: opt.Groups, Landmarks: opt.Landmarks})
		row.PlannerMillis = float64(time.Since(t0).Nanoseconds()) / 1e6
		if err := pl.Sync(); err != nil { // a bad Tiers, say
			return rows, err
		}
		row.Tiers = pl.Tiers()
		q := pl.NewQuery()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		row.HeapBytes = after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)

		say(n, "querying")
		r := mapgen.NewRand(opt.Seed ^ uint64(n))
		var fine *grid.Searcher
		if n <= opt.AStarUpTo {
			fine = grid.NewSearcher(g)
		}
		// The planner's queries are timed first, one after the other, and
		// A* solves the same pairs after them: run in between, A*'s
		// megabytes of scratch would push the planner's data out of the
		// caches before every query (1.6 to 1.7 times the time at 512²
		// and 1024², measured), which the rows from 4096² up, with no A*,
		// do not pay either.
		var us, lengths []float64
		var pairs [][2]grid.Point
		var path, ref []grid.Point
		for tries := 0; len(us) < opt.Queries && tries < 100*opt.Queries && ctx.Err() == nil; tries++ {
			a, z := g.PointAt(r.Intn(n*n)), g.PointAt(r.Intn(n*n))
			if !g.Passable(a) || !g.Passable(z) || a == z || !b.SameIsland(a, z) {
				continue
			}
			t := time.Now()
			res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, path)
			took := time.Since(t)
			if err != nil || res.Status != hpa.Found {
				return rows, fmt.Errorf("bench: %d² map %v→%v: %v %v", n, a, z, res.Status, err)
			}
			path = res.Path
			us = append(us, float64(took.Nanoseconds())/1e3)
			lengths = append(lengths, grid.Length(path))
			pairs = append(pairs, [2]grid.Point{a, z})
		}
		// The same pairs again: the route cache now holds their routes,
		// as in a game that has been running, and must not change an
		// answer.
		var warm []float64
		for i, pr := range pairs {
			if ctx.Err() != nil {
				break
			}
			t := time.Now()
			res, err := q.Find(pr[0], pr[1], hpa.Options{Smooth: hpa.Cells}, path)
			took := time.Since(t)
			if err != nil || res.Status != hpa.Found || grid.Length(res.Path) != lengths[i] {
				return rows, fmt.Errorf("bench: %d² map %v→%v, asked again: %v %v, length %.3f against %.3f", n, pr[0], pr[1], res.Status, err, grid.Length(res.Path), lengths[i])
			}
			path = res.Path
			warm = append(warm, float64(took.Nanoseconds())/1e3)
		}
		var astarUS float64
		var over []float64
		for i, pr := range pairs {
			if fine == nil || ctx.Err() != nil {
				break
			}
			t := time.Now()
			e, _ := fine.FindPath(pr[0], pr[1], grid.Options{}, ref)
			astarUS += float64(time.Since(t).Nanoseconds()) / 1e3
			ref = e.Path
			if best := grid.Length(e.Path); best > 0 {
				over = append(over, lengths[i]/best-1)
			}
		}
		if len(us) == 0 {
			break
		}
		for _, l := range lengths {
			row.MeanLength += l / float64(len(us))
		}
		s := summarize(queriesOf(us))
		row.Queries, row.MeanMicros, row.P99Micros = len(us), s.MeanMicros, s.P99Micros
		row.MicrosPerCell = s.MeanMicros / row.MeanLength
		if len(warm) > 0 {
			w := summarize(queriesOf(warm))
			row.WarmMeanMicros, row.WarmP99Micros = w.MeanMicros, w.P99Micros
		}
		if len(over) > 0 {
			row.AStarQueries, row.AStarMicros = len(over), astarUS/float64(len(over))
			for _, o := range over {
				row.MeanOver += o / float64(len(over))
				row.MaxOver = max(row.MaxOver, o)
			}
		}
		// A*'s scratch, a byte or more a cell, is not the planner's; nor
		// are the bench's own lists
		fine, ref, lengths, pairs, us, warm, over = nil, nil, nil, nil, nil, nil, nil
		runtime.GC()
		var used runtime.MemStats
		runtime.ReadMemStats(&used)
		row.HeapAfterBytes = used.HeapAlloc - min(used.HeapAlloc, before.HeapAlloc)
		runtime.KeepAlive(q)
		row.PlannerBytes = pl.Bytes()
		rows = append(rows, row)
	}
	return rows, nil
}

func queriesOf(us []float64) []Query {
	qs := make([]Query, len(us))
	for i, u := range us {
		qs[i] = Query{Micros: u}
	}
	return qs
}

// WriteScaleTable writes the scaling rows for people, costs per cell
// beside the totals.
func WriteScaleTable(w io.Writer, rows []ScaleRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "size\tMcells\tbake s\tms/Mcell\tone core ms/Mcell\tfile B/cell\tbake B/cell\tplanner B/cell\theap B/cell\tafter queries\ttiers\tplanner s\tqueries\tmean µs\tp99 µs\twarm µs\tµs per path cell\tmean path\tA* µs\tover: mean\tmax\t\n")
	for _, r := range rows {
		mc := float64(r.Size*r.Size) / 1e6
		cells := float64(r.Size * r.Size)
		one, astar, om, ox := "-", "-", "-", "-"
		if r.BuildMillis1 > 0 {
			one = fmt.Sprintf("%.0f", r.BuildMillis1/mc)
		}
		if r.AStarQueries > 0 {
			astar, om, ox = fmt.Sprintf("%.0f", r.AStarMicros), fmt.Sprintf("%.2f%%", 100*r.MeanOver), fmt.Sprintf("%.1f%%", 100*r.MaxOver)
		}
		fmt.Fprintf(tw, "%d²\t%.1f\t%.2f\t%.0f\t%s\t%.3f\t%.2f\t%.2f\t%.1f\t%.1f\t%d\t%.2f\t%d\t%.0f\t%.0f\t%.0f\t%.3f\t%.0f\t%s\t%s\t%s\t\n",
			r.Size, mc, r.BuildMillis/1e3, r.BuildMillis/mc, one, float64(r.FileBytes)/cells, float64(r.BakeBytes)/cells,
			float64(r.PlannerBytes)/cells, float64(r.HeapBytes)/cells, float64(r.HeapAfterBytes)/cells, r.Tiers, r.PlannerMillis/1e3, r.Queries, r.MeanMicros, r.P99Micros, r.WarmMeanMicros, r.MicrosPerCell,
			r.MeanLength, astar, om, ox)
	}
	return tw.Flush()
}

// WriteScaleJSON writes the scaling rows as JSON.
func WriteScaleJSON(w io.Writer, rows []ScaleRow) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(rows)
}
