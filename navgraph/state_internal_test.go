package navgraph

import (
	"testing"
	"unsafe"
)

// TestNodeStateSize pins the per-node record at 16 bytes (four a cache
// line), the figure the package's Memory section and the README give.
func TestNodeStateSize(t *testing.T) {
	if got := unsafe.Sizeof(nodeState{}); got != 16 {
		t.Errorf("nodeState takes %d bytes, want 16", got)
	}
	if got := unsafe.Sizeof(page{}); got != 1024 {
		t.Errorf("a page takes %d bytes, want 1024", got)
	}
}
