package hpa

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
)

// LivePenalties is a penalty layer of a live map: influence and claims
// written from the game thread between publishes, and published with the
// map (Live.Publish), so that a query sees the layer as it was in the
// version it runs on and never a write in progress. Its methods are
// those of Penalties, with the same errors and costs (plus catching the
// staging copy up, see Live), applied to every copy of the map in turn.
// Reads (Influence, ClaimsAt, Claims) see the published version, as
// queries do, not the writes since.
type LivePenalties struct {
	l   *Live
	idx int
}

// NewPenalties adds a penalty layer to the map, empty, from the next
// version on (a query with it on an older version gets ErrOptions).
// Safe to call from several goroutines: each gets its own layer.
func (l *Live) NewPenalties(cfg PenaltyConfig) *LivePenalties {
	f := &LivePenalties{l: l}
	if l == nil {
		return f
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	f.idx = l.layers
	if l.writeLocked(func(x *replica) error {
		x.pens = append(x.pens, x.p.NewPenalties(cfg))
		return nil
	}) == nil {
		l.layers++
	}
	return f
}

// For returns the layer as unit sees it, for Options.Penalty in a
// LiveQuery (see Penalties.For).
func (f *LivePenalties) For(unit uint64) Penalty { return Penalty{live: f, unit: unit} }

func (f *LivePenalties) write(o func(p *Penalties) error) error {
	if f == nil || f.l == nil {
		return fmt.Errorf("%w: a LivePenalties not made by Live.NewPenalties", ErrOptions)
	}
	return f.l.write(func(x *replica) error {
		if f.idx >= len(x.pens) {
			return fmt.Errorf("%w: the layer was never made (its NewPenalties failed)", ErrOptions)
		}
		return o(x.pens[f.idx])
	})
}

// SetInfluence is Penalties.SetInfluence, from the next version on.
func (f *LivePenalties) SetInfluence(pt grid.Point, v grid.Cost) error {
	return f.write(func(p *Penalties) error { return p.SetInfluence(pt, v) })
}

// AddInfluence is Penalties.AddInfluence, from the next version on.
func (f *LivePenalties) AddInfluence(center grid.Point, radius int, peak grid.Cost) error {
	return f.write(func(p *Penalties) error { return p.AddInfluence(center, radius, peak) })
}

// DecayInfluence is Penalties.DecayInfluence, from the next version on.
func (f *LivePenalties) DecayInfluence(keep, outOf int) error {
	return f.write(func(p *Penalties) error { return p.DecayInfluence(keep, outOf) })
}

// ClearInfluence is Penalties.ClearInfluence, from the next version on.
func (f *LivePenalties) ClearInfluence() {
	_ = f.write(func(p *Penalties) error { p.ClearInfluence(); return nil })
}

// Claim is Penalties.Claim, from the next version on. path is copied.
func (f *LivePenalties) Claim(unit uint64, path []grid.Point) error {
	path = append([]grid.Point(nil), path...)
	return f.write(func(p *Penalties) error { return p.Claim(unit, path) })
}

// Advance is Penalties.Advance, from the next version on.
func (f *LivePenalties) Advance(unit uint64, at grid.Point) bool {
	// The write is replayed on the other copies later, from whichever
	// goroutine writes then: only its first run (here, under the
	// writers' lock) may set the answer, which this goroutine reads
	// after the lock is released.
	var on bool
	out := &on
	_ = f.write(func(p *Penalties) error {
		moved := p.Advance(unit, at)
		if out != nil {
			*out, out = moved, nil
		}
		return nil
	})
	return on
}

// Release is Penalties.Release, from the next version on.
func (f *LivePenalties) Release(unit uint64) {
	_ = f.write(func(p *Penalties) error { p.Release(unit); return nil })
}

// read runs o on the layer as the published version holds it (lock-free:
// a goroutine that holds a View may read).
func (f *LivePenalties) read(o func(p *Penalties)) {
	if f == nil || f.l == nil {
		return
	}
	r := f.l.acquire()
	defer f.l.release(r)
	if f.idx < len(r.pens) {
		o(r.pens[f.idx])
	}
}

// Influence is Penalties.Influence in the published version (0 for a
// layer not published yet).
func (f *LivePenalties) Influence(pt grid.Point) (v grid.Cost) {
	f.read(func(p *Penalties) { v = p.Influence(pt) })
	return v
}

// ClaimsAt is Penalties.ClaimsAt in the published version.
func (f *LivePenalties) ClaimsAt(pt grid.Point) (n int) {
	f.read(func(p *Penalties) { n = p.ClaimsAt(pt) })
	return n
}

// Claims is Penalties.Claims in the published version.
func (f *LivePenalties) Claims(unit uint64, dst []grid.Point) []grid.Point {
	f.read(func(p *Penalties) { dst = p.Claims(unit, dst) })
	return dst
}
