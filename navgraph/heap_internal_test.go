package navgraph

import (
	"math/rand/v2"
	"testing"
)

// TestHeapOrder: the open list pops what a linear scan for the least
// entry under less pops, over random runs of pushes and pops: f never
// below the last pop (a consistent bound: the radix buckets), f below it
// now and then (an inconsistent one: the comparison heap alone), ties in
// f and in g, f values near and far apart, and resets between runs. The
// pool of waiting entries never holds more slots than the most entries
// held at once.
func TestHeapOrder(t *testing.T) {
	var h heap
	h.reset()
	for run := range 400 {
		r := rand.New(rand.NewPCG(uint64(run), 11))
		below := run%4 == 3 // this run pushes below the plateau
		spread := []Cost{1, 3, 40, 1 << 20, 1 << 40, MaxPathCost}[run%6]
		var want []item // the oracle: an unordered slice
		var last Cost
		pops, peak := 0, 0
		for step := range 300 {
			if len(want) > 0 && r.IntN(3) == 0 {
				m := 0
				for i := range want {
					if less(want[i], want[m]) {
						m = i
					}
				}
				got := h.pop()
				if got != want[m] {
					t.Fatalf("run %d step %d: pop %+v, want %+v", run, step, got, want[m])
				}
				last = got.f
				want[m] = want[len(want)-1]
				want = want[:len(want)-1]
				pops++
				continue
			}
			f := last + Cost(r.Int64N(int64(min(spread, MaxPathCost-last)+1)))
			if r.IntN(4) == 0 {
				f = last // on the plateau
			}
			if below && last > 0 && r.IntN(10) == 0 {
				f = last - 1 - Cost(r.Int64N(int64(last)))
			}
			g := Cost(r.Int64N(int64(f) + 1))
			if r.IntN(3) == 0 && len(want) > 0 { // a tie in f and g
				o := want[r.IntN(len(want))]
				if o.f >= last || below {
					f, g = o.f, o.g
				}
			}
			it := item{f, g, int32(r.IntN(50))}
			h.push(it)
			want = append(want, it)
			if h.len() != len(want) {
				t.Fatalf("run %d step %d: len %d, want %d", run, step, h.len(), len(want))
			}
			peak = max(peak, len(want))
			if len(h.pool) > peak { // the pool reuses its slots
				t.Fatalf("run %d step %d: %d slots in the pool, at most %d entries held", run, step, len(h.pool), peak)
			}
		}
		for len(want) > 0 { // drain
			m := 0
			for i := range want {
				if less(want[i], want[m]) {
					m = i
				}
			}
			if got := h.pop(); got != want[m] {
				t.Fatalf("run %d drain: pop %+v, want %+v", run, got, want[m])
			}
			want[m] = want[len(want)-1]
			want = want[:len(want)-1]
		}
		if h.len() != 0 || pops == 0 {
			t.Fatalf("run %d: %d left, %d pops", run, h.len(), pops)
		}
		if run%5 == 0 { // reset with entries in it, too
			h.push(item{7, 1, 1})
			h.push(item{9, 1, 2})
		}
		h.reset()
	}
}
