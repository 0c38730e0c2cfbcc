package preprocess_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/nopanic"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/waypoint"
)

// call runs f and turns a panic into a test failure.
var call = nopanic.Call

// smallBake is a 12×9 map with a wall and a placed point, in clusters of
// 4: a bake file of about a hundred bytes.
func smallBake(t *testing.T) (*grid.Grid, []byte) {
	g, _ := grid.New(12, 9, grid.Octile)
	g.Fill(grid.R(5, 0, 6, 8), false)
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 4, Placed: []grid.Point{grid.Pt(0, 0)}})
	if err != nil {
		t.Fatal(err)
	}
	return g, b.AppendBinary(nil)
}

// withUint16 returns a copy of data with the little-endian uint16 at i
// set to v.
func withUint16(data []byte, i int, v uint16) []byte {
	c := bytes.Clone(data)
	binary.LittleEndian.PutUint16(c[i:], v)
	return c
}

// withPayloadByte returns a copy of the bake file data with its payload's
// byte i set to v and the checksum made good.
func withPayloadByte(data []byte, i int, v byte) []byte {
	const head = 8 + 2 + 2 + 8
	c := bytes.Clone(data)
	c[head+i] = v
	n := len(c) - head - 4
	binary.LittleEndian.PutUint32(c[head+n:], crc32.Checksum(c[head:head+n], crc32.MakeTable(crc32.Castagnoli)))
	return c
}

// withClusterSize300 returns a copy of the bake file data, of clusters
// of 32, with 300 as its cluster size: a two-byte uvarint where one byte
// was, so the payload grows by a byte.
func withClusterSize300(data []byte) []byte {
	const head = 8 + 2 + 2 + 8
	p := bytes.Clone(data[head : len(data)-4])
	p = append(p[:11], append([]byte{0xac, 0x02}, p[12:]...)...)
	c := append(bytes.Clone(data[:head]), p...)
	binary.LittleEndian.PutUint64(c[12:], uint64(len(p)))
	return binary.LittleEndian.AppendUint32(c, crc32.Checksum(p, crc32.MakeTable(crc32.Castagnoli)))
}

// TestMisuseReturnsErrors: every entry point given nil grids, readers or
// writers, negative workers, or a bake file that is not one, truncated,
// damaged, of another version or of another map returns an error with the
// package prefix that errors.Is matches to the sentinel of its kind (and,
// for the file, to ErrBake), and nothing panics.
func TestMisuseReturnsErrors(t *testing.T) {
	g, data := smallBake(t)
	// clusters of 32, MiddleFrom 24 at payload byte 12 as in data
	g32, _ := grid.New(64, 40, grid.Octile)
	b32, err := preprocess.Build(g32, preprocess.Config{})
	if err != nil {
		t.Fatal(err)
	}
	data32 := b32.AppendBinary(nil)
	if data32[20+12] != 24 {
		t.Fatalf("payload byte 12 is %d, want MiddleFrom 24", data32[20+12])
	}
	other := g.Clone()
	other.SetPassable(grid.Pt(0, 8), false)
	wider, _ := grid.New(13, 9, grid.Octile)
	b, err := preprocess.Load(data, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	load := func(data []byte, g *grid.Grid, workers int) func() error {
		return func() error { _, err := preprocess.Load(data, g, workers); return err }
	}
	info := func(data []byte) func() error {
		return func() error { _, err := preprocess.ReadInfo(data); return err }
	}
	for _, c := range []struct {
		name string
		want error
		says string // part of the message
		f    func() error
	}{
		{"Build nil grid", preprocess.ErrNilGrid, "", func() error { _, err := preprocess.Build(nil, preprocess.Config{}); return err }},
		{"Build -1 workers", preprocess.ErrConfig, "", func() error { _, err := preprocess.Build(g, preprocess.Config{Workers: -1}); return err }},
		{"Load nil grid", preprocess.ErrNilGrid, "", load(data, nil, 0)},
		{"Load -1 workers", preprocess.ErrConfig, "", load(data, g, -1)},
		{"Read nil reader", preprocess.ErrNil, "", func() error { _, err := preprocess.Read(nil, g, 0); return err }},
		{"Read nil grid", preprocess.ErrNilGrid, "", func() error { _, err := preprocess.Read(bytes.NewReader(data), nil, 0); return err }},
		{"WriteTo nil writer", preprocess.ErrNil, "", func() error { _, err := b.WriteTo(nil); return err }},
		{"Load empty", preprocess.ErrFormat, "not a bake file", load(nil, g, 0)},
		{"Load no magic", preprocess.ErrFormat, "not a bake file", load(append([]byte("XTSPBAKE"), data[8:]...), g, 0)},
		{"Load magic only", preprocess.ErrFormat, "truncated", load(data[:8], g, 0)},
		{"Load part of the magic", preprocess.ErrFormat, "truncated", load(data[:5], g, 0)},
		{"Load header cut", preprocess.ErrFormat, "truncated", load(data[:15], g, 0)},
		{"Load payload cut", preprocess.ErrFormat, "truncated", load(data[:len(data)-9], g, 0)},
		{"Load bytes after the end", preprocess.ErrFormat, "", load(append(bytes.Clone(data), 0), g, 0)},
		{"Load checksum", preprocess.ErrFormat, "checksum", load(flip(data, len(data)/2), g, 0)},
		{"Load version 1", preprocess.ErrVersion, "version 1", load(withUint16(data, 8, 1), g, 0)},
		{"Load version 2", preprocess.ErrVersion, "version 2", load(withUint16(data, 8, 2), g, 0)},
		{"Load version 6", preprocess.ErrVersion, "version 6", load(withUint16(data, 8, 6), g, 0)},
		// a version 5 payload read as 4: its MiddleFrom (4, the cluster
		// size) is below version 4's least, 12
		{"Load version 4 of clusters of 4", preprocess.ErrFormat, "MiddleFrom 4 in the header", load(withUint16(data, 8, 4), g, 0)},
		{"ReadInfo version 4 of clusters of 4", preprocess.ErrFormat, "MiddleFrom 4 in the header", info(withUint16(data, 8, 4))},
		// read as 3: MiddleFrom (4) is taken for the count of placed
		// points, and the rest is out of step from there
		{"Load version 3", preprocess.ErrFormat, "units", load(withUint16(data, 8, 3), g, 0)},
		{"Load MiddleFrom 11 with clusters of 32", preprocess.ErrFormat, "MiddleFrom 11 in the header with clusters of 32 (want 12..32)", load(withPayloadByte(data32, 12, 11), g32, 0)},
		{"Load MiddleFrom 33 with clusters of 32", preprocess.ErrFormat, "MiddleFrom 33 in the header with clusters of 32 (want 12..32)", load(withPayloadByte(data32, 12, 33), g32, 0)},
		{"Load MiddleFrom 0", preprocess.ErrFormat, "MiddleFrom 0 in the header", load(withPayloadByte(data32, 12, 0), g32, 0)},
		// format 4 kept MiddleFrom only below the cluster size
		{"Load version 4 MiddleFrom 32 with clusters of 32", preprocess.ErrFormat, "MiddleFrom 32 in the header with clusters of 32 (want 12..31)", load(withUint16(withPayloadByte(data32, 12, 32), 8, 4), g32, 0)},
		{"Load cluster size 300", preprocess.ErrFormat, "clusters of 300 cells", load(withClusterSize300(data32), g32, 0)},
		// payload byte 12 is MiddleFrom, after the hash (8 bytes), the
		// size, the movement rule and the cluster size (a byte each)
		{"Load MiddleFrom over the cluster size", preprocess.ErrFormat, "MiddleFrom 5 in the header", load(withPayloadByte(data, 12, 5), g, 0)},
		{"Load MiddleFrom under the cluster size", preprocess.ErrFormat, "MiddleFrom 3 in the header", load(withPayloadByte(data, 12, 3), g, 0)},
		{"ReadInfo MiddleFrom over the cluster size", preprocess.ErrFormat, "MiddleFrom 5 in the header", info(withPayloadByte(data, 12, 5))},
		{"Build MiddleFrom 11", preprocess.ErrConfig, "MiddleFrom 11", func() error { _, err := preprocess.Build(g, preprocess.Config{MiddleFrom: 11}); return err }},
		{"Build MiddleFrom 33 with clusters of 32", preprocess.ErrConfig, "MiddleFrom 33 with clusters of 32", func() error { _, err := preprocess.Build(g, preprocess.Config{MiddleFrom: 33}); return err }},
		{"Build MiddleFrom 12 with clusters of 8", preprocess.ErrConfig, "MiddleFrom 12 with clusters of 8", func() error {
			_, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8, MiddleFrom: 12})
			return err
		}},
		{"Build MiddleFrom -1", preprocess.ErrConfig, "MiddleFrom -1", func() error { _, err := preprocess.Build(g, preprocess.Config{MiddleFrom: -1}); return err }},
		{"Build MiddleFrom 9 with clusters of 8", preprocess.ErrConfig, "MiddleFrom 9 with clusters of 8 (want 0 or 8)", func() error {
			_, err := preprocess.Build(g, preprocess.Config{ClusterSize: 8, MiddleFrom: 9})
			return err
		}},
		{"Load flags", preprocess.ErrFormat, "flags", load(withUint16(data, 10, 1), g, 0)},
		{"Load flags high bit", preprocess.ErrFormat, "flags", load(withUint16(data, 10, 0x8000), g, 0)},
		{"Load another map", preprocess.ErrMap, "another map", load(data, other, 0)},
		{"Load another size", preprocess.ErrMap, "another map", load(data, wider, 0)},
		{"ReadInfo truncated", preprocess.ErrFormat, "truncated", info(data[:30])},
		{"ReadInfo magic only", preprocess.ErrFormat, "truncated", info(data[:8])},
		{"ReadInfo version", preprocess.ErrVersion, "", info(withUint16(data, 8, 7))},
		{"ReadInfo flags", preprocess.ErrFormat, "flags", info(withUint16(data, 10, 4))},
	} {
		err := call(t, c.name, c.f)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "preprocess: ") || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %q: want the package prefix and %q", c.name, err, c.says)
		}
		file := c.want == preprocess.ErrFormat || c.want == preprocess.ErrVersion || c.want == preprocess.ErrMap
		if errors.Is(err, preprocess.ErrBake) != file {
			t.Errorf("%s: errors.Is(ErrBake) = %v", c.name, !file)
		}
	}
}

// TestEveryBitFlipIsRejected flips each bit of a small bake file in turn:
// every flip must make Load fail. The header's fields are each checked
// (magic, version, the reserved flags that must be 0, the payload length)
// and the payload and its checksum are covered by the CRC-32C, which
// catches every single-bit error; no bit is don't-care.
func TestEveryBitFlipIsRejected(t *testing.T) {
	g, data := smallBake(t)
	if _, err := preprocess.Load(data, g, 1); err != nil {
		t.Fatal(err)
	}
	silent := 0
	for i := range 8 * len(data) {
		bad := bytes.Clone(data)
		bad[i/8] ^= 1 << (i % 8)
		err := call(t, fmt.Sprint("bit ", i), func() error { _, err := preprocess.Load(bad, g, 1); return err })
		if err == nil {
			silent++
			if silent <= 5 {
				t.Errorf("bit %d (byte %d) flipped: loads without an error", i%8, i/8)
			}
		} else if !errors.Is(err, preprocess.ErrBake) {
			t.Errorf("bit %d of byte %d: %v does not wrap ErrBake", i%8, i/8, err)
		}
	}
	if silent > 0 {
		t.Errorf("%d of %d single-bit flips load silently", silent, 8*len(data))
	} else {
		t.Logf("%d bytes, all %d single-bit flips rejected", len(data), 8*len(data))
	}
}

// TestAccessorsDoNotPanic: the accessors that return no error answer
// -1, 0 or false for cells, regions, clusters and waypoints that do not
// exist.
func TestAccessorsDoNotPanic(t *testing.T) {
	g, data := smallBake(t)
	b, err := preprocess.Load(data, g, 1)
	if err != nil {
		t.Fatal(err)
	}
	off := grid.Pt(-1, 3)
	big := int32(1 << 20)
	for _, c := range []struct {
		name string
		f    func() string
	}{
		{"MapHash nil", func() string { preprocess.MapHash(nil); return "" }},
		{"cells off the map", func() string {
			if b.Island(off) != -1 || b.Region(off) != -1 || b.LocalRegion(off) != -1 || b.DeadEnd(off) != -1 || b.Clearance(off) != 0 || b.SameIsland(off, off) {
				return "not -1, 0, false"
			}
			return ""
		}},
		{"regions that do not exist", func() string {
			for _, r := range []int32{-1, big} {
				if b.RegionIsland(r) != -1 || b.RegionDeadEnd(r) != -1 {
					return fmt.Sprintf("region %d: %d %d", r, b.RegionIsland(r), b.RegionDeadEnd(r))
				}
			}
			return ""
		}},
		{"PointRegion of no cluster", func() string {
			for _, p := range []waypoint.Point{{Cluster: -1}, {Cluster: big}, {Cluster: 0, Region: 99}} {
				if r := b.PointRegion(p); r != -1 {
					return fmt.Sprintf("%+v: %d", p, r)
				}
			}
			return ""
		}},
		{"ClusterVersion of no cluster", func() string {
			if b.ClusterVersion(-1) != 0 || b.ClusterVersion(int(big)) != 0 {
				return "not 0"
			}
			return ""
		}},
		{"AvoidDeadEnds off the map", func() string {
			avoid := b.AvoidDeadEnds(off, grid.Pt(100, 100))
			for _, cell := range []int{-1, 12 * 9, int(big)} {
				if avoid(cell) {
					return fmt.Sprintf("avoids cell %d", cell)
				}
			}
			return ""
		}},
	} {
		var got string
		if err := call(t, c.name, func() error { got = c.f(); return nil }); err == nil && got != "" {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}
