package bench

import (
	"fmt"
	"hash"
	"slices"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
)

// What the replays (Live, Ticks) share: the generated map and its bake,
// the buildings a match puts up and takes down, and the checks of an
// answer.

// genBake generates the size² map of seed and bakes it with the default
// configuration; it returns the map (the bake holds a copy) and the
// bake's time in ms.
func genBake(size int, seed uint64) (*grid.Grid, *preprocess.Bake, float64, error) {
	g, err := mapgen.NewGrid(mapgen.Config{Width: size, Height: size, Seed: seed}, grid.MapOptions{})
	if err != nil {
		return nil, nil, 0, err
	}
	t0 := time.Now()
	b, err := preprocess.Build(g.Clone(), preprocess.Config{})
	if err != nil {
		return nil, nil, 0, err
	}
	return g, b, float64(time.Since(t0).Nanoseconds()) / 1e6, nil
}

// liveEdit places (blocks) or removes (opens) one building.
type liveEdit struct {
	r     grid.Rect
	place bool
}

// buildings puts square buildings up on a map and takes them down, at
// random: the script of a match.
type buildings struct {
	g     *grid.Grid // the map as the edits so far leave it
	r     *mapgen.Rand
	side  int
	taken func(cell int) bool // cells no building may cover (nil: none)
	up    []grid.Rect         // buildings standing
	tries int                 // spot's random tries before it gives up (0: no end)
}

// spot returns a random free spot for a building on b.g, and false when
// tries random spots were all taken. O(side²) a try.
func (b *buildings) spot() (grid.Rect, bool) {
	n, m := b.g.Width()-b.side+1, b.g.Height()-b.side+1
	if n <= 0 || m <= 0 {
		return grid.Rect{}, false
	}
	for try := 0; b.tries == 0 || try < b.tries; try++ {
		x, y := b.r.Intn(n), b.r.Intn(m)
		if rc := grid.R(x, y, x+b.side, y+b.side); b.free(rc) {
			return rc, true
		}
	}
	return grid.Rect{}, false
}

// free reports whether a building may stand on rc of b.g: every cell on
// the map, passable, and not taken.
func (b *buildings) free(rc grid.Rect) bool {
	for y := rc.Min.Y; y < rc.Max.Y; y++ {
		for x := rc.Min.X; x < rc.Max.X; x++ {
			p := grid.Pt(x, y)
			if !b.g.Contains(p) || !b.g.Passable(p) || b.taken != nil && b.taken(b.g.Index(p)) {
				return false
			}
		}
	}
	return true
}

// next writes the next edit to b.g and returns it: with buildings
// standing, two times in five one of them comes down, else a new one goes
// up at a free spot. False: no free spot was found (nothing changes).
func (b *buildings) next() (liveEdit, bool) {
	if len(b.up) > 0 && b.r.Intn(5) < 2 {
		i := b.r.Intn(len(b.up))
		e := liveEdit{b.up[i], false}
		b.g.Fill(e.r, true)
		b.up = slices.Delete(b.up, i, i+1)
		return e, true
	}
	rc, ok := b.spot()
	if !ok {
		return liveEdit{}, false
	}
	b.g.Fill(rc, false)
	b.up = append(b.up, rc)
	return liveEdit{rc, true}, true
}

// hashPoints writes the cells of path to h.
func hashPoints(h hash.Hash64, path []grid.Point) {
	var b [8]byte
	for _, p := range path {
		b[0], b[1], b[2], b[3] = byte(p.X), byte(p.X>>8), byte(p.X>>16), byte(p.X>>24)
		b[4], b[5], b[6], b[7] = byte(p.Y), byte(p.Y>>8), byte(p.Y>>16), byte(p.Y>>24)
		h.Write(b[:])
	}
}

// checkAnswer checks a's answer to rq against the version v pins: no
// error, answered on v's version, found exactly when start and goal
// share an island of its bake, and a found path legal on its grid from
// start to goal, costing what it says. O(len(path)).
func checkAnswer(v hpa.View, rq hpa.Request, a hpa.Answer) error {
	if a.Err != nil {
		return fmt.Errorf("%v→%v: %w", rq.Start, rq.Goal, a.Err)
	}
	if a.Version != v.Version() {
		return fmt.Errorf("%v→%v: answered on version %d, the View pins %d", rq.Start, rq.Goal, a.Version, v.Version())
	}
	b := v.Bake()
	if (a.Status == hpa.Found) != b.SameIsland(rq.Start, rq.Goal) {
		return fmt.Errorf("%v→%v: %v, same island %v", rq.Start, rq.Goal, a.Status, b.SameIsland(rq.Start, rq.Goal))
	}
	if a.Status != hpa.Found {
		return nil
	}
	p := a.Path
	if len(p) == 0 {
		return fmt.Errorf("%v→%v: found, with an empty path", rq.Start, rq.Goal)
	}
	c, err := v.Grid().PathCost(p)
	if err != nil || c != a.Cost || p[0] != rq.Start || p[len(p)-1] != rq.Goal {
		return fmt.Errorf("%v→%v: path %v→%v costs %d (%v), the answer says %d", rq.Start, rq.Goal, p[0], p[len(p)-1], c, err, a.Cost)
	}
	return nil
}
