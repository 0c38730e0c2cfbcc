package hpa_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

var liveStress = flag.Duration("live.stress", 2*time.Second,
	"how long TestLiveStress runs (1s under -short unless given)")

// stressDuration is -live.stress, or 1s under -short when the flag is
// not given.
func stressDuration() time.Duration {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "live.stress" })
	if testing.Short() && !given {
		return time.Second
	}
	return *liveStress
}

// TestLiveStress: on a StarCraft map (the first sc1 map by name; a
// generated one when the maps are missing and not required), 8
// goroutines ask random queries of a live map (every smoothing,
// penalties, Nearest with and without a budget, FirstSteps, FindIn and
// FindAll on Views) while one goroutine takes down and puts up a wall of
// 4×4 buildings across the map, places and removes other buildings and
// paints terrain weights every millisecond, and another writes hot spots,
// decay and claims along real paths, both publishing after every round.
// Every answer is checked, on the goroutine that asked, against exact A*
// (grid.Searcher) and the oracle's step rules on the test's own copy of
// the map, rolled forward to the version the answer reports by replaying
// a log of the edits of every version (versions a goroutine sees must
// never go back): the status (no false path, no false "no path", Partial
// exactly when the goal cannot be reached with Nearest), a legal path
// from the start (to the goal, or for Partial to a cell as near the goal
// as any the start reaches by the oracle's flood fill), a cost no less
// than the optimum and, without penalties, the path's own cost on that
// version. An Exhausted answer is checked for legality alone.
//
// Run it under -race: go test -race -short -run TestLiveStress ./hpa in
// CI; -live.stress sets how long (the acceptance run: go test -race -run
// TestLiveStress ./hpa -live.stress 60s). It runs on past that until at
// least 50 versions were published and 200 answers checked (a publish
// under -race on a loaded machine takes tens of milliseconds), and fails
// if a minute more was not enough.
//
// Endpoints are drawn from a fixed pool of cells no building covers, so a
// start or goal is passable in every version and a query never meets
// grid.ErrBlocked (Nearest queries also aim at any cell, blocked ones
// included). Map edits and publishes are made under one test lock and
// logged with the version Publish returns, so the edits of each version
// are known exactly.
func TestLiveStress(t *testing.T) {
	orig, name := stressMap(t)
	d := stressDuration()
	w, h := orig.Width(), orig.Height()
	// A wall of buildings stands across the middle of the map at the
	// start, one 4×4 tile wide, on every tile with a passable cell.
	g0 := orig.Clone()
	var wall []grid.Rect
	for x, y := w/8*4, 0; y+4 <= h; y += 4 {
		tile := grid.R(x, y, x+4, y+4)
		if stressOpenCells(orig, tile, nil) > 0 {
			wall = append(wall, tile)
			g0.Fill(tile, false)
		}
	}
	b, err := preprocess.Build(g0.Clone(), preprocess.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Three copies: the third serves when both others are read, and
	// replays what it lags on publishes (two copies, where the writer
	// waits for the readers of the old version, are stressed by
	// TestLiveReadersDoNotRace and ExampleLiveQuery).
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 3})
	if err != nil {
		t.Fatal(err)
	}
	lg := &stressLog{vers: [][]stressEdit{nil}}
	f := l.NewPenalties(hpa.PenaltyConfig{})
	lg.edit.Lock()
	_, err = lg.publish(l, nil)
	lg.edit.Unlock()
	if err != nil {
		t.Fatal(err)
	}

	r := rand.New(rand.NewPCG(14, 1))
	var pool []grid.Point
	inPool := make([]bool, w*h)
	for try := 0; len(pool) < 256 && try < 1<<20; try++ {
		p := grid.Pt(r.IntN(w), r.IntN(h))
		if g0.Passable(p) && !inPool[g0.Index(p)] {
			inPool[g0.Index(p)] = true
			pool = append(pool, p)
		}
	}
	// Other buildings go up on tiles that are all passable and hold no
	// endpoint.
	var sites []grid.Rect
	for y := 0; y+4 <= h; y += 4 {
		for x := 0; x+4 <= w; x += 4 {
			if tile := grid.R(x, y, x+4, y+4); stressOpenCells(g0, tile, inPool) == 16 {
				sites = append(sites, tile)
			}
		}
	}
	if len(pool) < 64 || len(sites) < 64 || len(wall) < 8 {
		t.Fatalf("%s: %d endpoint cells, %d building sites, %d wall tiles", name, len(pool), len(sites), len(wall))
	}

	var (
		stop   atomic.Bool
		nerr   atomic.Int32
		wg     sync.WaitGroup
		st     stressStats
		builds atomic.Int64
	)
	fail := func(format string, args ...any) {
		if nerr.Add(1) <= 5 {
			t.Errorf(format, args...)
		}
		stop.Store(true)
	}

	// The map writer, every millisecond: a tile of the wall taken down
	// (its cells as they were on the map) or put up again, in turns once
	// the wall is all down or all up; a building placed or removed
	// elsewhere every other millisecond; now and then terrain weights
	// painted. The edits of each millisecond are published as one
	// version. (A publish that takes longer, as under -race on a loaded
	// machine, delays the next round: the rounds missed are dropped.)
	wg.Go(func() {
		wr := rand.New(rand.NewPCG(14, 2))
		var free, built, wallUp, wallDown []int
		for i := range sites {
			free = append(free, i)
		}
		for i := range wall {
			wallUp = append(wallUp, i)
		}
		var cells []grid.Point
		opening, hold := true, 0
		step := func(n int, edits []stressEdit) []stressEdit {
			switch {
			case hold > 0:
				hold--
			case opening && len(wallUp) > 0:
				k := stressTake(wr, &wallUp, &wallDown)
				if cells = stressOpenCellList(orig, wall[k], cells[:0]); len(cells) == 16 {
					edits = append(edits, stressEdit{r: wall[k], kind: stressOpen})
				} else {
					for _, p := range cells {
						edits = append(edits, stressEdit{r: grid.R(p.X, p.Y, p.X+1, p.Y+1), kind: stressOpenCell})
					}
				}
			case !opening && len(wallDown) > 0:
				k := stressTake(wr, &wallDown, &wallUp)
				edits = append(edits, stressEdit{r: wall[k], kind: stressBlock})
			default:
				opening, hold = !opening, 50
				st.wallTurns.Add(1)
			}
			grow := n/400%2 == 0
			switch place := len(built) == 0 || len(free) > 0 && (wr.IntN(4) != 0) == grow; {
			case n%2 == 0:
			case place:
				edits = append(edits, stressEdit{r: sites[stressTake(wr, &free, &built)], kind: stressBlock})
			default:
				edits = append(edits, stressEdit{r: sites[stressTake(wr, &built, &free)], kind: stressOpen})
			}
			switch x, y := wr.IntN(w), wr.IntN(h); wr.IntN(16) {
			case 0, 1:
				edits = append(edits, stressEdit{r: grid.R(x, y, x+3+wr.IntN(6), y+3+wr.IntN(6)), kind: stressWeight, w: uint8(1 + wr.IntN(3))})
			case 2:
				edits = append(edits, stressEdit{r: grid.R(x, y, x+1, y+1), kind: stressWeightCell, w: uint8(1 + wr.IntN(3))})
			}
			return edits
		}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for n := 0; !stop.Load(); n++ {
			<-tick.C
			edits := step(n, nil)
			if len(edits) == 0 {
				continue
			}
			lg.edit.Lock()
			for _, e := range edits {
				if err := e.live(l); err != nil {
					lg.edit.Unlock()
					fail("writer: %v: %v", e, err)
					return
				}
			}
			_, err := lg.publish(l, edits)
			lg.edit.Unlock()
			if err != nil {
				fail("writer: %v", err)
				return
			}
			st.mapVersions.Add(1)
			st.mapEdits.Add(int64(len(edits)))
			builds.Store(max(builds.Load(), int64(len(built))))
		}
	})

	// The penalty writer: hot spots, decay and claims along real paths,
	// published after every write.
	wg.Go(func() {
		pr := rand.New(rand.NewPCG(14, 3))
		lq := l.NewQuery()
		var buf []grid.Point
		claimed := map[uint64][]grid.Point{}
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for !stop.Load() {
			<-tick.C
			var err error
			unit := uint64(1 + pr.IntN(4))
			switch k := pr.IntN(20); {
			case k < 7:
				err = f.AddInfluence(grid.Pt(pr.IntN(w), pr.IntN(h)), 2+pr.IntN(9), grid.Cost(1+pr.IntN(8))*grid.Straight)
			case k < 9:
				err = f.DecayInfluence(3, 4)
			case k < 10:
				err = f.SetInfluence(pool[pr.IntN(len(pool))], grid.Cost(pr.IntN(4))*grid.Straight)
			case k < 14:
				res, ferr := lq.Find(pool[pr.IntN(len(pool))], pool[pr.IntN(len(pool))], hpa.Options{Smooth: hpa.Cells}, buf)
				buf = res.Path
				if ferr != nil {
					err = ferr
				} else if res.Status == hpa.Found {
					p := append([]grid.Point(nil), res.Path[:min(len(res.Path), 48)]...)
					claimed[unit] = p
					err = f.Claim(unit, p)
				}
			case k < 18:
				if p := claimed[unit]; len(p) > 0 {
					f.Advance(unit, p[pr.IntN(len(p))])
				} else {
					f.Advance(unit, pool[0])
				}
			case k < 19:
				f.Release(unit)
				delete(claimed, unit)
			default:
				if pr.IntN(4) == 0 {
					f.ClearInfluence()
				} else {
					err = f.DecayInfluence(1, 2)
				}
			}
			if err != nil {
				fail("penalty writer: %v", err)
				return
			}
			lg.edit.Lock()
			_, err = lg.publish(l, nil)
			lg.edit.Unlock()
			if err != nil {
				fail("penalty writer: %v", err)
				return
			}
			st.penVersions.Add(1)
		}
	})

	// The query goroutines.
	checking := make(chan struct{}, 2)
	for gi := range 8 {
		wg.Go(func() {
			qr := rand.New(rand.NewPCG(14, uint64(100+gi)))
			lq := l.NewQuery()
			m := &stressMirror{g: g0.Clone(), lg: lg, checking: checking}
			m.s = grid.NewSearcher(m.g)
			var buf []grid.Point
			var answers []hpa.Answer
			ask := func() stressAsk {
				a := stressAsk{a: pool[qr.IntN(len(pool))], z: pool[qr.IntN(len(pool))]}
				a.opt.Smooth = hpa.Smoothing(qr.IntN(3))
				switch k := qr.IntN(10); {
				case k < 3:
				case k < 5:
					a.opt.Penalty = f.For(uint64(1 + qr.IntN(5)))
					a.penalized = true
				case k < 7:
					a.opt.Nearest = true
					if qr.IntN(2) == 0 {
						a.z = grid.Pt(qr.IntN(w), qr.IntN(h))
					}
					if k == 6 {
						a.opt.MaxExpansions = 200 + qr.IntN(5000)
					}
				default:
					a.opt.FirstSteps = 1 + qr.IntN(40)
					if k == 9 {
						a.opt.Penalty = f.For(uint64(1 + qr.IntN(5)))
						a.penalized = true
					}
				}
				return a
			}
			for ; !stop.Load(); runtime.Gosched() {
				switch qr.IntN(8) {
				default:
					q := ask()
					res, err := lq.Find(q.a, q.z, q.opt, buf)
					buf = res.Path
					if err != nil {
						fail("query %d: %s: %v", gi, q, err)
						return
					}
					if err := m.check(q, res, &st); err != nil {
						fail("query %d: %v", gi, err)
						return
					}
				case 0: // a View: FindIn, or a batch on two workers
					v := l.Acquire()
					qs := []stressAsk{ask()}
					if qr.IntN(2) == 0 {
						qs = append(qs, ask(), ask())
					}
					reqs := make([]hpa.Request, len(qs))
					for i, q := range qs {
						reqs[i] = hpa.Request{Start: q.a, Goal: q.z, Options: q.opt}
					}
					if len(qs) == 1 {
						res, err := lq.FindIn(v, qs[0].a, qs[0].z, qs[0].opt, buf)
						buf = res.Path
						answers = append(answers[:0], hpa.Answer{Result: res, Err: err})
					} else {
						answers = v.FindAll(reqs, answers, 2)
					}
					ver := v.Version()
					v.Release()
					for i, an := range answers {
						if an.Err != nil {
							fail("query %d: view: %s: %v", gi, qs[i], an.Err)
							return
						}
						if an.Version != ver {
							fail("query %d: view of version %d answered on version %d", gi, ver, an.Version)
							return
						}
						if err := m.check(qs[i], an.Result, &st); err != nil {
							fail("query %d: view: %v", gi, err)
							return
						}
					}
					st.viewed.Add(int64(len(answers)))
				}
			}
		})
	}

	// Run for d, and on until the run has done enough to mean something
	// (a loaded machine under -race), but not forever.
	start := time.Now()
	time.Sleep(d)
	for !stop.Load() && (st.checked.Load() < 200 || l.Version() < 50) && time.Since(start) < d+time.Minute {
		time.Sleep(10 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	el := time.Since(start)
	vers := l.Version()
	t.Logf("%s, %v (asked %v): %d versions (%d map batches of %d edits in all, %d wall turns, up to %d other buildings standing; %d penalty batches); "+
		"%d answers checked (%d through Views): %d found (%d penalized, %d truncated), %d no path, %d partial, %d exhausted",
		name, el.Round(time.Millisecond), d, vers, st.mapVersions.Load(), st.mapEdits.Load(), st.wallTurns.Load(), builds.Load(), st.penVersions.Load(),
		st.checked.Load(), st.viewed.Load(), st.found.Load(), st.penalized.Load(), st.truncated.Load(),
		st.noPath.Load(), st.partial.Load(), st.exhausted.Load())
	if t.Failed() {
		return
	}
	if st.checked.Load() < 200 || vers < 50 {
		t.Fatalf("too little done to mean anything: %d versions (want ≥ 50), %d answers checked (want ≥ 200)", vers, st.checked.Load())
	}
	if st.found.Load() == 0 || st.noPath.Load()+st.partial.Load() == 0 {
		t.Fatalf("the queries never met both outcomes: %d found, %d without a way", st.found.Load(), st.noPath.Load()+st.partial.Load())
	}
}

// TestLiveReadersDoNotRace: what a Live answers without its writers'
// lock is race-free under -race (a data race fails the test there;
// without -race it checks only the answers). One goroutine edits and
// publishes while, in turn, another claims and advances a unit along its
// path (each Advance answering whether the cell was on the path; the
// first goroutine's catch-ups replay those writes on the other copy),
// and another asks Version, which must never go back.
func TestLiveReadersDoNotRace(t *testing.T) {
	path := []grid.Point{grid.Pt(1, 1), grid.Pt(2, 1), grid.Pt(3, 1), grid.Pt(4, 1)}
	readers := map[string]func(l *hpa.Live, f *hpa.LivePenalties, done *atomic.Bool) error{
		"Advance": func(l *hpa.Live, f *hpa.LivePenalties, done *atomic.Bool) error {
			for i := 0; !done.Load(); i++ {
				if err := f.Claim(7, path); err != nil {
					return err
				}
				if !f.Advance(7, path[1+i%3]) {
					return fmt.Errorf("round %d: Advance to %v, on the claimed path, says it is not", i, path[1+i%3])
				}
				if f.Advance(7, grid.Pt(90, 90)) {
					return fmt.Errorf("round %d: Advance off the path says it is on it", i)
				}
				runtime.Gosched() // one thread (js/wasm) is not preempted: let the writer run
			}
			return nil
		},
		"Version": func(l *hpa.Live, f *hpa.LivePenalties, done *atomic.Bool) error {
			var last uint64
			for !done.Load() {
				v := l.Version()
				if v < last {
					return fmt.Errorf("Version went back from %d to %d", last, v)
				}
				last = v
				runtime.Gosched()
			}
			return nil
		},
	}
	for _, name := range []string{"Advance", "Version"} {
		t.Run(name, func(t *testing.T) {
			g, err := mapgen.NewGrid(mapgen.Config{Width: 96, Height: 96, Seed: 5}, grid.MapOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := preprocess.Build(g.Clone(), preprocess.Config{ClusterSize: 16})
			if err != nil {
				t.Fatal(err)
			}
			// with the third tier (groups of 2×2 clusters), which each
			// copy keeps in step with its edits
			l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 2, Planner: hpa.Config{Tiers: 3, GroupClusters: 2}})
			if err != nil {
				t.Fatal(err)
			}
			f := l.NewPenalties(hpa.PenaltyConfig{})
			if _, err := l.Publish(); err != nil {
				t.Fatal(err)
			}
			var (
				wg   sync.WaitGroup
				done atomic.Bool
			)
			wg.Go(func() {
				defer done.Store(true)
				for i := range 300 {
					if err := l.SetWeight(grid.Pt(50, 50), uint8(1+i%2)); err != nil {
						t.Error(err)
						return
					}
					if _, err := l.Publish(); err != nil {
						t.Error(err)
						return
					}
				}
			})
			wg.Go(func() {
				if err := readers[name](l, f, &done); err != nil {
					t.Error(err)
				}
			})
			wg.Wait()
		})
	}
}

// stressMap returns the first StarCraft map by name, or, when the maps
// are missing and not required (RTSPATH_REQUIRE_MAPS unset), a generated
// one, so that a fresh clone runs the test too.
func stressMap(t *testing.T) (*grid.Grid, string) {
	if testmaps.Dir() == "" && !testmaps.Required() {
		g, err := mapgen.NewGrid(mapgen.Config{Width: 256, Height: 256, Seed: 14}, grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return g, "generated 256×256"
	}
	maps, err := testmaps.List(testmaps.Require(t), "sc1")
	if err != nil || len(maps) == 0 {
		t.Fatalf("no sc1 maps: %v", err)
	}
	return testmaps.ReadGrid(t, maps[0].Path), "sc1/" + maps[0].Name
}

type stressStats struct {
	mapVersions, mapEdits, penVersions, wallTurns atomic.Int64
	checked, viewed                               atomic.Int64
	found, penalized, truncated                   atomic.Int64
	noPath, partial, exhausted                    atomic.Int64
}

// stressOpenCells counts the passable cells of r on g that skip does not
// mark (skip nil: none).
func stressOpenCells(g *grid.Grid, r grid.Rect, skip []bool) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if p := grid.Pt(x, y); g.Passable(p) && (skip == nil || !skip[g.Index(p)]) {
				n++
			}
		}
	}
	return n
}

// stressOpenCellList appends the passable cells of r on g to dst.
func stressOpenCellList(g *grid.Grid, r grid.Rect, dst []grid.Point) []grid.Point {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if p := grid.Pt(x, y); g.Passable(p) {
				dst = append(dst, p)
			}
		}
	}
	return dst
}

// stressTake moves a random element of *from to *to and returns it.
func stressTake(r *rand.Rand, from, to *[]int) int {
	i := r.IntN(len(*from))
	k := (*from)[i]
	(*from)[i] = (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, k)
	return k
}

const (
	stressBlock      = iota // Fill false
	stressOpen              // Fill true
	stressOpenCell          // SetPassable true of r.Min
	stressWeight            // FillWeight w
	stressWeightCell        // SetWeight w of r.Min
)

// stressEdit is one map edit of the writer.
type stressEdit struct {
	r    grid.Rect
	kind uint8
	w    uint8
}

func (e stressEdit) String() string {
	return fmt.Sprintf("%v %v %d", [...]string{"block", "open", "open cell", "weight", "weight cell"}[e.kind], e.r, e.w)
}

// live makes the edit on the live map.
func (e stressEdit) live(l *hpa.Live) error {
	switch e.kind {
	case stressBlock:
		return l.Fill(e.r, false)
	case stressOpen:
		return l.Fill(e.r, true)
	case stressOpenCell:
		return l.SetPassable(e.r.Min, true)
	case stressWeight:
		return l.FillWeight(e.r, e.w)
	}
	return l.SetWeight(e.r.Min, e.w)
}

// apply makes the edit on a plain grid.
func (e stressEdit) apply(g *grid.Grid) error {
	switch e.kind {
	case stressBlock:
		g.Fill(e.r, false)
		return nil
	case stressOpen:
		g.Fill(e.r, true)
		return nil
	case stressOpenCell:
		return g.SetPassable(e.r.Min, true)
	case stressWeight:
		return g.FillWeight(e.r, e.w)
	}
	return g.SetWeight(e.r.Min, e.w)
}

// stressLog records the map edits of every published version. Every map
// edit and every Publish is made with edit held, and the version Publish
// returns is recorded before edit is released, so the edits of a version
// are exactly those made since the version before it.
type stressLog struct {
	edit sync.Mutex
	mu   sync.RWMutex
	vers [][]stressEdit // vers[v]: the map edits of version v
}

// publish publishes l and records its version with edits. Call with
// edit held.
func (s *stressLog) publish(l *hpa.Live, edits []stressEdit) (uint64, error) {
	v, err := l.Publish()
	if err != nil {
		return v, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	last := uint64(len(s.vers) - 1)
	switch {
	case v == last+1:
		s.vers = append(s.vers, edits)
	case v == last && len(edits) == 0: // the other writer published this one's writes
	default:
		return v, fmt.Errorf("Publish gave version %d after %d, with %d map edits", v, last, len(edits))
	}
	return v, nil
}

// since appends the edit batches of the versions after from up to to,
// and reports whether to was recorded.
func (s *stressLog) since(dst [][]stressEdit, from, to uint64) ([][]stressEdit, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if to >= uint64(len(s.vers)) {
		return dst, false
	}
	return append(dst, s.vers[from+1:to+1]...), true
}

// stressMirror is one query goroutine's own copy of the map, rolled
// forward to the versions its answers report.
type stressMirror struct {
	lg *stressLog
	// checking bounds the goroutines checking at once (shared): the
	// checks cost more than the queries, and unbounded they would starve
	// the writers of CPU.
	checking chan struct{}
	g        *grid.Grid
	ver      uint64
	s        *grid.Searcher
	seen     []uint32 // nearest's marks: gen where seen
	gen      uint32
	queue    []grid.Point
	batches  [][]stressEdit
	ref      []grid.Point
	cells    []grid.Point
}

// roll brings the mirror to version v, which must not be older.
func (m *stressMirror) roll(v uint64) error {
	if v < m.ver {
		return fmt.Errorf("an answer on version %d after one on version %d", v, m.ver)
	}
	if v == m.ver {
		return nil
	}
	bs, ok := m.lg.since(m.batches[:0], m.ver, v)
	if !ok {
		// Published, and its writer is still recording it.
		m.lg.edit.Lock()
		m.lg.edit.Unlock()
		if bs, ok = m.lg.since(m.batches[:0], m.ver, v); !ok {
			return fmt.Errorf("an answer on version %d, which was never published", v)
		}
	}
	m.batches = bs
	for _, b := range bs {
		for _, e := range b {
			if err := e.apply(m.g); err != nil {
				return err
			}
		}
	}
	m.ver = v
	return nil
}

type stressAsk struct {
	a, z      grid.Point
	opt       hpa.Options
	penalized bool
}

func (q stressAsk) String() string {
	return fmt.Sprintf("%v→%v smooth %d nearest %v max %d first %d penalized %v",
		q.a, q.z, q.opt.Smooth, q.opt.Nearest, q.opt.MaxExpansions, q.opt.FirstSteps, q.penalized)
}

// check checks res, the answer to q, on the map of the version it
// reports.
func (m *stressMirror) check(q stressAsk, res hpa.Result, st *stressStats) (err error) {
	m.checking <- struct{}{}
	defer func() { <-m.checking }()
	if err := m.roll(res.Version); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			err = fmt.Errorf("version %d: %s: %v %d cells cost %d truncated %v expanded %d: %w",
				res.Version, q, res.Status, len(res.Path), res.Cost, res.Truncated, res.Expanded, err)
		}
	}()
	g := m.g
	if !g.Passable(q.a) {
		return fmt.Errorf("the start is blocked (the test's pool is not kept clear)")
	}
	goalOpen := g.Passable(q.z)
	if !goalOpen && !q.opt.Nearest {
		return fmt.Errorf("an answer for a blocked goal without Nearest (want grid.ErrBlocked)")
	}
	var want grid.Result
	if goalOpen {
		want, err = m.s.FindPath(q.a, q.z, grid.Options{}, m.ref)
		if err != nil {
			return err
		}
		m.ref = want.Path
	}
	reach := want.Status == grid.Found
	if q.opt.MaxExpansions > 0 && res.Expanded > q.opt.MaxExpansions {
		return fmt.Errorf("expanded more than MaxExpansions")
	}
	st.checked.Add(1)
	switch res.Status {
	case hpa.Exhausted:
		if q.opt.MaxExpansions == 0 {
			return fmt.Errorf("exhausted without a budget")
		}
		st.exhausted.Add(1)
		if !q.opt.Nearest {
			if len(res.Path) != 0 {
				return fmt.Errorf("exhausted without Nearest, with a path")
			}
			return nil
		}
		_, err := m.legal(res.Path, q)
		return err
	case hpa.NoPath:
		st.noPath.Add(1)
		switch {
		case reach:
			return fmt.Errorf("no path, A* finds one of cost %d", want.Cost)
		case q.opt.Nearest:
			return fmt.Errorf("no path with Nearest (want Partial)")
		case len(res.Path) != 0:
			return fmt.Errorf("no path, with a path")
		}
		return nil
	case hpa.Found:
		st.found.Add(1)
		if q.penalized {
			st.penalized.Add(1)
		}
		if !reach {
			return fmt.Errorf("a path where A* finds none")
		}
	case hpa.Partial:
		st.partial.Add(1)
		switch {
		case reach:
			return fmt.Errorf("partial, A* reaches the goal at cost %d", want.Cost)
		case !q.opt.Nearest:
			return fmt.Errorf("partial without Nearest")
		}
	default:
		return fmt.Errorf("status %d", res.Status)
	}

	// Found or Partial: a legal path from the start.
	c, err := m.legal(res.Path, q)
	if err != nil {
		return err
	}
	p := res.Path
	end := p[len(p)-1]
	if res.Truncated {
		st.truncated.Add(1)
		if q.opt.FirstSteps == 0 || len(p) != q.opt.FirstSteps+1 {
			return fmt.Errorf("truncated to %d cells", len(p))
		}
	} else if q.opt.FirstSteps > 0 && len(p) > q.opt.FirstSteps+1 {
		return fmt.Errorf("more than FirstSteps, not truncated")
	}
	switch {
	case q.penalized && res.Cost < c:
		return fmt.Errorf("the path's terrain alone costs %d, more than the cost with penalties", c)
	case q.opt.Smooth == hpa.Corners && res.Cost < c:
		return fmt.Errorf("below the corners' straight length %d", c)
	case !q.penalized && q.opt.Smooth != hpa.Corners && res.Cost != c:
		return fmt.Errorf("the path costs %d on this version", c)
	}
	if res.Truncated {
		return nil
	}
	if res.Status == hpa.Found {
		switch {
		case end != q.z:
			return fmt.Errorf("the path ends at %v", end)
		case res.Cost < want.Cost:
			return fmt.Errorf("cheaper than the optimum %d", want.Cost)
		}
		return nil
	}
	// Partial: as near the goal as any cell the start reaches.
	if d, best := grid.OctileCost(end, q.z), m.nearest(q.a, q.z); d != best {
		return fmt.Errorf("the path ends at %v, %d from the goal; the start reaches cells %d from it", end, d, best)
	}
	return nil
}

// legal checks that p is a path from q's start by the oracle's step
// rules on the mirror and returns its terrain cost. For Corners it checks
// that consecutive corners are in line of sight, each segment walked cell
// by cell (grid.AppendLine) by the oracle's rules, and returns the least
// any cell path through the corners can cost (their octile distances at
// the map's least weight): Cost, that of the Cells path the corners come
// from, is no less.
func (m *stressMirror) legal(p []grid.Point, q stressAsk) (grid.Cost, error) {
	g := m.g
	if len(p) == 0 || p[0] != q.a {
		return 0, fmt.Errorf("the path does not start at the start")
	}
	cells := p
	if q.opt.Smooth == hpa.Corners {
		cells = append(m.cells[:0], p[0])
		for k := 1; k < len(p); k++ {
			var ok bool
			if cells, ok = g.AppendLine(cells[:len(cells)-1], p[k-1], p[k]); !ok {
				return 0, fmt.Errorf("corners %v→%v (%d of %d) without line of sight", p[k-1], p[k], k, len(p)-1)
			}
		}
		m.cells = cells
	}
	o := oracle.Graph{G: g}
	var c grid.Cost
	for i := 1; i < len(cells); i++ {
		if !o.Legal(cells[i-1], cells[i]) {
			return 0, fmt.Errorf("illegal step %v→%v (step %d of %d)", cells[i-1], cells[i], i, len(cells)-1)
		}
		c += o.Cost(cells[i-1], cells[i])
	}
	if q.opt.Smooth == hpa.Corners {
		c = 0
		for k := 1; k < len(p); k++ {
			c += grid.OctileCost(p[k-1], p[k]) * grid.Cost(g.MinWeight())
		}
	}
	return c, nil
}

// nearest returns the least octile distance to z of the cells reachable
// from a, by a breadth-first flood fill under the oracle's step rules.
func (m *stressMirror) nearest(a, z grid.Point) grid.Cost {
	g := m.g
	o := oracle.Graph{G: g}
	if len(m.seen) != g.Width()*g.Height() {
		m.seen = make([]uint32, g.Width()*g.Height())
	}
	m.gen++
	best := grid.OctileCost(a, z)
	m.seen[g.Index(a)] = m.gen
	m.queue = append(m.queue[:0], a)
	for k := 0; k < len(m.queue); k++ {
		c := m.queue[k]
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				n := grid.Pt(c.X+dx, c.Y+dy)
				if o.Legal(c, n) && m.seen[g.Index(n)] != m.gen {
					m.seen[g.Index(n)] = m.gen
					m.queue = append(m.queue, n)
					best = min(best, grid.OctileCost(n, z))
				}
			}
		}
	}
	return best
}
