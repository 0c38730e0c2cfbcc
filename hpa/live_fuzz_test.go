package hpa_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/oracle"
)

// FuzzLive drives a live map through its public API from a script: edits
// (Fill, FillWeight, SetPassable, SetWeight), penalty writes, publishes,
// queries through a LiveQuery, through a View held across publishes and
// through FindAll. The test keeps its own copy of the grid and an
// independent model of the penalty layer (oracle.Penalties), fed the same
// writes, and a snapshot of both at every publish: each answer is checked
// (checkAnswer: flood fill, legal steps, cost, optimum, nearest cell,
// budget) against the snapshot of the version it reports, so a write not
// yet published must never show, and one published must.
//
// The seeds (and so `go test`) run 48 random scripts; CI fuzzes further.
func FuzzLive(f *testing.F) {
	addScripts(f, rand.New(rand.NewPCG(15, 16)), 48, 200)
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) < 2 {
			return
		}
		s := newLiveSession(t, script[0], script[1])
		for rd := (reader{b: script[2:]}); !rd.done(); {
			s.step(&rd)
		}
		if s.heldOn {
			s.held.Release()
		}
	})
}

type liveSession struct {
	t      *testing.T
	l      *hpa.Live
	lq     *hpa.LiveQuery
	g      *grid.Grid // as written, published or not
	pen    mirrorOf[*hpa.LivePenalties]
	grids  map[uint64]*grid.Grid // per published version
	models map[uint64]*oracle.Penalties
	held   hpa.View // a View held across publishes, if heldOn
	heldOn bool
	buf    []grid.Point
	out    []hpa.Answer
}

func newLiveSession(t *testing.T, seed, rule byte) *liveSession {
	g, b := sessionBake(t, seed, rule) // NewLive copies the bake and its grid
	// Three copies: one may be held by s.held while the writer needs two.
	l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 3, Planner: sessionConfig})
	if err != nil {
		t.Fatal(err)
	}
	cfg := hpa.PenaltyConfig{}
	s := &liveSession{t: t, l: l, lq: l.NewQuery(), g: g,
		pen:    mirrorOf[*hpa.LivePenalties]{t, l.NewPenalties(cfg), oracle.NewPenalties(sessW, sessH, int64(cfg.ClaimCost), cfg.ClaimRadius, cfg.ClaimAhead)},
		grids:  map[uint64]*grid.Grid{},
		models: map[uint64]*oracle.Penalties{},
	}
	s.publish()
	return s
}

// publish publishes and snapshots the test's grid and model as the new
// version's.
func (s *liveSession) publish() {
	t := s.t
	before := s.l.Version()
	v, err := s.l.Publish()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.grids[v]; ok && v == before {
		return // nothing was written: the same version
	}
	if v != before+1 && len(s.grids) > 0 {
		t.Fatalf("Publish after version %d gave %d", before, v)
	}
	s.grids[v], s.models[v] = s.g.Clone(), s.pen.m.Clone()
}

// agreeErr checks that the live map and the test's grid accept or refuse
// the same edit.
func (s *liveSession) agreeErr(what string, live, mine error) {
	if (live == nil) != (mine == nil) {
		s.t.Fatalf("%s: live map %v, grid %v", what, live, mine)
	}
}

func (s *liveSession) step(rd *reader) {
	t := s.t
	switch op := rd.byte() % 13; op {
	case 0, 1:
		r := rd.rect()
		s.g.Fill(r, op == 1)
		s.agreeErr("Fill", s.l.Fill(r, op == 1), nil)
	case 2:
		r, w := rd.rect(), uint8(rd.byte()%6)
		s.agreeErr("FillWeight", s.l.FillWeight(r, w), s.g.FillWeight(r, w))
	case 3:
		p, open := rd.point(), rd.byte()%2 == 0
		s.agreeErr("SetPassable", s.l.SetPassable(p, open), s.g.SetPassable(p, open))
	case 4:
		p, w := rd.point(), uint8(rd.byte()%6)
		s.agreeErr("SetWeight", s.l.SetWeight(p, w), s.g.SetWeight(p, w))
	case 5:
		c := rd.point()
		peak := grid.Cost(rd.byte()) * grid.Straight
		if rd.byte()%8 == 0 {
			peak = hpa.MaxPenalty
		}
		s.pen.add(c, rd.byte()%6, peak)
	case 6:
		s.pen.decay(rd.byte()%4, 4)
	case 7: // a unit claims a path it was given, moves along it or leaves
		unit := uint64(rd.byte() % 4)
		switch rd.byte() % 3 {
		case 0:
			res, err := s.lq.Find(rd.point(), rd.point(), hpa.Options{}, s.buf)
			s.buf = res.Path
			if err == nil && res.Status == hpa.Found {
				s.pen.claim(unit, res.Path)
			}
		case 1:
			s.pen.advance(unit, rd.point())
		case 2:
			s.pen.release(unit)
		}
	case 8, 9:
		s.publish()
	case 10: // hold the published version across what follows, or let go
		if s.heldOn {
			s.held.Release()
			s.heldOn = false
		} else {
			s.held, s.heldOn = s.l.Acquire(), true
		}
	case 11: // a batch, on the held version or the published one
		n := 1 + rd.byte()%5
		reqs := make([]hpa.Request, n)
		units := make([]uint64, n)
		for i := range reqs {
			reqs[i].Start, reqs[i].Goal = rd.point(), rd.point()
			reqs[i].Options, units[i] = rd.options(s.pen.f)
		}
		if s.heldOn {
			s.out = s.held.FindAll(reqs, s.out, 1+rd.byte()%3)
		} else {
			s.out = s.l.FindAll(reqs, s.out, 1+rd.byte()%3)
		}
		for i, a := range s.out {
			if s.heldOn && a.Version != s.held.Version() {
				t.Fatalf("FindAll on a View of version %d answered on %d", s.held.Version(), a.Version)
			}
			s.check(reqs[i].Start, reqs[i].Goal, reqs[i].Options, units[i], a.Result, a.Err)
		}
	default:
		a, z := rd.point(), rd.point()
		opt, unit := rd.options(s.pen.f)
		var res hpa.Result
		var err error
		if s.heldOn && rd.byte()%2 == 0 {
			res, err = s.lq.FindIn(s.held, a, z, opt, s.buf)
			if res.Version != s.held.Version() {
				t.Fatalf("FindIn on a View of version %d answered on %d", s.held.Version(), res.Version)
			}
		} else {
			res, err = s.lq.Find(a, z, opt, s.buf)
			if res.Version != s.l.Version() {
				t.Fatalf("Find answered on version %d, published %d", res.Version, s.l.Version())
			}
		}
		s.buf = res.Path
		s.check(a, z, opt, unit, res, err)
	}
}

func (s *liveSession) check(a, z grid.Point, opt hpa.Options, unit uint64, res hpa.Result, err error) {
	g, ok := s.grids[res.Version]
	if !ok {
		s.t.Fatalf("an answer on version %d, never published", res.Version)
	}
	checkAnswer(s.t, g, s.models[res.Version], a, z, opt, unit, res, err)
}
