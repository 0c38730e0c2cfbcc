package preprocess

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"io"

	"github.com/rtspath/rtspath/grid"
)

// The bake file:
//
//	magic    "RTSPBAKE"          8 bytes
//	version  uint16, little end. 5; a reader takes 3 and 4 too, the
//	         formats of older builds (4 had Config.MiddleFrom only when
//	         set, 3 not at all, and both fewer single points: see
//	         pointRule; 2 had no unit sizes, 1 no middle point on wide
//	         entrances)
//	flags    uint16              reserved: must be 0 (a reader refuses
//	                             any other value)
//	length   uint64              payload bytes
//	payload
//	checksum uint32              CRC-32C of the payload
//
// The payload holds the source map's hash, its size and movement rule, the
// cluster size, Config.MiddleFrom (not in version 3), the placed waypoints, the
// units (Config.Units: size and class pairs), and for each cluster the
// costs of its intra-cluster edges in a fixed order (every pair of points
// of one region, by point index): the one part that is expensive to
// compute. Everything else (regions, runs, points, islands, dead ends,
// clearance, the waypoint graph) is rebuilt from the grid at load in
// linear time, and the unit layers by their searches (see Config.Units),
// so the file stays a few hundred kilobytes per million cells and cannot
// disagree with the map it was baked from.
const (
	magic = "RTSPBAKE"
	// Version is the format this build writes.
	Version = 5
	// The formats of older builds, which this one reads too: version4
	// kept Config.MiddleFrom when it was set, version3 when it was not.
	version3 = 3
	version4 = 4
)

// Errors about bake files. Every error about a file that cannot be
// loaded matches ErrBake and one of the three kinds under errors.Is.
var (
	// ErrBake is matched by every error about a bake file that cannot be
	// loaded: ErrFormat, ErrVersion or ErrMap.
	ErrBake = errors.New("preprocess: bad bake file")
	// ErrFormat: not a bake file, or a truncated or damaged one.
	ErrFormat error = &bakeError{"preprocess: malformed bake file"}
	// ErrVersion: a bake file of another format version.
	ErrVersion error = &bakeError{"preprocess: bake file of another format version"}
	// ErrMap: a bake file made from another map than the grid given.
	ErrMap error = &bakeError{"preprocess: bake file of another map"}
)

// bakeError is a kind of bad bake file: errors.Is matches it to itself
// and to ErrBake.
type bakeError struct{ msg string }

func (e *bakeError) Error() string        { return e.msg }
func (e *bakeError) Is(target error) bool { return target == ErrBake }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var ecma = crc64.MakeTable(crc64.ECMA)

// MapHash returns the hash of g that a bake records: CRC-64 of its size,
// movement rule, passability and terrain weights, and, when it has them,
// its terrain types and movement classes (0 for a nil g). O(cells).
func MapHash(g *grid.Grid) uint64 {
	if g == nil {
		return 0
	}
	var hdr [17]byte
	binary.LittleEndian.PutUint64(hdr[0:], uint64(g.Width()))
	binary.LittleEndian.PutUint64(hdr[8:], uint64(g.Height()))
	hdr[16] = byte(g.Movement())
	h := crc64.Update(0, ecma, hdr[:])
	var word [8]byte
	for _, w := range g.Passability() {
		binary.LittleEndian.PutUint64(word[:], w)
		h = crc64.Update(h, ecma, word[:])
	}
	if wt := g.Weights(); wt != nil {
		h = crc64.Update(h, ecma, wt)
	} else { // every cell weighs 1: the same sum as the bytes
		var ones [4096]byte
		for i := range ones {
			ones[i] = 1
		}
		for n := g.Width() * g.Height(); n > 0; n -= len(ones) {
			h = crc64.Update(h, ecma, ones[:min(n, len(ones))])
		}
	}
	if t := g.Terrains(); t != nil {
		h = crc64.Update(h, ecma, []byte("terrain"))
		h = crc64.Update(h, ecma, t)
	}
	for _, c := range g.Classes() {
		h = crc64.Update(h, ecma, []byte(c.Name))
		h = crc64.Update(h, ecma, append([]byte{0, c.Enter}, c.Weight[:]...))
	}
	return h
}

// WriteTo writes the bake file to w (a nil w is ErrNil). On a stale bake
// (see Stale) it writes nothing and returns an error wrapping ErrStale.
// O(cells) for the map's hash, plus the file's size.
func (b *Bake) WriteTo(w io.Writer) (int64, error) {
	if w == nil {
		return 0, fmt.Errorf("%w: WriteTo a nil writer", ErrNil)
	}
	if b.Stale() {
		return 0, fmt.Errorf("%w: call Update before writing the bake", ErrStale)
	}
	data := b.AppendBinary(nil)
	n, err := w.Write(data)
	return int64(n), err
}

// AppendBinary appends the bake file to dst. O(cells) for the map's
// hash, plus the file's size. The bake must not be stale (see Stale): the
// file would pair the edited grid's hash with the costs of the grid as it
// was, and load without complaint.
func (b *Bake) AppendBinary(dst []byte) []byte {
	var p []byte
	p = binary.LittleEndian.AppendUint64(p, MapHash(b.g))
	p = binary.AppendUvarint(p, uint64(b.w))
	p = binary.AppendUvarint(p, uint64(b.h))
	p = append(p, byte(b.rule))
	p = binary.AppendUvarint(p, uint64(b.cs))
	version := b.points.format
	if version != version3 {
		p = binary.AppendUvarint(p, uint64(b.points.mid))
	}
	p = binary.AppendUvarint(p, uint64(len(b.placed)))
	prev := -1
	for _, q := range b.placed {
		i := b.g.Index(q)
		p = binary.AppendUvarint(p, uint64(i-prev-1))
		prev = i
	}
	p = binary.AppendUvarint(p, uint64(len(b.unitList)))
	for _, u := range b.unitList {
		p = binary.AppendUvarint(p, uint64(u.Size))
		p = binary.AppendUvarint(p, uint64(u.Class))
	}
	for c := range b.cl {
		es := &b.cl[c].edges
		p = binary.AppendUvarint(p, uint64(es.len()))
		for k := range es.len() {
			p = binary.AppendUvarint(p, uint64(es.at(k)))
		}
	}
	dst = append(dst, magic...)
	dst = binary.LittleEndian.AppendUint16(dst, version)
	dst = binary.LittleEndian.AppendUint16(dst, 0)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(len(p)))
	dst = append(dst, p...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(p, castagnoli))
}

// Read reads a whole bake file from r and loads it for g (see Load); a
// nil r is ErrNil.
func Read(r io.Reader, g *grid.Grid, workers int) (*Bake, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: Read from a nil reader", ErrNil)
	}
	if g == nil {
		return nil, fmt.Errorf("%w: Read for no grid", ErrNilGrid)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Load(data, g, workers)
}

// Load checks a bake file (from disk or embedded with //go:embed) against
// g, the grid it must have been baked from, and rebuilds the bake. A file
// that is not a bake, truncated or damaged returns an error wrapping
// ErrFormat, one of another format version ErrVersion, one baked from
// another map ErrMap (all three match ErrBake); it never panics. A nil g
// is ErrNilGrid, negative workers ErrConfig; workers is otherwise as in
// Config.
//
// Cost: O(cells + file size), on the workers for the per-cluster part. It
// runs no search: the file holds the intra-cluster edge costs, the one
// part of Build that searches, and everything else is rebuilt from the
// grid in linear time. Memory as Build.
func Load(data []byte, g *grid.Grid, workers int) (*Bake, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: Load for no grid", ErrNilGrid)
	}
	if workers < 0 {
		return nil, fmt.Errorf("%w: %d workers", ErrConfig, workers)
	}
	p, version, err := payload(data)
	if err != nil {
		return nil, err
	}
	if binary.LittleEndian.Uint64(p) != MapHash(g) {
		return nil, fmt.Errorf("%w: baked from another map (hash differs): bake this map again", ErrMap)
	}
	d := reader{b: p, i: 8}
	w, h := d.uvarint(), d.uvarint()
	rule := grid.Movement(d.byte())
	cs := d.uvarint()
	points := d.rule(version, cs)
	if d.err == nil && (w != uint64(g.Width()) || h != uint64(g.Height()) || rule != g.Movement()) {
		return nil, fmt.Errorf("%w: baked for a %d×%d %v map, grid is %d×%d %v", ErrMap, w, h, rule, g.Width(), g.Height(), g.Movement())
	}
	np := d.uvarint()
	if d.err != nil || np > uint64(len(p)) || cs < 4 || cs > 256 {
		return nil, d.fail("header")
	}
	cfg := Config{ClusterSize: int(cs), Workers: workers}
	prev := int64(-1)
	for range np {
		i := prev + 1 + int64(d.uvarint())
		if d.err != nil || i >= int64(g.Width()*g.Height()) {
			return nil, d.fail("placed waypoint")
		}
		cfg.Placed = append(cfg.Placed, g.PointAt(int(i)))
		prev = i
	}
	nu := d.uvarint()
	if d.err != nil || nu > maxUnits {
		return nil, d.fail("units")
	}
	for range nu {
		size, class := d.uvarint(), d.uvarint()
		if d.err != nil || size > MaxClearance || class > grid.MaxClasses {
			return nil, d.fail("units")
		}
		cfg.Units = append(cfg.Units, grid.Unit{Size: int(size), Class: int(class)})
	}
	b, err := newBake(g, cfg)
	if err != nil { // the map is the right one, so the file is wrong
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	b.points = points
	all := make([]int, len(b.cl))
	for i := range all {
		all[i] = i
	}
	b.ensureWorkers(workers)
	parallel(all, workers, func(w, c int) { b.regionsAndRuns(c, &b.workers[w]) })
	for c := range b.cl {
		b.collectPoints(c)
		cl := &b.cl[c]
		ne := d.uvarint()
		if d.err != nil || ne > uint64(len(p)) {
			return nil, d.fail("cluster %d", c)
		}
		cl.edges.reset()
		bad := false
		b.eachPair(c, func(int, int32, int32) {
			if bad {
				return
			}
			cost := d.uvarint()
			if bad = d.err != nil || cl.edges.len() >= int(ne) || cost == 0 || cost > maxEdgeCost; !bad {
				cl.edges.add(grid.Cost(cost))
			}
		})
		if bad {
			return nil, d.fail("edges of cluster %d", c)
		}
		if cl.edges.len() != int(ne) {
			return nil, d.fail("cluster %d has %d edges, the map gives %d", c, ne, cl.edges.len())
		}
		cl.edges.trim()
	}
	if d.i != len(p) {
		return nil, d.fail("%d bytes after the last cluster", len(p)-d.i)
	}
	b.assemble(nil)
	b.layoutTier()
	b.buildUnits(workers, nil)
	b.caughtUp()
	b.workers = nil // as Build
	return b, nil
}

// maxUnits bounds the units a bake file may name: every size of every
// class.
const maxUnits = MaxClearance * (grid.MaxClasses + 1)

// maxEdgeCost bounds an intra-cluster edge: a path through every cell of
// the largest cluster at the highest weight.
const maxEdgeCost = 256 * 256 * 2 * 255 * 8119

type reader struct {
	b   []byte
	i   int
	err error
}

func (d *reader) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, k := binary.Uvarint(d.b[d.i:])
	if k <= 0 {
		d.err = fmt.Errorf("%w: truncated or bad number at payload byte %d", ErrFormat, d.i)
		return 0
	}
	d.i += k
	return v
}

// rule reads the point rule from a payload of the given version, for
// clusters of cs cells (the zero rule after an error, a cluster size out
// of range among them): version 5 keeps Config.MiddleFrom as the bake
// resolved it, version 4 as it was set (then never 0), and version 3
// had the middle on whole sides alone.
func (d *reader) rule(version uint16, cs uint64) pointRule {
	if d.err == nil && (cs < 4 || cs > 256) {
		d.err = fmt.Errorf("%w: clusters of %d cells in the header (want 4..256)", ErrFormat, cs)
	}
	if d.err != nil {
		return pointRule{}
	}
	if version == version3 {
		return pointRule{short: shortRunV4, mid: int32(cs), format: version3}
	}
	m := d.uvarint()
	ok, want := m != 0 && MiddleFromFits(int(m), int(cs)), middleRange(int(cs))
	if version == version4 {
		ok, want = m >= MinMiddleFrom && m < cs, fmt.Sprintf("%d..%d", MinMiddleFrom, cs-1)
	}
	if d.err == nil && !ok {
		d.err = fmt.Errorf("%w: MiddleFrom %d in the header with clusters of %d (want %s)", ErrFormat, m, cs, want)
	}
	if d.err != nil {
		return pointRule{}
	}
	if version == version4 {
		return pointRule{short: shortRunV4, mid: int32(m), format: version4}
	}
	return pointRule{short: shortFor(int(cs)), mid: int32(m), format: Version}
}

func (d *reader) byte() byte {
	if d.err != nil || d.i >= len(d.b) {
		d.err = fmt.Errorf("%w: truncated at payload byte %d", ErrFormat, d.i)
		return 0
	}
	d.i++
	return d.b[d.i-1]
}

func (d *reader) fail(format string, args ...any) error {
	if d.err != nil {
		return d.err
	}
	return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
}

// Info is what a bake file says about itself, read without its map.
type Info struct {
	Version       int
	MapHash       uint64
	Width, Height int
	Movement      grid.Movement
	ClusterSize   int
	MiddleFrom    int // as Bake.MiddleFrom (0 on a bad header)
	// SinglePointBelow: a run of border cells shorter than this gets one
	// transition point, in its middle, a longer one its two ends: 8,
	// or 6 in clusters under 16 cells and in formats 3 and 4 (0 on a
	// bad header)
	SinglePointBelow int
	Clusters         int
	Placed           int
	Units            []grid.Unit // the units of the layers (Config.Units)
	IntraEdges       int         // stored intra-cluster edge costs (each joins two points)
	Bytes            int
}

// ReadInfo checks a bake file's header, length and checksum and reads its
// summary. Errors are those of Load about the file (ErrFormat,
// ErrVersion; all match ErrBake). O(file size).
func ReadInfo(data []byte) (Info, error) {
	p, version, err := payload(data)
	if err != nil {
		return Info{}, err
	}
	in := Info{Version: int(version), Bytes: len(data), MapHash: binary.LittleEndian.Uint64(p)}
	d := reader{b: p, i: 8}
	w, h := d.uvarint(), d.uvarint()
	in.Movement = grid.Movement(d.byte())
	cs := d.uvarint()
	points := d.rule(version, cs)
	np := d.uvarint()
	if d.err != nil || w < 1 || h < 1 || w > grid.MaxSide || h > grid.MaxSide || cs < 4 || cs > 256 || np > uint64(len(p)) {
		return in, d.fail("header")
	}
	in.Width, in.Height, in.ClusterSize, in.Placed = int(w), int(h), int(cs), int(np)
	in.MiddleFrom, in.SinglePointBelow = int(points.mid), int(points.short)
	for range np {
		d.uvarint()
	}
	nu := d.uvarint()
	if d.err != nil || nu > maxUnits {
		return in, d.fail("units")
	}
	for range nu {
		size, class := d.uvarint(), d.uvarint()
		if d.err != nil || size > MaxClearance || class > grid.MaxClasses {
			return in, d.fail("units")
		}
		in.Units = append(in.Units, grid.Unit{Size: int(size), Class: int(class)})
	}
	in.Clusters = ((in.Width + in.ClusterSize - 1) / in.ClusterSize) * ((in.Height + in.ClusterSize - 1) / in.ClusterSize)
	for c := range in.Clusters {
		ne := d.uvarint()
		if d.err != nil || ne > uint64(len(p)) {
			return in, d.fail("cluster %d", c)
		}
		for range ne {
			d.uvarint()
		}
		in.IntraEdges += int(ne)
	}
	if d.err != nil || d.i != len(p) {
		return in, d.fail("payload length")
	}
	return in, nil
}

// payload checks the envelope and returns the payload and its format
// version.
func payload(data []byte) ([]byte, uint16, error) {
	const head = 8 + 2 + 2 + 8
	if len(data) < len(magic) {
		if len(data) > 0 && bytes.HasPrefix([]byte(magic), data) {
			return nil, 0, fmt.Errorf("%w: truncated: %d bytes, the %q header alone takes %d", ErrFormat, len(data), magic, head)
		}
		return nil, 0, fmt.Errorf("%w: not a bake file (no %q header)", ErrFormat, magic)
	}
	if !bytes.Equal(data[:8], []byte(magic)) {
		return nil, 0, fmt.Errorf("%w: not a bake file (no %q header)", ErrFormat, magic)
	}
	if len(data) < head+4 {
		return nil, 0, fmt.Errorf("%w: truncated: %d bytes, header and checksum take %d", ErrFormat, len(data), head+4)
	}
	v := binary.LittleEndian.Uint16(data[8:])
	if v != Version && v != version4 && v != version3 {
		return nil, 0, fmt.Errorf("%w: format version %d, this build reads versions %d to %d: bake the map again", ErrVersion, v, version3, Version)
	}
	if f := binary.LittleEndian.Uint16(data[10:]); f != 0 {
		return nil, 0, fmt.Errorf("%w: reserved flags field is %#04x, must be 0 (damaged)", ErrFormat, f)
	}
	n := binary.LittleEndian.Uint64(data[12:])
	switch have := uint64(len(data) - head - 4); {
	case n > have:
		return nil, 0, fmt.Errorf("%w: truncated: payload of %d bytes declared, %d present", ErrFormat, n, have)
	case n < have:
		return nil, 0, fmt.Errorf("%w: payload of %d bytes declared, %d present (damaged)", ErrFormat, n, have)
	}
	p := data[head : head+int(n)]
	if got, want := crc32.Checksum(p, castagnoli), binary.LittleEndian.Uint32(data[head+int(n):]); got != want {
		return nil, 0, fmt.Errorf("%w: checksum %08x, file says %08x (damaged)", ErrFormat, got, want)
	}
	if len(p) < 8 {
		return nil, 0, fmt.Errorf("%w: payload too short", ErrFormat)
	}
	return p, v, nil
}

// Stats summarises a bake.
type Stats struct {
	Width, Height, ClusterSize, Clusters int
	Regions, Points, Placed, Edges       int // Edges: directed edges of the waypoint graph
	Islands, DeadEnds                    int
	DeadEndCells, PassableCells          int64
	Bytes                                int // memory of the bake without its grid
}

// Stats returns the bake's summary.
func (b *Bake) Stats() Stats {
	s := Stats{Width: b.w, Height: b.h, ClusterSize: b.cs, Clusters: len(b.cl), Regions: b.Regions(),
		Points: b.tier.NumPoints(), Placed: len(b.placed), Edges: b.tier.Graph.NumEdges(),
		Islands: b.islands, Bytes: b.Bytes()}
	s.DeadEnds, s.DeadEndCells = b.DeadEnds()
	for _, n := range b.islandCells {
		s.PassableCells += n
	}
	return s
}
