package navgraph

import (
	"encoding/binary"
	"fmt"
)

// AppendBinary appends g's encoding to b: the node and edge counts, then
// per node its out-degree, then per edge the gap to the previous target
// of the row and the cost, all as unsigned varints.
func (g *Graph) AppendBinary(b []byte) ([]byte, error) {
	b = binary.AppendUvarint(b, uint64(g.Len()))
	b = binary.AppendUvarint(b, uint64(g.NumEdges()))
	for u := range g.Len() {
		b = binary.AppendUvarint(b, uint64(g.deg[u]))
	}
	for u := range int32(g.Len()) {
		prev := int32(-1)
		to, cost := g.Out(u)
		for i, v := range to {
			b = binary.AppendUvarint(b, uint64(v-prev-1))
			b = binary.AppendUvarint(b, uint64(cost[i]))
			prev = v
		}
	}
	return b, nil
}

// Decode reads a graph written by AppendBinary from the front of b and
// returns it with the number of bytes used. Malformed input returns an
// error wrapping ErrGraph; memory is only allocated for counts the input
// can actually hold (each node and edge takes at least one byte).
func Decode(b []byte) (*Graph, int, error) {
	d := decoder{b: b}
	n := d.uvarint()
	m := d.uvarint()
	if d.err != nil {
		return nil, 0, d.err
	}
	if n > MaxNodes || n > uint64(len(b)) || m > uint64(len(b))/2 || m > 1<<31-1 {
		return nil, 0, fmt.Errorf("%w: %d nodes and %d edges in %d bytes", ErrGraph, n, m, len(b))
	}
	g := New(int(n))
	g.to, g.cost = make([]int32, m), make([]Cost, m)
	var total uint64
	for u := range n {
		deg := d.uvarint()
		if d.err != nil || deg > m-total {
			return nil, 0, d.fail("degree of node %d", u)
		}
		g.off[u], g.deg[u], g.room[u] = int32(total), int32(deg), int32(deg)
		total += deg
	}
	if total != m {
		return nil, 0, d.fail("degrees sum to %d, want %d edges", total, m)
	}
	g.live = int(m)
	for u := range n {
		prev := int64(-1)
		for i := g.off[u]; i < g.off[u]+g.deg[u]; i++ {
			gap, c := d.uvarint(), d.uvarint()
			v := prev + 1 + int64(gap)
			if d.err != nil || gap >= n || v >= int64(n) || v == int64(u) || c > uint64(MaxCost) {
				return nil, 0, d.fail("edge %d of node %d", i-g.off[u], u)
			}
			g.to[i], g.cost[i] = int32(v), Cost(c)
			prev = v
		}
	}
	return g, d.i, nil
}

type decoder struct {
	b   []byte
	i   int
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, k := binary.Uvarint(d.b[d.i:])
	if k <= 0 {
		d.err = fmt.Errorf("%w: truncated or bad varint at byte %d", ErrGraph, d.i)
		return 0
	}
	d.i += k
	return v
}

func (d *decoder) fail(format string, args ...any) error {
	if d.err != nil {
		return d.err
	}
	return fmt.Errorf("%w: "+format, append([]any{ErrGraph}, args...)...)
}
