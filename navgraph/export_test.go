package navgraph

// Bound exposes the ALT bound from v to targets for tests.
func (l *Landmarks) Bound(targets []Endpoint, v int32) Cost {
	d := make([]Cost, 2*l.k)
	l.goals(targets, d)
	all := make([]altTerm, l.k)
	for i := range all {
		all[i] = altTerm{d[2*i], d[2*i+1], i}
	}
	return l.bound(v, all)
}

// SetGeneration sets the searcher's search counter, for tests of its
// wrap-around.
func (s *Searcher) SetGeneration(g uint32) { s.gen = g }

// SetKeptPathNodes sets the most nodes a cell may have to keep its hops'
// paths (see keptPathNodes), for Overlays made after it,
// and returns the old bound. Not for tests that run in parallel.
func SetKeptPathNodes(n int) int {
	old := keptPathNodes
	keptPathNodes = n
	return old
}
