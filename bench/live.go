package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// LiveOptions tune Live. Zero fields take the defaults.
type LiveOptions struct {
	Size  int // map side in cells (0: 1024)
	Units int // units re-pathing (0: 1000)
	Ticks int // ticks of the match (0: 200)
	// Every: each unit re-paths every Every ticks, units u with
	// u % Every == tick % Every on a tick (0: 10).
	Every    int
	Seed     uint64 // map, units and script
	Progress func(what string)
}

// LiveReport is what a replayed match cost. Times are in µs.
type LiveReport struct {
	Size, Units, Ticks, Every int
	Seed                      uint64
	BuildMillis               float64 // preprocess.Build of the generated map
	Edits                     int     // buildings placed or removed by the script
	Standing                  int     // buildings standing at the end
	// Publish: one tick's writes (one or two buildings) and Publish,
	// over every tick of the three replays.
	PublishP50, PublishP99, PublishMax float64
	// Rebuilt is the median number of clusters a tick's publish rebuilt
	// (preprocess.Bake.LastUpdate), of Clusters.
	Rebuilt  float64
	Clusters int
	// Batch100: 100 buildings written and published at once (median of
	// 10 ops, placing and removing in turn, on the final map).
	Batch100 float64
	// MatchQueries were answered per replay; MatchP50 and MatchP99 are
	// their times one by one (the serial replay).
	MatchQueries       int
	MatchP50, MatchP99 float64
	// PathsPerSec: the match's queries per second of View.FindAll, on 1
	// and 2 workers (the replays' summed FindAll time).
	PathsPerSec [2]float64
	Speedup2    float64 // PathsPerSec[1] / PathsPerSec[0]
	// Control2 is how the machine itself scaled during the match: a loop
	// of pure arithmetic on 2 goroutines against 1, every 20 ticks, the
	// mean (2.0 on two idle cores; less when other programs hold a core).
	Control2 float64
	// The final comparison: every unit's request on the final version
	// of the edited map and on a fresh bake of the final map, each
	// answered 3 times one by one after a first pass that warms both.
	FinalQueries       int
	QueryP50, QueryP99 float64 // the edited map
	FreshP50, FreshP99 float64 // the fresh bake
	// CostOverFresh is the mean over found paths of the edited map's cost
	// over the fresh bake's, minus one.
	CostOverFresh float64
	Found         int // final requests with a path
	// Expanded is the mean of Result.Expanded (cells and waypoints) on
	// the edited map and on the fresh bake.
	Expanded [2]float64

	final liveFinal
}

// liveFinal is the final map and answers, for tests.
type liveFinal struct {
	g       *grid.Grid
	reqs    []hpa.Request
	answers []hpa.Answer // on the edited map
}

// liveScript is a match: the map, its bake, the units and the edits of
// every tick. It depends only on LiveOptions.
type liveScript struct {
	opt   LiveOptions
	g     *grid.Grid // the map before the match
	b     *preprocess.Bake
	units [][2]grid.Point // start and goal: a unit walks to and fro
	ticks [][]liveEdit
	end   *grid.Grid     // the map after the match
	rnd   *mapgen.Rand   // for the batch of 100, after the script
	taken map[int32]bool // cells of units' ends: never built on
	build buildings      // 4×4 buildings on end; standing at the end
	batch []grid.Rect    // the batch of 100 being written
}

// answer is what a replay checks of one answer: status, cost, version
// and a hash of the path.
type answer struct {
	status hpa.Status
	cost   grid.Cost
	ver    uint64
	path   uint64
}

func digest(a hpa.Answer) answer {
	h := fnv.New64a()
	hashPoints(h, a.Path)
	return answer{a.Status, a.Cost, a.Version, h.Sum64()}
}

// Live replays a scripted match on a generated map and measures a live
// map under it (see hpa.Live). The map is generated from Seed and
// baked; Units units get random passable start and goal cells on one
// island. On each of Ticks ticks one or two 4×4 buildings go up (on
// passable cells no unit starts or ends on) or come down, the tick's
// writes are published (timed), and a tenth of the units (see
// LiveOptions.Every) re-path, to their goal or back to their start in
// turn, on the version just published. The match is replayed on three
// live maps from the same bake in lockstep (each tick on each in turn,
// so that the machine's load weighs alike on the three): answering the
// tick's requests one by one on one LiveQuery (each query timed), with
// View.FindAll on 1 worker and on 2 (each batch timed); every answer of
// the three must be the same, and every answer of the first is
// checked (found exactly when start and goal share an island of the
// version's bake, the path legal on its grid and costing what it says).
// Then 100 buildings are published in one batch, placed and removed in
// turn, and every unit's final request is answered on the edited map
// and on a fresh bake of the final map (whose file must equal the
// edited bake's), timed, the costs compared.
//
// Cost: about 3·Ticks·(Units/Every) queries plus 8·Units, 3·Ticks
// publishes, two Builds and four NewLive of the map. The defaults take
// 40 to 50 s here (2 cores), mostly publishing:
//
//	go run ./cmd/rtspath bench -live
func Live(ctx context.Context, opt LiveOptions) (*LiveReport, error) {
	if opt.Size == 0 {
		opt.Size = 1024
	}
	if opt.Units == 0 {
		opt.Units = 1000
	}
	if opt.Ticks == 0 {
		opt.Ticks = 200
	}
	if opt.Every == 0 {
		opt.Every = 10
	}
	if opt.Size < 16 || opt.Units < 1 || opt.Ticks < 1 || opt.Every < 1 {
		return nil, fmt.Errorf("bench: live: size %d (want 16 or more), units %d, ticks %d, every %d (want 1 or more)",
			opt.Size, opt.Units, opt.Ticks, opt.Every)
	}
	say := func(what string) {
		if opt.Progress != nil {
			opt.Progress(what)
		}
	}
	rep := &LiveReport{Size: opt.Size, Units: opt.Units, Ticks: opt.Ticks, Every: opt.Every, Seed: opt.Seed}
	say("generating and baking")
	s, err := newLiveScript(opt, rep)
	if err != nil {
		return nil, err
	}
	var pub []float64
	// Three replays in lockstep, each on its own live map, so that the
	// machine's load weighs alike on each: one by one, FindAll on 1 and
	// on 2 workers.
	var lives [3]*hpa.Live
	for mode := range lives {
		if lives[mode], err = hpa.NewLive(s.b, hpa.LiveConfig{}); err != nil {
			return nil, err
		}
	}
	lq := lives[0].NewQuery()
	var reqs []hpa.Request
	var outs [3][]hpa.Answer
	var lat []float64
	var batch [3]time.Duration
	controls := 0
	var rebuilt []float64
	got := make([]answer, 0, opt.Units)
	ref := make([]answer, 0, opt.Units)
	for t, edits := range s.ticks {
		if t%20 == 0 {
			say(fmt.Sprintf("tick %d/%d", t, len(s.ticks)))
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		reqs = s.requests(t, reqs[:0])
		for mode, l := range lives {
			t0 := time.Now()
			for _, e := range edits {
				if err := l.Fill(e.r, !e.place); err != nil {
					return nil, err
				}
			}
			if _, err := l.Publish(); err != nil {
				return nil, err
			}
			pub = append(pub, micros(time.Since(t0)))
			v := l.Acquire()
			if mode == 0 {
				rebuilt = append(rebuilt, float64(len(v.Bake().LastUpdate().Clusters)))
			}
			out := outs[mode]
			if mode == 0 {
				out = grow(out, len(reqs))
				for i, rq := range reqs {
					t0 := time.Now()
					res, err := lq.FindIn(v, rq.Start, rq.Goal, rq.Options, out[i].Path)
					lat = append(lat, micros(time.Since(t0)))
					out[i] = hpa.Answer{Result: res, Err: err}
				}
				if err := checkAnswers(v, reqs, out); err != nil {
					v.Release()
					return nil, fmt.Errorf("bench: live: tick %d: %w", t, err)
				}
			} else {
				t0 := time.Now()
				out = v.FindAll(reqs, out, mode)
				batch[mode] += time.Since(t0)
			}
			v.Release()
			outs[mode] = out
			got = got[:0]
			for i, a := range out[:len(reqs)] {
				if a.Err != nil {
					return nil, fmt.Errorf("bench: live: tick %d: %v→%v: %w", t, reqs[i].Start, reqs[i].Goal, a.Err)
				}
				got = append(got, digest(a))
			}
			if mode == 0 {
				ref = append(ref[:0], got...)
			} else if !slices.Equal(got, ref) {
				i := 0
				for got[i] == ref[i] {
					i++
				}
				return nil, fmt.Errorf("bench: live: tick %d: FindAll on %d workers answers %v→%v with %+v, one by one %+v",
					t, mode, reqs[i].Start, reqs[i].Goal, got[i], ref[i])
			}
		}
		rep.MatchQueries += len(reqs)
		if t%20 == 10 {
			rep.Control2 += control()
			controls++
		}
	}
	rep.Control2 /= float64(max(controls, 1))
	rep.MatchP50, rep.MatchP99 = quantiles(lat)
	rep.Rebuilt, _ = quantiles(rebuilt)
	rep.Clusters = s.b.Clusters()
	for mode := 1; mode <= 2; mode++ {
		rep.PathsPerSec[mode-1] = float64(rep.MatchQueries) / max(batch[mode].Seconds(), 1e-9)
	}
	final := lives[2]
	rep.Speedup2 = rep.PathsPerSec[1] / rep.PathsPerSec[0]
	slices.Sort(pub)
	rep.PublishP50, rep.PublishP99, rep.PublishMax = quant(pub, 0.5), quant(pub, 0.99), pub[len(pub)-1]

	say("the fresh bake of the final map")
	if err := s.compare(final, rep); err != nil {
		return nil, err
	}
	say("batches of 100 buildings")
	if rep.Batch100, err = s.batch100(final); err != nil {
		return nil, err
	}
	return rep, nil
}

// newLiveScript generates the map, bakes it, places the units and
// writes the script.
func newLiveScript(opt LiveOptions, rep *LiveReport) (*liveScript, error) {
	n := opt.Size
	g, b, ms, err := genBake(n, opt.Seed)
	if err != nil {
		return nil, err
	}
	rep.BuildMillis = ms
	s := &liveScript{opt: opt, g: g, b: b, rnd: mapgen.NewRand(opt.Seed ^ 0x11fe), taken: map[int32]bool{}}
	r := s.rnd
	for tries := 0; len(s.units) < opt.Units; tries++ {
		if tries > 1000*opt.Units {
			return nil, fmt.Errorf("bench: live: found %d of %d units' start and goal on one island", len(s.units), opt.Units)
		}
		a, z := g.PointAt(r.Intn(n*n)), g.PointAt(r.Intn(n*n))
		if a == z || !g.Passable(a) || !g.Passable(z) || !b.SameIsland(a, z) {
			continue
		}
		s.units = append(s.units, [2]grid.Point{a, z})
		s.taken[int32(g.Index(a))], s.taken[int32(g.Index(z))] = true, true
	}
	s.end = g.Clone()
	s.build = buildings{g: s.end, r: r, side: 4, taken: func(i int) bool { return s.taken[int32(i)] }, tries: 1000 * n * n}
	for range opt.Ticks {
		var edits []liveEdit
		for range 1 + r.Intn(2) {
			e, ok := s.build.next()
			if !ok {
				return nil, fmt.Errorf("bench: live: no free spot for a building on the %d² map", n)
			}
			edits = append(edits, e)
			rep.Edits++
		}
		s.ticks = append(s.ticks, edits)
	}
	rep.Standing = len(s.build.up)
	return s, nil
}

// requests appends tick t's re-paths to dst: unit u on ticks t with
// t % Every == u % Every, to its goal on even rounds, back on odd ones.
func (s *liveScript) requests(t int, dst []hpa.Request) []hpa.Request {
	e := s.opt.Every
	for u := t % e; u < len(s.units); u += e {
		a, z := s.units[u][0], s.units[u][1]
		if (t/e)%2 == 1 {
			a, z = z, a
		}
		dst = append(dst, hpa.Request{Start: a, Goal: z, Options: hpa.Options{Smooth: hpa.Cells}})
	}
	return dst
}

// checkAnswers checks answers against the version v pins: found exactly
// when start and goal share an island of its bake, and a found path
// legal on its grid from start to goal, costing what it says, on v's
// version.
func checkAnswers(v hpa.View, reqs []hpa.Request, out []hpa.Answer) error {
	for i, rq := range reqs {
		if err := checkAnswer(v, rq, out[i]); err != nil {
			return err
		}
	}
	return nil
}

// compare answers every unit's request (towards its goal) on the final
// version of edited and on a fresh bake of the final map.
func (s *liveScript) compare(edited *hpa.Live, rep *LiveReport) error {
	v := edited.Acquire()
	defer v.Release()
	g := v.Grid()
	for i := range g.Width() * g.Height() {
		if p := g.PointAt(i); g.Passable(p) != s.end.Passable(p) {
			return fmt.Errorf("bench: live: cell %v of the edited map: passable %v, the script's %v", p, g.Passable(p), s.end.Passable(p))
		}
	}
	fb, err := preprocess.Build(s.end.Clone(), preprocess.Config{})
	if err != nil {
		return err
	}
	if !bytes.Equal(fb.AppendBinary(nil), v.Bake().AppendBinary(nil)) {
		return fmt.Errorf("bench: live: the edited map's bake differs from a fresh build of the final map")
	}
	fresh, err := hpa.NewLive(fb, hpa.LiveConfig{})
	if err != nil {
		return err
	}
	fv := fresh.Acquire()
	defer fv.Release()
	reqs := make([]hpa.Request, len(s.units))
	for u, e := range s.units {
		reqs[u] = hpa.Request{Start: e[0], Goal: e[1], Options: hpa.Options{Smooth: hpa.Cells}}
	}
	views := [2]hpa.View{v, fv}
	qs := [2]*hpa.LiveQuery{edited.NewQuery(), fresh.NewQuery()}
	var ans [2][]hpa.Answer
	var lat [2][]float64
	for round := range 4 { // the first warms both
		for k := range 2 {
			ans[k] = grow(ans[k], len(reqs))
			for i, rq := range reqs {
				t0 := time.Now()
				res, err := qs[k].FindIn(views[k], rq.Start, rq.Goal, rq.Options, ans[k][i].Path)
				if round > 0 {
					lat[k] = append(lat[k], micros(time.Since(t0)))
				}
				ans[k][i] = hpa.Answer{Result: res, Err: err}
			}
			if err := checkAnswers(views[k], reqs, ans[k]); err != nil {
				return fmt.Errorf("bench: live: final map, %s: %w", [2]string{"edited", "fresh"}[k], err)
			}
		}
	}
	for k := range 2 {
		for _, a := range ans[k] {
			rep.Expanded[k] += float64(a.Expanded) / float64(len(reqs))
		}
	}
	over, n := 0.0, 0
	for i := range reqs {
		if ans[0][i].Status == hpa.Found && ans[0][i].Cost > 0 {
			over += float64(ans[0][i].Cost)/float64(ans[1][i].Cost) - 1
			n++
		}
	}
	rep.FinalQueries, rep.Found = len(reqs), n
	rep.CostOverFresh = over / float64(max(n, 1))
	rep.QueryP50, rep.QueryP99 = quantiles(lat[0])
	rep.FreshP50, rep.FreshP99 = quantiles(lat[1])
	rep.final = liveFinal{g: s.end, reqs: reqs, answers: ans[0]}
	return nil
}

// batch100 times 10 ops on l, each writing 100 buildings (at random free
// spots of the final map) and publishing them, placing and removing in
// turn, and returns the median op in µs. The map ends as it began.
func (s *liveScript) batch100(l *hpa.Live) (float64, error) {
	var us []float64
	for op := range 10 {
		if op%2 == 0 {
			s.batch = s.batch[:0]
			for range 100 {
				rc, ok := s.build.spot()
				if !ok {
					return 0, fmt.Errorf("bench: live: no free spot for a building of the batch")
				}
				s.batch = append(s.batch, rc)
			}
		}
		t0 := time.Now()
		for _, rc := range s.batch {
			if err := l.Fill(rc, op%2 == 1); err != nil {
				return 0, err
			}
		}
		if _, err := l.Publish(); err != nil {
			return 0, err
		}
		us = append(us, micros(time.Since(t0)))
		v := l.Acquire()
		for _, rc := range s.batch {
			if v.Grid().Passable(rc.Min) != (op%2 == 1) {
				v.Release()
				return 0, fmt.Errorf("bench: live: batch of 100: cell %v not as written", rc.Min)
			}
		}
		v.Release()
	}
	slices.Sort(us)
	return quant(us, 0.5), nil
}

// control times a fixed loop of arithmetic twice on one goroutine and
// once on each of two, and returns the speed-up (about 50 ms).
func control() float64 {
	var sink [2]uint64
	spin := func(k int) {
		x := uint64(k + 1)
		for range 10_000_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		sink[k] = x
	}
	t0 := time.Now()
	spin(0)
	spin(1)
	one := time.Since(t0)
	t0 = time.Now()
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Go(func() { spin(k) })
	}
	wg.Wait()
	two := time.Since(t0)
	if sink[0] == sink[1] { // never: keeps the loops
		two++
	}
	return float64(one) / float64(max(two, 1))
}

func grow(out []hpa.Answer, n int) []hpa.Answer {
	if cap(out) < n {
		out = append(out[:cap(out)], make([]hpa.Answer, n-cap(out))...)
	}
	return out[:n]
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// quantiles returns the p50 and p99 of us (sorted in place).
func quantiles(us []float64) (float64, float64) {
	slices.Sort(us)
	return quant(us, 0.5), quant(us, 0.99)
}

// quant returns the p quantile of sorted v (0 for none).
func quant(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return v[min(len(v)-1, int(p*float64(len(v))))]
}

// WriteLiveTable writes the live report for people, then its summary
// line:
//
//	# live publish_us=… batch100_us=… query_p50_us=… query_p99_us=… fresh_query_p50_us=… speedup_2cores=…
//
// publish_us is the median tick's publish; query_p50_us and
// query_p99_us are the final requests on the edited map, and
// fresh_query_p50_us the same requests on the fresh bake.
func WriteLiveTable(w io.Writer, r *LiveReport) error {
	fmt.Fprintf(w, "live map: generated %d² (seed %d, baked in %.0f ms), %d units (each re-paths every %d ticks), %d ticks, %d building edits (%d standing at the end)\n\n",
		r.Size, r.Seed, r.BuildMillis, r.Units, r.Every, r.Ticks, r.Edits, r.Standing)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "publish (one tick's 1–2 buildings)\tp50 µs\tp99 µs\tmax µs\tclusters rebuilt (p50)\t\n")
	fmt.Fprintf(tw, "\t%.0f\t%.0f\t%.0f\t%.0f of %d\t\n", r.PublishP50, r.PublishP99, r.PublishMax, r.Rebuilt, r.Clusters)
	fmt.Fprintf(tw, "publish (100 buildings at once)\tp50 µs\t\t\t\n")
	fmt.Fprintf(tw, "\t%.0f\t\t\t\n", r.Batch100)
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "match queries (%d per replay)\tp50 µs\tp99 µs\tpaths/s\t\n", r.MatchQueries)
	fmt.Fprintf(tw, "one by one\t%.1f\t%.1f\t\t\n", r.MatchP50, r.MatchP99)
	fmt.Fprintf(tw, "FindAll, 1 worker\t\t\t%.0f\t\n", r.PathsPerSec[0])
	fmt.Fprintf(tw, "FindAll, 2 workers\t\t\t%.0f\t\n", r.PathsPerSec[1])
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "final map (%d requests, %d found)\tp50 µs\tp99 µs\texpanded\tcost over fresh\t\n", r.FinalQueries, r.Found)
	fmt.Fprintf(tw, "edited live map\t%.1f\t%.1f\t%.0f\t%+.3f%%\t\n", r.QueryP50, r.QueryP99, r.Expanded[0], 100*r.CostOverFresh)
	fmt.Fprintf(tw, "fresh bake\t%.1f\t%.1f\t%.0f\t\t\n", r.FreshP50, r.FreshP99, r.Expanded[1])
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nspeed-up on 2 workers: %.2f× (meanwhile a loop of arithmetic on 2 goroutines against 1: %.2f×; 2.0× on two idle cores)\n# live publish_us=%.0f batch100_us=%.0f query_p50_us=%.1f query_p99_us=%.1f fresh_query_p50_us=%.1f speedup_2cores=%.2f\n",
		r.Speedup2, r.Control2, r.PublishP50, r.Batch100, r.QueryP50, r.QueryP99, r.FreshP50, r.Speedup2)
	return err
}

// WriteLiveJSON writes the live report as JSON.
func WriteLiveJSON(w io.Writer, r *LiveReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(r)
}
