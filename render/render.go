package render

import (
	"image"
	"image/color"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

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
)

// All is every layer.
const All = Terrain | Islands | DeadEnds | Clusters | Waypoints | Edges | Path | Expanded

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
}

// Shapes returns the scene's vector layers (cluster borders, waypoints,
// edges, the path) that are switched on. Deterministic order.
func (s *Scene) Shapes() Shapes {
	var sh Shapes
	b := s.Bake
	if b != nil {
		t := b.Tier()
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
	colOpen     = color.RGBA{236, 232, 220, 255}
	colBlocked  = color.RGBA{40, 40, 46, 255}
	colDead     = color.RGBA{0, 0, 0, 60}
	colCluster  = color.RGBA{120, 120, 140, 255}
	colPoint    = color.RGBA{214, 40, 40, 255}
	colPlaced   = color.RGBA{150, 40, 214, 255}
	colIntra    = color.RGBA{230, 120, 60, 160}
	colInter    = color.RGBA{230, 60, 60, 200}
	colPath     = color.RGBA{20, 110, 230, 255}
	colPathEnd  = color.RGBA{0, 170, 60, 255}
	islandHues  = []color.RGBA{{186, 214, 176, 255}, {176, 200, 226, 255}, {230, 210, 160, 255}, {214, 184, 220, 255}, {170, 220, 214, 255}, {226, 186, 176, 255}, {200, 200, 160, 255}, {180, 180, 230, 255}}
	shapeColour = map[Kind]color.RGBA{ClusterBorder: colCluster, TransitionPoint: colPoint, PlacedPoint: colPlaced, IntraEdge: colIntra, InterEdge: colInter, PathStep: colPath, PathEnd: colPathEnd}
)

// CellColor returns the colour of cell p under the scene's cell layers
// (terrain, islands, dead ends; expanded cells are drawn by Draw).
func (s *Scene) CellColor(p grid.Point) color.RGBA {
	g := s.Grid
	if !g.Passable(p) {
		return colBlocked
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
	return c
}

// Draw renders the scene to an image at most maxSide pixels on its longer
// side: several pixels per cell on small maps, several cells per pixel
// (their colours averaged) on large ones. Deterministic: the same scene
// gives the same pixels.
func (s *Scene) Draw(maxSide int) *image.RGBA {
	g := s.Grid
	w, h := g.Width(), g.Height()
	maxSide = max(maxSide, 1)
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
					c := s.CellColor(grid.Pt(x, y))
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
			t := 255 * i / max(1, len(s.Expanded)-1)
			c := color.RGBA{250, uint8(230 - t*200/255), 40, 150}
			px, py := p.X/shrink*zoom, p.Y/shrink*zoom
			for y := py; y < py+zoom; y++ {
				for x := px; x < px+zoom; x++ {
					img.SetRGBA(x, y, blend(img.RGBAAt(x, y), c))
				}
			}
		}
	}
	// Vector layers, cell centres scaled.
	centre := func(p grid.Point) (int, int) {
		return p.X/shrink*zoom + zoom/2, p.Y/shrink*zoom + zoom/2
	}
	sh := s.Shapes()
	for _, bx := range sh.Boxes {
		c := shapeColour[bx.Kind]
		x0, y0 := bx.R.Min.X/shrink*zoom, bx.R.Min.Y/shrink*zoom
		x1, y1 := (bx.R.Max.X+shrink-1)/shrink*zoom-1, (bx.R.Max.Y+shrink-1)/shrink*zoom-1
		line(img, x0, y0, x1, y0, c)
		line(img, x0, y0, x0, y1, c)
	}
	for _, l := range sh.Lines {
		ax, ay := centre(l.A)
		bx, by := centre(l.B)
		line(img, ax, ay, bx, by, shapeColour[l.Kind])
	}
	r := max(1, zoom/2)
	for _, m := range sh.Marks {
		x, y := centre(m.At)
		fill(img, x-r/2, y-r/2, r, shapeColour[m.Kind])
	}
	return img
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

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
