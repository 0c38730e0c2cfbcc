package navgraph

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/rtspath/rtspath/internal/radix"
)

// Landmarks hold the exact distances from a few landmark nodes to every
// node of an undirected graph, for the ALT lower bound (A*, landmarks and
// the triangle inequality; Goldberg and Harrelson 2005): for a landmark L,
// |d(L,v) − d(L,t)| ≤ d(v,t). A search given Landmarks in its Query
// uses the largest such bound together with its own heuristic, and
// usually expands several times fewer nodes on maze-like graphs.
//
// The distances are those of the graph when the Landmarks were made; after
// SetEdges changes it they are stale (costs that fell make the bound
// too high). Repair (on a Clone, while searches read the old table) makes
// the bounds valid again at a cost that grows with the edit, not with the
// graph; the bounds are then looser than exact distances would give. To
// get exact distances again, make them anew, with NewLandmarksHint (the
// landmarks NewLandmarks picks on the graph as it is, found faster when
// few moved) or Recompute (the same landmarks; then the picks depend on
// the graph's history, not only on the graph).
// Landmarks are safe for concurrent reads.
type Landmarks struct {
	n     int // nodes of the graph the table was made for
	k     int
	shift uint               // distances are stored >> shift so that they fit 32 bits
	nodes []int32            // the landmark nodes
	dist  []uint32           // dist[v*k+i] = d(nodes[i], v) >> shift, or noDist; lowered by Repair
	heap  *radix.Heap[int32] // Repair's scratch, not copied by Clone
	// Raise's scratch, not copied by Clone
	raiseMark  []uint32
	raiseGen   uint32
	raiseQueue []int32
	raiseBest  []Cost
}

const noDist = math.MaxUint32

// NewLandmarks picks up to k landmarks on g and computes their distances.
// Landmarks go to the graph's connected components of at least minNodes
// nodes, in proportion to their size, and within a component each one is
// the node farthest from those already picked (ties: lowest id), so they
// sit on the rim where the bounds are tightest. g's edges must come in
// pairs of equal cost (u→v and v→u), else an error wrapping ErrGraph is
// returned. workers bounds the goroutines (≤ 0: one); the components run
// in parallel, but the picks within one follow each other. The choice is
// deterministic. O(k (V+E) log V) time, 4kV bytes.
func NewLandmarks(g *Graph, k, workers int) (*Landmarks, error) {
	return pick(g, k, workers, nil)
}

// NewLandmarksHint returns exactly what NewLandmarks(g, k, workers)
// returns, the same nodes and distances, whatever hint holds: hint names
// nodes likely to be picked (the landmarks before an edit of g), and
// serves only to compute their distances first, in parallel on up to
// workers goroutines; the farthest-point selection then searches again
// only from the nodes it picks that hint does not name. After an edit
// that leaves the picks where they were, it costs about what Recompute
// does (one search per landmark, spread over the workers, and one more
// per component), yet unlike Recompute its answer never depends on what
// came before. Hint nodes off the graph are ignored. O(k (V+E) log V).
func NewLandmarksHint(g *Graph, k, workers int, hint []int32) (*Landmarks, error) {
	return pick(g, k, workers, hint)
}

// pick is NewLandmarks with the distances from the nodes of hint (and
// the start of each component's selection) computed up front, in
// parallel; the result does not depend on hint.
func pick(g *Graph, k, workers int, hint []int32) (*Landmarks, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: NewLandmarks", ErrNilGraph)
	}
	if err := checkSymmetric(g); err != nil {
		return nil, err
	}
	n := g.Len()
	k = max(0, min(k, 255))
	comp, sizes := components(g)
	order := make([]int32, len(sizes))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(sizes[b], sizes[a]) })
	big := 0
	for _, c := range order {
		if sizes[c] >= minNodes {
			big += int(sizes[c])
		}
	}
	// Landmarks per component: a share of k by size, at least two.
	share := make([]int, len(sizes))
	left := k
	for _, c := range order {
		if left == 0 || sizes[c] < minNodes {
			break
		}
		m := min(left, max(2, (k*int(sizes[c])+big/2)/big), int(sizes[c]))
		share[c], left = m, left-m
	}
	// Farthest-point selection, one component at a time (the components
	// are independent, so they run in parallel).
	first := make([]int32, len(sizes))
	for i := range first {
		first[i] = -1
	}
	for v := range int32(n) {
		if c := comp[v]; first[c] < 0 {
			first[c] = v
		}
	}
	var jobs []int32
	for _, c := range order {
		if share[c] > 0 {
			jobs = append(jobs, c)
		}
	}
	// Distances known before the selection starts: from each component's
	// first node and from the hint nodes that lie in a component with
	// landmarks, computed in parallel.
	var known []int32
	for _, c := range jobs {
		known = append(known, first[c])
	}
	for _, v := range hint {
		if v >= 0 && int(v) < n && share[comp[v]] > 0 && !slices.Contains(known, v) {
			known = append(known, v)
		}
	}
	cached := make([][]Cost, len(known))
	if len(hint) > 0 {
		forEach(len(known), workers, func(i int, sc *dijkstra) {
			cached[i] = sc.own(g, known[i])
		})
	}
	// from returns the distances from v, cached or searched, in a slice
	// of their own.
	from := func(sc *dijkstra, v int32) []Cost {
		if i := slices.Index(known, v); i >= 0 && cached[i] != nil {
			return cached[i]
		}
		return sc.own(g, v)
	}
	picks := make([][]int32, len(jobs))
	cols := make([][][]Cost, len(jobs))
	forEach(len(jobs), workers, func(j int, sc *dijkstra) {
		c := jobs[j]
		minD := slices.Clone(from(sc, first[c])) // to the nearest landmark so far
		for len(picks[j]) < share[c] {
			best := int32(-1)
			for v := range int32(n) {
				if comp[v] == c && (best < 0 || minD[v] > minD[best]) && !slices.Contains(picks[j], v) {
					best = v
				}
			}
			d := from(sc, best)
			for v, x := range d {
				if comp[v] == c && (len(picks[j]) == 0 || x < minD[v]) {
					minD[v] = x
				}
			}
			picks[j] = append(picks[j], best)
			cols[j] = append(cols[j], d)
		}
	})
	var nodes []int32
	var all [][]Cost
	for j := range jobs {
		nodes = append(nodes, picks[j]...)
		all = append(all, cols[j]...)
	}
	return table(n, nodes, all), nil
}

// minNodes is the smallest component that gets landmarks: searches on a
// smaller one are cheap without.
const minNodes = 64

// Recompute returns landmarks at the same nodes with the distances of g
// as it is now (after SetEdges), keeping l unchanged. Nodes that lost all
// their edges are kept: they bound nothing. The nodes are then not those
// NewLandmarks would pick on g: use NewLandmarksHint where the same graph
// must give the same landmarks whatever came before. O(k (V+E) log V).
func (l *Landmarks) Recompute(g *Graph, workers int) (*Landmarks, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: Recompute", ErrNilGraph)
	}
	if err := checkSymmetric(g); err != nil {
		return nil, err
	}
	for _, v := range l.nodes {
		if int(v) >= g.Len() {
			return nil, fmt.Errorf("%w: landmark %d on %d nodes", ErrGraph, v, g.Len())
		}
	}
	return landmarksAt(g, l.nodes, workers), nil
}

func landmarksAt(g *Graph, nodes []int32, workers int) *Landmarks {
	cols := make([][]Cost, len(nodes))
	forEach(len(nodes), workers, func(i int, sc *dijkstra) {
		cols[i] = slices.Clone(sc.run(g, nodes[i]))
	})
	return table(g.Len(), nodes, cols)
}

// table packs the distance columns of the landmarks nodes, node-major.
func table(n int, nodes []int32, cols [][]Cost) *Landmarks {
	k := len(nodes)
	var top Cost
	for _, col := range cols {
		for _, d := range col {
			if d != Unreachable {
				top = max(top, d)
			}
		}
	}
	l := &Landmarks{n: n, k: k, nodes: slices.Clone(nodes), dist: make([]uint32, n*k)}
	for top>>l.shift >= noDist {
		l.shift++
	}
	for i, col := range cols {
		for v, d := range col {
			x := uint32(noDist)
			if d != Unreachable {
				x = uint32(d >> l.shift)
			}
			l.dist[v*k+i] = x
		}
	}
	return l
}

// Len returns the number of landmarks.
func (l *Landmarks) Len() int { return l.k }

// Nodes returns the landmark nodes (the Landmarks' own slice: do not
// modify it).
func (l *Landmarks) Nodes() []int32 { return l.nodes }

// Bytes returns the memory the distance table takes.
func (l *Landmarks) Bytes() int { return 4*cap(l.dist) + 4*cap(l.nodes) }

// Dist returns the distance between landmark i and node v, rounded down
// to a multiple of 2^shift on graphs whose distances pass 2^32, and
// whether v is reachable from it (0 and false for an i or v out of
// range). After Repair it returns the repaired entry instead: at most the
// distance on the graph as it is now, and false only where that is
// infinite. O(1).
func (l *Landmarks) Dist(i int, v int32) (Cost, bool) {
	if uint(i) >= uint(l.k) || v < 0 || int(v) >= len(l.dist)/max(l.k, 1) {
		return 0, false
	}
	x := l.dist[int(v)*l.k+i]
	return Cost(x) << l.shift, x != noDist
}

// goals fills d[2i] with min over targets t of d(L_i,t) + cost(t) and
// d[2i+1] with max over t of d(L_i,t) − cost(t), or Unreachable in both
// when no target is reachable from landmark i.
func (l *Landmarks) goals(targets []Endpoint, d []Cost) {
	for i := range l.k {
		lo, hi := Unreachable, Unreachable
		for _, t := range targets {
			if x := l.dist[int(t.Node)*l.k+i]; x != noDist {
				a := Cost(x) << l.shift
				lo = min(lo, a+t.Cost)
				if hi == Unreachable || a-t.Cost > hi {
					hi = a - t.Cost
				}
			}
		}
		d[2*i], d[2*i+1] = lo, hi
	}
}

// activeLandmarks is how many landmarks one search uses: those with the
// best bounds at its sources. More would tighten the bound a little and
// cost more per node.
const activeLandmarks = 6

// altTerm is one landmark's part of a search's ALT bound: its index
// and its target terms (goals' d[2i] and d[2i+1]), kept side by side so
// that bound reads them in one pass.
type altTerm struct {
	lo, hi Cost
	i      int
}

// active appends to act the landmarks that bound the sources best
// (ties: lower index), at most activeLandmarks of them, with their
// target terms from d.
func (l *Landmarks) active(sources []Endpoint, d []Cost, act []altTerm) []altTerm {
	var all [256]Cost
	for i := range l.k {
		all[i] = -1
		if d[2*i] == Unreachable {
			continue
		}
		for _, e := range sources {
			if x := l.dist[int(e.Node)*l.k+i]; x != noDist {
				a := Cost(x) << l.shift
				all[i] = max(all[i], d[2*i]-a, a-d[2*i+1])
			}
		}
	}
	for range min(activeLandmarks, l.k) {
		best := -1
		for i := range l.k {
			if all[i] >= 0 && (best < 0 || all[i] > all[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		act = append(act, altTerm{d[2*best], d[2*best+1], best})
		all[best] = -1
	}
	return act
}

// bound returns the ALT lower bound on the cost from v to the targets
// over the landmarks in act (see active). With G the cheapest target
// (its cost included): d(L,G) ≤ d(L,v) + d(v,G) bounds d(v,G) from
// below by min_t(d(L,t)+cost(t)) − d(L,v), and d(v,L) ≤ d(v,t) + d(t,L)
// for every t bounds it by d(L,v) − max_t(d(L,t)−cost(t)).
func (l *Landmarks) bound(v int32, act []altTerm) Cost {
	row := l.dist[int(v)*l.k : int(v)*l.k+l.k]
	var h Cost
	if l.shift == 0 { // the usual case: no shift per landmark
		for _, t := range act {
			if x := row[t.i]; x != noDist {
				h = max(h, t.lo-Cost(x), Cost(x)-t.hi)
			}
		}
		return h
	}
	for _, t := range act {
		if x := row[t.i]; x != noDist {
			a := Cost(x) << l.shift
			h = max(h, t.lo-a, a-t.hi)
		}
	}
	// each stored distance lost up to 2^shift-1
	return max(0, h-(1<<l.shift-1))
}

func checkSymmetric(g *Graph) error {
	for u := range int32(g.Len()) {
		to, cost := g.Out(u)
		for i, v := range to {
			if c, ok := g.Cost(v, u); !ok || c != cost[i] {
				return fmt.Errorf("%w: landmarks need edges both ways at equal cost; %d→%d costs %d, %d→%d does not", ErrGraph, u, v, cost[i], v, u)
			}
		}
	}
	return nil
}

// components labels the connected components of a symmetric graph in
// order of their lowest node and returns the labels and sizes.
func components(g *Graph) (comp []int32, sizes []int32) {
	n := g.Len()
	comp = make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	var stack []int32
	for s := range int32(n) {
		if comp[s] >= 0 {
			continue
		}
		c := int32(len(sizes))
		sizes = append(sizes, 0)
		comp[s], stack = c, append(stack[:0], s)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sizes[c]++
			to, _ := g.Out(u)
			for _, v := range to {
				if comp[v] < 0 {
					comp[v] = c
					stack = append(stack, v)
				}
			}
		}
	}
	return comp, sizes
}

// dijkstra is the scratch of a one-to-all search.
type dijkstra struct {
	d []Cost
	q radix.Heap[int32]
}

// own returns the distances from src to every node in a new slice.
func (s *dijkstra) own(g *Graph, src int32) []Cost {
	s.d = nil
	d := s.run(g, src)
	s.d = nil
	return d
}

// run returns the distances from src to every node (Unreachable where
// none), in the scratch's own slice.
func (s *dijkstra) run(g *Graph, src int32) []Cost {
	n := g.Len()
	if len(s.d) < n {
		s.d = make([]Cost, n)
	}
	d := s.d[:n]
	for i := range d {
		d[i] = Unreachable
	}
	d[src] = 0
	s.q.Reset()
	s.q.Push(0, src)
	for s.q.Len() > 0 {
		e := s.q.Pop()
		u := e.Val
		if Cost(e.Key) != d[u] {
			continue
		}
		to, cost := g.Out(u)
		for i, v := range to {
			if ng := d[u] + cost[i]; ng < d[v] {
				d[v] = ng
				s.q.Push(uint64(ng), v)
			}
		}
	}
	return d
}

// forEach runs f(0..n-1) on up to workers goroutines, each with its own
// scratch.
func forEach(n, workers int, f func(i int, sc *dijkstra)) {
	workers = max(1, min(workers, n))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			var sc dijkstra
			for i := range next {
				f(i, &sc)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
