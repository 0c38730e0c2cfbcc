package preprocess

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/navgraph"
	"github.com/rtspath/rtspath/waypoint"
)

// DefaultClusterSize is the cluster side used when Config.ClusterSize is
// zero.
const DefaultClusterSize = 32

// MaxClearance caps the clearance kept per cell: units up to this many
// cells across are told apart. The grid keeps the clearance (see
// grid.Grid.Clearance).
const MaxClearance = grid.MaxClearance

// NoRegion is the region of a blocked cell.
const NoRegion = 0xffff

// Errors about the arguments of a call; test with errors.Is.
var (
	// ErrConfig is wrapped by errors about a bad Config or Update call.
	ErrConfig = errors.New("preprocess: bad configuration")
	// ErrNilGrid is returned by Build, Load and Read given a nil grid.
	ErrNilGrid = errors.New("preprocess: nil grid")
	// ErrNil is returned for a nil reader or writer.
	ErrNil = errors.New("preprocess: nil argument")
)

// Config tunes Build. The zero value is the default.
type Config struct {
	// ClusterSize is the side of a cluster in cells, 4..256 (0: 32).
	ClusterSize int
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// Placed are extra waypoints a designer put on passable cells (at a
	// gate, a bridge, a base entrance); they join the tier like
	// transition points and are kept across updates.
	Placed []grid.Point
	// Units lists the units the game plans for beyond one cell of no
	// class: sizes (k for k×k cells, 1..MaxClearance) and movement
	// classes of the grid (grid.Grid.SetClasses), e.g. {Size: 2, Class:
	// 1} for a 2×2 hover unit. The bake keeps a UnitLayer for each (see
	// Layer).
	Units []grid.Unit
	// Slack is the number of waypoint slots each cluster keeps free for
	// points an update may add, beyond the default room (a quarter of its
	// points, at least 2). A cluster whose points outgrow its slots makes the
	// update lay the whole tier out again (and the planners on it sync in
	// full), so a map that will change much, such as a player's view of a
	// map it explores, saves time with more; each slot costs its point,
	// its node of the waypoint graph and its landmark entries. Bake files
	// do not keep it: a bake read from one has the default. At most
	// MaxSlack, and 2^24 slots over the map.
	Slack int
	// MiddleFrom is the length in cells from which a run of border
	// cells (an entrance) gets a third transition point in its middle,
	// beside the two at its ends: 0 for DefaultMiddleFrom (the cluster
	// size if that is smaller), else MinMiddleFrom up to the cluster
	// size, or the cluster size whatever it is. A run along a whole side
	// of at least MinMiddleFrom cells keeps its middle whatever the
	// value, so the cluster size gives the middle to those alone, as
	// builds before format 5 did, and clusters under MinMiddleFrom
	// cells get no middle points. A unit layer (Units) counts a run in the
	// cells where the unit fits on both sides. A path that crosses a
	// long run far from its ends otherwise detours to one of them, and
	// the coarse search, which prices those detours, may then choose
	// another way round an obstacle or another door altogether;
	// smoothing mends the first, not the second. That happens most where
	// rooms, corridors or islands lie across the cluster borders. A
	// lower MiddleFrom gives such maps better paths for more points,
	// edges and bake time (the README's "Transition points" has the
	// measured figures). Bake files keep it.
	MiddleFrom int
}

// MaxSlack bounds Config.Slack.
const MaxSlack = 1024

// maxSlackSlots bounds Config.Slack times the clusters of the map.
const maxSlackSlots = 1 << 24

// run is a maximal stretch of a cluster border with a legal straight step
// across at every cell: along the east border, rows start..start+n-1 of
// the cluster's last column; along the south border, columns of its last
// row.
type run struct{ start, n int32 }

// cluster is everything a bake knows about one cluster; it depends only
// on the grid's cells in and around the cluster (and the placed points).
type cluster struct {
	nregions    int32
	regionCells []int32   // cells per local region
	east, south []run     // runs on the border with the east / south neighbour
	points      []int32   // transition and placed cells, sorted cell indices
	placed      []bool    // per point: placed by the designer
	edges       edgeCosts // per pair of points of one region
	reg         cellRegions
	// Set by the global pass: per east run then south run, bit 0 when the
	// run's cells on this cluster's side are flat, bit 1 on the far side
	// (see flatSide); corner holds the diagonal crossings through the
	// cluster's south-east corner (bit 0 SE, bit 1 SW).
	flat   []uint8
	corner uint8
}

// Bake is the preprocessed form of one grid. It is read-only for queries
// and safe for concurrent use; Update must not run concurrently with
// anything else.
type Bake struct {
	g                 *grid.Grid
	w, h, cs, cw, ch  int
	rule              grid.Movement
	placed            []grid.Point // sorted, deduplicated
	cl                []cluster
	regionBase        []int32 // per cluster (+1): first global region id
	regionIsland      []int32
	regionDead        []int32 // outermost dead end holding the region, or -1
	islands, deadEnds int
	islandCells       []int64
	deadCells         int64
	tier              *waypoint.Tier
	scratch           scratch
	workers           []intraScratch
	minW              uint8 // the grid's least weight at the last global pass
	version           uint64
	clVersion         []uint64 // per cluster: the version that last rebuilt it
	gridVer           uint64   // the grid's Version the bake is in step with
	last              UpdateInfo
	unitList          []grid.Unit  // Config.Units, normalized (checkUnits)
	unitRects         []grid.Rect  // an update's edits, for the unit layers (nil: build them afresh)
	units             []*UnitLayer // one per unit, in that order
	slack             int          // Config.Slack
	points            pointRule    // where runs get their transitions
}

// Build preprocesses g. It returns an error wrapping ErrConfig for a bad
// cluster size, negative workers or a placed point that is off the map or
// blocked, and ErrNilGrid for a nil g.
//
// Cost: O(N) for N cells (regions, border runs, islands and dead ends),
// plus one search per transition or placed point of each cluster to the
// other points of its region, inside the cluster: about O(N·P·log S) in
// all for clusters of S×S cells holding P points each (P: up to three
// per entrance on the cluster's borders, plus placed points), split over
// Config.Workers; the same again for each unit layer (Config.Units).
// Memory: the cells' regions (nothing for a cluster that is all open
// and one region, a bit per cell for one region, half a byte for up to
// 15, a byte for up to 255: about 0.2 to 0.4 bytes per cell on StarCraft
// and generated maps) plus the waypoint tier and the unit layers, about
// 1.5 to 2.5 bytes per cell in all (see Bytes); no scratch is kept.
func Build(g *grid.Grid, cfg Config) (*Bake, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: Build for no grid", ErrNilGrid)
	}
	b, err := newBake(g, cfg)
	if err != nil {
		return nil, err
	}
	all := make([]int, len(b.cl))
	for i := range all {
		all[i] = i
	}
	b.rebuild(all, all, cfg.Workers)
	b.caughtUp()
	b.workers = nil // the workers' search scratch: an update makes its own, for what it searches
	return b, nil
}

func newBake(g *grid.Grid, cfg Config) (*Bake, error) {
	cs := cfg.ClusterSize
	if cs == 0 {
		cs = DefaultClusterSize
	}
	if cs < 4 || cs > 256 {
		return nil, fmt.Errorf("%w: cluster size %d (want 4..256)", ErrConfig, cs)
	}
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("%w: %d workers", ErrConfig, cfg.Workers)
	}
	if cfg.Slack < 0 || cfg.Slack > MaxSlack {
		return nil, fmt.Errorf("%w: slack %d (want 0..%d)", ErrConfig, cfg.Slack, MaxSlack)
	}
	if m := cfg.MiddleFrom; !MiddleFromFits(m, cs) {
		return nil, fmt.Errorf("%w: MiddleFrom %d with clusters of %d (want 0 or %s)", ErrConfig, m, cs, middleRange(cs))
	}
	w, h := g.Width(), g.Height()
	b := &Bake{
		g: g, w: w, h: h, cs: cs, rule: g.Movement(), slack: cfg.Slack, points: newRule(cfg.MiddleFrom, cs),
		cw: (w + cs - 1) / cs, ch: (h + cs - 1) / cs,
	}
	if n := b.cw * b.ch; cfg.Slack*n > maxSlackSlots {
		return nil, fmt.Errorf("%w: slack %d on %d clusters: %d spare waypoint slots, at most %d", ErrConfig, cfg.Slack, n, cfg.Slack*n, maxSlackSlots)
	}
	b.cl = make([]cluster, b.cw*b.ch)
	b.clVersion = make([]uint64, len(b.cl))
	for _, p := range cfg.Placed {
		if !g.Passable(p) {
			return nil, fmt.Errorf("%w: placed waypoint %v is off the map or blocked", ErrConfig, p)
		}
	}
	var err error
	if b.unitList, err = checkUnits(g, cfg.Units); err != nil {
		return nil, err
	}
	b.placed = slices.Clone(cfg.Placed)
	slices.SortFunc(b.placed, func(p, q grid.Point) int { return g.Index(p) - g.Index(q) })
	b.placed = slices.Compact(b.placed)
	return b, nil
}

// Grid returns the grid the bake was built for.
func (b *Bake) Grid() *grid.Grid { return b.g }

// ClusterSize returns the side of a cluster.
func (b *Bake) ClusterSize() int { return b.cs }

// MiddleFrom returns the run length from which an entrance gets a
// transition point in its middle: Config.MiddleFrom, or for 0 the
// smaller of DefaultMiddleFrom and the cluster size. A bake read from a
// file of format 3, which had none, says the cluster size.
func (b *Bake) MiddleFrom() int { return int(b.points.mid) }

// Clusters returns the number of clusters.
func (b *Bake) Clusters() int { return len(b.cl) }

// Tier returns the waypoint tier.
func (b *Bake) Tier() *waypoint.Tier { return b.tier }

func (b *Bake) clusterRect(c int) grid.Rect {
	cx, cy := c%b.cw, c/b.cw
	return grid.R(cx*b.cs, cy*b.cs, min((cx+1)*b.cs, b.w), min((cy+1)*b.cs, b.h))
}

func (b *Bake) clusterOf(x, y int) int { return y/b.cs*b.cw + x/b.cs }

// parallel runs f(worker, item) over items on n goroutines (n <= 0:
// GOMAXPROCS). Items are independent, so the result does not depend on n.
func parallel(items []int, n int, f func(worker, item int)) {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = min(n, len(items))
	if n <= 1 {
		for _, it := range items {
			f(0, it)
		}
		return
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next += 8
				mu.Unlock()
				if i >= len(items) {
					return
				}
				for _, it := range items[i:min(i+8, len(items))] {
					f(w, it)
				}
			}
		}()
	}
	wg.Wait()
}

// rebuild recomputes the regions and border runs of the clusters in
// local, the points and intra edges of the clusters in edges (a superset
// of local), then the global parts.
func (b *Bake) rebuild(local, edges []int, workers int) {
	b.ensureWorkers(workers)
	var snap []clusterSnap
	minW := b.g.MinWeight()
	if b.tier != nil && len(local) < len(b.cl) {
		snap = b.snapshot(local)
	}
	parallel(local, workers, func(w, c int) { b.regionsAndRuns(c, &b.workers[w]) })
	for _, c := range edges {
		b.collectPoints(c)
	}
	parallel(edges, workers, func(w, c int) { b.intraEdges(c, &b.workers[w]) })
	b.last.Regions, b.last.Layout = true, true
	if snap != nil && minW == b.g.MinWeight() && b.sameGraph(snap) {
		b.applyCellDeltas(snap)
		b.last.Regions = false
	} else {
		var near []int
		if snap != nil && minW == b.minW {
			near = b.nearClusters(local)
		}
		b.assemble(near)
	}
	if b.tier == nil || len(edges) == len(b.cl) {
		b.layoutTier()
	} else {
		b.last.Layout = b.patchTier(edges)
	}
	b.buildUnits(workers, b.unitRects)
	b.unitRects = nil
}

// clusterSnap is what an update compares to tell whether a rebuilt
// cluster left the region graph as it was: its region count and the
// sizes of its regions. (The grid has already changed when Update runs,
// so the snapshot holds only what the bake itself stored.) The crossings
// are compared apart, see crossSnap.
type clusterSnap struct {
	c           int
	nregions    int32
	regionCells []int32
}

// crossSnap holds the crossings that cluster c contributes to the region
// graph (see crossTuples), as they were before an update.
type crossSnap struct {
	c  int
	xs []xtuple
}

// xtuple is one crossing as the region graph sees it: the local regions
// on either side, its kind and its flatness bits (corner bits for a
// corner), in the order collectCrossings lists them.
type xtuple struct {
	a, z uint16
	kind uint8
	bits uint8
}

// crossTuples appends the crossings of cluster c (its east and south
// runs, its south-east corner) under the flatness bits flat and corner
// bits given, with the local regions on either side as the bake holds
// them now.
func (b *Bake) crossTuples(c int, flat []uint8, corner uint8, dst []xtuple) []xtuple {
	cl := &b.cl[c]
	r := b.clusterRect(c)
	w, reg := b.w, b.regionAt
	if r.Max.X < b.w {
		for k, ru := range cl.east {
			i := int(ru.start)*w + r.Max.X - 1
			dst = append(dst, xtuple{reg(i), reg(i + 1), eastRun, flat[k]})
		}
	}
	if r.Max.Y < b.h {
		for k, ru := range cl.south {
			i := (r.Max.Y-1)*w + int(ru.start)
			dst = append(dst, xtuple{reg(i), reg(i + w), southRun, flat[len(cl.east)+k]})
		}
	}
	if r.Max.X < b.w && r.Max.Y < b.h {
		x, y := r.Max.X-1, r.Max.Y-1
		if corner&1 != 0 {
			dst = append(dst, xtuple{reg(y*w + x), reg((y+1)*w + x + 1), corner, 1})
		}
		if corner&2 != 0 {
			dst = append(dst, xtuple{reg(y*w + x + 1), reg((y+1)*w + x), corner, 2})
		}
	}
	return dst
}

// crossClusters returns the clusters whose crossings can name a region of
// a cluster in cs: those of cs and their west, north and north-west
// neighbours (whose east runs, south runs and corners end in them), in
// increasing order.
func (b *Bake) crossClusters(cs []int) []int {
	var out []int
	for _, c := range cs {
		cx, cy := c%b.cw, c/b.cw
		for y := max(cy-1, 0); y <= cy; y++ {
			for x := max(cx-1, 0); x <= cx; x++ {
				out = append(out, y*b.cw+x)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (b *Bake) snapshot(cs []int) []clusterSnap {
	out := make([]clusterSnap, len(cs))
	for k, c := range cs {
		cl := &b.cl[c]
		out[k] = clusterSnap{c: c, nregions: cl.nregions, regionCells: slices.Clone(cl.regionCells)}
	}
	b.scratch.cross = b.scratch.cross[:0]
	for _, c := range b.crossClusters(cs) {
		b.scratch.cross = append(b.scratch.cross, crossSnap{c, b.crossTuples(c, b.cl[c].flat, b.cl[c].corner, nil)})
	}
	return out
}

// sameGraph reports whether the update left the region graph as it was:
// the rebuilt clusters have as many regions, every crossing that can name
// one of their regions joins the same regions with the same flatness, in
// the same order, and the flatness of every run near them is as stored;
// then the crossings, islands and dead ends are unchanged. (The border
// runs themselves may have moved or shrunk: a building on a border that
// leaves every crossing in place leaves the graph as it was.)
func (b *Bake) sameGraph(snap []clusterSnap) bool {
	if b.g.MinWeight() != b.minW {
		return false
	}
	for k := range snap {
		if b.cl[snap[k].c].nregions != snap[k].nregions {
			return false
		}
	}
	var now []xtuple
	for _, cs := range b.scratch.cross {
		flat, corner := b.crossingFlags(cs.c, nil)
		now = b.crossTuples(cs.c, flat, corner, now[:0])
		if !slices.Equal(now, cs.xs) {
			return false
		}
	}
	for _, c := range b.nearClusters(snapClusters(snap)) {
		flat, corner := b.crossingFlags(c, nil)
		if !slices.Equal(flat, b.cl[c].flat) || corner != b.cl[c].corner {
			return false
		}
	}
	return true
}

func snapClusters(snap []clusterSnap) []int {
	cs := make([]int, len(snap))
	for k := range snap {
		cs[k] = snap[k].c
	}
	return cs
}

// nearClusters returns the clusters in cs and those next to them (the
// eight around each), in increasing order: a run's flatness reads cells up
// to one past its ends, which may lie in any cluster next to the run's
// own, so these are the clusters whose crossing flags an edit of the
// clusters in cs can change.
func (b *Bake) nearClusters(cs []int) []int {
	var near []int
	for _, c := range cs {
		cx, cy := c%b.cw, c/b.cw
		for y := max(cy-1, 0); y <= min(cy+1, b.ch-1); y++ {
			for x := max(cx-1, 0); x <= min(cx+1, b.cw-1); x++ {
				near = append(near, y*b.cw+x)
			}
		}
	}
	slices.Sort(near)
	return slices.Compact(near)
}

// applyCellDeltas brings the per-island and dead-end cell counts up to
// date when only the sizes of regions changed.
func (b *Bake) applyCellDeltas(snap []clusterSnap) {
	for k := range snap {
		s := &snap[k]
		base := b.regionBase[s.c]
		for j, n := range b.cl[s.c].regionCells {
			d := int64(n - s.regionCells[j])
			r := base + int32(j)
			b.islandCells[b.regionIsland[r]] += d
			if b.regionDead[r] >= 0 {
				b.deadCells += d
			}
		}
	}
}

// Window-edge masks: the steps that leave a rectangle by each side.
var (
	outW = uint8(1<<grid.West | 1<<grid.SouthWest | 1<<grid.NorthWest)
	outE = uint8(1<<grid.East | 1<<grid.NorthEast | 1<<grid.SouthEast)
	outN = uint8(1<<grid.North | 1<<grid.NorthEast | 1<<grid.NorthWest)
	outS = uint8(1<<grid.South | 1<<grid.SouthEast | 1<<grid.SouthWest)
)

// regionsAndRuns labels cluster c's regions (flood fill inside the
// cluster, numbered by first cell) and finds the runs on its east and
// south borders.
func (b *Bake) regionsAndRuns(c int, x *intraScratch) {
	g, r, cl := b.g, b.clusterRect(c), &b.cl[c]
	w := b.w
	moves, open := g.StepMasks(), g.Passability()
	var delta [8]int32
	for d := range grid.Dir(8) {
		dd := d.Delta()
		delta[d] = int32(dd.Y*w + dd.X)
	}
	rw := r.Dx()
	var ldelta [8]int32 // the steps within the cluster's rectangle
	for d := range grid.Dir(8) {
		dd := d.Delta()
		ldelta[d] = int32(dd.Y*rw + dd.X)
	}
	region := slices.Grow(x.labels[:0], r.Area())[:r.Area()]
	for i := range region {
		region[i] = NoRegion
	}
	cl.regionCells = cl.regionCells[:0]
	stack := x.stack[:0]
	var n int32
	openCells := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i, li := y*w+x, (y-r.Min.Y)*rw+x-r.Min.X
			if region[li] != NoRegion || !open.Contains(uint32(i)) {
				continue
			}
			region[li] = uint16(n)
			count := int32(0)
			stack = append(stack, cellPair{int32(i), int32(li)})
			for len(stack) > 0 {
				cp := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				ci := cp.g
				count++
				m := moves[ci]
				px, py := int(ci)%w, int(ci)/w
				if px == r.Min.X {
					m &^= outW
				}
				if px == r.Max.X-1 {
					m &^= outE
				}
				if py == r.Min.Y {
					m &^= outN
				}
				if py == r.Max.Y-1 {
					m &^= outS
				}
				for m != 0 {
					d := bits.TrailingZeros8(m)
					m &= m - 1
					if lj := cp.l + ldelta[d]; region[lj] == NoRegion {
						region[lj] = uint16(n)
						stack = append(stack, cellPair{ci + delta[d], lj})
					}
				}
			}
			cl.regionCells = append(cl.regionCells, count)
			openCells += int(count)
			n++
		}
	}
	cl.reg.set(region, n, openCells)
	x.labels = region
	x.stack = stack
	cl.nregions = n
	// Runs across the east border (to the cluster on the right).
	cl.east = cl.east[:0]
	if r.Max.X < b.w {
		x := r.Max.X - 1
		cl.east = appendRuns(cl.east, r.Min.Y, r.Max.Y, func(y int) bool {
			return moves[y*w+x]&(1<<grid.East) != 0
		})
	}
	cl.south = cl.south[:0]
	if r.Max.Y < b.h {
		y := r.Max.Y - 1
		cl.south = appendRuns(cl.south, r.Min.X, r.Max.X, func(x int) bool {
			return moves[y*w+x]&(1<<grid.South) != 0
		})
	}
}

func appendRuns(dst []run, lo, hi int, open func(int) bool) []run {
	for i := lo; i < hi; {
		if !open(i) {
			i++
			continue
		}
		j := i
		for j < hi && open(j) {
			j++
		}
		dst = append(dst, run{int32(i), int32(j - i)})
		i = j
	}
	return dst
}

// collectPoints gathers the transition cells of cluster c from the runs on
// its four borders, plus its placed points.
func (b *Bake) collectPoints(c int) {
	cl, r := &b.cl[c], b.clusterRect(c)
	w := b.w
	cl.points = cl.points[:0]
	add := func(x, y int32) { cl.points = append(cl.points, y*int32(w)+x) }
	each := func(runs []run, side int, f func(int32)) {
		for _, ru := range runs {
			pos, n := b.points.transitions(ru, side)
			for _, p := range pos[:n] {
				f(p)
			}
		}
	}
	each(cl.east, r.Dy(), func(y int32) { add(int32(r.Max.X-1), y) })
	each(cl.south, r.Dx(), func(x int32) { add(x, int32(r.Max.Y-1)) })
	if r.Min.X > 0 {
		each(b.cl[c-1].east, r.Dy(), func(y int32) { add(int32(r.Min.X), y) })
	}
	if r.Min.Y > 0 {
		each(b.cl[c-b.cw].south, r.Dx(), func(x int32) { add(x, int32(r.Min.Y)) })
	}
	nt := len(cl.points)
	for _, p := range b.placed {
		if p.In(r) {
			add(int32(p.X), int32(p.Y))
		}
	}
	// Sort, dedupe, and mark the points that are only placed.
	isPlaced := func(i int32) bool {
		_, ok := slices.BinarySearchFunc(b.placed, i, func(p grid.Point, i int32) int { return p.Y*w + p.X - int(i) })
		return ok
	}
	trans := slices.Clone(cl.points[:nt])
	slices.Sort(trans)
	slices.Sort(cl.points)
	cl.points = slices.Compact(cl.points)
	cl.placed = cl.placed[:0]
	for _, i := range cl.points {
		_, isTrans := slices.BinarySearch(trans, i)
		cl.placed = append(cl.placed, !isTrans && isPlaced(i))
	}
}

// intraEdges joins every two points of the same region of cluster c by
// the exact cost of the fine search inside the cluster. From each point it
// either runs A* to each later point of its region, which on open ground
// costs little more than the path, or one Dijkstra that settles them all,
// whichever the searches so far suggest is cheaper; an A* run that spends
// a Dijkstra's worth of expansions hands the rest to Dijkstra.
func (b *Bake) intraEdges(c int, x *intraScratch) {
	cl, win := &b.cl[c], b.clusterRect(c)
	cl.edges.reset()
	s := x.s
	aSum, aN := 0, 0 // A* expansions so far in this cluster
	for i := 0; i < len(cl.points)-1; i++ {
		pi := int(cl.points[i])
		ri := b.regionAt(pi)
		x.targets, x.idx = x.targets[:0], x.idx[:0]
		for j := i + 1; j < len(cl.points); j++ {
			if b.regionAt(int(cl.points[j])) == ri {
				x.targets = append(x.targets, b.g.PointAt(int(cl.points[j])))
				x.idx = append(x.idx, int32(j))
			}
		}
		if len(x.targets) == 0 {
			continue
		}
		x.costs = slices.Grow(x.costs[:0], len(x.targets))[:len(x.targets)]
		// A Dijkstra costs about the region's size; A* costs what the
		// searches so far in this cluster took per pair. Take the cheaper
		// guess, and let A* spend at most a Dijkstra's worth.
		dijkstra := int(cl.regionCells[ri])
		budget := 0
		if aN == 0 || len(x.targets)*aSum/aN < dijkstra {
			budget = dijkstra
		}
		k := 0
		for ; k < len(x.targets) && budget > 0; k++ {
			a, z := b.g.PointAt(pi), x.targets[k]
			if c, ok := b.g.StepLineCost(a, z, grid.Unreachable); ok && c == b.g.LeastCost(a, z) {
				x.costs[k] = c // no search can beat the heuristic's bound
				continue
			}
			res, err := s.FindPath(b.g.PointAt(pi), x.targets[k], grid.Options{Window: win, MaxExpansions: budget}, x.path)
			if err != nil {
				panic("preprocess: " + err.Error()) // points are passable cells of the window
			}
			x.path = res.Path
			budget -= res.Expanded
			aSum, aN = aSum+res.Expanded, aN+1
			if res.Status != grid.Found {
				break // budget spent: Dijkstra does the rest
			}
			x.costs[k] = res.Cost
		}
		if k < len(x.targets) {
			if _, err := s.FindAll(b.g.PointAt(pi), x.targets[k:], grid.Options{Window: win, Dijkstra: true}, x.costs[k:]); err != nil {
				panic("preprocess: " + err.Error())
			}
		}
		for k := range x.idx {
			if x.costs[k] == grid.Unreachable {
				panic("preprocess: points of one region not connected")
			}
			cl.edges.add(x.costs[k])
		}
	}
	cl.edges.trim()
}

// ensureWorkers makes scratch memory for the workers parallel will use.
func (b *Bake) ensureWorkers(workers int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for len(b.workers) < max(workers, 1) {
		b.workers = append(b.workers, intraScratch{s: grid.NewSearcher(b.g)})
	}
}

// cellPair is a cell by grid index and by index in its cluster.
type cellPair struct{ g, l int32 }

// intraScratch is one worker's memory.
type intraScratch struct {
	stack   []cellPair // flood fill
	labels  []uint16   // flood fill: a region per cell of the cluster
	s       *grid.Searcher
	targets []grid.Point
	idx     []int32
	costs   []grid.Cost
	path    []grid.Point
}

// assemble derives the global parts from the per-cluster data: region
// numbering, islands, dead ends and the waypoint tier. near lists the
// clusters whose crossing flags may have changed (nil: all of them).
func (b *Bake) assemble(near []int) {
	nc := len(b.cl)
	b.regionBase = slices.Grow(b.regionBase[:0], nc+1)[:nc+1]
	b.regionBase[0] = 0
	for c := range b.cl {
		b.regionBase[c+1] = b.regionBase[c] + b.cl[c].nregions
	}
	b.collectCrossings(near)
	b.findIslands()
	b.findDeadEnds()
	// The pass's scratch goes with it (an update runs it only when the
	// region graph changes shape, and then does as much work as the
	// scratch is large); an update's own stays.
	b.scratch = scratch{rects: b.scratch.rects, cross: b.scratch.cross}
}

// globalRegion returns the global region id of cell i, or -1 if blocked.
func (b *Bake) globalRegion(i int) int32 {
	c, r := b.cellRegion(i)
	if r == NoRegion {
		return -1
	}
	return b.regionBase[c] + int32(r)
}

// Kinds of crossing between two regions.
const (
	eastRun = iota
	southRun
	corner
)

// collectCrossings lists, in b.scratch.xs, every step between regions of
// two clusters: each border run and each diagonal through a cluster
// corner, with the global regions on both sides (a on cluster c's side).
// It recomputes the crossing flags of the clusters in near (nil: every
// cluster); the others keep theirs (an update passes the clusters next to
// the ones it rebuilt, when the grid's least weight is as it was).
func (b *Bake) collectCrossings(near []int) {
	w := b.w
	xs := b.scratch.xs[:0]
	reg := b.regionAt
	b.minW = b.g.MinWeight()
	if near == nil {
		for c := range b.cl {
			b.cl[c].flat, b.cl[c].corner = b.crossingFlags(c, b.cl[c].flat[:0])
		}
	} else {
		for _, c := range near {
			b.cl[c].flat, b.cl[c].corner = b.crossingFlags(c, b.cl[c].flat[:0])
		}
	}
	for c := range b.cl {
		r := b.clusterRect(c)
		base := b.regionBase[c]
		if r.Max.X < b.w {
			east := b.regionBase[c+1]
			for k, ru := range b.cl[c].east {
				i := int(ru.start)*w + r.Max.X - 1
				xs = append(xs, crossing{base + int32(reg(i)), east + int32(reg(i+1)), int32(c), eastRun, int32(k)})
			}
		}
		if r.Max.Y < b.h {
			south := b.regionBase[c+b.cw]
			for k, ru := range b.cl[c].south {
				i := (r.Max.Y-1)*w + int(ru.start)
				xs = append(xs, crossing{base + int32(reg(i)), south + int32(reg(i+w)), int32(c), southRun, int32(k)})
			}
		}
		// Diagonal steps through the corner shared with the clusters to
		// the east, south and south-east join regions of diagonal
		// neighbours directly (they are also joined through a side one).
		if r.Max.X < b.w && r.Max.Y < b.h {
			x, y := r.Max.X-1, r.Max.Y-1
			if b.cl[c].corner&1 != 0 {
				xs = append(xs, crossing{base + int32(reg(y*w+x)), b.regionBase[c+b.cw+1] + int32(reg((y+1)*w+x+1)), int32(c), corner, 0})
			}
			if b.cl[c].corner&2 != 0 {
				xs = append(xs, crossing{b.regionBase[c+1] + int32(reg(y*w+x+1)), b.regionBase[c+b.cw] + int32(reg((y+1)*w+x)), int32(c), corner, 1})
			}
		}
	}
	b.scratch.xs = xs
}

// crossingFlags computes the flatness bits of cluster c's runs (appended
// to dst) and its corner crossing bits from the grid as it is now.
func (b *Bake) crossingFlags(c int, dst []uint8) ([]uint8, uint8) {
	cl := &b.cl[c]
	for k := range cl.east {
		dst = append(dst, flatBits(b.flatSide(c, eastRun, k, false), b.flatSide(c, eastRun, k, true)))
	}
	for k := range cl.south {
		dst = append(dst, flatBits(b.flatSide(c, southRun, k, false), b.flatSide(c, southRun, k, true)))
	}
	var corner uint8
	if r := b.clusterRect(c); r.Max.X < b.w && r.Max.Y < b.h {
		x, y := r.Max.X-1, r.Max.Y-1
		if b.g.Moves(grid.Pt(x, y))&(1<<grid.SouthEast) != 0 {
			corner |= 1
		}
		if b.g.Moves(grid.Pt(x+1, y))&(1<<grid.SouthWest) != 0 {
			corner |= 2
		}
	}
	return dst, corner
}

func flatBits(near, far bool) uint8 {
	var v uint8
	if near {
		v |= 1
	}
	if far {
		v |= 2
	}
	return v
}

// isFlat reads the stored flatness of run k of kind on cluster c's side
// or the far side.
func (b *Bake) isFlat(c, kind, k int, far bool) bool {
	if kind == southRun {
		k += len(b.cl[c].east)
	}
	bit := uint8(1)
	if far {
		bit = 2
	}
	return b.cl[c].flat[k]&bit != 0
}

// flatSide reports whether the cells of a run on one side of the border
// (the near side, the cluster's own, or the far side), with the passable
// cells just past its ends, all have the grid's least weight.
func (b *Bake) flatSide(c, kind, k int, far bool) bool {
	r := b.clusterRect(c)
	var ru run
	var at func(i int) grid.Point
	switch kind {
	case eastRun:
		ru = b.cl[c].east[k]
		x := r.Max.X - 1
		if far {
			x++
		}
		at = func(i int) grid.Point { return grid.Pt(x, i) }
	case southRun:
		ru = b.cl[c].south[k]
		y := r.Max.Y - 1
		if far {
			y++
		}
		at = func(i int) grid.Point { return grid.Pt(i, y) }
	default:
		return false
	}
	minW := b.g.MinWeight()
	for i := int(ru.start) - 1; i <= int(ru.start+ru.n); i++ {
		p := at(i)
		if b.g.Passable(p) && b.g.Weight(p) != minW {
			return false
		}
	}
	return true
}

// slack is the room a cluster's slot range keeps for points an update
// may add, so that the tier need not be laid out again.
func (b *Bake) slackFor(n int) int { return max(2, n/4) + b.slack }

// layoutTier lays the whole waypoint tier out again: slot ranges sized
// with slack, points, and every node's edges.
func (b *Bake) layoutTier() {
	t := &waypoint.Tier{Width: b.w, Height: b.h, ClusterSize: b.cs}
	nc := len(b.cl)
	t.ClusterStart = make([]int32, nc+1)
	t.ClusterLen = make([]int32, nc)
	for c := range b.cl {
		n := len(b.cl[c].points)
		t.ClusterStart[c+1] = t.ClusterStart[c] + int32(n+b.slackFor(n))
	}
	t.Points = make([]waypoint.Point, t.ClusterStart[nc])
	t.Graph = navgraph.New(len(t.Points))
	b.tier = t
	for c := range b.cl {
		b.writePoints(c)
	}
	var sc edgeScratch
	for c := range b.cl {
		b.writeEdges(c, &sc)
	}
	t.Graph.Trim() // kept as it is until an update
}

// patchTier rewrites the points and edges of the touched clusters, and
// the edges of their neighbours (which point into them), or lays the tier
// out again when a cluster outgrew its slots (and then reports true).
func (b *Bake) patchTier(touched []int) (laidOut bool) {
	t := b.tier
	for _, c := range touched {
		if int32(len(b.cl[c].points)) > t.ClusterStart[c+1]-t.ClusterStart[c] {
			b.layoutTier()
			return true
		}
	}
	for _, c := range touched {
		b.writePoints(c)
	}
	var sc edgeScratch
	done := make(map[int]bool, 5*len(touched))
	for _, c := range touched {
		cx, cy := c%b.cw, c/b.cw
		for _, d := range [5][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			x, y := cx+d[0], cy+d[1]
			if x < 0 || y < 0 || x >= b.cw || y >= b.ch || done[y*b.cw+x] {
				continue
			}
			done[y*b.cw+x] = true
			b.writeEdges(y*b.cw+x, &sc)
		}
	}
	return false
}

func (b *Bake) writePoints(c int) {
	t, cl := b.tier, &b.cl[c]
	base := t.ClusterStart[c]
	for k, i := range cl.points {
		kind := waypoint.Transition
		if cl.placed[k] {
			kind = waypoint.Placed
		}
		t.Points[base+int32(k)] = waypoint.Point{Cell: b.g.PointAt(int(i)), Cluster: int32(c), Region: int32(b.regionAt(int(i))), Kind: kind}
	}
	for k := base + int32(len(cl.points)); k < t.ClusterStart[c+1]; k++ {
		t.Points[k] = waypoint.Point{Cluster: int32(c), Region: -1}
	}
	t.ClusterLen[c] = int32(len(cl.points))
}

type edgeScratch struct {
	items []edgeItem
	to    []int32
	cost  []navgraph.Cost
}

type edgeItem struct {
	k, to int32
	cost  navgraph.Cost
}

// writeEdges sets the out-edges of every slot of cluster c: the intra
// edges of its points, and one edge across each border transition.
func (b *Bake) writeEdges(c int, sc *edgeScratch) {
	t, cl := b.tier, &b.cl[c]
	base := t.ClusterStart[c]
	items := sc.items[:0]
	b.eachPair(c, func(k int, a, z int32) {
		cost := navgraph.Cost(cl.edges.at(k))
		items = append(items, edgeItem{a, base + z, cost}, edgeItem{z, base + a, cost})
	})
	w := int32(b.w)
	r := b.clusterRect(c)
	local := func(c int, i int32) int32 {
		k, ok := slices.BinarySearch(b.cl[c].points, i)
		if !ok {
			panic("preprocess: transition cell missing from its cluster")
		}
		return int32(k)
	}
	across := func(runs []run, side int, cell func(int32) int32, nb int, step int32, d grid.Dir) {
		for _, ru := range runs {
			ps, n := b.points.transitions(ru, side)
			for _, pos := range ps[:n] {
				i := cell(pos)
				cost := navgraph.Cost(grid.StepCost(d, b.g.WeightAt(int(i)), b.g.WeightAt(int(i+step))))
				items = append(items, edgeItem{local(c, i), t.ClusterStart[nb] + local(nb, i+step), cost})
			}
		}
	}
	if r.Max.X < b.w {
		across(cl.east, r.Dy(), func(y int32) int32 { return y*w + int32(r.Max.X-1) }, c+1, 1, grid.East)
	}
	if r.Max.Y < b.h {
		across(cl.south, r.Dx(), func(x int32) int32 { return int32(r.Max.Y-1)*w + x }, c+b.cw, w, grid.South)
	}
	if r.Min.X > 0 {
		across(b.cl[c-1].east, r.Dy(), func(y int32) int32 { return y*w + int32(r.Min.X) }, c-1, -1, grid.West)
	}
	if r.Min.Y > 0 {
		across(b.cl[c-b.cw].south, r.Dx(), func(x int32) int32 { return int32(r.Min.Y)*w + x }, c-b.cw, -w, grid.North)
	}
	slices.SortFunc(items, func(x, y edgeItem) int {
		if x.k != y.k {
			return int(x.k - y.k)
		}
		return int(x.to - y.to)
	})
	sc.items = items
	slots := t.ClusterStart[c+1] - base
	for k, j := int32(0), 0; k < slots; k++ {
		sc.to, sc.cost = sc.to[:0], sc.cost[:0]
		for ; j < len(items) && items[j].k == k; j++ {
			sc.to, sc.cost = append(sc.to, items[j].to), append(sc.cost, items[j].cost)
		}
		if err := t.Graph.SetEdges(base+k, sc.to, sc.cost); err != nil {
			panic("preprocess: " + err.Error())
		}
	}
}
