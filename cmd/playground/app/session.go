// Package app is the playground's planner side: a map, its bake and
// planner, penalties, and the queries the page asks, in plain Go so
// that its tests run natively. cmd/playground/wasm binds it to the page
// under GOOS=js GOARCH=wasm.
package app

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/tiled"
)

// ErrNoMap is returned by queries before a map is loaded.
var ErrNoMap = errors.New("playground: no map loaded")

// Unit sizes the session bakes layers for, beyond one cell.
var unitSizes = []grid.Unit{{Size: 2}, {Size: 3}}

// Session is one page's map and planner.
type Session struct {
	Name  string
	g     *grid.Grid
	b     *preprocess.Bake
	p     *hpa.Planner
	q     *hpa.Query
	s     *grid.Searcher
	pen   *hpa.Penalties
	hots  []Hot
	units [][]grid.Point // claimed paths, unit i+1
}

// Hot is an influence hot spot.
type Hot struct {
	At     grid.Point
	Radius int
}

// hotPeak is the influence at a hot spot's centre: 8 plain steps.
const hotPeak = 8 * grid.Straight

// Load reads a map: Moving AI .map, or Tiled .tmx/.tmj with embedded
// tilesets, by name's extension.
func (s *Session) Load(name string, data []byte) error {
	var g *grid.Grid
	var err error
	if tiled.IsMap(name) {
		g, err = tiled.Read(bytes.NewReader(data), path.Base(name), nil, grid.Octile, tiled.Options{})
	} else {
		g, err = grid.ReadMap(bytes.NewReader(data), grid.MapOptions{})
	}
	if err != nil {
		return err
	}
	return s.use(name, g)
}

// Generate makes the generator's map of side size and seed.
func (s *Session) Generate(size int, seed uint64) error {
	if size < 16 || size > 2048 {
		return fmt.Errorf("playground: generated map side %d (want 16..2048)", size)
	}
	g, err := mapgen.NewGrid(mapgen.Config{Width: size, Height: size, Seed: seed}, grid.MapOptions{SwampWeight: 3})
	if err != nil {
		return err
	}
	return s.use(fmt.Sprintf("generated %d² seed %d", size, seed), g)
}

func (s *Session) use(name string, g *grid.Grid) error {
	b, err := preprocess.Build(g, preprocess.Config{Workers: 1, Units: unitSizes})
	if err != nil {
		return err
	}
	*s = Session{Name: name, g: g, b: b, p: hpa.NewPlanner(b, hpa.Config{}), s: grid.NewSearcher(g)}
	s.q = s.p.NewQuery()
	s.pen = s.p.NewPenalties(hpa.PenaltyConfig{ClaimRadius: 1 << 20})
	return nil
}

// Grid returns the map (nil before Load).
func (s *Session) Grid() *grid.Grid { return s.g }

// Cells returns one byte per cell, row-major: 0 blocked, else the weight.
func (s *Session) Cells() []byte {
	if s.g == nil {
		return nil
	}
	out := make([]byte, s.g.Width()*s.g.Height())
	for i := range out {
		if p := s.g.PointAt(i); s.g.Passable(p) {
			out[i] = s.g.Weight(p)
		}
	}
	return out
}

// ClusterSize returns the bake's cluster side (0 before Load).
func (s *Session) ClusterSize() int {
	if s.b == nil {
		return 0
	}
	return s.b.Tier().ClusterSize
}

// Waypoints returns the cells of the bake's waypoints.
func (s *Session) Waypoints() []grid.Point {
	if s.b == nil {
		return nil
	}
	tr := s.b.Tier()
	var out []grid.Point
	for c := range tr.ClustersX() * tr.ClustersY() {
		first, end := tr.PointsOf(c)
		for u := first; u < end; u++ {
			out = append(out, tr.Points[u].Cell)
		}
	}
	return out
}

// Query is what the page asks.
type Query struct {
	From, To grid.Point
	Algo     string // astar, hpa, hpa-smooth
	Size     int    // unit side, 1..3
	Fog      int    // > 0: plan as a player who has seen only the cells within Fog of the start
}

// Answer is a query's result.
type Answer struct {
	Status   string
	Path     []grid.Point
	Expanded []grid.Point // the cells A* expanded, in order (astar only)
	Coarse   []grid.Point // the waypoints of the abstract route (hpa)
	Count    int          // cells (and waypoints) expanded
	Length   float64      // octile length
	Cost     float64      // in plain straight steps: terrain, and for hpa the penalties the query paid (Result.Cost)
	Micros   float64      // the query alone: the mean of repeats over at least 20 ms (a browser's clock is coarse)
}

// timeIt returns the mean time of f in µs, run again and again for at
// least 20 ms (at most 10,000 times).
func timeIt(f func()) float64 {
	n := 0
	t0 := time.Now()
	for n < 10000 && (n == 0 || time.Since(t0) < 20*time.Millisecond) {
		f()
		n++
	}
	return float64(time.Since(t0).Nanoseconds()) / 1e3 / float64(n)
}

// Route answers q.
func (s *Session) Route(q Query) (Answer, error) {
	var a Answer
	if s.g == nil {
		return a, ErrNoMap
	}
	u := grid.Unit{Size: max(q.Size, 1)}
	switch {
	case u.Size > 3:
		return a, fmt.Errorf("playground: unit size %d (want 1..3)", u.Size)
	case q.Fog < 0 || q.Fog > hpa.MaxRevealRadius:
		return a, fmt.Errorf("playground: fog radius %d (want 0..%d)", q.Fog, hpa.MaxRevealRadius)
	case q.Fog > 0 && u.Size > 1:
		return a, errors.New("playground: fog plans for one-cell units")
	}
	planner, on := s.p, s.g
	if q.Fog > 0 {
		k, err := hpa.NewKnowledge(s.g, hpa.KnowledgeConfig{})
		if err != nil {
			return a, err
		}
		if _, err := k.RevealCircle(s.g, q.From, q.Fog); err != nil {
			return a, err
		}
		planner, on = k.Planner(), k.View()
	}
	switch q.Algo {
	case "astar":
		sr := grid.NewSearcher(on)
		res, err := sr.FindPath(q.From, q.To, grid.Options{Size: u.Size, Visit: func(p grid.Point) { a.Expanded = append(a.Expanded, p) }}, nil)
		if err != nil {
			return a, err
		}
		var again []grid.Point
		a.Micros = timeIt(func() { r, _ := sr.FindPath(q.From, q.To, grid.Options{Size: u.Size}, again); again = r.Path })
		a.Status, a.Path, a.Count = res.Status.String(), res.Path, res.Expanded
	case "hpa", "hpa-smooth":
		opt := hpa.Options{Smooth: hpa.Raw, Size: u.Size}
		if q.Algo == "hpa-smooth" {
			opt.Smooth = hpa.Cells
		}
		hq := s.q
		if q.Fog > 0 {
			hq = planner.NewQuery()
		} else if u.Size == 1 {
			opt.Penalty = s.pen.For(hpa.NoUnit)
		}
		res, err := hq.Find(q.From, q.To, opt, nil)
		if err != nil {
			return a, err
		}
		a.Coarse = hq.CoarseRoute(nil)
		var again []grid.Point
		a.Micros = timeIt(func() { r, _ := hq.Find(q.From, q.To, opt, again); again = r.Path })
		a.Status, a.Path, a.Count = res.Status.String(), res.Path, res.Expanded
		a.Cost = float64(res.Cost) / float64(grid.Straight)
	default:
		return a, fmt.Errorf("playground: algorithm %q (want astar, hpa or hpa-smooth)", q.Algo)
	}
	if len(a.Path) > 0 {
		a.Length = grid.Length(a.Path)
		if q.Algo == "astar" {
			if c, err := on.UnitPathCost(a.Path, u); err == nil {
				a.Cost = float64(c) / float64(grid.Straight)
			}
		}
	}
	return a, nil
}

// Paint blocks or clears the cells of the rectangles and brings the bake
// and planner up to date once (the page's live edit: one drag step).
func (s *Session) Paint(rects []grid.Rect, blocked bool) error {
	if s.g == nil {
		return ErrNoMap
	}
	var box grid.Rect
	for _, r := range rects {
		r = r.Intersect(s.g.Bounds())
		if r.Empty() {
			continue
		}
		s.g.Fill(r, !blocked)
		box = box.Union(r)
	}
	if box.Empty() {
		return nil
	}
	if err := s.b.Update(box, 1); err != nil {
		return err
	}
	if err := s.p.Sync(); err != nil {
		return err
	}
	return s.rebuildPenalties()
}

// AddHot drops an influence hot spot of radius r at pt.
func (s *Session) AddHot(pt grid.Point, r int) error {
	if s.g == nil {
		return ErrNoMap
	}
	if err := s.pen.AddInfluence(pt, r, hotPeak); err != nil {
		return err
	}
	s.hots = append(s.hots, Hot{pt, r})
	return nil
}

// Claim makes a new unit claim path (the page's last path), so the next
// queries keep off it.
func (s *Session) Claim(path []grid.Point) error {
	if s.g == nil {
		return ErrNoMap
	}
	if err := s.pen.Claim(uint64(len(s.units)+1), path); err != nil {
		return err
	}
	s.units = append(s.units, append([]grid.Point(nil), path...))
	return nil
}

// ClearPenalties removes every hot spot and claim.
func (s *Session) ClearPenalties() {
	s.hots, s.units = nil, nil
	if s.p != nil {
		if s.pen != nil {
			s.pen.Close() // the planner keeps a layer in sync until it is closed
		}
		s.pen = s.p.NewPenalties(hpa.PenaltyConfig{ClaimRadius: 1 << 20})
	}
}

// Penalties returns the hot spots and the claimed paths.
func (s *Session) Penalties() ([]Hot, [][]grid.Point) { return s.hots, s.units }

// rebuildPenalties makes the penalty layer again on the planner's new
// version, with the same hot spots and claims.
func (s *Session) rebuildPenalties() error {
	hots, units := s.hots, s.units
	s.ClearPenalties()
	for _, h := range hots {
		if err := s.AddHot(h.At, h.Radius); err != nil {
			return err
		}
	}
	for _, u := range units {
		// A claim the edit made wrong (a path through a new wall,
		// say) is dropped: that unit would ask again.
		_ = s.Claim(u)
	}
	return nil
}
