package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// Errors returned by Draw; test with errors.Is.
var (
	// ErrNilGrid: the scene has no Grid.
	ErrNilGrid = errors.New("render: scene without a grid")
	// ErrSize: the image side is not in 1..MaxSide.
	ErrSize = errors.New("render: bad image size")
	// ErrView: Scene.View does not overlap the map.
	ErrView = errors.New("render: view off the map")
	// ErrMismatch: Scene.Bake was built for, or Scene.Knowledge is of, a
	// map of another size.
	ErrMismatch = errors.New("render: bake of another map")
)

// MaxSide bounds the side of an image Draw makes (16384 pixels: a 1 GiB
// RGBA image).
const MaxSide = 1 << 14

// Layer is one thing a Scene can show; combine them with |.
type Layer uint16

const (
	Terrain   Layer = 1 << iota // passable, blocked and terrain-cost cells
	Islands                     // each island in its own colour
	DeadEnds                    // dead-end areas shaded
	Clusters                    // cluster borders
	Waypoints                   // transition and placed points
	Edges                       // waypoint-graph edges
	Path                        // the path (cells or corners)
	Expanded                    // cells a search expanded, by order
	Influence                   // a penalty layer's influence (red) and claimed cells (violet)
	Fit                         // passable cells where Scene.Unit cannot stand (amber)
	Fog                         // cells Scene.Knowledge's player has not seen (veiled) or believes otherwise (violet)
	Other                       // Scene.Other, a second path to compare (orange)
	Flow                        // Scene.Field's step at each cell (a hue per direction) and the walks of Scene.Units along it
)

// All is every layer.
const All = Terrain | Islands | DeadEnds | Clusters | Waypoints | Edges | Path | Expanded | Influence | Fit | Fog | Other | Flow

// Kind says what a shape stands for, so a game's renderer can style it.
type Kind uint8

const (
	ClusterBorder Kind = iota
	TransitionPoint
	PlacedPoint
	IntraEdge // an edge inside a cluster (drawn straight between its ends)
	InterEdge // a step across a cluster border
	PathStep  // one segment of the path
	PathEnd   // the path's start or goal
	OtherStep // one segment of Scene.Other
	WalkStep  // one step of a unit's walk along Scene.Field
	WalkStart // where a unit of Scene.Units stands
)

// Box is a rectangle of cells (half-open, as grid.Rect).
type Box struct {
	R    grid.Rect
	Kind Kind
}

// Line joins the centres of two cells.
type Line struct {
	A, B grid.Point
	Kind Kind
}

// Mark is one cell singled out.
type Mark struct {
	At   grid.Point
	Kind Kind
}

// Shapes are a Scene's vector layers as plain data, in cell coordinates,
// for a game that draws with its own renderer.
type Shapes struct {
	Boxes []Box
	Lines []Line
	Marks []Mark
}

// Scene is what to draw: a grid, optionally its bake, a path and the cells
// a search expanded (in order), and the layers to show.
type Scene struct {
	Grid     *grid.Grid
	Bake     *preprocess.Bake // nil: no islands, dead ends or tiers
	Path     []grid.Point
	Expanded []grid.Point
	Layers   Layer
	// Penalties, if not nil, is drawn by the Influence layer: influence in
	// red, strongest at InfluenceScale (0: 20 plain straight steps) and
	// above, claimed cells in violet, darker for more claims.
	Penalties      *hpa.Penalties
	InfluenceScale grid.Cost
	// View is the part of the map Draw shows (zero: all of it); it must
	// overlap the map.
	View grid.Rect
	// Unit, when not the zero Unit, draws for that unit (a size and a
	// movement class): the Fit layer shades the passable cells where its
	// top-left corner cannot stand, and the Waypoints and Edges layers
	// show the bake's layer for it (preprocess.Config.Units), when it has
	// one.
	Unit grid.Unit
	// Knowledge, if not nil, is a player's knowledge of the map (a
	// player's view under fog of war): the Fog layer veils the cells it
	// has not seen and marks in violet those it has seen and believes
	// otherwise than Grid (passability, weight or terrain type: the map
	// changed where it no longer looks).
	Knowledge *hpa.Knowledge
	// Other is a second path drawn by the Other layer, for comparison:
	// the true shortest path beside a player's path through fog, say.
	Other []grid.Point
	// Field, if not nil, is a flow field the Flow layer draws: each cell
	// it leads from tinted by the direction of its step (a hue per
	// direction, as on a compass), with the walks of Units along it.
	// Drawing looks up every cell in view, which builds the field's
	// clusters there.
	Field *hpa.Field
	Units []grid.Point
}

// Shapes returns the scene's vector layers (cluster borders, waypoints,
// edges, the path) that are switched on. Deterministic order.
func (s *Scene) Shapes() Shapes {
	var sh Shapes
	b := s.Bake
	if b != nil {
		t := b.Tier()
		if l := b.Layer(s.Unit); l != nil {
			t = l.Tier()
		}
		if s.Layers&Clusters != 0 {
			for c := range b.Clusters() {
				sh.Boxes = append(sh.Boxes, Box{t.ClusterRect(c), ClusterBorder})
			}
		}
		if s.Layers&Edges != 0 {
			for c := range b.Clusters() {
				first, end := t.PointsOf(c)
				for u := first; u < end; u++ {
					to, _ := t.Graph.Out(u)
					for _, v := range to {
						if u < v {
							k := IntraEdge
							if t.Points[v].Cluster != t.Points[u].Cluster {
								k = InterEdge
							}
							sh.Lines = append(sh.Lines, Line{t.Points[u].Cell, t.Points[v].Cell, k})
						}
					}
				}
			}
		}
		if s.Layers&Waypoints != 0 {
			for c := range b.Clusters() {
				first, end := t.PointsOf(c)
				for u := first; u < end; u++ {
					k := TransitionPoint
					if t.Points[u].Kind != 0 {
						k = PlacedPoint
					}
					sh.Marks = append(sh.Marks, Mark{t.Points[u].Cell, k})
				}
			}
		}
	}
	if s.Layers&Other != 0 {
		for i := 1; i < len(s.Other); i++ {
			sh.Lines = append(sh.Lines, Line{s.Other[i-1], s.Other[i], OtherStep})
		}
	}
	if f := s.Field; f != nil && s.Layers&Flow != 0 {
		var walk []grid.Point
		for _, u := range s.Units {
			walk, _ = f.Path(u, walk)
			for i := 1; i < len(walk); i++ {
				sh.Lines = append(sh.Lines, Line{walk[i-1], walk[i], WalkStep})
			}
			if len(walk) > 0 {
				sh.Marks = append(sh.Marks, Mark{walk[0], WalkStart})
			}
		}
		if len(s.Units) > 0 {
			sh.Marks = append(sh.Marks, Mark{f.Goal(), PathEnd})
		}
	}
	if s.Layers&Path != 0 && len(s.Path) > 0 {
		for i := 1; i < len(s.Path); i++ {
			sh.Lines = append(sh.Lines, Line{s.Path[i-1], s.Path[i], PathStep})
		}
		sh.Marks = append(sh.Marks, Mark{s.Path[0], PathEnd}, Mark{s.Path[len(s.Path)-1], PathEnd})
	}
	return sh
}

// Colours of the cell layers and shapes.
var (
	colOpen    = color.RGBA{236, 232, 220, 255}
	colBlocked = color.RGBA{40, 40, 46, 255}
	colDead    = color.RGBA{0, 0, 0, 60}
	colTight   = color.RGBA{240, 170, 40, 120}
	colCluster = color.RGBA{120, 120, 140, 255}
	colPoint   = color.RGBA{214, 40, 40, 255}
	colPlaced  = color.RGBA{150, 40, 214, 255}
	colIntra   = color.RGBA{230, 120, 60, 160}
	colInter   = color.RGBA{230, 60, 60, 200}
	colPath    = color.RGBA{20, 110, 230, 255}
	colPathEnd = color.RGBA{0, 170, 60, 255}
	colOther   = color.RGBA{240, 120, 20, 255}
	colFog     = color.RGBA{70, 80, 110, 120}
	colStale   = color.RGBA{170, 60, 200, 140}
	colWalk    = color.RGBA{20, 20, 20, 200}
	// flowHues: the Flow layer's tint per grid.Dir (N, E, S, W, NE, SE,
	// SW, NW), round the colour wheel as round the compass.
	flowHues = [8]color.RGBA{{230, 60, 60, 110}, {60, 160, 230, 110}, {60, 200, 90, 110}, {240, 200, 40, 110},
		{150, 90, 220, 110}, {40, 200, 200, 110}, {160, 200, 40, 110}, {240, 130, 40, 110}}
	islandHues  = []color.RGBA{{186, 214, 176, 255}, {176, 200, 226, 255}, {230, 210, 160, 255}, {214, 184, 220, 255}, {170, 220, 214, 255}, {226, 186, 176, 255}, {200, 200, 160, 255}, {180, 180, 230, 255}}
	shapeColour = map[Kind]color.RGBA{ClusterBorder: colCluster, TransitionPoint: colPoint, PlacedPoint: colPlaced, IntraEdge: colIntra, InterEdge: colInter, PathStep: colPath, PathEnd: colPathEnd, OtherStep: colOther, WalkStep: colWalk, WalkStart: colWalk}
)

// CellColor returns the colour of cell p under the scene's cell layers
// (terrain, islands, dead ends; expanded cells are drawn by Draw): the
// blocked colour off the map, the zero colour in a scene without a grid.
// O(1) (plus the claims on p with the Influence layer).
func (s *Scene) CellColor(p grid.Point) color.RGBA {
	g := s.Grid
	if g == nil {
		return color.RGBA{}
	}
	if !g.Passable(p) {
		return s.fog(p, colBlocked)
	}
	c := colOpen
	if s.Bake != nil && s.Layers&Islands != 0 {
		if i := s.Bake.Island(p); i >= 0 {
			c = islandHues[i%len(islandHues)]
		}
	}
	if s.Layers&Terrain != 0 {
		// Heavier ground is darker: weight 1 as is, 255 at a third.
		w := int(g.Weight(p))
		f := 255 - min(170, (w-1)*170/254+min(w-1, 1)*30)
		c = color.RGBA{uint8(int(c.R) * f / 255), uint8(int(c.G) * f / 255), uint8(int(c.B) * f / 255), 255}
	}
	if s.Bake != nil && s.Layers&DeadEnds != 0 && s.Bake.DeadEnd(p) >= 0 {
		c = blend(c, colDead)
	}
	if s.Layers&Fit != 0 && !g.Fits(p, s.Unit) {
		c = blend(c, colTight)
	}
	if f := s.Penalties; f != nil && s.Layers&Influence != 0 {
		scale := s.InfluenceScale
		if scale <= 0 {
			scale = 20 * grid.Straight
		}
		if v := f.Influence(p); v > 0 {
			a := 40 + 180*min(v, scale)/scale
			c = blend(c, color.RGBA{220, 30, 30, uint8(a)})
		}
		if n := f.ClaimsAt(p); n > 0 {
			c = blend(c, color.RGBA{140, 40, 200, uint8(min(230, 90+40*n))})
		}
	}
	if f := s.Field; f != nil && s.Layers&Flow != 0 {
		if n, ok := f.Next(p); ok {
			d, _ := grid.DirOf(p, n)
			c = blend(c, flowHues[d])
		}
	}
	return s.fog(p, c)
}

// fog veils c, the colour of cell p, as the Fog layer says.
func (s *Scene) fog(p grid.Point, c color.RGBA) color.RGBA {
	k := s.Knowledge
	if k == nil || s.Layers&Fog == 0 {
		return c
	}
	if !k.Seen(p) {
		return blend(c, colFog)
	}
	if open, w, t := k.Believes(p); open != s.Grid.Passable(p) || w != s.Grid.Weight(p) || t != s.Grid.Terrain(p) {
		return blend(c, colStale)
	}
	return c
}

// Draw renders the scene to an image at most maxSide pixels on its longer
// side: several pixels per cell on small maps, several cells per pixel
// (their colours averaged) on large ones. Deterministic: the same scene
// gives the same pixels. It returns an error for a scene without a grid
// (ErrNilGrid), a maxSide outside 1..MaxSide (ErrSize), a View that does
// not overlap the map (ErrView) or a bake or knowledge of another map
// (ErrMismatch).
//
// Cost: O(V + I + K) for V cells in the view (each cell's colour once),
// I pixels of the image (at most maxSide²) and K shapes: the bake's
// cluster borders, waypoints and edges (O(points + edges), walked even
// when few are in view), the path's cells and the expanded cells.
func (s *Scene) Draw(maxSide int) (*image.RGBA, error) {
	g := s.Grid
	if g == nil {
		return nil, ErrNilGrid
	}
	if maxSide < 1 || maxSide > MaxSide {
		return nil, fmt.Errorf("%w: %d pixels (want 1..%d)", ErrSize, maxSide, MaxSide)
	}
	if b := s.Bake; b != nil && (b.Grid().Width() != g.Width() || b.Grid().Height() != g.Height()) {
		return nil, fmt.Errorf("%w: the bake is of a %d×%d map, the grid %d×%d", ErrMismatch, b.Grid().Width(), b.Grid().Height(), g.Width(), g.Height())
	}
	if k := s.Knowledge; k != nil {
		if v := k.View(); v == nil {
			return nil, fmt.Errorf("%w: a knowledge NewKnowledge did not make", ErrMismatch)
		} else if v.Width() != g.Width() || v.Height() != g.Height() {
			return nil, fmt.Errorf("%w: the knowledge is of a %d×%d map, the grid %d×%d", ErrMismatch, v.Width(), v.Height(), g.Width(), g.Height())
		}
	}
	v := g.Bounds()
	if s.View != (grid.Rect{}) {
		if s.View.Intersect(v).Empty() {
			return nil, fmt.Errorf("%w: %v on a %d×%d map", ErrView, s.View, g.Width(), g.Height())
		}
		v = s.View.Intersect(v)
	}
	w, h := v.Dx(), v.Dy()
	// Either zoom pixels per cell, or shrink cells per pixel.
	zoom, shrink := 1, 1
	if n := max(w, h); n <= maxSide {
		zoom = max(1, maxSide/n)
	} else {
		shrink = (n + maxSide - 1) / maxSide
	}
	iw, ih := (w+shrink-1)/shrink*zoom, (h+shrink-1)/shrink*zoom
	img := image.NewRGBA(image.Rect(0, 0, iw, ih))
	for py := 0; py < ih/zoom; py++ {
		for px := 0; px < iw/zoom; px++ {
			var r, gg, bb, n int
			for y := py * shrink; y < min(h, (py+1)*shrink); y++ {
				for x := px * shrink; x < min(w, (px+1)*shrink); x++ {
					c := s.CellColor(grid.Pt(v.Min.X+x, v.Min.Y+y))
					r, gg, bb, n = r+int(c.R), gg+int(c.G), bb+int(c.B), n+1
				}
			}
			c := color.RGBA{uint8(r / n), uint8(gg / n), uint8(bb / n), 255}
			fill(img, px*zoom, py*zoom, zoom, c)
		}
	}
	// Expanded cells: heat from yellow (first) to red (last).
	if s.Layers&Expanded != 0 {
		for i, p := range s.Expanded {
			if !p.In(v) {
				continue
			}
			t := 255 * i / max(1, len(s.Expanded)-1)
			c := color.RGBA{250, uint8(230 - t*200/255), 40, 150}
			px, py := (p.X-v.Min.X)/shrink*zoom, (p.Y-v.Min.Y)/shrink*zoom
			for y := py; y < py+zoom; y++ {
				for x := px; x < px+zoom; x++ {
					img.SetRGBA(x, y, blend(img.RGBAAt(x, y), c))
				}
			}
		}
	}
	// Vector layers, cell centres scaled.
	// pix maps a cell coordinate to a pixel one (cells left of or above
	// the view land at negative pixels, off the image).
	pix := func(c, origin int) int { return floorDiv(c-origin, shrink) * zoom }
	centre := func(p grid.Point) (int, int) {
		return pix(p.X, v.Min.X) + zoom/2, pix(p.Y, v.Min.Y) + zoom/2
	}
	sh := s.Shapes()
	// Scaled down far enough, the tiers would bury the ground: where a
	// cluster spans fewer than 12 pixels the edges are left out, fewer
	// than 6 the waypoints, fewer than 3 the borders (Shapes still has
	// them all).
	cpx := 1 << 30
	if s.Bake != nil {
		cpx = s.Bake.Tier().ClusterSize * zoom / shrink
	}
	for _, bx := range sh.Boxes {
		if cpx < 3 {
			break
		}
		c := shapeColour[bx.Kind]
		if cpx < 8 {
			c.A = 110
		}
		if bx.R.Intersect(v).Empty() {
			continue
		}
		x0, y0 := pix(bx.R.Min.X, v.Min.X), pix(bx.R.Min.Y, v.Min.Y)
		x1, y1 := pix(bx.R.Max.X+shrink-1, v.Min.X)-1, pix(bx.R.Max.Y+shrink-1, v.Min.Y)-1
		line(img, x0, y0, x1, y0, c)
		line(img, x0, y0, x0, y1, c)
	}
	for _, l := range sh.Lines {
		if grid.R(min(l.A.X, l.B.X), min(l.A.Y, l.B.Y), max(l.A.X, l.B.X)+1, max(l.A.Y, l.B.Y)+1).Intersect(v).Empty() {
			continue
		}
		ax, ay := centre(l.A)
		bx, by := centre(l.B)
		c := shapeColour[l.Kind]
		if l.Kind == IntraEdge || l.Kind == InterEdge {
			if cpx < 12 {
				continue
			}
			// The more cells per pixel, the fainter the edges.
			c.A = uint8(max(int(c.A)/shrink, 24))
		}
		if l.Kind == PathStep || l.Kind == OtherStep || l.Kind == WalkStep { // thick enough to find on a large map
			for d := range max(2, zoom/2) {
				line(img, ax+d, ay, bx+d, by, c)
				line(img, ax, ay+d, bx, by+d, c)
			}
			continue
		}
		line(img, ax, ay, bx, by, c)
	}
	r := max(3, zoom/2)
	if cpx < 24 {
		r = max(1, zoom/2)
	}
	for _, m := range sh.Marks {
		c := shapeColour[m.Kind]
		if m.Kind == TransitionPoint || m.Kind == PlacedPoint {
			if cpx < 6 {
				continue
			}
			if cpx < 12 {
				c.A = 150
			}
		}
		x, y := centre(m.At)
		if c.A == 255 {
			fill(img, x-r/2, y-r/2, r, c)
		} else if (image.Point{x, y}).In(img.Rect) {
			img.SetRGBA(x, y, blend(img.RGBAAt(x, y), c))
		}
	}
	return img, nil
}

func fill(img *image.RGBA, x, y, side int, c color.RGBA) {
	for yy := y; yy < y+side; yy++ {
		for xx := x; xx < x+side; xx++ {
			if (image.Point{xx, yy}).In(img.Rect) {
				img.SetRGBA(xx, yy, c)
			}
		}
	}
}

// line draws a Bresenham line, blending c over what is there.
func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := 1, 1
	if x0 > x1 {
		sx = -1
	}
	if y0 > y1 {
		sy = -1
	}
	e := dx + dy
	for {
		if (image.Point{x0, y0}).In(img.Rect) {
			img.SetRGBA(x0, y0, blend(img.RGBAAt(x0, y0), c))
		}
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			x0 += sx
		}
		if e2 <= dx {
			e += dx
			y0 += sy
		}
	}
}

// blend puts c over base by c's alpha, in integers.
func blend(base, c color.RGBA) color.RGBA {
	a := int(c.A)
	mix := func(b, f uint8) uint8 { return uint8((int(b)*(255-a) + int(f)*a) / 255) }
	return color.RGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 255}
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
