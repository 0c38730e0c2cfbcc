package grid

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrFormat is wrapped by every error about malformed map or scenario
// input.
var ErrFormat = errors.New("grid: malformed input")

// MapFile is a Moving AI .map file as read: its size and one character per
// cell, row by row. The characters keep what a Grid cannot (trees and water
// are both blocked; swamp is passable), so a map can be written back as it
// was.
//
// Characters: '.' and 'G' passable ground, 'S' swamp (passable), '@' and
// 'O' out of bounds, 'T' trees, 'W' water (all three blocked).
type MapFile struct {
	Width, Height int
	Cells         []byte // Width*Height characters, row-major
}

// MapOptions say how to turn map characters into a Grid. The zero value is
// the Moving AI benchmark rule: Octile movement and swamp as plain ground.
type MapOptions struct {
	Movement Movement
	// SwampWeight is the terrain weight of 'S' cells; 0 means 1.
	SwampWeight uint8
	// Terrain keeps the Moving AI terrain types and declares the
	// MovingAIClasses: 'S' cells are TerrainSwamp, and water ('W'),
	// which the benchmarks count as blocked, is passable TerrainWater,
	// which the "ground" class does not enter and the "hover" class does.
	// A search of class "ground" then answers as the benchmarks do; one
	// of no class crosses water too.
	Terrain bool
}

// The terrain types of a Moving AI map read with MapOptions.Terrain.
const (
	TerrainGround = 0 // '.' and 'G'
	TerrainSwamp  = 1 // 'S'
	TerrainWater  = 2 // 'W'
)

// MovingAIClasses are the movement classes MapOptions.Terrain declares:
// "ground" (Unit.Class 1) enters ground and swamp, "hover" (Unit.Class
// 2) ground, swamp and water.
func MovingAIClasses() []Class {
	return []Class{
		{Name: "ground", Enter: 1<<TerrainGround | 1<<TerrainSwamp},
		{Name: "hover", Enter: 1<<TerrainGround | 1<<TerrainSwamp | 1<<TerrainWater},
	}
}

// mapChar classifies a Moving AI map character.
func mapChar(c byte) (passable, ok bool) {
	switch c {
	case '.', 'G', 'S':
		return true, true
	case '@', 'O', 'T', 'W':
		return false, true
	}
	return false, false
}

// maxLine bounds one line of a map file: the longest row plus slack.
const maxLine = MaxSide + 64

// ReadMapFile reads a Moving AI .map file:
//
//	type octile
//	height H
//	width W
//	map
//	H rows of W characters
//
// LF or CRLF line ends. Malformed input (bad header, wrong row count or
// length, unknown characters, sizes over MaxSide or MaxCells) returns an
// error wrapping ErrFormat or ErrSize; a nil r, ErrNil. Memory grows only
// with the rows actually read, never with a declared size alone. O(bytes).
func ReadMapFile(r io.Reader) (*MapFile, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: ReadMapFile from a nil reader", ErrNil)
	}
	br := bufio.NewReaderSize(r, maxLine)
	line := 0
	next := func() ([]byte, error) {
		b, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return nil, fmt.Errorf("%w: line %d longer than %d bytes", ErrFormat, line+1, maxLine)
		}
		if err != nil && (err != io.EOF || len(b) == 0) {
			if err == io.EOF {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line++
		b = bytes.TrimSuffix(b, []byte("\n"))
		return bytes.TrimSuffix(b, []byte("\r")), nil
	}
	w, h := -1, -1
	sawType := false
	for {
		b, err := next()
		if err != nil {
			return nil, fmt.Errorf("%w: header: %w", ErrFormat, err)
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			continue
		}
		key := strings.ToLower(f[0])
		if key == "map" && len(f) == 1 {
			break
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("%w: line %d: header line %q", ErrFormat, line, trunc(b))
		}
		switch key {
		case "type":
			if f[1] != "octile" {
				return nil, fmt.Errorf("%w: line %d: map type %q (want octile)", ErrFormat, line, trunc([]byte(f[1])))
			}
			sawType = true
		case "height", "width":
			v, err := strconv.Atoi(f[1])
			if err != nil || v < 1 || v > MaxSide {
				return nil, fmt.Errorf("%w: line %d: %s %q (want 1..%d)", ErrSize, line, key, trunc([]byte(f[1])), MaxSide)
			}
			dst := &w
			if key == "height" {
				dst = &h
			}
			if *dst >= 0 {
				return nil, fmt.Errorf("%w: line %d: %s given twice", ErrFormat, line, key)
			}
			*dst = v
		default:
			return nil, fmt.Errorf("%w: line %d: unknown header %q", ErrFormat, line, trunc([]byte(f[0])))
		}
	}
	if !sawType || w < 0 || h < 0 {
		return nil, fmt.Errorf("%w: header needs type, height and width before \"map\"", ErrFormat)
	}
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	m := &MapFile{Width: w, Height: h, Cells: make([]byte, 0, min(w*h, 1<<16))}
	for y := range h {
		b, err := next()
		if err != nil {
			return nil, fmt.Errorf("%w: row %d of %d: %w", ErrFormat, y, h, err)
		}
		if len(b) != w {
			return nil, fmt.Errorf("%w: line %d: row %d has %d cells, want %d", ErrFormat, line, y, len(b), w)
		}
		for x, c := range b {
			if _, ok := mapChar(c); !ok {
				return nil, fmt.Errorf("%w: line %d: unknown cell %q at %d,%d", ErrFormat, line, c, x, y)
			}
		}
		m.Cells = append(m.Cells, b...)
	}
	for {
		b, err := next()
		if err != nil {
			break
		}
		if len(bytes.TrimSpace(b)) != 0 {
			return nil, fmt.Errorf("%w: line %d: data after the last row", ErrFormat, line)
		}
	}
	return m, nil
}

func trunc(b []byte) string {
	if len(b) > 32 {
		return string(b[:32]) + "…"
	}
	return string(b)
}

// Grid builds the grid the map describes. Errors wrap ErrFormat (cells
// that do not fit the size, unknown characters), ErrSize, ErrMovement, or
// ErrNil for a nil m. O(cells).
func (m *MapFile) Grid(opt MapOptions) (*Grid, error) {
	if m == nil {
		return nil, fmt.Errorf("%w: Grid of a nil MapFile", ErrNil)
	}
	if len(m.Cells) != m.Width*m.Height {
		return nil, fmt.Errorf("%w: %d cells for a %d×%d map", ErrFormat, len(m.Cells), m.Width, m.Height)
	}
	g, err := New(m.Width, m.Height, opt.Movement)
	if err != nil {
		return nil, err
	}
	swamp := max(opt.SwampWeight, 1)
	for i, c := range m.Cells {
		pass, ok := mapChar(c)
		if !ok {
			return nil, fmt.Errorf("%w: unknown cell %q at %v", ErrFormat, c, g.PointAt(i))
		}
		switch {
		case opt.Terrain && c == 'W':
			if g.terr == nil {
				g.terr = make([]uint8, len(m.Cells))
			}
			g.terr[i] = TerrainWater
		case !pass:
			g.open.Remove(uint32(i))
		case c == 'S':
			if swamp != 1 {
				g.setWeight(i, swamp)
			}
			if opt.Terrain {
				if g.terr == nil {
					g.terr = make([]uint8, len(m.Cells))
				}
				g.terr[i] = TerrainSwamp
			}
		}
	}
	g.refreshMoves(g.Bounds())
	if opt.Terrain {
		if err := g.SetClasses(MovingAIClasses()); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// WriteTo writes m in the Moving AI .map format with LF line ends. A map
// that ReadMapFile would refuse is not written: a bad size (ErrSize),
// cells that do not fit it or are not map characters (ErrFormat); nor is
// a nil m or w (ErrNil). O(cells).
func (m *MapFile) WriteTo(w io.Writer) (int64, error) {
	if m == nil || w == nil {
		return 0, fmt.Errorf("%w: MapFile.WriteTo needs a map and a writer", ErrNil)
	}
	if err := checkSize(m.Width, m.Height); err != nil {
		return 0, err
	}
	if len(m.Cells) != m.Width*m.Height {
		return 0, fmt.Errorf("%w: %d cells for a %d×%d map", ErrFormat, len(m.Cells), m.Width, m.Height)
	}
	for i, c := range m.Cells {
		if _, ok := mapChar(c); !ok {
			return 0, fmt.Errorf("%w: unknown cell %q at %d,%d", ErrFormat, c, i%m.Width, i/m.Width)
		}
	}
	cw := &countWriter{w: w}
	bw := bufio.NewWriter(cw)
	fmt.Fprintf(bw, "type octile\nheight %d\nwidth %d\nmap\n", m.Height, m.Width)
	for y := range m.Height {
		bw.Write(m.Cells[y*m.Width : (y+1)*m.Width])
		bw.WriteByte('\n')
	}
	err := bw.Flush()
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadMap reads a Moving AI .map file into a grid (see ReadMapFile and
// MapFile.Grid for the errors). O(bytes).
func ReadMap(r io.Reader, opt MapOptions) (*Grid, error) {
	m, err := ReadMapFile(r)
	if err != nil {
		return nil, err
	}
	return m.Grid(opt)
}

// MapFileOf returns g as map characters: '.' for plain passable cells, 'S'
// for passable cells heavier than weight 1, '@' for blocked ones. (The
// .map format cannot hold the weights themselves.) A nil g gives a nil
// MapFile, whose methods return ErrNil. O(cells).
func MapFileOf(g *Grid) *MapFile {
	if g == nil {
		return nil
	}
	m := &MapFile{Width: g.w, Height: g.h, Cells: make([]byte, g.w*g.h)}
	for i := range m.Cells {
		switch {
		case !g.open.Contains(uint32(i)):
			m.Cells[i] = '@'
		case g.weightAt(i) > 1:
			m.Cells[i] = 'S'
		default:
			m.Cells[i] = '.'
		}
	}
	return m
}

// ParseASCII builds a grid from a small text drawing, for tests and
// examples. Each non-blank line is a row (leading and trailing spaces are
// ignored, all rows must be equally long). '.', 'G', 'S' are passable with
// weight 1, '1'..'9' passable with that weight; '#', '@', 'O', 'T', 'W' are
// blocked.
func ParseASCII(s string, rule Movement) (*Grid, error) {
	var rows []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			rows = append(rows, l)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: empty drawing", ErrFormat)
	}
	g, err := New(len(rows[0]), len(rows), rule)
	if err != nil {
		return nil, err
	}
	for y, row := range rows {
		if len(row) != g.w {
			return nil, fmt.Errorf("%w: row %d has %d cells, want %d", ErrFormat, y, len(row), g.w)
		}
		for x := range len(row) {
			i := y*g.w + x
			switch c := row[x]; {
			case c == '#':
				g.open.Remove(uint32(i))
			case c >= '1' && c <= '9':
				g.setWeight(i, c-'0')
			default:
				pass, ok := mapChar(c)
				if !ok {
					return nil, fmt.Errorf("%w: unknown cell %q at %d,%d", ErrFormat, c, x, y)
				}
				if !pass {
					g.open.Remove(uint32(i))
				}
			}
		}
	}
	g.refreshMoves(g.Bounds())
	return g, nil
}

// Draw renders g as text in the ParseASCII alphabet ('.' plain, '1'..'9'
// weights, '+' heavier, '#' blocked) with the cells of path drawn as '*'.
func (g *Grid) Draw(path []Point) string {
	b := make([]byte, 0, (g.w+1)*g.h)
	for y := range g.h {
		for x := range g.w {
			i := y*g.w + x
			c := byte('.')
			switch w := g.weightAt(i); {
			case !g.open.Contains(uint32(i)):
				c = '#'
			case w > 9:
				c = '+'
			case w > 1:
				c = '0' + w
			}
			b = append(b, c)
		}
		b = append(b, '\n')
	}
	for _, p := range path {
		if g.Contains(p) {
			b[p.Y*(g.w+1)+p.X] = '*'
		}
	}
	return string(b)
}
