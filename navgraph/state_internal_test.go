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
