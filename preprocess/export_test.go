package preprocess

import "github.com/rtspath/rtspath/grid"

// IslandsAndDeadEnds runs only the connectivity half of Build: each
// cluster's regions and border runs, then assemble, the same global pass
// Build runs (region numbering, crossings, islands, dead ends). For
// benchmarks; TestIslandsAndDeadEndsMatchBuild holds it to Build.
func IslandsAndDeadEnds(g *grid.Grid, workers int) (*Bake, error) {
	b, err := newBake(g, Config{Workers: workers})
	if err != nil {
		return nil, err
	}
	all := make([]int, len(b.cl))
	for i := range all {
		all[i] = i
	}
	b.ensureWorkers(workers)
	parallel(all, workers, func(w, c int) { b.regionsAndRuns(c, &b.workers[w]) })
	b.assemble(nil)
	return b, nil
}
