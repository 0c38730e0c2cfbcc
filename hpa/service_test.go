package hpa_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestServiceAnswersAsFind: on random generated maps, orders of random
// priorities (goals reachable, on other islands, blocked; with and
// without Nearest; every smoothing) submitted over several ticks with
// random budgets: every order gets exactly one Final reply, equal to
// Query.Find's answer on another planner of the same bake; at most one
// FirstSteps reply before it, a legal step path from the start (oracle);
// no tick spends more than its budget; a tick serves the requests in the
// documented order: no request of lower priority (or same priority,
// later ticket) gets its first reply while an earlier one still waits
// for its first (replies to requests that had their first steps before
// the tick may come in between: see Service).
func TestServiceAnswersAsFind(t *testing.T) {
	r := rand.New(rand.NewPCG(161, 162))
	maps := 30
	if testing.Short() {
		maps = 10
	}
	var orders, firsts, instant int
	for i := range maps {
		g, b := genBake(t, 64+r.IntN(120), 64+r.IntN(120), uint64(9000+i), grid.Movement(i%3), []int{8, 16, 32}[i%3])
		og := oracle.Graph{G: g}
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		svc := hpa.NewPlanner(b, hpa.Config{}).NewService(hpa.ServiceConfig{FirstSteps: r.IntN(20) - 2})
		n := g.Width() * g.Height()
		type want struct {
			o     hpa.Order
			first bool
			final bool
		}
		all := map[hpa.Ticket]*want{}
		var order []hpa.Ticket // by (priority desc, ticket asc): the service's order
		// Ticks enough for every order: on weighted maps each query also
		// spends its band search (Options.Band), thousands of cells.
		for tick := 0; tick < 3000; tick++ {
			if tick < 20 {
				for range r.IntN(8) {
					a, z := g.PointAt(r.IntN(n)), g.PointAt(r.IntN(n))
					o := hpa.Order{Start: a, Goal: z, Priority: r.IntN(3), Options: hpa.Options{Nearest: r.IntN(2) == 0, Smooth: hpa.Smoothing(r.IntN(3))}}
					tk, err := svc.Submit(o)
					if err != nil {
						t.Fatal(err)
					}
					all[tk] = &want{o: o}
					order = append(order, tk)
					orders++
				}
			}
			slices.SortFunc(order, func(x, y hpa.Ticket) int {
				if px, py := all[x].o.Priority, all[y].o.Priority; px != py {
					return py - px
				}
				return int(x) - int(y)
			})
			budget := []int{1, 50, 300, 2000}[r.IntN(4)]
			firstBefore := map[hpa.Ticket]bool{}
			for tk, w := range all {
				firstBefore[tk] = w.first
			}
			replies := svc.Tick(budget)
			if svc.Spent() > budget {
				t.Fatalf("map %d tick %d: spent %d of %d", i, tick, svc.Spent(), budget)
			}
			for _, rp := range replies {
				w := all[rp.Ticket]
				if w == nil || w.final {
					t.Fatalf("map %d tick %d: reply for ticket %d unknown or answered", i, tick, rp.Ticket)
				}
				what := fmt.Sprintf("map %d tick %d ticket %d %v→%v %+v", i, tick, rp.Ticket, w.o.Start, w.o.Goal, w.o.Options)
				switch rp.Kind {
				case hpa.FirstSteps:
					if w.first {
						t.Fatalf("%s: two first-steps replies", what)
					}
					w.first = true
					firsts++
					if len(rp.Path) == 0 || rp.Path[0] != w.o.Start {
						t.Fatalf("%s: first steps %v", what, rp.Path)
					}
					for j := 1; j < len(rp.Path); j++ {
						if !og.Legal(rp.Path[j-1], rp.Path[j]) {
							t.Fatalf("%s: first steps %v: illegal step", what, rp.Path)
						}
					}
				case hpa.Final:
					w.final = true
					res, err := q.Find(w.o.Start, w.o.Goal, w.o.Options, nil)
					sameAnswer(t, what, rp.Result, res, rp.Err, err)
					if rp.Expanded == 0 && !w.first {
						instant++
					}
				default:
					t.Fatalf("%s: kind %v", what, rp.Kind)
				}
			}
			// The documented order: once a request still waits for its
			// first reply after a tick with budget to spare, no later
			// request got one in that tick... checked as: the requests
			// that got their first reply in this tick come before every
			// request that still waits for one, except requests answered
			// with no search.
			got := map[hpa.Ticket]bool{}
			for _, rp := range replies {
				if rp.Kind == hpa.FirstSteps || rp.Kind == hpa.Final && rp.Expanded > 0 && !firstBefore[rp.Ticket] {
					got[rp.Ticket] = true
				}
			}
			waiting := false
			for _, tk := range order {
				w := all[tk]
				switch {
				case got[tk] && waiting:
					t.Fatalf("map %d tick %d: ticket %d served before an earlier request got its first reply", i, tick, tk)
				case !w.first && !w.final:
					waiting = true
				}
			}
			kept := order[:0]
			for _, tk := range order {
				if !all[tk].final {
					kept = append(kept, tk)
				}
			}
			order = kept
			if tick >= 20 && svc.Pending() == 0 {
				break
			}
		}
		if svc.Pending() != 0 {
			t.Fatalf("map %d: %d requests unanswered after 3000 ticks", i, svc.Pending())
		}
		for tk, w := range all {
			if !w.final {
				t.Fatalf("map %d: ticket %d never answered", i, tk)
			}
		}
		svc.Close()
	}
	t.Logf("%d orders, %d first-steps replies, %d answered with no search", orders, firsts, instant)
	if firsts == 0 || instant == 0 {
		t.Fatal("no first steps or no instant answers: the test tests little")
	}
}

// TestServiceMisuse: bad orders are errors at Submit; Cancel of unknown
// tickets is false; a closed service refuses orders and ticks nothing.
func TestServiceMisuse(t *testing.T) {
	_, b := genBake(t, 64, 64, 5, grid.Octile, 16)
	svc := hpa.NewPlanner(b, hpa.Config{}).NewService(hpa.ServiceConfig{})
	if _, err := svc.Submit(hpa.Order{Start: grid.Pt(-1, 0), Goal: grid.Pt(3, 3)}); !errors.Is(err, grid.ErrOutOfBounds) {
		t.Fatalf("start off the map: %v", err)
	}
	if _, err := svc.Submit(hpa.Order{Start: grid.Pt(1, 1), Goal: grid.Pt(3, 3), Options: hpa.Options{MaxExpansions: -1}}); !errors.Is(err, hpa.ErrOptions) {
		t.Fatalf("bad options: %v", err)
	}
	if svc.Cancel(12345) {
		t.Fatal("Cancel of an unknown ticket")
	}
	tk, err := svc.Submit(hpa.Order{Start: grid.Pt(1, 1), Goal: grid.Pt(60, 60)})
	if err != nil {
		t.Fatal(err)
	}
	if !svc.Cancel(tk) || svc.Cancel(tk) {
		t.Fatal("Cancel of a waiting request: want true once")
	}
	if rs := svc.Tick(100); len(rs) != 0 {
		t.Fatalf("replies for a cancelled request: %v", rs)
	}
	svc.Close()
	if _, err := svc.Submit(hpa.Order{Start: grid.Pt(1, 1), Goal: grid.Pt(3, 3)}); !errors.Is(err, hpa.ErrService) {
		t.Fatalf("Submit after Close: %v", err)
	}
	if rs := svc.Tick(100); rs != nil {
		t.Fatal("Tick after Close replied")
	}
	var nilSvc *hpa.Service
	if _, err := nilSvc.Submit(hpa.Order{}); !errors.Is(err, hpa.ErrService) {
		t.Fatalf("nil service: %v", err)
	}
	nilSvc.Tick(1)
	nilSvc.Cancel(1)
	_ = nilSvc.Pending() + nilSvc.Spent() + int(nilSvc.Ticks())
	nilSvc.Close()
	var nilLive *hpa.Live
	if rs := nilLive.NewService(hpa.ServiceConfig{}).Tick(10); rs != nil {
		t.Fatal("a service on a nil live map replied")
	}
	if rs := (&hpa.Service{}).Tick(10); rs != nil {
		t.Fatal("the zero Service replied")
	}
	if _, err := (&hpa.Service{}).Submit(hpa.Order{}); !errors.Is(err, hpa.ErrService) {
		t.Fatalf("Submit to the zero Service: %v", err)
	}
}

// TestServiceGroups: squads of units ordered to one goal each (and a
// few lone units to the same goals) on random generated maps. Every
// grouped answer is a legal path from the start to the goal; with Raw
// paths its cost equals Query.Find's (both are the least-cost route of
// the waypoint graph, refined exactly), and with Cells it is no cheaper
// than the optimum (grid A*). Groups must actually form (answers whose
// coarse route took no search of their own) and cost fewer expansions
// in all than the same orders with NoGroups.
func TestServiceGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(171, 172))
	// The ticks' budgets come from a stream of their own: how many ticks
	// a run takes must not change the next map's orders.
	tr := rand.New(rand.NewPCG(173, 174))
	maps := 12
	if testing.Short() {
		maps = 5
	}
	var grouped, answers int
	var withGroups, without int
	for i := range maps {
		g, b := genBake(t, 160+r.IntN(100), 160+r.IntN(100), uint64(9500+i), grid.Movement(i%3), []int{8, 16}[i%2])
		og := oracle.Graph{G: g}
		fine := grid.NewSearcher(g)
		q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
		n := g.Width() * g.Height()
		var orders []hpa.Order
		for range 6 {
			z := g.PointAt(r.IntN(n))
			if !g.Passable(z) {
				continue
			}
			smooth := hpa.Smoothing(r.IntN(2)) // Raw or Cells
			c := g.PointAt(r.IntN(n))
			for range 12 + r.IntN(10) {
				a := grid.Pt(min(max(c.X+r.IntN(17)-8, 0), g.Width()-1), min(max(c.Y+r.IntN(17)-8, 0), g.Height()-1))
				if r.IntN(5) == 0 {
					a = g.PointAt(r.IntN(n))
				}
				// No band: the raw route from a group and Find's cost the
				// same, which the band search round each would not keep.
				orders = append(orders, hpa.Order{Start: a, Goal: z, Options: hpa.Options{Smooth: smooth, Band: -1}})
			}
		}
		for _, noGroups := range []bool{false, true} {
			svc := hpa.NewPlanner(b, hpa.Config{}).NewService(hpa.ServiceConfig{NoGroups: noGroups})
			byTicket := map[hpa.Ticket]hpa.Order{}
			for _, o := range orders {
				tk, err := svc.Submit(o)
				if err != nil {
					t.Fatal(err)
				}
				byTicket[tk] = o
			}
			for tick := 0; svc.Pending() > 0; tick++ {
				if tick > 10000 {
					t.Fatalf("map %d: %d requests left after 10000 ticks", i, svc.Pending())
				}
				for _, rp := range svc.Tick(200 + tr.IntN(400)) {
					if noGroups {
						without += rp.Expanded
					} else {
						withGroups += rp.Expanded
					}
					if rp.Kind != hpa.Final || noGroups {
						continue
					}
					o := byTicket[rp.Ticket]
					what := fmt.Sprintf("map %d ticket %d %v→%v %v", i, rp.Ticket, o.Start, o.Goal, o.Options.Smooth)
					want, err := q.Find(o.Start, o.Goal, o.Options, nil)
					if (err == nil) != (rp.Err == nil) || want.Status != rp.Status {
						t.Fatalf("%s: %v %v, Find %v %v", what, rp.Status, rp.Err, want.Status, err)
					}
					if rp.Status != hpa.Found {
						continue
					}
					answers++
					if rp.Coarse > 0 && rp.Waypoints == 0 {
						grouped++
					}
					path := rp.Path
					if path[0] != o.Start || path[len(path)-1] != o.Goal {
						t.Fatalf("%s: path %v", what, path)
					}
					for j := 1; j < len(path); j++ {
						if !og.Legal(path[j-1], path[j]) {
							t.Fatalf("%s: illegal step %v→%v", what, path[j-1], path[j])
						}
					}
					c, _ := g.PathCost(path)
					if c != rp.Cost {
						t.Fatalf("%s: path costs %d, reply says %d", what, c, rp.Cost)
					}
					opt, _ := fine.FindPath(o.Start, o.Goal, grid.Options{}, nil)
					switch {
					case rp.Cost < opt.Cost:
						t.Fatalf("%s: cost %d below the optimum %d", what, rp.Cost, opt.Cost)
					case o.Options.Smooth == hpa.Raw && rp.Coarse > 0 && want.Coarse > 0 && rp.Cost != want.Cost:
						t.Fatalf("%s: raw route costs %d, Find's %d", what, rp.Cost, want.Cost)
					}
				}
			}
			svc.Close()
		}
	}
	t.Logf("%d answers, %d took their coarse route from a group; expansions %d with groups, %d without", answers, grouped, withGroups, without)
	if grouped < answers/5 { // squads that straddle a block border split below GroupMin
		t.Fatalf("only %d of %d answers grouped", grouped, answers)
	}
	if withGroups >= without {
		t.Fatalf("groups cost %d expansions, no groups %d", withGroups, without)
	}
}
