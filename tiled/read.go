package tiled

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rtspath/rtspath/grid"
)

var (
	// ErrFormat is wrapped by the errors of a malformed or unsupported
	// Tiled file.
	ErrFormat = errors.New("tiled: bad map")
	// ErrOptions is wrapped by the errors of ParseOptions.
	ErrOptions = errors.New("tiled: bad options")
)

// IsMap reports whether name is a Tiled map by its extension: .tmx or
// .tmj (any case).
func IsMap(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".tmx", ".tmj":
		return true
	}
	return false
}

// Load reads the Tiled map name (.tmx or .tmj) from fsys, and the
// external tilesets it names relative to it, into a grid under the
// movement rule rule. O(cells × layers).
func Load(fsys fs.FS, name string, rule grid.Movement, opt Options) (*grid.Grid, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return read(data, name, fsOpener{fsys}, rule, opt)
}

// LoadFile is Load from the operating system's files: path and the
// tilesets it names relative to its folder.
func LoadFile(file string, rule grid.Movement, opt Options) (*grid.Grid, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return read(data, filepath.ToSlash(file), osOpener{}, rule, opt)
}

// Read reads a Tiled map from r; name's extension (.tmx or .tmj) says
// which format, and external tilesets are looked for in fsys (nil: a map
// with an external tileset is an error) relative to name.
func Read(r io.Reader, name string, fsys fs.FS, rule grid.Movement, opt Options) (*grid.Grid, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var op opener = noOpener{}
	if fsys != nil {
		op = fsOpener{fsys}
	}
	return read(data, name, op, rule, opt)
}

// read decodes data by name's extension and builds the grid.
func read(data []byte, name string, op opener, rule grid.Movement, opt Options) (*grid.Grid, error) {
	var m *model
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".tmx":
		m, err = decodeTMX(data, name, op)
	case ".tmj":
		m, err = decodeTMJ(data, name, op)
	default:
		return nil, fmt.Errorf("%w: %s: not a .tmx or .tmj file", ErrFormat, name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	g, err := m.grid(rule, opt.withDefaults())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// opener reads the file a map names (an external tileset).
type opener interface {
	read(name string) ([]byte, error)
}

type fsOpener struct{ fsys fs.FS }

func (o fsOpener) read(name string) ([]byte, error) { return fs.ReadFile(o.fsys, path.Clean(name)) }

type osOpener struct{}

func (osOpener) read(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) }

type noOpener struct{}

func (noOpener) read(name string) ([]byte, error) {
	return nil, fmt.Errorf("%w: external tileset %s: no file system to read it from", ErrFormat, name)
}

// model is a Tiled map as far as movement goes, whatever its format.
type model struct {
	w, h   int
	layers []layer
	tiles  map[uint32]props // by global tile id, flip bits cleared
	sets   []tileRange      // the tilesets' global ids
}

// tileRange is a tileset's global ids: count from first (count 0: not
// said, every id from first).
type tileRange struct{ first, count uint32 }

// known reports whether a tileset holds global id gid.
func (m *model) known(gid uint32) bool {
	for _, r := range m.sets {
		if gid >= r.first && (r.count == 0 || gid-r.first < r.count) {
			return true
		}
	}
	return false
}

// layer is one tile layer: its name, its custom properties and its
// global tile ids (0: no tile), row-major.
type layer struct {
	name  string
	props props
	gids  []uint32
}

// props are a tile's custom properties, as text.
type props map[string]string

// gidMask clears the flip and rotation bits of a global tile id.
const gidMask = 0x0fffffff

// checkSize validates a map's declared size before its layers are read.
func checkSize(w, h int) error {
	if w < 1 || h < 1 || w > grid.MaxSide || h > grid.MaxSide || w*h > grid.MaxCells {
		return fmt.Errorf("%w: size %d×%d (want 1..%d a side, at most %d cells)", ErrFormat, w, h, grid.MaxSide, grid.MaxCells)
	}
	return nil
}

// checkOrientation refuses maps whose cells are not a plain grid of
// tiles.
func checkOrientation(o string, infinite bool) error {
	if infinite {
		return fmt.Errorf("%w: an infinite map (save it as a fixed-size map)", ErrFormat)
	}
	switch o {
	case "", "orthogonal", "isometric", "staggered":
		return nil
	}
	return fmt.Errorf("%w: orientation %q (want orthogonal, isometric or staggered)", ErrFormat, o)
}

// grid builds the grid: blocked cells, weights and terrain types as
// opt names them.
func (m *model) grid(rule grid.Movement, opt Options) (*grid.Grid, error) {
	if err := checkSize(m.w, m.h); err != nil {
		return nil, err
	}
	if len(m.layers) == 0 {
		// Nothing to read (and a tiny file must not make a huge grid).
		return nil, fmt.Errorf("%w: no tile layer", ErrFormat)
	}
	n := m.w * m.h
	blocked := make([]bool, n)
	weight := make([]uint8, n)
	terrain := make([]int8, n)
	for i := range weight {
		weight[i], terrain[i] = 1, -1
	}
	type meaning struct {
		blocks  bool
		weight  uint8 // 0: none
		terrain int8  // -1: none
	}
	means := map[uint32]meaning{}
	meanOf := func(gid uint32) (meaning, error) {
		if mn, ok := means[gid]; ok {
			return mn, nil
		}
		mn := meaning{terrain: -1}
		if !m.known(gid) {
			return mn, fmt.Errorf("%w: tile %d is in no tileset", ErrFormat, gid)
		}
		p := m.tiles[gid]
		mn.blocks = p[opt.Blocked] == "true" || p[opt.Walkable] == "false"
		if s, ok := p[opt.Weight]; ok {
			v, err := strconv.Atoi(s)
			if err != nil || v < 1 || v > 255 {
				return mn, fmt.Errorf("%w: tile %d: %s = %q (want 1..255)", ErrFormat, gid, opt.Weight, s)
			}
			mn.weight = uint8(v)
		}
		if s, ok := p[opt.Terrain]; ok {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v >= grid.MaxTerrains {
				return mn, fmt.Errorf("%w: tile %d: %s = %q (want 0..%d)", ErrFormat, gid, opt.Terrain, s, grid.MaxTerrains-1)
			}
			mn.terrain = int8(v)
		}
		means[gid] = mn
		return mn, nil
	}
	for _, l := range m.layers {
		if len(l.gids) != n {
			return nil, fmt.Errorf("%w: layer %q holds %d tiles, want %d", ErrFormat, l.name, len(l.gids), n)
		}
		collision := l.props[opt.Blocked] == "true"
		for _, c := range opt.CollisionLayers {
			collision = collision || strings.EqualFold(c, l.name)
		}
		for i, gid := range l.gids {
			gid &= gidMask
			if gid == 0 {
				continue
			}
			mn, err := meanOf(gid)
			if err != nil {
				return nil, fmt.Errorf("layer %q, cell (%d,%d): %w", l.name, i%m.w, i/m.w, err)
			}
			blocked[i] = blocked[i] || collision || mn.blocks
			if mn.weight != 0 {
				weight[i] = mn.weight
			}
			if mn.terrain >= 0 {
				terrain[i] = mn.terrain
			}
		}
	}
	g, err := grid.New(m.w, m.h, rule)
	if err != nil {
		return nil, err
	}
	var edits []grid.CellEdit
	for i := range n {
		if blocked[i] || weight[i] != 1 {
			edits = append(edits, grid.CellEdit{At: grid.Pt(i%m.w, i/m.w), Passable: !blocked[i], Weight: weight[i]})
		}
	}
	if err := g.SetCells(edits); err != nil {
		return nil, err
	}
	for i, t := range terrain {
		if t > 0 {
			if err := g.SetTerrain(grid.Pt(i%m.w, i/m.w), int(t)); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}
