package hpa

import "github.com/rtspath/rtspath/grid"

// DefaultBand is the half-width, in cells, of the band a query searches
// again round its path when Options.Band is 0 and the path crosses
// weighted terrain or may pay a penalty.
const DefaultBand = 12

// MaxBand is the largest Options.Band.
const MaxBand = 32

// bandArea bounds the cells of one band search's rectangle: a longer
// path is tightened piece by piece.
const bandArea = 96 * 96

// pieceSide is the least side, band excluded, that a piece's rectangle
// may reach before its bound stops it: a band grown by grow cells on
// each side (Options.Band, twice that under a penalty)
// may take (pieceSide + 2·grow)² cells when that is more than bandArea
// (grow over 24), so that a wide band does not cut the path into
// pieces shorter than the default penalty band's, whose forced joins
// can cost more than the band saves (on a small map of heavy swamp,
// Bands 28 and 32 gave paths far dearer than Band 24's, which was the
// optimum). The default bands (grow 12, or 24 round a penalty) stay
// within bandArea.
const pieceSide = 48

// bandCells returns the most cells of one band search's rectangle for a
// band grown by grow cells.
func bandCells(grow int) int {
	s := pieceSide + 2*grow
	return max(bandArea, s*s)
}

// bandState is the scratch of tightening a path (see tighten): a
// query's own, or lent to a sliced query for one call (bandScratch).
type bandState struct {
	ts              tileSearcher
	tile            fieldTile
	rows            []span
	w               int // the grid's width
	rest, next, out []grid.Point
	piece           []grid.Point
	pen             *grid.Penalty       // the current query's penalty
	penAt           func(int) grid.Cost // b.penalty, bound once
}

func newBandState() *bandState {
	b := &bandState{}
	b.penAt = b.penalty
	return b
}

// penalty is b.pen's penalty of cell i.
func (b *bandState) penalty(i int) grid.Cost { return b.pen.At(i) }

// bandScratch returns the band scratch for the next tighten; give it
// back with doneBand. A sliced query (q.sc) borrows one from its pool for
// the call, so that queries waiting for their next slice hold none.
func (q *Query) bandScratch() *bandState {
	sc := q.sc
	switch {
	case sc == nil:
		if q.band == nil {
			q.band = newBandState()
		}
		return q.band
	case len(sc.bands) > 0:
		b := sc.bands[len(sc.bands)-1]
		sc.bands = sc.bands[:len(sc.bands)-1]
		return b
	}
	return newBandState()
}

// doneBand gives back what bandScratch lent.
func (q *Query) doneBand(b *bandState) {
	b.pen = nil
	if q.sc != nil {
		q.sc.bands = append(q.sc.bands, b)
	}
}

// bandWidth returns the half-width of the band the query searches round
// its path: opt.Band when positive; when 0, DefaultBand if the path's
// cost is not plain distance (terrain weights that differ, a unit class,
// or a penalty layer that holds some influence or claims), else none.
// lean says the band is the penalty's alone, and the path will be
// smoothed: pieces of the band where no cell pays are then not searched
// (see tighten).
func (q *Query) bandWidth(opt Options) (w int, lean bool) {
	switch {
	case opt.Band < 0:
		return 0, false
	case opt.Band > 0:
		return opt.Band, false
	case q.who.Class > 0 || !q.p.g.Uniform():
		return DefaultBand, false
	case q.pen != nil && q.pf.nHot > 0:
		return DefaultBand, opt.Smooth != Raw
	}
	return 0, false
}

// tightenPasses bounds how often tightenAll searches the band under a
// penalty: a pass that cut the path's cost by a 32nd or more leaves a
// band round a better path, where the next pass, its pieces cut
// elsewhere, may find the way round a hot spot the first pass's pieces
// cut through (on the Dragon Age maps under influence alone the worst
// query went from 12.2% over the exact search to 1.2%). On terrain
// weights alone one pass is kept: a second took the mean excess on the
// StarCraft maps only from 0.36% to 0.23%, for 1.7× the time.
const tightenPasses = 3

// tightenAll tightens raw (see tighten) once, and under a penalty (a
// layer that holds influence or claims, as bandWidth counts it) again
// while a pass cuts its cost by a 32nd or more, at most tightenPasses
// times. On an error it returns the path as the last pass left it; a
// tracked query offers it (see offer).
func (q *Query) tightenAll(raw []grid.Point) ([]grid.Point, error) {
	return q.tightenFrom(raw, 0, 0)
}

// tightenFrom is tightenAll after done passes (0 or more) that left raw
// at its cost, where the last one started from a path that cost before.
func (q *Query) tightenFrom(raw []grid.Point, done int, before grid.Cost) ([]grid.Point, error) {
	passes := tightenPasses
	if q.pen == nil || q.pf.nHot == 0 { // no penalty, or a layer that holds none
		passes = 1
	}
	if done == 0 && passes > 1 {
		before = q.cost(raw)
	}
	for pass := done; pass < passes; pass++ {
		if pass > 0 { // another pass only after one that cut a 32nd
			after := q.cost(raw)
			if after > before-before/32 {
				break
			}
			before = after
		}
		var err error
		if raw, err = q.tighten(raw); err != nil {
			if q.track {
				q.offer(raw)
			}
			return raw, err
		}
	}
	return raw, nil
}

// tighten returns a path from raw's first cell to its last that costs no
// more than raw (legal steps, raw being legal): the least-cost path among
// those that stay in the band round raw (see spans: within q.bandW cells
// in rows and columns, twice that round cells that pay the penalty, each
// row filled between its outermost such cells), found by Dijkstra over
// that band from raw's end, until its start's cost is final. The
// hierarchy's path passes through waypoints on cluster borders; on
// weighted terrain or under a penalty the best way often crosses a
// border elsewhere, and the band finds it. A long path goes piece by piece, each piece's rectangle
// at most bandCells cells (more only to make progress); each piece keeps
// two thirds of what it found and the next starts from there, so the
// joins are not forced either. Each piece charges its band's cells to
// the call's budget (errSpent when they do not fit). With q.bandLean a
// piece whose band holds no cell that pays is kept as it is, unsearched
// and uncharged: the query's smoothing straightens it. The result takes
// raw's place (raw[:0] reused); on an error raw is returned as it was.
func (q *Query) tighten(raw []grid.Point) ([]grid.Point, error) {
	b := q.bandScratch()
	defer q.doneBand(b)
	g := q.p.g
	bw := q.bandW
	b.pen = q.pen
	pen := b.penAt
	if q.pen == nil {
		pen = nil
	}
	// Round a cell that pays a penalty the band is twice as wide: the
	// way round a hot spot lies further off than a crossing's.
	grow := bw
	if pen != nil {
		grow = 2 * bw
	}
	b.w = g.Width()
	most := bandCells(grow)
	out := b.out[:0]
	rest := append(b.rest[:0], raw...)
	carry := 0 // cells of rest a piece found, to be searched again
	for {
		box := grid.R(rest[0].X, rest[0].Y, rest[0].X+1, rest[0].Y+1)
		j := 0
		for j+1 < len(rest) {
			p := rest[j+1]
			nb := box.Union(grid.R(p.X, p.Y, p.X+1, p.Y+1))
			if j+1 > carry && nb.Grow(grow).Intersect(g.Bounds()).Area() > most {
				break
			}
			box, j = nb, j+1
		}
		r := box.Grow(grow).Intersect(g.Bounds())
		cells := b.spans(rest[:j+1], r, bw, pen)
		var piece []grid.Point
		if !q.bandLean || b.pays(r) {
			if err := q.take(cells); err != nil {
				return raw, err
			}
			piece = b.search(g, q.who, r, rest[0], rest[j], pen)
		}
		// Not searched (lean), or not found (cannot happen: rest[:j+1]
		// lies in the band): keep the piece as it is.
		if piece == nil {
			piece = append(b.piece[:0], rest[:j+1]...)
		}
		b.piece = piece
		if j == len(rest)-1 {
			out = append(out, piece...)
			break
		}
		m := max(1, len(piece)*2/3)
		out = append(out, piece[:m]...)
		next := append(b.next[:0], piece[m:]...)
		carry = len(next)
		next = append(next, rest[j+1:]...)
		b.rest, b.next = next, rest
		rest = next
	}
	b.out = out
	return append(raw[:0], out...), nil
}

// spans sets b.rows, one span a row of r: the columns within bw of a
// cell of path whose row is within bw (2·bw for a cell where pen, if not
// nil, is above 0), clipped to r; and returns how many cells they hold.
func (b *bandState) spans(path []grid.Point, r grid.Rect, bw int, pen func(int) grid.Cost) int {
	b.rows = resize(b.rows, r.Dy())
	for i := range b.rows {
		b.rows[i] = span{lo: int32(r.Max.X), hi: int32(r.Min.X)}
	}
	w := b.w
	for _, p := range path {
		k := bw
		if pen != nil && pen(p.Y*w+p.X) > 0 {
			k = 2 * bw
		}
		lo, hi := int32(max(p.X-k, r.Min.X)), int32(min(p.X+k+1, r.Max.X))
		for y := max(p.Y-k, r.Min.Y); y < min(p.Y+k+1, r.Max.Y); y++ {
			sp := &b.rows[y-r.Min.Y]
			sp.lo, sp.hi = min(sp.lo, lo), max(sp.hi, hi)
		}
	}
	n := 0
	for _, sp := range b.rows {
		n += int(max(sp.hi-sp.lo, 0))
	}
	return n
}

// pays reports whether a cell of the band b.rows of r has a penalty
// (influence, or claims of any unit). O(cells of the band).
func (b *bandState) pays(r grid.Rect) bool {
	cells := b.pen.Cells
	for k, sp := range b.rows {
		row := (r.Min.Y + k) * b.w
		for _, v := range cells[row+int(sp.lo) : row+int(max(sp.hi, sp.lo))] {
			if v != 0 {
				return true
			}
		}
	}
	return false
}

// search runs the tile search's Dijkstra over the band b.rows of r for
// unit u from z until a's cost is final, paying pen (nil: none) per cell
// entered, and returns the path it leads from a to z (in b.piece's
// buffer); nil when it does not reach a.
func (b *bandState) search(g *grid.Grid, u grid.Unit, r grid.Rect, a, z grid.Point, pen func(int) grid.Cost) []grid.Point {
	n := r.Area()
	t := &b.tile
	t.cost, t.dir, t.w = resize(t.cost, n), resize(t.dir, n), r.Dx()
	b.ts.seeds = append(b.ts.seeds[:0], tileSeed{0, int32(t.index(z, r)), dirGoal})
	b.ts.search(g, u, r, t, pen, b.rows, t.index(a, r))
	path := append(b.piece[:0], a)
	for p, k := a, 0; k < n; k++ {
		d := t.dirAt(t.index(p, r))
		switch d {
		case dirGoal:
			return path
		case dirNone:
			return nil
		}
		p = p.Add(grid.Dir(d).Delta())
		path = append(path, p)
	}
	return nil
}
