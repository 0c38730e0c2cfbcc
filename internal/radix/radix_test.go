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

// TestOrder pops against a plain list: the least key, and among equal
// keys the value pushed last, with gaps from 0 to 2⁴⁰ above the last key
// popped (buckets that keep low 32 bits and buckets that keep whole
// keys), through Resets that keep the storage.
func TestOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var h radix.Heap[int32]
	type ent struct {
		key uint64
		val int32
	}
	for round := range 300 {
		h.Reset()
		var oracle []ent
		var last uint64
		if round%3 == 0 {
			last = 1<<32 - 1 - r.Uint64N(1000) // keys crossing 2³²
		}
		span := 1 + r.IntN(41)
		next := int32(0)
		for range 1 + r.IntN(2000) {
			if len(oracle) > 0 && r.IntN(5) < 2 {
				best := 0
				for k, e := range oracle {
					if e.key <= oracle[best].key {
						best = k // equal keys: the later push
					}
				}
				want := oracle[best]
				oracle = slices.Delete(oracle, best, best+1)
				got := h.Pop()
				if got.Key != want.key || got.Val != want.val {
					t.Fatalf("round %d: popped (%d, %d), want (%d, %d)", round, got.Key, got.Val, want.key, want.val)
				}
				last = got.Key
				continue
			}
			var k uint64
			switch r.IntN(4) {
			case 0:
				k = last // ties with the last popped
			case 1:
				if len(oracle) > 0 {
					k = oracle[r.IntN(len(oracle))].key // ties with a waiting key
					break
				}
				fallthrough
			default:
				k = last + r.Uint64N(1<<uint(r.IntN(span)))
			}
			h.Push(k, next)
			oracle = append(oracle, ent{k, next})
			next++
		}
		if h.Len() != len(oracle) {
			t.Fatalf("round %d: %d entries, want %d", round, h.Len(), len(oracle))
		}
	}
}
