package navgraph

// nodeState is a node's search state, one record a node so that
// reaching a node touches one cache line rather than one per field. It
// is all a searcher keeps per node it reaches (16 bytes, four records a
// cache line): a target's index and exit cost are looked up in the
// query's few targets (targetOf), the source a path starts at from its
// first node (sourceOf), and a node's heuristic is computed again when
// a cheaper path reaches it, rather than kept.
type nodeState struct {
	stamp uint32 // gen when cost and from are valid for this query
	from  int32  // predecessor, -1 for a source
	cost  Cost
}

// A Searcher keeps its nodes' states in pages of pageLen consecutive
// nodes, mapped when a search first reaches one of their nodes and
// unmapped (kept for reuse) when the next search starts. So its memory
// is a page (1 KB) for each page of ids its largest search reached,
// rather than a state for every node of the graph: a Searcher is one per
// goroutine, and a planner's waypoint graph holds a node for every 80 to
// 90 cells of the map (at 16384², 3 million nodes, 50 MB a Searcher at
// 16 bytes a node), while a query there reaches a few thousand pages. A
// graph that numbers its nodes so that neighbours are mostly close (a
// waypoint tier does, cluster by cluster, row by row) fills its pages
// best; a search that reaches nodes scattered over the ids pays up to a
// page for each.
const (
	pageBits = 6
	pageLen  = 1 << pageBits
)

// page holds the states of pageLen consecutive nodes (1 KB).
type page [pageLen]nodeState

// at returns v's state, mapping its page if the search has not reached
// it yet. A page's stamps are older than gen when it is mapped, so its
// states read as unreached. O(1).
func (s *Searcher) at(v int32) *nodeState {
	p := s.pages[v>>pageBits]
	if p == nil {
		p = s.mapPage(v >> pageBits)
	}
	return &p[v&(pageLen-1)]
}

// mapPage maps page i to a spare page, or a new one when none is left.
// O(1). Kept out of line so that at, on every relaxation's path, stays
// small where it is inlined.
//
//go:noinline
func (s *Searcher) mapPage(i int32) *page {
	var p *page
	if k := len(s.spare); k > 0 {
		p, s.spare = s.spare[k-1], s.spare[:k-1]
	} else {
		p = new(page) // stamps 0: gen is at least 1
	}
	s.pages[i] = p
	s.mapped = append(s.mapped, i)
	return p
}

// recycle readies the pages for a search on a graph of n nodes: it hands
// the pages the last search mapped back to the spares, grows the page
// table to n nodes if it is shorter (it never shrinks, so the indexes
// in s.mapped stay good after SetGraph), and when gen is about to wrap,
// clears every page's stamps and starts gen again. O(pages the last
// search mapped), and O(every page) at a wrap, once in 2^32 searches.
func (s *Searcher) recycle(n int) {
	for _, i := range s.mapped {
		s.spare = append(s.spare, s.pages[i])
		s.pages[i] = nil
	}
	s.mapped = s.mapped[:0]
	if k := (n + pageLen - 1) / pageLen; len(s.pages) < k {
		s.pages = make([]*page, k)
	}
	if s.gen == 1<<32-1 {
		for _, p := range s.spare {
			for j := range p {
				p[j].stamp = 0
			}
		}
		s.gen = 0
	}
}
