package radix_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/internal/radix"
)

// TestMonotone pops against a sorted oracle under Dijkstra-like use: each
// push is at least the last key popped.
func TestMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var h radix.Heap[int]
	for round := range 200 {
		h.Reset()
		var oracle []uint64
		var last uint64
		for range 1 + r.IntN(500) {
			if len(oracle) > 0 && r.IntN(3) == 0 {
				e := h.Pop()
				slices.Sort(oracle)
				if e.Key != oracle[0] || e.Key < last {
					t.Fatalf("round %d: popped %d, want %d", round, e.Key, oracle[0])
				}
				last, oracle = e.Key, oracle[1:]
				continue
			}
			k := last + r.Uint64N(1<<uint(r.IntN(40))) // not IntN: 1<<39 overflows a 32-bit int
			h.Push(k, 0)
			oracle = append(oracle, k)
		}
		if h.Len() != len(oracle) {
			t.Fatalf("round %d: %d entries, want %d", round, h.Len(), len(oracle))
		}
	}
}

// sliceHeap is the radix heap kept plainly, a slice per bucket: the
// order Heap must pop in, equal keys included (bucket 0 last in, first
// out; a bucket's entries moved down in the order they were pushed).
type sliceHeap struct {
	b    [65][]radix.Entry[int]
	bmin [65]uint64
	last uint64
}

func (h *sliceHeap) push(k uint64, v int) {
	i := bits.Len64(k ^ h.last)
	if len(h.b[i]) == 0 {
		h.bmin[i] = k
	}
	h.b[i] = append(h.b[i], radix.Entry[int]{Key: k, Val: v})
	h.bmin[i] = min(h.bmin[i], k)
}

func (h *sliceHeap) pop() radix.Entry[int] {
	if len(h.b[0]) == 0 {
		i := 1
		for len(h.b[i]) == 0 {
			i++
		}
		m := h.bmin[i]
		h.last = m
		for _, e := range h.b[i] {
			j := bits.Len64(e.Key ^ m)
			if len(h.b[j]) == 0 {
				h.bmin[j] = e.Key
			}
			h.b[j] = append(h.b[j], e)
			h.bmin[j] = min(h.bmin[j], e.Key)
		}
		h.b[i] = nil
	}
	e := h.b[0][len(h.b[0])-1]
	h.b[0] = h.b[0][:len(h.b[0])-1]
	return e
}

// TestOrder: the heap pops exactly what the plain slice-per-bucket heap
// pops, values too, over runs with many equal keys, on one Heap reused
// across runs (Reset) as the searchers reuse theirs.
func TestOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var h radix.Heap[int]
	for round := range 300 {
		h.Reset()
		var ref sliceHeap
		n, v := 0, 0
		for range 1 + r.IntN(2000) {
			if n > 0 && r.IntN(5) < 2 {
				got, want := h.Pop(), ref.pop()
				n--
				if got != want {
					t.Fatalf("round %d: popped %+v, want %+v", round, got, want)
				}
				continue
			}
			// keys at or a little above the last popped: plateaus of equal keys
			k := ref.last + r.Uint64N(1<<uint(r.IntN(12)))
			if r.IntN(4) == 0 {
				k = ref.last
			}
			h.Push(k, v)
			ref.push(k, v)
			v++
			n++
		}
		if h.Len() != n {
			t.Fatalf("round %d: %d entries, want %d", round, h.Len(), n)
		}
		if round%2 == 0 { // drain half the rounds, leave the rest to Reset
			for ; n > 0; n-- {
				if got, want := h.Pop(), ref.pop(); got != want {
					t.Fatalf("round %d, draining: popped %+v, want %+v", round, got, want)
				}
			}
		}
	}
}
