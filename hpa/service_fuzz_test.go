package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// FuzzService drives a path service from a script: orders submitted one
// by one or as a group sharing a goal (every option, priorities, points
// on and just off the map), cancelled (known, answered and unknown
// tickets), and ticks of budgets from 1 expansion to unlimited; on a
// Planner's service, or on a live map's with edits, penalty writes and
// publishes between ticks (ServiceConfig.Finish or not). The first
// bytes pick the map (as FuzzSliced), the mode and the config. Checked:
//
//   - no panic; Submit refuses exactly the orders with a point off the
//     map (grid.ErrOutOfBounds);
//   - every reply is for a ticket submitted and neither answered nor
//     cancelled: at most one FirstSteps reply, before the Final one, and
//     nothing after Cancel, which is true exactly for a ticket waiting;
//     Pending counts the tickets waiting; Spent is at most the budget;
//   - first steps run from the order's start by legal steps (oracle.Graph
//     on the grid of their version);
//   - a Final reply is byte-identical to Query.Find's on another planner
//     of the same bake (Planner), or to LiveQuery.FindIn on a View of the
//     published version pinned right after the Tick when the reply is on
//     that version; without Finish every reply is on it;
//   - at the end, ticks without a bound answer every order left (or the
//     service is closed with requests in flight); after Close, Submit fails, Tick replies nothing, no copy of a live map
//     stays pinned (hpa.LivePins) and the goroutines (each sliced query
//     runs on a coroutine) are back to what they were.
//
// The seeds (and so `go test`) run 40 random scripts; CI fuzzes further.
func FuzzService(f *testing.F) {
	addScripts(f, rand.New(rand.NewPCG(19, 20)), 40, 240)
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) < 3 {
			return
		}
		before := runtime.NumGoroutine()
		h := newServiceRun(t, script[0], script[1], script[2])
		for rd := (reader{b: script[3:]}); !rd.done(); {
			h.step(&rd)
		}
		h.end(script[2]&128 == 0)
		// The service's coroutines have ended (a landmark refresh of the
		// live map may take a moment more).
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before+2 {
			t.Fatalf("%d goroutines after Close, %d before the service", n, before)
		}
	})
}

// serviceOrder is what the test knows of one ticket.
type serviceOrder struct {
	o         hpa.Order
	unit      uint64
	first     bool
	final     bool
	cancelled bool
	grouped   bool // one of a group order: its route may differ from Find's where costs tie
}

type serviceRun struct {
	t      *testing.T
	g      *grid.Grid // the bake's grid (Planner mode; a live map copies it)
	svc    *hpa.Service
	cfg    hpa.ServiceConfig
	orders map[hpa.Ticket]*serviceOrder
	issued []hpa.Ticket

	// Planner mode: the one-shot query on another planner, and a penalty
	// layer on each planner with the same writes.
	q    *hpa.Query
	pens [2]*hpa.Penalties

	// Live mode.
	l         *hpa.Live
	lq        *hpa.LiveQuery
	lp        *hpa.LivePenalties
	replicas  int
	publishes int
}

func newServiceRun(t *testing.T, seed, rule, mode byte) *serviceRun {
	g, b := genBake(t, slicedW, slicedH, uint64(seed), grid.Movement(rule%3), []int{8, 16}[rule/3%2])
	h := &serviceRun{t: t, g: g, orders: map[hpa.Ticket]*serviceOrder{}}
	h.cfg = hpa.ServiceConfig{FirstSteps: int(mode>>2&15) - 2, Finish: mode&2 != 0, NoGroups: mode&64 != 0}
	if mode&1 == 0 {
		one, two := hpa.NewPlanner(b, sessionConfig), hpa.NewPlanner(b, sessionConfig)
		h.q = one.NewQuery()
		h.pens = [2]*hpa.Penalties{one.NewPenalties(hpa.PenaltyConfig{}), two.NewPenalties(hpa.PenaltyConfig{})}
		h.svc = two.NewService(h.cfg)
		return h
	}
	// With Finish, requests in flight pin the version they began on:
	// each publish may leave one more copy pinned until they end, and a
	// write waits for a copy no request reads. Publishes stop two short
	// of the copies. Without Finish only the last tick's version stays
	// pinned, and three copies always leave one spare.
	h.replicas = 3
	if h.cfg.Finish {
		h.replicas = 10
	}
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: h.replicas, Planner: sessionConfig})
	if err != nil {
		t.Fatal(err)
	}
	h.l, h.lq, h.lp = l, l.NewQuery(), l.NewPenalties(hpa.PenaltyConfig{})
	if _, err := l.Publish(); err != nil { // the layer is published
		t.Fatal(err)
	}
	h.svc = l.NewService(h.cfg)
	return h
}

// write runs a live map's write or publish, failing the test if it waits
// for a copy for long (a version stays pinned that no request holds) or,
// for a publish, if it fails. An edit's or a penalty write's own error
// (a weight or point out of range) is no concern here.
func (h *serviceRun) write(what string, f func() error) {
	h.t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			h.t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(20 * time.Second):
		h.t.Fatalf("%s waits for a copy after 20 s: a version stays pinned (%d publishes, %d copies, %d requests waiting)",
			what, h.publishes, h.replicas, h.svc.Pending())
	}
}

// options reads an order's options for the service, and the unit it is
// made for.
func (h *serviceRun) options(rd *reader) (hpa.Options, uint64) {
	if h.l != nil {
		return rd.options(h.lp)
	}
	return rd.options(h.pens[1])
}

func (h *serviceRun) submit(o hpa.Order, unit uint64) {
	t := h.t
	tk, err := h.svc.Submit(o)
	off := !h.g.Contains(o.Start) || !h.g.Contains(o.Goal)
	if off != (err != nil) || off && !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatalf("Submit %v→%v: %v", o.Start, o.Goal, err)
	}
	if err != nil {
		return
	}
	if h.orders[tk] != nil || tk == 0 {
		t.Fatalf("Submit gave ticket %d again", tk)
	}
	h.orders[tk] = &serviceOrder{o: o, unit: unit}
	h.issued = append(h.issued, tk)
}

func (h *serviceRun) pending() int {
	n := 0
	for _, w := range h.orders {
		if !w.final && !w.cancelled {
			n++
		}
	}
	return n
}

func (h *serviceRun) step(rd *reader) {
	t := h.t
	switch op := rd.byte() % 16; op {
	case 0, 1, 2: // an order
		o := hpa.Order{Start: slicedPoint(rd), Goal: slicedPoint(rd), Priority: rd.byte()%4 - 1}
		var unit uint64
		o.Options, unit = h.options(rd)
		h.submit(o, unit)
	case 3: // a group order: units from around a point to one goal
		goal, from := slicedPoint(rd), slicedPoint(rd)
		opt, unit := h.options(rd)
		prio := rd.byte()%4 - 1
		n := 2 + rd.byte()%12
		for k := range n {
			before := len(h.issued)
			h.submit(hpa.Order{Start: from.Add(grid.Pt(k%4, k/4)), Goal: goal, Options: opt, Priority: prio}, unit)
			if len(h.issued) > before && int(n) >= hpa.GroupMin && !h.cfg.NoGroups {
				w := h.orders[h.issued[len(h.issued)-1]]
				w.grouped = true // may take its coarse route from its group's search
			}
		}
	case 4: // a cancel: of a ticket issued (waiting, answered or cancelled), or of none
		var tk hpa.Ticket
		if k := rd.byte(); k < 200 && len(h.issued) > 0 {
			tk = h.issued[k%len(h.issued)]
		} else {
			tk = hpa.Ticket(k) * 1000
		}
		w := h.orders[tk]
		waiting := w != nil && !w.final && !w.cancelled
		if got := h.svc.Cancel(tk); got != waiting {
			t.Fatalf("Cancel(%d) = %v, the ticket waits: %v", tk, got, waiting)
		}
		if waiting {
			w.cancelled = true
		}
	case 5: // a penalty write
		c, rad, peak := slicedPoint(rd), rd.byte()%6, grid.Cost(rd.byte())*grid.Straight
		if h.l != nil {
			h.write("AddInfluence", func() error { _ = h.lp.AddInfluence(c, rad, peak); return nil })
		} else if h.svc.Pending() == 0 { // a Planner's layer is not versioned
			for _, p := range h.pens {
				_ = p.AddInfluence(c, rad, peak)
			}
		}
	case 6, 7: // edits (live map)
		if h.l == nil {
			return
		}
		r := grid.Rect{Min: slicedPoint(rd)}
		r.Max = r.Min.Add(grid.Pt(1+rd.byte()%5, 1+rd.byte()%5))
		switch k := rd.byte() % 3; k {
		case 0, 1:
			h.write("Fill", func() error { _ = h.l.Fill(r, k == 1); return nil })
		case 2:
			w := uint8(1 + rd.byte()%5)
			h.write("FillWeight", func() error { _ = h.l.FillWeight(r, w); return nil })
		}
	case 8: // a publish (live map)
		if h.l == nil || h.cfg.Finish && h.publishes >= h.replicas-2 {
			return
		}
		h.write("Publish", func() error { _, err := h.l.Publish(); return err })
		h.publishes++
	default:
		budget := 0
		switch k := rd.byte(); k % 8 {
		case 0, 1, 2:
			budget = 1 + k/8%8
		case 3, 4, 5:
			budget = 1 + k/8*16
		case 6:
			budget = 1000 + 100*k
		}
		h.tick(budget)
	}
	if n, want := h.svc.Pending(), h.pending(); n != want {
		t.Fatalf("Pending %d, %d tickets waiting", n, want)
	}
}

// tick runs one Tick and checks its replies.
func (h *serviceRun) tick(budget int) {
	t := h.t
	replies := h.svc.Tick(budget)
	if budget > 0 && h.svc.Spent() > budget {
		t.Fatalf("tick %d: spent %d of %d", h.svc.Ticks(), h.svc.Spent(), budget)
	}
	var v hpa.View // the version the tick ran on, pinned
	g := h.g
	if h.l != nil {
		v = h.l.Acquire()
		defer v.Release()
		g = v.Grid()
	}
	og := oracle.Graph{G: g}
	for _, rp := range replies {
		w := h.orders[rp.Ticket]
		if w == nil || w.final || w.cancelled {
			t.Fatalf("tick %d: a %v reply for ticket %d: unknown, answered or cancelled", h.svc.Ticks(), rp.Kind, rp.Ticket)
		}
		what := fmt.Sprintf("tick %d ticket %d %v→%v %+v (version %d)", h.svc.Ticks(), rp.Ticket, w.o.Start, w.o.Goal, w.o.Options, rp.Version)
		onTick := h.l == nil || rp.Version == v.Version()
		if h.l != nil && !h.cfg.Finish && !onTick {
			t.Fatalf("%s: the tick ran on version %d", what, v.Version())
		}
		switch rp.Kind {
		case hpa.FirstSteps:
			if w.first {
				t.Fatalf("%s: a second FirstSteps reply", what)
			}
			w.first = true
			if len(rp.Path) == 0 || rp.Path[0] != w.o.Start {
				t.Fatalf("%s: first steps %v", what, rp.Path)
			}
			for k := 1; onTick && k < len(rp.Path); k++ {
				if !og.Legal(rp.Path[k-1], rp.Path[k]) {
					t.Fatalf("%s: first steps %v: illegal step %v→%v", what, rp.Path, rp.Path[k-1], rp.Path[k])
				}
			}
		case hpa.Final:
			w.final = true
			switch {
			case h.l == nil:
				opt := w.o.Options
				if opt.Penalty != (hpa.Penalty{}) {
					opt.Penalty = h.pens[0].For(w.unit)
				}
				res, err := h.q.Find(w.o.Start, w.o.Goal, opt, nil)
				h.same(what, w, rp, res, err, og)
			case onTick:
				res, err := h.lq.FindIn(v, w.o.Start, w.o.Goal, w.o.Options, nil)
				h.same(what, w, rp, res, err, og)
			}
		default:
			t.Fatalf("%s: kind %v", what, rp.Kind)
		}
	}
}

// end answers every order left (if drain; else requests stay in flight),
// closes the service and checks that it is closed.
func (h *serviceRun) end(drain bool) {
	t := h.t
	for k := 0; drain && h.svc.Pending() > 0; k++ {
		if k == 4 {
			t.Fatalf("%d requests unanswered after %d ticks without a bound", h.svc.Pending(), k)
		}
		h.tick(0)
	}
	for tk, w := range h.orders {
		if drain && !w.final && !w.cancelled {
			t.Fatalf("ticket %d never answered", tk)
		}
	}
	h.svc.Close()
	if _, err := h.svc.Submit(hpa.Order{}); !errors.Is(err, hpa.ErrService) {
		t.Fatalf("Submit after Close: %v", err)
	}
	if rs := h.svc.Tick(100); len(rs) != 0 {
		t.Fatalf("Tick after Close replied %d times", len(rs))
	}
	if h.l != nil { // no version stays pinned: every copy takes writes in turn
		for i, n := range hpa.LivePins(h.l) {
			if n != 0 {
				t.Fatalf("copy %d pinned %d times after Close: %v", i, n, hpa.LivePins(h.l))
			}
		}
		for k := range h.replicas {
			h.write("SetWeight after Close", func() error { _ = h.l.SetWeight(grid.Pt(k%slicedW, 0), uint8(1+k%3)); return nil })
			h.write("Publish after Close", func() error { _, err := h.l.Publish(); return err })
		}
	}
}

// same checks a Final reply against Find's answer: byte for byte, except
// for a request of a group, whose route may be another of the same cost:
// the same status and error, a legal path between the same ends, and
// with Raw paths the same cost.
func (h *serviceRun) same(what string, w *serviceOrder, rp hpa.Reply, res hpa.Result, err error, og oracle.Graph) {
	t := h.t
	t.Helper()
	if !w.grouped {
		sameAnswer(t, what, rp.Result, res, rp.Err, err)
		return
	}
	if (err == nil) != (rp.Err == nil) || rp.Status != res.Status {
		t.Fatalf("%s (grouped): %v %v, one-shot %v %v", what, rp.Status, rp.Err, res.Status, err)
	}
	if len(rp.Path) != 0 && (len(res.Path) == 0 || rp.Path[0] != res.Path[0] || rp.Path[len(rp.Path)-1] != res.Path[len(res.Path)-1]) {
		t.Fatalf("%s (grouped): path %v, one-shot %v", what, rp.Path, res.Path)
	}
	for k := 1; k < len(rp.Path) && w.o.Options.Smooth != hpa.Corners; k++ {
		if !og.Legal(rp.Path[k-1], rp.Path[k]) {
			t.Fatalf("%s (grouped): illegal step %v→%v", what, rp.Path[k-1], rp.Path[k])
		}
	}
	if w.o.Options.Smooth == hpa.Raw && rp.Coarse > 0 && res.Coarse > 0 && rp.Cost != res.Cost {
		t.Fatalf("%s (grouped): raw route costs %d, one-shot %d", what, rp.Cost, res.Cost)
	}
}
