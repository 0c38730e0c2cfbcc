package bench

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"runtime/pprof"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// ErrTicksOptions is wrapped by Ticks' error for options out of range.
var ErrTicksOptions = errors.New("bench: ticks: options out of range")

// ErrWrongAnswer is wrapped by Ticks' error when the service answers a
// request wrongly: an illegal path, one that does not go from the unit
// to its goal or costs what it does not, a reply to a request cancelled
// or already answered, or an answer other than LiveQuery.FindIn's.
var ErrWrongAnswer = errors.New("bench: ticks: wrong answer")

// The replay's model (see Ticks).
const (
	TicksPerSecond = 20
	// DefaultTicksBudget is the default expansions per Tick: 2 ms, the
	// issue's goal for a tick on one core, at the 110 to 125 ns an
	// expansion took when the default replay ran with no budget (go run
	// ./cmd/rtspath bench -ticks -budget -1, with and without
	// -no-groups: 124 and 111 ns, Service.Tick's time over the
	// expansions it spent).
	DefaultTicksBudget = 16_000

	// A unit asks for a path about every 10 s: every 20 s on its own
	// (re-pathing to its goal) and every 20 s with its squad (a new
	// order), half a period apart: about 50 requests a tick for 10,000
	// units, the load.
	repathEvery    = 20 * TicksPerSecond
	squadSize      = 20
	squadSpread    = 16  // squad members start this close to its centre
	unitGoalRange  = 128 // a unit's first goal: this close
	squadGoalRange = 256 // a squad's goals: this close to its first unit
	burstFirst     = 5 * TicksPerSecond
	burstEvery     = 15 * TicksPerSecond
	burstSquads    = 25
	buildEvery     = TicksPerSecond // a building placed or removed each second
	buildingSide   = 8
	compareEvery   = 50 // every 50th final answer is compared with FindIn
	// A unit walks 4 cells a second: a path cell every 5 ticks. Its
	// place on its path is counted in fifths of a cell.
	fifths = TicksPerSecond / 4
)

// TicksOptions tune Ticks. Zero fields take the defaults.
type TicksOptions struct {
	Size    int // map side in cells (0: 4096)
	Units   int // (0: 10,000)
	Seconds int // game seconds replayed, at 20 ticks a second (0: 60)
	// Budget is the expansions a Tick may spend (0: DefaultTicksBudget;
	// negative: no bound, every request runs to its end in the tick it
	// was submitted in).
	Budget   int
	Seed     uint64 // the map, the units, their orders, the buildings
	Progress func(what string)
	// NoGroups: the service answers requests that share a goal one by
	// one (hpa.ServiceConfig.NoGroups).
	NoGroups bool
	// CPUProfile, if set, receives a CPU profile of the replay (the
	// ticks and the game's work between them; not the map's bake).
	CPUProfile io.Writer

	tamper tamper // tests: corrupt an answer; the replay must fail
}

// tamper corrupts one answer before the replay checks it (tests).
type tamper uint8

const (
	tamperNone    tamper = iota
	tamperIllegal        // the first found path gets a cell two steps off
	tamperDetour         // the first compared found path gets a legal detour
)

// TicksReport is what a replay measured. Times are in µs; latencies in
// ticks, where Ticks+1 stands for a request never answered.
type TicksReport struct {
	Size, Units, Squads, Seconds, Ticks, Budget int
	Seed                                        uint64
	BuildMillis                                 float64 // preprocess.Build of the generated map
	LiveMillis                                  float64 // hpa.NewLive on the bake (its copies)
	// Requests submitted: Regular re-paths, Squad orders, Burst orders
	// (Bursts of them, up to 500 units each).
	Requests, Regular, Squad, Burst, Bursts int
	// Superseded: requests cancelled because their unit asked again;
	// SupersededWaiting of them had had no reply.
	Superseded, SupersededWaiting int
	// Answered: Final replies; Unanswered: still pending at the end.
	// Answered + Superseded + Unanswered = Requests.
	Answered, Unanswered int
	Errors               int // Final replies with an error (an endpoint under a building)
	FirstStepReplies     int
	// Edits: buildings placed or removed and published; NoSpot: seconds
	// with no free spot for a building.
	Edits, NoSpot int
	// Blocked: units that stopped because a building went up on their
	// path. Rejoins: final paths that do not pass through the cell the
	// unit reached on its first steps, so that it walks a step line to
	// the final path; Jumps: the same where that line was blocked, so
	// that it moved to the path (MaxJump cells away at most).
	Blocked, Rejoins, Jumps, MaxJump int

	TickP50, TickP99, TickMax float64 // Service.Tick, wall time
	// The same over the ticks that follow a publish (the service starts
	// the requests in flight again on the new version) and over the
	// others.
	PubTickP50, PubTickP99, OtherTickP50, OtherTickP99 float64
	PublishP50, PublishP99                             float64 // Live.Fill and Publish of a building
	// Ticks from a request's submission to its first reply that gives
	// the unit cells to walk (FirstSteps or Final), and to its Final; 0
	// is the tick it was submitted in. Superseded requests are left out.
	FirstP50, FirstP99, FullP50, FullP99 int
	SpentMean                            float64 // expansions per tick (Service.Spent)
	SpentMax                             int
	// Checked: Final replies checked legal on their version's map;
	// Compared: of them, those compared with LiveQuery.FindIn: byte for
	// byte, but for ComparedGrouped (requests the service may have
	// answered as a group, see hpa.Service: the same status, and a path
	// that may be another one, as GroupedOther were, their cost over
	// FindIn's from GroupedCostMin to GroupedCostMax, minus one).
	Checked, Compared, ComparedGrouped, GroupedOther int
	GroupedCostMin, GroupedCostMax                   float64
	// Wrong: answers that failed a check (FirstWrong says what the first
	// was); Ticks then returns the report and an error wrapping
	// ErrWrongAnswer. Unchecked: Final replies on a version other than
	// the tick's (none: nothing publishes during a Tick).
	Wrong, Unchecked int
	FirstWrong       string
	// Expanded: the Final replies' Result.Expanded, summed; NsPerExpansion:
	// the ticks' time over the expansions they spent.
	Expanded       int
	NsPerExpansion float64
	// Hash is an FNV-64a hash of every tick's replies in order (ticket,
	// kind, status, cost, path): the same inputs give the same hash on
	// every machine and GOMAXPROCS.
	Hash uint64
}

// tickUnit is a unit of the replay.
type tickUnit struct {
	pos, goal grid.Point
	path      []grid.Point // being walked: pos is path[at/fifths]
	at        int
	req       int32 // its pending request (index+1 into reqs), 0: none
	hold      bool  // stands still until its pending request's first reply
	firstLen  int   // cells of the first steps it walks
	ordered   int   // the last tick it was given an order
}

// tickReq is one request of the replay.
type tickReq struct {
	unit              int32
	kind              uint8 // 0 regular, 1 squad, 2 burst
	cancelled         bool
	grouped           bool  // one of GroupMin or more sharing its goal and tick
	sub, first, final int32 // ticks; -1: not yet
	start, goal       grid.Point
}

// ticksRun is one replay in progress.
type ticksRun struct {
	opt   TicksOptions
	rep   *TicksReport
	rnd   *mapgen.Rand
	units []tickUnit
	reqs  []tickReq
	occ   map[int32]int32 // units standing on or heading to a cell: no building there
	w     int
	live  *hpa.Live
	svc   *hpa.Service
	lq    *hpa.LiveQuery
	v     hpa.View // the version of this tick (game side and checks)
	cmp   []grid.Point
	tmp   []grid.Point
	opts  hpa.Options
	finals,
	tampered int
}

// Ticks replays a match against a path service (hpa.Service) and
// measures what its ticks cost and how soon units get their paths. The
// model, deterministic from Seed:
//
//   - A generated Size² map (internal/mapgen), baked with the default
//     configuration, on a live map (hpa.NewLive) with a service
//     (Live.NewService, default configuration). The bake is timed apart.
//   - Units on random passable cells of the largest island, in squads of
//     20 consecutive units within 16 cells of the squad's centre. Each
//     starts with a goal within 128 cells of it on its island.
//   - 20 ticks a second, Seconds·20 ticks. Each tick, in this order: every
//     second (tick 0, 20, ...) one 8×8 building goes up on a free spot (no
//     unit stands on or heads for its cells, no request in flight starts
//     there) or, two times in five, one
//     comes down, and the edit is published (timed, apart); the units
//     move; orders are submitted; Service.Tick(Budget) runs (timed: the
//     tick time); the replies are checked and handed to the units.
//   - A unit walks its path one cell every 5 ticks (4 cells a second;
//     diagonal steps alike): its first steps as soon as they come, then
//     its final path from where it stands on it (off it, it walks the step
//     line to the path's nearest cell, or moves there if that line is
//     blocked: Rejoins, Jumps). A unit stops where a
//     building went up on its path. From the tick it submits a request
//     until the request's first reply it stands still, so a request
//     starts where the unit stands. A unit on its goal idles.
//   - Orders: every tick the units u with u % 400 = tick % 400 re-path to
//     their goal from where they stand (about 25 a tick for 10,000 units;
//     idle units do not); the squads s with s % 400 = (tick+200) % 400
//     get a new goal within 256 cells of their first unit, on its island,
//     all members ordered to that one cell in that tick (squads in that
//     tick's burst excepted; 25 requests a tick: with the re-paths, each
//     unit asks about every 10 s, 50 requests a tick); every 15 s,
//     first at 5 s, 25 squads in turn (500 units) are ordered to one cell
//     at least Size/2 away from their first unit (Chebyshev; any cell of
//     its island if none is), with priority 1 (other orders 0). A unit
//     whose request is still pending when it asks again cancels it
//     (superseded).
//   - Every Final reply's path is checked on the version it names (legal
//     steps from the unit's cell to its goal, costing what the reply
//     says; found exactly when both lie on one island), and every 50th
//     Final is compared with LiveQuery.FindIn on the same version: status,
//     path, cost and expansions; for requests the service may have
//     answered as a group (GroupMin or more to one goal in one tick, see
//     hpa.Service) the status only, the rest counted. A wrong answer is
//     counted and leaves its unit idle, and the replay returns its report
//     with an error wrapping ErrWrongAnswer. First steps are checked
//     legal from the unit's cell.
//   - Latencies in ticks: to the first reply the unit can walk
//     (FirstSteps, or a Final) and to the Final; 0 when answered in the
//     tick the request was submitted in. A request still pending at the
//     end counts as never answered (Ticks+1 in the percentiles).
//
// Cost: a bake of Size² (2.5 s at 4096²; the whole replay holds 1.0 to
// 1.6 GB there), then Budget expansions a tick plus the service's own
// work, and the checks (a FindIn every 50 answers).
//
//	go run ./cmd/rtspath bench -ticks
func Ticks(ctx context.Context, opt TicksOptions) (*TicksReport, error) {
	if opt.Size == 0 {
		opt.Size = 4096
	}
	if opt.Units == 0 {
		opt.Units = 10_000
	}
	if opt.Seconds == 0 {
		opt.Seconds = 60
	}
	if opt.Budget == 0 {
		opt.Budget = DefaultTicksBudget
	}
	if opt.Size < 64 || opt.Size > grid.MaxSide || opt.Units < 1 || opt.Seconds < 1 {
		return nil, fmt.Errorf("%w: size %d (want 64..%d), units %d, seconds %d (want 1 or more)",
			ErrTicksOptions, opt.Size, grid.MaxSide, opt.Units, opt.Seconds)
	}
	say := func(what string) {
		if opt.Progress != nil {
			opt.Progress(what)
		}
	}
	rep := &TicksReport{Size: opt.Size, Units: opt.Units, Squads: (opt.Units + squadSize - 1) / squadSize,
		Seconds: opt.Seconds, Ticks: opt.Seconds * TicksPerSecond, Budget: opt.Budget, Seed: opt.Seed}
	say("generating and baking")
	g, b, ms, err := genBake(opt.Size, opt.Seed)
	if err != nil {
		return nil, err
	}
	rep.BuildMillis = ms
	r := &ticksRun{opt: opt, rep: rep, rnd: mapgen.NewRand(opt.Seed ^ 0x71c5), occ: map[int32]int32{}, w: opt.Size,
		opts: hpa.Options{Smooth: hpa.Cells}}
	if err := r.place(g, b); err != nil {
		return nil, err
	}
	t0 := time.Now()
	if r.live, err = hpa.NewLive(b, hpa.LiveConfig{}); err != nil {
		return nil, err
	}
	rep.LiveMillis = float64(time.Since(t0).Nanoseconds()) / 1e6
	b = nil // the live map holds its own copies
	r.svc = r.live.NewService(hpa.ServiceConfig{NoGroups: opt.NoGroups})
	defer r.svc.Close()
	r.lq = r.live.NewQuery()
	build := buildings{g: g, r: mapgen.NewRand(opt.Seed ^ 0xb1d), side: buildingSide, tries: 200,
		taken: func(i int) bool { return r.occ[int32(i)] > 0 }}

	if opt.CPUProfile != nil {
		if err := pprof.StartCPUProfile(opt.CPUProfile); err != nil {
			return nil, err
		}
		defer pprof.StopCPUProfile()
	}
	var tickUs, pubUs, pubTickUs, otherTickUs []float64
	h := fnv.New64a()
	budget := max(opt.Budget, 0)
	spent := 0
	for t := range rep.Ticks {
		if t%20 == 0 {
			say(fmt.Sprintf("tick %d/%d, %d pending", t, rep.Ticks, r.svc.Pending()))
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		published := false
		if t%buildEvery == 0 {
			e, ok := build.next()
			if !ok {
				rep.NoSpot++
			} else {
				t0 := time.Now()
				if err := r.live.Fill(e.r, !e.place); err != nil {
					return nil, err
				}
				if _, err := r.live.Publish(); err != nil {
					return nil, err
				}
				pubUs = append(pubUs, micros(time.Since(t0)))
				rep.Edits++
				published = true
			}
		}
		r.v = r.live.Acquire()
		r.move()
		if err := r.orders(t); err != nil {
			r.v.Release()
			return nil, err
		}
		t0 := time.Now()
		replies := r.svc.Tick(budget)
		us := micros(time.Since(t0))
		tickUs = append(tickUs, us)
		if published {
			pubTickUs = append(pubTickUs, us)
		} else {
			otherTickUs = append(otherTickUs, us)
		}
		spent += r.svc.Spent()
		rep.SpentMax = max(rep.SpentMax, r.svc.Spent())
		hashReplies(h, t, replies)
		err := r.take(t, replies)
		r.v.Release()
		if err != nil {
			return nil, fmt.Errorf("bench: ticks: tick %d: %w", t, err)
		}
	}
	pprof.StopCPUProfile()
	rep.Hash = h.Sum64()
	rep.SpentMean = float64(spent) / float64(rep.Ticks)
	slices.Sort(tickUs)
	rep.TickP50, rep.TickP99, rep.TickMax = quant(tickUs, 0.5), quant(tickUs, 0.99), tickUs[len(tickUs)-1]
	rep.PublishP50, rep.PublishP99 = quantiles(pubUs)
	rep.PubTickP50, rep.PubTickP99 = quantiles(pubTickUs)
	rep.OtherTickP50, rep.OtherTickP99 = quantiles(otherTickUs)
	var sum float64
	for _, us := range tickUs {
		sum += us
	}
	rep.NsPerExpansion = 1e3 * sum / float64(max(spent, 1))
	if err := r.latencies(); err != nil {
		return nil, err
	}
	if rep.Wrong > 0 {
		return rep, fmt.Errorf("%w: %d answers; the first: %s", ErrWrongAnswer, rep.Wrong, rep.FirstWrong)
	}
	return rep, nil
}

// place puts the units and their first goals on g (baked as b).
func (r *ticksRun) place(g *grid.Grid, b *preprocess.Bake) error {
	n := r.w
	sizes := make([]int, b.Islands())
	for i := range n * n {
		if k := b.Island(g.PointAt(i)); k >= 0 {
			sizes[k]++
		}
	}
	if len(sizes) == 0 {
		return fmt.Errorf("%w: no passable cell on the %d² map", ErrTicksOptions, n)
	}
	main := 0
	for k, s := range sizes {
		if s > sizes[main] {
			main = k
		}
	}
	on := func(p grid.Point) bool { return b.Island(p) == main }
	r.units = make([]tickUnit, r.opt.Units)
	var centre grid.Point
	for u := range r.units {
		if u%squadSize == 0 {
			var ok bool
			if centre, ok = r.pick(grid.Pt(n/2, n/2), n, 0, 1<<20, on); !ok {
				return fmt.Errorf("%w: no cell found on the largest island", ErrTicksOptions)
			}
		}
		pos, ok := r.pick(centre, squadSpread, 0, 1000, on)
		if !ok {
			pos = centre
		}
		goal, ok := r.pick(pos, unitGoalRange, 1, 1000, on)
		if !ok {
			goal = pos
		}
		un := &r.units[u]
		un.pos, un.goal, un.ordered = pos, goal, -1
		un.path = append(un.path, pos)
		r.occ[int32(g.Index(pos))]++
		r.occ[int32(g.Index(goal))]++
	}
	return nil
}

// pick returns a random cell within reach of c (Chebyshev), at least
// far from it, for which ok holds, in at most tries tries.
func (r *ticksRun) pick(c grid.Point, reach, far, tries int, ok func(grid.Point) bool) (grid.Point, bool) {
	x0, y0 := max(c.X-reach, 0), max(c.Y-reach, 0)
	x1, y1 := min(c.X+reach+1, r.w), min(c.Y+reach+1, r.w)
	for range tries {
		p := grid.Pt(x0+r.rnd.Intn(x1-x0), y0+r.rnd.Intn(y1-y0))
		if max(abs(p.X-c.X), abs(p.Y-c.Y)) >= far && ok(p) {
			return p, true
		}
	}
	return grid.Point{}, false
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// move walks every unit that is not waiting a fifth of a cell along its
// path. O(units).
func (r *ticksRun) move() {
	g := r.v.Grid()
	for i := range r.units {
		u := &r.units[i]
		if u.hold || u.at/fifths >= len(u.path)-1 {
			continue
		}
		u.at++
		if u.at%fifths != 0 {
			continue
		}
		next := u.path[u.at/fifths]
		if !g.Passable(next) { // a building went up on the path
			u.at -= fifths
			u.path = u.path[:u.at/fifths+1]
			r.rep.Blocked++
			continue
		}
		r.stand(u, next)
	}
}

// stand moves u to p.
func (r *ticksRun) stand(u *tickUnit, p grid.Point) {
	r.occ[int32(p.Y*r.w+p.X)]++
	r.unmark(u.pos)
	u.pos = p
}

func (r *ticksRun) unmark(p grid.Point) {
	k := int32(p.Y*r.w + p.X)
	if r.occ[k]--; r.occ[k] == 0 {
		delete(r.occ, k)
	}
}

// orders submits tick t's orders: bursts, squads, re-paths, and marks
// those the service may answer as a group.
func (r *ticksRun) orders(t int) error {
	from := len(r.reqs)
	if err := r.submit(t); err != nil {
		return err
	}
	if r.opt.NoGroups {
		return nil
	}
	count := map[grid.Point]int{}
	for _, q := range r.reqs[from:] {
		count[q.goal]++
	}
	for i := from; i < len(r.reqs); i++ {
		if !r.reqs[i].cancelled && count[r.reqs[i].goal] >= hpa.GroupMin {
			r.reqs[i].grouped = true
		}
	}
	return nil
}

// submit submits tick t's orders.
func (r *ticksRun) submit(t int) error {
	b := r.v.Bake()
	nsq := r.rep.Squads
	burst0, burstN := 0, 0
	if t >= burstFirst && (t-burstFirst)%burstEvery == 0 {
		k := (t - burstFirst) / burstEvery
		burstN = min(burstSquads, nsq)
		burst0 = k * burstSquads % nsq
		lead := r.units[burst0*squadSize].pos
		same := func(p grid.Point) bool { return b.SameIsland(lead, p) }
		goal, ok := r.pick(lead, r.w, r.w/2, 1000, same)
		if !ok {
			if goal, ok = r.pick(lead, r.w, 0, 1000, same); !ok {
				goal = lead
			}
		}
		r.rep.Bursts++
		for s := range burstN {
			sq := (burst0 + s) % nsq
			for u := sq * squadSize; u < min((sq+1)*squadSize, len(r.units)); u++ {
				if err := r.order(t, u, goal, 2, 1); err != nil {
					return err
				}
			}
		}
	}
	inBurst := func(sq int) bool { return (sq-burst0+nsq)%nsq < burstN }
	for sq := (t + repathEvery/2) % repathEvery; sq < nsq; sq += repathEvery {
		if inBurst(sq) {
			continue
		}
		lead := r.units[sq*squadSize].pos
		goal, ok := r.pick(lead, squadGoalRange, 1, 1000, func(p grid.Point) bool { return b.SameIsland(lead, p) })
		if !ok {
			goal = lead
		}
		for u := sq * squadSize; u < min((sq+1)*squadSize, len(r.units)); u++ {
			if err := r.order(t, u, goal, 1, 0); err != nil {
				return err
			}
		}
	}
	for u := t % repathEvery; u < len(r.units); u += repathEvery {
		un := &r.units[u]
		if un.ordered == t || un.req == 0 && un.pos == un.goal {
			continue
		}
		if err := r.order(t, u, un.goal, 0, 0); err != nil {
			return err
		}
	}
	return nil
}

// order sends unit u to goal: its pending request is cancelled, a new
// one submitted from where it stands.
func (r *ticksRun) order(t, u int, goal grid.Point, kind uint8, prio int) error {
	un := &r.units[u]
	if un.req != 0 {
		q := &r.reqs[un.req-1]
		if !r.svc.Cancel(hpa.Ticket(un.req)) {
			return fmt.Errorf("%w: request %d of unit %d pending but not cancellable", ErrWrongAnswer, un.req, u)
		}
		q.cancelled = true
		r.unmark(q.start)
		r.rep.Superseded++
		if q.first < 0 {
			r.rep.SupersededWaiting++
		}
	}
	r.occ[int32(goal.Y*r.w+goal.X)]++
	r.unmark(un.goal)
	un.goal, un.ordered = goal, t
	tk, err := r.svc.Submit(hpa.Order{Start: un.pos, Goal: goal, Options: r.opts, Priority: prio})
	if err != nil {
		return err
	}
	r.occ[int32(un.pos.Y*r.w+un.pos.X)]++ // its start: no building while it runs
	r.reqs = append(r.reqs, tickReq{unit: int32(u), kind: kind, sub: int32(t), first: -1, final: -1, start: un.pos, goal: goal})
	if uint64(tk) != uint64(len(r.reqs)) {
		return fmt.Errorf("bench: ticks: ticket %d for request %d: the service numbers its tickets otherwise", tk, len(r.reqs))
	}
	un.req, un.hold = int32(tk), true
	r.rep.Requests++
	switch kind {
	case 0:
		r.rep.Regular++
	case 1:
		r.rep.Squad++
	default:
		r.rep.Burst++
	}
	return nil
}

// hashReplies adds tick t's replies to h.
func hashReplies(h hash.Hash64, t int, replies []hpa.Reply) {
	var b [32]byte
	h.Write(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(b[:0], uint32(t)), uint32(len(replies))))
	for _, rp := range replies {
		x := binary.LittleEndian.AppendUint64(b[:0], uint64(rp.Ticket))
		x = append(x, byte(rp.Kind), byte(rp.Status))
		x = binary.LittleEndian.AppendUint64(x, uint64(rp.Cost))
		x = binary.LittleEndian.AppendUint32(x, uint32(len(rp.Path)))
		h.Write(x)
		hashPoints(h, rp.Path)
	}
}

// take checks tick t's replies and hands them to their units. A wrong
// answer is counted (wrong) and leaves its unit idle; an error is for a
// reply the service should never give.
func (r *ticksRun) take(t int, replies []hpa.Reply) error {
	g := r.v.Grid()
	for i := range replies {
		rp := &replies[i]
		k := int(rp.Ticket) - 1
		if k < 0 || k >= len(r.reqs) {
			return fmt.Errorf("%w: a reply for ticket %d, never issued", ErrWrongAnswer, rp.Ticket)
		}
		q := &r.reqs[k]
		u := &r.units[q.unit]
		if q.cancelled || q.final >= 0 || u.req != int32(rp.Ticket) {
			return fmt.Errorf("%w: a %v reply for ticket %d, cancelled %v or answered in tick %d", ErrWrongAnswer, rp.Kind, rp.Ticket, q.cancelled, q.final)
		}
		if q.first < 0 {
			q.first = int32(t)
		}
		switch rp.Kind {
		case hpa.FirstSteps:
			r.rep.FirstStepReplies++
			u.hold = false
			if _, err := g.PathCost(rp.Path); err != nil || rp.Path[0] != q.start || rp.Version != r.v.Version() {
				r.wrong(t, rp, q, fmt.Errorf("first steps %v on version %d (current %d): %v", rp.Path, rp.Version, r.v.Version(), err))
				continue
			}
			u.path = append(u.path[:0], rp.Path...)
			u.at, u.firstLen = 0, len(rp.Path)
		case hpa.Final:
			q.final = int32(t)
			r.unmark(q.start)
			u.req, u.hold = 0, false
			r.rep.Answered++
			r.rep.Expanded += rp.Expanded
			u.path, u.at = append(u.path[:0], u.pos), 0 // idle, unless a path follows
			switch {
			case rp.Err != nil:
				r.rep.Errors++
			case rp.Version != r.v.Version():
				r.rep.Unchecked++ // no publish happens during a Tick: never
			default:
				if err := r.check(rp, q); err != nil {
					r.wrong(t, rp, q, err)
				} else if rp.Status == hpa.Found {
					r.follow(u, rp.Path)
				}
			}
		default:
			return fmt.Errorf("%w: ticket %d: a reply of kind %v", ErrWrongAnswer, rp.Ticket, rp.Kind)
		}
	}
	return nil
}

// wrong counts a wrong answer; the first is kept for the report.
func (r *ticksRun) wrong(t int, rp *hpa.Reply, q *tickReq, err error) {
	r.rep.Wrong++
	if r.rep.FirstWrong == "" {
		r.rep.FirstWrong = fmt.Sprintf("tick %d, ticket %d (unit %d, %v→%v, submitted in tick %d): %v", t, rp.Ticket, q.unit, q.start, q.goal, q.sub, err)
	}
}

// check checks a Final reply without error to request q on the tick's
// version (the one it names), and every compareEvery-th against FindIn.
func (r *ticksRun) check(rp *hpa.Reply, q *tickReq) error {
	r.tamper(rp)
	rq := hpa.Request{Start: q.start, Goal: q.goal, Options: r.opts}
	if err := checkAnswer(r.v, rq, hpa.Answer{Result: rp.Result}); err != nil {
		return err
	}
	r.rep.Checked++
	r.finals++
	if (r.finals-1)%compareEvery != 0 {
		return nil
	}
	r.rep.Compared++
	want, err := r.lq.FindIn(r.v, q.start, q.goal, r.opts, r.cmp)
	r.cmp = want.Path
	if q.grouped && err == nil && want.Status == rp.Status {
		// A group's coarse route costs the least, as FindIn's, but may
		// be another of equal cost: the cells and the smoothed cost may
		// differ.
		r.rep.ComparedGrouped++
		if want.Cost != rp.Cost || !slices.Equal(want.Path, rp.Path) {
			r.rep.GroupedOther++
			d := float64(rp.Cost)/float64(max(want.Cost, 1)) - 1
			r.rep.GroupedCostMin, r.rep.GroupedCostMax = min(r.rep.GroupedCostMin, d), max(r.rep.GroupedCostMax, d)
		}
		return nil
	}
	if err != nil || want.Status != rp.Status || want.Cost != rp.Cost || want.Expanded != rp.Expanded ||
		want.Version != rp.Version || !slices.Equal(want.Path, rp.Path) {
		return fmt.Errorf("the service answers %v cost %d expanded %d, %d cells; FindIn %v cost %d expanded %d, %d cells (%v)",
			rp.Status, rp.Cost, rp.Expanded, len(rp.Path), want.Status, want.Cost, want.Expanded, len(want.Path), err)
	}
	return nil
}

// tamper corrupts rp as the test hook asks, once.
func (r *ticksRun) tamper(rp *hpa.Reply) {
	if r.opt.tamper == tamperNone || r.tampered > 0 || rp.Status != hpa.Found || len(rp.Path) < 3 {
		return
	}
	g := r.v.Grid()
	switch r.opt.tamper {
	case tamperIllegal:
		r.tmp = append(r.tmp[:0], rp.Path...)
		m := len(r.tmp) / 2
		r.tmp[m].X += 2
		rp.Path = r.tmp
		r.tampered++
	case tamperDetour:
		if r.finals%compareEvery != 0 { // not the next compared
			return
		}
		s := rp.Path[0]
		for d := range grid.Dir(8) {
			n := s.Add(d.Delta())
			if n != rp.Path[1] && g.CanStep(s, n) && g.CanStep(n, s) {
				r.tmp = append(append(r.tmp[:0], s, n), rp.Path...)
				c, err := g.PathCost(r.tmp)
				if err != nil {
					return
				}
				rp.Path, rp.Cost = r.tmp, c
				r.tampered++
				return
			}
		}
	}
}

// follow gives u its final path: it goes on from its cell on it; off
// it (the first steps it walked are not the smoothed path's), it walks
// the step line to the path's cell nearest it among those its first
// steps could have reached, or, when that line is not legal, moves there.
func (r *ticksRun) follow(u *tickUnit, path []grid.Point) {
	if k := slices.Index(path, u.pos); k >= 0 {
		u.path = append(u.path[:0], path...)
		u.at = k*fifths + u.at%fifths
		return
	}
	k, best := 0, -1
	for i, p := range path[:min(len(path), u.firstLen+2)] {
		if d := max(abs(p.X-u.pos.X), abs(p.Y-u.pos.Y)); best < 0 || d < best {
			best, k = d, i
		}
	}
	g := r.v.Grid()
	if _, ok := g.StepLineCost(u.pos, path[k], grid.Unreachable); ok {
		r.rep.Rejoins++
		u.path = g.AppendStepLine(append(u.path[:0], u.pos), u.pos, path[k])
		u.path = append(u.path, path[k+1:]...)
		u.at = 0
		return
	}
	r.rep.Jumps++
	r.rep.MaxJump = max(r.rep.MaxJump, best)
	r.stand(u, path[k])
	u.path = append(u.path[:0], path...)
	u.at = k * fifths
}

// latencies fills the latency percentiles and counts the unanswered.
func (r *ticksRun) latencies() error {
	rep := r.rep
	never := rep.Ticks + 1
	var first, full []int
	for _, q := range r.reqs {
		if q.cancelled {
			continue
		}
		f, z := never, never
		if q.first >= 0 {
			f = int(q.first - q.sub)
		}
		if q.final >= 0 {
			z = int(q.final - q.sub)
		} else {
			rep.Unanswered++
		}
		first, full = append(first, f), append(full, z)
	}
	if rep.Unanswered != r.svc.Pending() || rep.Answered+rep.Superseded+rep.Unanswered != rep.Requests {
		return fmt.Errorf("bench: ticks: %d requests: %d answered, %d superseded, %d unanswered, the service has %d pending",
			rep.Requests, rep.Answered, rep.Superseded, rep.Unanswered, r.svc.Pending())
	}
	q := func(v []int, p float64) int {
		if len(v) == 0 {
			return 0
		}
		return v[min(len(v)-1, int(p*float64(len(v))))]
	}
	slices.Sort(first)
	slices.Sort(full)
	rep.FirstP50, rep.FirstP99 = q(first, 0.5), q(first, 0.99)
	rep.FullP50, rep.FullP99 = q(full, 0.5), q(full, 0.99)
	return nil
}

// WriteTicksTable writes the ticks report for people, then its summary
// line:
//
//	# ticks units=… tick_p50_us=… tick_p99_us=… tick_max_us=… first_p99_ticks=… full_p99_ticks=… unanswered=…
//
// first_p99_ticks and full_p99_ticks are Ticks+1 when more than 1% of
// the requests were never answered.
func WriteTicksTable(w io.Writer, r *TicksReport) error {
	budget := fmt.Sprint(r.Budget)
	if r.Budget < 0 {
		budget = "none"
	}
	lat := func(v int) string {
		if v > r.Ticks {
			return "never"
		}
		return fmt.Sprint(v)
	}
	fmt.Fprintf(w, "ticks: generated %d² (seed %d, baked in %.0f ms, live map in %.0f ms), %d units in %d squads, %d s = %d ticks, budget %s expansions a tick\n\n",
		r.Size, r.Seed, r.BuildMillis, r.LiveMillis, r.Units, r.Squads, r.Seconds, r.Ticks, budget)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "requests\tregular\tsquad\tburst (%d bursts)\tsuperseded (no reply yet)\tunanswered\terrors\t\n", r.Bursts)
	fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d (%d)\t%d\t%d\t\n", r.Requests, r.Regular, r.Squad, r.Burst, r.Superseded, r.SupersededWaiting, r.Unanswered, r.Errors)
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "µs\tp50\tp99\tmax\t\t\t\t\n")
	fmt.Fprintf(tw, "Service.Tick\t%.0f\t%.0f\t%.0f\t\t\t\t\n", r.TickP50, r.TickP99, r.TickMax)
	fmt.Fprintf(tw, "after a publish\t%.0f\t%.0f\t\t\t\t\t\n", r.PubTickP50, r.PubTickP99)
	fmt.Fprintf(tw, "other ticks\t%.0f\t%.0f\t\t\t\t\t\n", r.OtherTickP50, r.OtherTickP99)
	fmt.Fprintf(tw, "publish (%d buildings)\t%.0f\t%.0f\t\t\t\t\t\n", r.Edits, r.PublishP50, r.PublishP99)
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "ticks from request to\tp50\tp99\t\t\t\t\t\n")
	fmt.Fprintf(tw, "first steps\t%s\t%s\t\t\t\t\t\n", lat(r.FirstP50), lat(r.FirstP99))
	fmt.Fprintf(tw, "full path\t%s\t%s\t\t\t\t\t\n", lat(r.FullP50), lat(r.FullP99))
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "expansions\ta tick: mean\tmax\ta request\tns each\t\t\t\n")
	fmt.Fprintf(tw, "\t%.0f\t%d\t%.0f\t%.0f\t\t\t\n", r.SpentMean, r.SpentMax, float64(r.Expanded)/float64(max(r.Answered, 1)), r.NsPerExpansion)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d first-steps replies; %d final paths checked legal; %d compared with LiveQuery.FindIn: %d byte for byte, %d of requests the service may have grouped for the same status (%d took another path, cost %+.2f%% to %+.2f%%)\n",
		r.FirstStepReplies, r.Checked, r.Compared, r.Compared-r.ComparedGrouped, r.ComparedGrouped, r.GroupedOther, 100*r.GroupedCostMin, 100*r.GroupedCostMax)
	fmt.Fprintf(w, "%d units stopped by buildings; %d final paths missed the cell the unit stood on: %d units walked a line to them, %d moved (at most %d cells)\n",
		r.Blocked, r.Rejoins+r.Jumps, r.Rejoins, r.Jumps, r.MaxJump)
	if r.Wrong > 0 || r.Unchecked > 0 {
		fmt.Fprintf(w, "WRONG ANSWERS: %d (first: %s); %d final replies not checked (on another version)\n", r.Wrong, r.FirstWrong, r.Unchecked)
	}
	_, err := fmt.Fprintf(w, "# ticks units=%d tick_p50_us=%.0f tick_p99_us=%.0f tick_max_us=%.0f first_p99_ticks=%d full_p99_ticks=%d unanswered=%d\n",
		r.Units, r.TickP50, r.TickP99, r.TickMax, r.FirstP99, r.FullP99, r.Unanswered)
	return err
}

// WriteTicksJSON writes the ticks report as JSON.
func WriteTicksJSON(w io.Writer, r *TicksReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(r)
}
