package navgraph

// nodeState is a node's search state, one record a node so that
// reaching a node touches one or two cache lines rather than one per
// field. It is all a searcher keeps per node it reaches (24 bytes): a
// target's index and exit cost are looked up in the query's few targets
// (targetOf), and the source a path starts at from its first node
// (sourceOf). A node's heuristic is kept: a cheaper path reaches a node
// again often (on a 4096² map's Overlay search, 1.7 times for each node
// reached), and computing it again there cost about 5% more
// instructions a query.
type nodeState struct {
	stamp uint32 // gen when cost, from and h are valid for this search
	from  int32  // predecessor, -1 for a source
	cost  Cost
	h     Cost // the node's heuristic
}

// A Searcher keeps its nodes' states in pages of pageLen consecutive
// nodes, mapped when a search first reaches one of their nodes and
// unmapped (kept for reuse) when the next query starts. So its memory
// is a page (1.5 KB) for each page of ids its largest query reached,
// rather than a state for every node of the graph: a Searcher is one per
// goroutine, and a planner's waypoint graph holds a node for every 80 to
// 90 cells of the map (at 16384², 3 million nodes, 75 MB a Searcher at
// 24 bytes a node), while a query there reaches a few thousand pages. A
// graph that numbers its nodes so that neighbours are mostly close (a
// waypoint tier does, cluster by cluster, row by row) fills its pages
// best; a search that reaches nodes scattered over the ids pays up to a
// page for each.
const (
	pageBits = 6
	pageLen  = 1 << pageBits
)

// page holds the states of pageLen consecutive nodes (1.5 KB).
type page [pageLen]nodeState

// at returns v's state, mapping its page if it is not mapped (no search
// of this query reached it yet). A page's stamps are
// older than gen when it is mapped, so its states read as unreached.
// O(1).
func (s *Searcher) at(v int32) *nodeState {
	p := s.pages[v>>pageBits]
	if p == nil {
		p = s.mapPage(v >> pageBits)
	}
	return &p[v&(pageLen-1)]
}

// mapPage maps page i to a spare page, or a new one when none is left.
// O(1). Kept out of line, as it runs once a page a query. Its call keeps
// at itself out of line too (Go 1.26's inliner prices at at 86, over its
// budget of 80); a read-only at that inlined, reading unmapped pages as
// one shared unreached state, took 0.9% off a query's instructions on a
// generated 2048² map of four tiers (callgrind), too little for a state
// that nothing may write.
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

// recycle readies the pages for a search on a graph of n nodes. A new
// query (handBack) hands the pages its predecessor mapped back to the
// spares; the searches within one query (an Overlay search unpacks with
// one each hop whose cell keeps no path for it) keep them mapped, their stamps saying their states are
// old, so that they do not map the same pages again and again. It hands
// them back too before it grows the page table to n nodes (it never
// shrinks, so the indexes in s.mapped stay good after SetGraph to a
// smaller graph), and when gen is about to wrap, after which it clears
// every page's stamps and starts gen again. O(1) within a query,
// O(pages the last query mapped) for a new one, and O(every page) at a
// wrap, once in 2^32 searches.
func (s *Searcher) recycle(n int, handBack bool) {
	k := (n + pageLen - 1) / pageLen
	if handBack || len(s.pages) < k || s.gen == 1<<32-1 {
		for _, i := range s.mapped {
			s.spare = append(s.spare, s.pages[i])
			s.pages[i] = nil
		}
		s.mapped = s.mapped[:0]
	}
	if len(s.pages) < k {
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
