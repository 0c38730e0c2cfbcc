package tiled

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
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
	m := newModel(opt)
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".tmx":
		err = decodeTMX(data, name, op, m)
	case ".tmj":
		err = decodeTMJ(data, name, op, m)
	default:
		return nil, fmt.Errorf("%w: %s: not a .tmx or .tmj file", ErrFormat, name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	g, err := m.grid(rule)
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

func (o fsOpener) read(name string) ([]byte, error) {
	f, err := o.fsys.Open(path.Clean(name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readFile(f, name)
}

type osOpener struct{}

func (osOpener) read(name string) ([]byte, error) {
	f, err := os.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readFile(f, name)
}

// maxTileset bounds the size of an external tileset file.
const maxTileset = 64 << 20

// readFile reads an external tileset: a regular file of at most
// maxTileset bytes (not a device or a pipe a map names, which could be
// endless).
func readFile(f fs.File, name string) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: tileset %s: not a regular file", ErrFormat, name)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxTileset+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxTileset {
		return nil, fmt.Errorf("%w: tileset %s: more than %d bytes", ErrFormat, name, maxTileset)
	}
	return b, nil
}

type noOpener struct{}

func (noOpener) read(name string) ([]byte, error) {
	return nil, fmt.Errorf("%w: external tileset %s: no file system to read it from", ErrFormat, name)
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
