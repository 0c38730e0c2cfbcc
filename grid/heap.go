package grid

import "github.com/rtspath/rtspath/internal/radix"

// node is what the open list holds beside a node's f = g + h: its
// coordinates in the window (its local index is x + y×width). A node improved after being pushed leaves a
// stale entry behind with a larger f, which is popped after the better
// one and skipped because the node is closed by then (lazy deletion).
type node struct {
	xy uint32 // local x | local y<<16, so pops need no division
}

// openList is the searcher's priority queue: a radix heap (package
// internal/radix), as A* with a consistent heuristic pushes monotone keys.
// Among equal f the node pushed last, in practice the deepest, goes first.
type openList = radix.Heap[node]
