package radix_test

import (
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
