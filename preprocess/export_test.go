package preprocess

import "github.com/rtspath/rtspath/grid"

// IslandsAndDeadEnds runs only the connectivity half of Build (cluster
// regions, islands, dead ends), for benchmarks.
func IslandsAndDeadEnds(g *grid.Grid, workers int) *Bake {
	b, err := newBake(g, Config{Workers: workers})
	if err != nil {
		panic(err)
	}
	all := make([]int, len(b.cl))
	for i := range all {
		all[i] = i
	}
	b.ensureWorkers(workers)
	parallel(all, workers, func(w, c int) { b.regionsAndRuns(c, &b.workers[w]) })
	nc := len(b.cl)
	b.regionBase = make([]int32, nc+1)
	for c := range b.cl {
		b.regionBase[c+1] = b.regionBase[c] + b.cl[c].nregions
	}
	b.findIslands()
	b.findDeadEnds()
	return b
}
