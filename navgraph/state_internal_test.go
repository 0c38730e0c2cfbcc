package navgraph

import (
	"testing"
	"unsafe"
)

// TestNodeStateSize pins the per-node record at 24 bytes and a page at
// 1.5 KB, the figures the package's Memory section and the README give.
func TestNodeStateSize(t *testing.T) {
	if got := unsafe.Sizeof(nodeState{}); got != 24 {
		t.Errorf("nodeState takes %d bytes, want 24", got)
	}
	if got := unsafe.Sizeof(page{}); got != 1536 {
		t.Errorf("a page takes %d bytes, want 1536", got)
	}
}

// TestQueryKeepsPages: an Overlay query keeps the pages its searches
// mapped, so that unpacking maps no page twice: after it, every page of
// its path is mapped, each listed once.
func TestQueryKeepsPages(t *testing.T) {
	const n = 200
	var es []Edge
	for u := range int32(n - 1) {
		es = append(es, Edge{From: u, To: u + 1, Cost: 3}, Edge{From: u + 1, To: u, Cost: 3})
	}
	g, err := Build(n, es)
	if err != nil {
		t.Fatal(err)
	}
	cells := [][]int32{make([]int32, n), make([]int32, n)}
	for u := range n {
		cells[0][u], cells[1][u] = int32(u/10), int32(u/50)
	}
	old := keptPathNodes
	keptPathNodes = 0 // the hops are unpacked by searches
	ov, err := NewOverlay(g, cells, 1)
	keptPathNodes = old
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(g)
	res, err := s.Search(&Query{Sources: []Endpoint{{Node: 0}}, Targets: []Endpoint{{Node: n - 1}}, Overlay: ov}, nil)
	if err != nil || !res.Found {
		t.Fatal(res, err)
	}
	seen := map[int32]bool{}
	for _, i := range s.mapped {
		if seen[i] || s.pages[i] == nil {
			t.Fatalf("page %d listed twice or not mapped", i)
		}
		seen[i] = true
	}
	for _, v := range res.Path {
		if !seen[v>>pageBits] {
			t.Fatalf("the page of path node %d is not mapped after the query", v)
		}
	}
}
