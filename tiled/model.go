package tiled

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtspath/rtspath/grid"
)

// maxLayers bounds the tile layers of a map: each is decoded in full,
// so that a small file of many compressed layers cannot cost without
// bound.
const maxLayers = 256

// model folds a Tiled map's tilesets and tile layers, whatever its
// format, into what movement needs: per cell, blocked or not, a weight
// and a terrain type. Layers are folded as they are decoded, so that
// only one is held at a time.
type model struct {
	opt      Options
	explicit bool // opt named collision layers (else the default)
	w, h     int
	sets     []tileset
	sorted   bool
	layers   int
	matched  []bool // per opt.CollisionLayers: a layer so named was seen
	blocked  []bool
	weight   []uint8
	terrain  []int8 // -1: not set
	means    map[uint32]meaning
}

// tileset is a tileset's first global id, its tile count (0: not said)
// and its tiles' properties by local id.
type tileset struct {
	first, count uint32
	tiles        map[uint32]props
}

// meaning is what a tile says for movement.
type meaning struct {
	blocks  bool
	weight  uint8 // 0: none
	terrain int8  // -1: none
}

func newModel(opt Options) *model {
	m := &model{explicit: len(opt.CollisionLayers) > 0, opt: opt.withDefaults(), means: map[uint32]meaning{}}
	m.matched = make([]bool, len(m.opt.CollisionLayers))
	return m
}

// size sets the map's size, before any layer.
func (m *model) size(w, h int) error {
	if err := checkSize(w, h); err != nil {
		return err
	}
	m.w, m.h = w, h
	return nil
}

// addSet records a tileset.
func (m *model) addSet(first, count uint32, tiles map[uint32]props) error {
	if first < 1 || first > gidMask {
		return fmt.Errorf("%w: a tileset's firstgid %d (want 1..%d)", ErrFormat, first, gidMask)
	}
	m.sets = append(m.sets, tileset{first, count, tiles})
	m.sorted = false
	return nil
}

// meanOf returns what global id gid (flip bits cleared, not 0) means:
// as Tiled does, gid belongs to the tileset of the greatest first id not
// above it, and must be one of its tiles.
func (m *model) meanOf(gid uint32) (meaning, error) {
	if mn, ok := m.means[gid]; ok {
		return mn, nil
	}
	if !m.sorted {
		slices.SortStableFunc(m.sets, func(a, b tileset) int { return cmp.Compare(a.first, b.first) })
		m.sorted = true
	}
	mn := meaning{terrain: -1}
	k, found := slices.BinarySearchFunc(m.sets, gid, func(t tileset, g uint32) int { return cmp.Compare(t.first, g) })
	if !found {
		k--
	}
	if k < 0 {
		return mn, fmt.Errorf("%w: tile %d is in no tileset", ErrFormat, gid)
	}
	ts := m.sets[k]
	local := gid - ts.first
	p, listed := ts.tiles[local]
	if ts.count > 0 && local >= ts.count && !listed {
		return mn, fmt.Errorf("%w: tile %d is past its tileset's %d tiles", ErrFormat, gid, ts.count)
	}
	o := m.opt
	mn.blocks = p[o.Blocked] == "true" || p[o.Walkable] == "false"
	if s, ok := p[o.Weight]; ok {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > 255 {
			return mn, fmt.Errorf("%w: tile %d: %s = %q (want 1..255)", ErrFormat, gid, o.Weight, s)
		}
		mn.weight = uint8(v)
	}
	if s, ok := p[o.Terrain]; ok {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v >= grid.MaxTerrains {
			return mn, fmt.Errorf("%w: tile %d: %s = %q (want 0..%d)", ErrFormat, gid, o.Terrain, s, grid.MaxTerrains-1)
		}
		mn.terrain = int8(v)
	}
	m.means[gid] = mn
	return mn, nil
}

// addLayer folds in a tile layer: its name, properties and global ids
// (w×h of them, row-major, 0 for none). A later layer's weight and
// terrain win.
func (m *model) addLayer(name string, lp props, gids []uint32) error {
	n := m.w * m.h
	if len(gids) != n {
		return fmt.Errorf("%w: layer %q holds %d tiles, want %d", ErrFormat, name, len(gids), n)
	}
	if m.layers++; m.layers > maxLayers {
		return fmt.Errorf("%w: more than %d tile layers", ErrFormat, maxLayers)
	}
	if m.blocked == nil {
		m.blocked, m.weight, m.terrain = make([]bool, n), make([]uint8, n), make([]int8, n)
		for i := range m.weight {
			m.weight[i], m.terrain[i] = 1, -1
		}
	}
	collision := lp[m.opt.Blocked] == "true"
	for i, c := range m.opt.CollisionLayers {
		if strings.EqualFold(c, name) {
			collision, m.matched[i] = true, true
		}
	}
	for i, gid := range gids {
		gid &= gidMask
		if gid == 0 {
			continue
		}
		mn, err := m.meanOf(gid)
		if err != nil {
			return fmt.Errorf("layer %q, cell (%d,%d): %w", name, i%m.w, i/m.w, err)
		}
		m.blocked[i] = m.blocked[i] || collision || mn.blocks
		if mn.weight != 0 {
			m.weight[i] = mn.weight
		}
		if mn.terrain >= 0 {
			m.terrain[i] = mn.terrain
		}
	}
	return nil
}

// grid builds the grid under movement rule rule.
func (m *model) grid(rule grid.Movement) (*grid.Grid, error) {
	if m.layers == 0 {
		// Nothing to read (and a tiny file must not make a huge grid).
		return nil, fmt.Errorf("%w: no tile layer", ErrFormat)
	}
	if m.explicit {
		for i, ok := range m.matched {
			if !ok {
				return nil, fmt.Errorf("%w: no tile layer is named %q", ErrOptions, m.opt.CollisionLayers[i])
			}
		}
	}
	g, err := grid.New(m.w, m.h, rule)
	if err != nil {
		return nil, err
	}
	// The edits in batches of whole rows, about 64k cells each: a list
	// for the whole map would cost 24 bytes a cell, one call per row
	// refreshes the rows round each again.
	var edits []grid.CellEdit
	for y := range m.h {
		for x := range m.w {
			if i := y*m.w + x; m.blocked[i] || m.weight[i] != 1 {
				edits = append(edits, grid.CellEdit{At: grid.Pt(x, y), Passable: !m.blocked[i], Weight: m.weight[i]})
			}
		}
		if len(edits) >= 1<<16 || y == m.h-1 {
			if err := g.SetCells(edits); err != nil {
				return nil, err
			}
			edits = edits[:0]
		}
	}
	for i, t := range m.terrain {
		if t > 0 {
			if err := g.SetTerrain(grid.Pt(i%m.w, i/m.w), int(t)); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}
