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
// is what one search reaches, not what the graph holds: a Searcher is
// one per goroutine, and a planner's waypoint graph holds a node for
// every 80 to 90 cells of the map (at 16384², 3 million nodes, 50 MB a
// Searcher at 16 bytes a node), while a query there reaches a few
// thousand pages. A graph numbers its nodes so that neighbours are
// mostly close (a waypoint tier cluster by cluster, row by row).
const (
	pageBits = 6
	pageLen  = 1 << pageBits
)

type page [pageLen]nodeState

// at returns v's state, mapping its page if no search since the last
// reset reached it. A fresh page's stamps are older than gen, so its
// states read as unreached.
func (s *Searcher) at(v int32) *nodeState {
	p := s.pages[v>>pageBits]
	if p == nil {
		p = s.mapPage(v >> pageBits)
	}
	return &p[v&(pageLen-1)]
}

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

// unmap returns the pages the last search mapped to the spares and sizes
// the page table for n nodes. When gen is about to wrap, it clears every
// page's stamps and starts gen again.
func (s *Searcher) unmap(n int) {
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
