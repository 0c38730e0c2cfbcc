package grid

import "github.com/rtspath/rtspath/internal/radix"

// node is what the open list holds beside a node's f = g + h: its
// coordinates in the window, 4 bytes (its local index, x + y×width, is
// computed at the pop; with the radix heap's 32-bit keys an entry takes
// 8 bytes). A node improved after being pushed leaves a stale entry
// behind with a larger f, which is popped after the better one and
// skipped because the node is closed by then (lazy deletion).
type node struct {
	xy uint32 // local x | local y<<16, so pops need no division
}

// openList is the searcher's priority queue: a radix heap (package
// internal/radix), as A* with a consistent heuristic pushes monotone keys.
// Among equal f the node pushed last, in practice the deepest, goes first.
type openList = radix.Heap[node]
