// Package mapgen generates RTS-like grid maps from a seed: open ground
// with rock outcrops and forest, cliff walls broken by chokepoints, rivers
// crossed by a few bridges, lakes holding islands nobody can walk to,
// walled dead-end pockets with one way in, and swamp patches (terrain that
// costs more when the game asks for it). It also writes Moving AI
// scenario files whose optimal lengths come from rtspath's exact search.
//
// The output depends only on the configuration: the random generator is
// implemented here (SplitMix64), so a seed gives the same map with every
// Go version and on every machine.
package mapgen

import (
	"fmt"
	"math"
	"slices"

	"github.com/rtspath/rtspath/grid"
)

// Config describes a map to generate.
type Config struct {
	Width, Height int
	Seed          uint64
}

// rng is SplitMix64 with Lemire's bounded integers: small, fast and fixed.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a value in [0, n); n must be positive.
func (r *rng) intn(n int) int {
	hi, _ := mul64(r.next(), uint64(n))
	return int(hi)
}

func mul64(a, b uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	a0, a1 := a&mask32, a>>32
	b0, b1 := b&mask32, b>>32
	w0 := a0 * b0
	t := a1*b0 + w0>>32
	w1, w2 := t&mask32, t>>32
	w1 += a0 * b1
	return a1*b1 + w2 + w1>>32, a * b
}

// between returns a value in [lo, hi].
func (r *rng) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.intn(hi-lo+1)
}

type canvas struct {
	w, h  int
	cells []byte
}

func (c *canvas) in(x, y int) bool { return uint(x) < uint(c.w) && uint(y) < uint(c.h) }

func (c *canvas) set(x, y int, ch byte) {
	if c.in(x, y) {
		c.cells[y*c.w+x] = ch
	}
}

func (c *canvas) get(x, y int) byte {
	if !c.in(x, y) {
		return '@'
	}
	return c.cells[y*c.w+x]
}

// disk paints the cells within radius r of (cx, cy); only over cells in
// over, when over is not empty.
func (c *canvas) disk(cx, cy, r int, ch byte, over string) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			dx, dy := x-cx, y-cy
			if dx*dx+dy*dy > r*r+r || !c.in(x, y) {
				continue
			}
			if over == "" || contains(over, c.cells[y*c.w+x]) {
				c.cells[y*c.w+x] = ch
			}
		}
	}
}

func contains(s string, b byte) bool {
	for i := range len(s) {
		if s[i] == b {
			return true
		}
	}
	return false
}

// Generate returns a map for cfg. Sizes follow grid.New's limits.
func Generate(cfg Config) (*grid.MapFile, error) {
	w, h := cfg.Width, cfg.Height
	if w < 1 || h < 1 || w > grid.MaxSide || h > grid.MaxSide || w*h > grid.MaxCells {
		return nil, fmt.Errorf("mapgen: size %d×%d out of range (sides 1..%d, at most %d cells)", w, h, grid.MaxSide, grid.MaxCells)
	}
	r := &rng{s: cfg.Seed ^ 0x5eed_0f_a11_c0de}
	c := &canvas{w: w, h: h, cells: make([]byte, w*h)}
	for i := range c.cells {
		c.cells[i] = '.'
	}
	area := w * h
	// Features are sized for a battlefield of at most 512 cells across;
	// larger maps get more of them, not bigger ones.
	side := min(w, h, 512)
	count := func(per int) int { // features per `per` cells, at least a fraction
		n := area / per
		if r.intn(per) < area%per {
			n++
		}
		return n
	}

	// Swamp patches: passable, dearer when the game weights 'S'.
	for range count(5000) {
		cx, cy := r.intn(w), r.intn(h)
		for range r.between(1, 4) {
			c.disk(cx+r.between(-4, 4), cy+r.between(-4, 4), r.between(2, 3+side/48), 'S', ".")
		}
	}
	// Rock outcrops and woods: clumps of overlapping disks.
	for range count(500) {
		cx, cy := r.intn(w), r.intn(h)
		ch := byte('T')
		if r.intn(2) == 0 {
			ch = '@'
		}
		rad := r.between(1, 2+side/64)
		for range r.between(1, 5) {
			c.disk(cx+r.between(-rad, rad), cy+r.between(-rad, rad), r.between(1, rad), ch, "")
		}
	}
	// Cliff walls with chokepoint gaps.
	for range count(6000) {
		cliff(c, r, side)
	}
	// Lakes with islands nobody can reach.
	for range count(40000) {
		cx, cy := r.intn(w), r.intn(h)
		rad := r.between(4, 6+side/24)
		c.disk(cx, cy, rad, 'W', "")
		if rad >= 6 {
			c.disk(cx, cy, rad/2, '.', "")
			c.disk(cx+1, cy, rad/4, 'T', "")
		}
	}
	// Rivers from edge to edge, crossed by bridges.
	if side >= 48 {
		for range max(1, max(w, h)/768) + r.intn(2) {
			river(c, r, side)
		}
	}
	// Dead-end pockets: walled rooms with one narrow way in.
	for range count(12000) {
		pocket(c, r, side)
	}
	return &grid.MapFile{Width: w, Height: h, Cells: c.cells}, nil
}

func cliff(c *canvas, r *rng, side int) {
	x, y := r.intn(c.w), r.intn(c.h)
	dirs := [8][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	d := dirs[r.intn(8)]
	n := r.between(side/10, side/3)
	thick := r.between(1, 2)
	gapIn := r.between(8, 30)
	for i := 0; i < n; i++ {
		if gapIn--; gapIn <= 0 { // a chokepoint
			gap := r.between(1, 4)
			x, y = x+d[0]*gap, y+d[1]*gap
			i += gap
			gapIn = r.between(8, 30)
			continue
		}
		for t := range thick {
			c.set(x+t*abs(d[1]), y+t*abs(d[0]), '@')
			if d[0] != 0 && d[1] != 0 { // close diagonal walls to walkers
				c.set(x+d[0], y, '@')
			}
		}
		x, y = x+d[0], y+d[1]
		if r.intn(12) == 0 { // bend
			d = dirs[r.intn(8)]
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// river paints a meandering band of water across the map, horizontally or
// vertically, then lays bridges across it.
func river(c *canvas, r *rng, side int) {
	vertical := r.intn(2) == 0
	length, across := c.w, c.h
	if vertical {
		length, across = c.h, c.w
	}
	centre := make([]int, length)
	half := make([]int, length)
	pos := r.between(across/5, across*4/5)
	hw := r.between(1, 2+side/256)
	drift := 0
	for t := range length {
		if r.intn(4) == 0 {
			drift = max(-1, min(1, drift+r.between(-1, 1)))
		}
		pos = max(hw+1, min(across-hw-2, pos+drift))
		if r.intn(16) == 0 {
			hw = max(1, min(3+side/128, hw+r.between(-1, 1)))
		}
		centre[t], half[t] = pos, hw
	}
	put := func(t, a int, ch byte, over string) {
		x, y := t, a
		if vertical {
			x, y = a, t
		}
		if c.in(x, y) && (over == "" || contains(over, c.get(x, y))) {
			c.set(x, y, ch)
		}
	}
	for t := range length {
		for a := centre[t] - half[t]; a <= centre[t]+half[t]; a++ {
			put(t, a, 'W', "")
		}
	}
	nb := r.between(2, 2+length/256)
	for range nb {
		t0 := r.intn(length)
		bw := r.between(2, 4)
		for t := t0; t < min(length, t0+bw); t++ {
			for a := centre[t] - half[t] - 1; a <= centre[t]+half[t]+1; a++ {
				put(t, a, '.', "WT@S")
			}
		}
	}
}

// pocket builds a walled room whose only way in is a narrow door.
func pocket(c *canvas, r *rng, side int) {
	pw, ph := r.between(5, 8+side/32), r.between(5, 8+side/32)
	x0, y0 := r.intn(max(1, c.w-pw)), r.intn(max(1, c.h-ph))
	for y := y0; y < y0+ph; y++ {
		for x := x0; x < x0+pw; x++ {
			ch := byte('.')
			if x == x0 || y == y0 || x == x0+pw-1 || y == y0+ph-1 {
				ch = '@'
			}
			c.set(x, y, ch)
		}
	}
	door := r.between(1, 2)
	switch r.intn(4) {
	case 0: // north
		x := r.between(x0+1, x0+pw-1-door)
		for i := range door {
			c.set(x+i, y0, '.')
			c.set(x+i, y0-1, '.')
		}
	case 1: // south
		x := r.between(x0+1, x0+pw-1-door)
		for i := range door {
			c.set(x+i, y0+ph-1, '.')
			c.set(x+i, y0+ph, '.')
		}
	case 2: // west
		y := r.between(y0+1, y0+ph-1-door)
		for i := range door {
			c.set(x0, y+i, '.')
			c.set(x0-1, y+i, '.')
		}
	default: // east
		y := r.between(y0+1, y0+ph-1-door)
		for i := range door {
			c.set(x0+pw-1, y+i, '.')
			c.set(x0+pw, y+i, '.')
		}
	}
}

// Components labels g's connected passable cells: label[i] is -1 for a
// blocked cell, else the component's number (0, 1, ... in row-major order
// of their first cells). It also returns each component's size.
func Components(g *grid.Grid) (label []int32, sizes []int) {
	w, n := g.Width(), g.Width()*g.Height()
	label = make([]int32, n)
	for i := range label {
		label[i] = -1
	}
	var stack []int32
	for i := range n {
		if label[i] >= 0 || !g.Passable(g.PointAt(i)) {
			continue
		}
		id := int32(len(sizes))
		size := 0
		label[i] = id
		stack = append(stack[:0], int32(i))
		for len(stack) > 0 {
			c := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			size++
			m := g.Moves(g.PointAt(c))
			for d := range grid.Dir(8) {
				if m&(1<<d) == 0 {
					continue
				}
				dd := d.Delta()
				j := c + dd.Y*w + dd.X
				if label[j] < 0 {
					label[j] = id
					stack = append(stack, int32(j))
				}
			}
		}
		sizes = append(sizes, size)
	}
	return label, sizes
}

// Scenarios picks n queries between random passable cells that are
// connected under the Moving AI rule (octile, no corner cutting, swamp as
// plain ground) and solves each exactly. mapName is written into each
// line. Lines are sorted by bucket (floor(optimal/4)), as in the
// benchmark sets, and lengths printed to 8 decimals.
func Scenarios(m *grid.MapFile, mapName string, n int, seed uint64) ([]grid.Scenario, error) {
	g, err := m.Grid(grid.MapOptions{})
	if err != nil {
		return nil, err
	}
	label, sizes := Components(g)
	// Cells weighted by component size: endpoints come from the big areas
	// where long queries live, as in the benchmark sets.
	var open []int32
	for i, l := range label {
		if l >= 0 && sizes[l] >= 2 {
			open = append(open, int32(i))
		}
	}
	if len(open) == 0 {
		return nil, fmt.Errorf("mapgen: no two connected passable cells on the map")
	}
	r := &rng{s: seed ^ 0x5ce7a210}
	s := grid.NewSearcher(g)
	var buf []grid.Point
	out := make([]grid.Scenario, 0, n)
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		a := int(open[r.intn(len(open))])
		b := int(open[r.intn(len(open))])
		if a == b || label[a] != label[b] {
			continue
		}
		pa, pb := g.PointAt(a), g.PointAt(b)
		res, err := s.FindPath(pa, pb, grid.Options{}, buf)
		if err != nil {
			return nil, err
		}
		buf = res.Path
		if res.Status != grid.Found {
			return nil, fmt.Errorf("mapgen: %v→%v share a component but no path was found", pa, pb)
		}
		opt := grid.Length(res.Path)
		out = append(out, grid.Scenario{
			Bucket: int(math.Floor(opt / 4)), Map: mapName,
			Width: g.Width(), Height: g.Height(),
			Start: pa, Goal: pb, Optimal: opt, Decimals: 8,
		})
	}
	slices.SortStableFunc(out, func(x, y grid.Scenario) int { return x.Bucket - y.Bucket })
	return out, nil
}

// NewGrid generates the map for cfg and returns it as a grid read with
// opt (movement rule, swamp weight).
func NewGrid(cfg Config, opt grid.MapOptions) (*grid.Grid, error) {
	m, err := Generate(cfg)
	if err != nil {
		return nil, err
	}
	return m.Grid(opt)
}

// Rand is the package's seeded generator (SplitMix64), for tools that
// need reproducible random queries.
type Rand struct{ r rng }

// NewRand returns a generator for seed.
func NewRand(seed uint64) *Rand { return &Rand{rng{s: seed}} }

// Intn returns a value in [0, n); n must be positive.
func (r *Rand) Intn(n int) int { return r.r.intn(n) }
