package grid_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// FuzzReadMap feeds arbitrary bytes to the map reader: it must return a
// map or a package error, never panic, and a map it accepts must write
// back and read again unchanged.
func FuzzReadMap(f *testing.F) {
	f.Add([]byte("type octile\nheight 2\nwidth 3\nmap\n.@T\nSW.\n"))
	f.Add([]byte("type octile\r\nheight 1\r\nwidth 1\r\nmap\r\nG\r\n"))
	f.Add([]byte("type octile\nwidth 2\nheight 1\nmap\n..\n\n"))
	f.Add([]byte("type octile\nheight 32768\nwidth 32768\nmap\n"))
	f.Add([]byte("type octile\nheight 1\nwidth 9999999999999999999\nmap\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := grid.ReadMapFile(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "grid: ") {
				t.Fatalf("error without package prefix: %v", err)
			}
			return
		}
		if len(m.Cells) != m.Width*m.Height {
			t.Fatalf("%d cells for %d×%d", len(m.Cells), m.Width, m.Height)
		}
		var buf bytes.Buffer
		if _, err := m.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		m2, err := grid.ReadMapFile(&buf)
		if err != nil {
			t.Fatalf("rereading what we wrote: %v", err)
		}
		if m2.Width != m.Width || m2.Height != m.Height || !bytes.Equal(m2.Cells, m.Cells) {
			t.Fatal("round trip changed the map")
		}
		g, err := m.Grid(grid.MapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		// Any accepted map must also be searchable without a panic.
		s := grid.NewSearcher(g)
		a, b := g.PointAt(0), g.PointAt(len(m.Cells)-1)
		if _, err := s.FindPath(a, b, grid.Options{Nearest: true}, nil); err != nil && !errors.Is(err, grid.ErrBlocked) {
			t.Fatal(err)
		}
	})
}

// FuzzReadScen: arbitrary bytes give scenarios or a package error, and
// accepted scenarios round-trip through WriteScen.
func FuzzReadScen(f *testing.F) {
	f.Add([]byte("version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"))
	f.Add([]byte("version 1.0\n3 a.map 512 512 1 2 3 4 12.5\n\n"))
	f.Add([]byte("version 1\n0 m 1 1 0 0 0 0 1e400\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := grid.ReadScen(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "grid: ") {
				t.Fatalf("error without package prefix: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := grid.WriteScen(&buf, sc); err != nil {
			t.Fatal(err)
		}
		back, err := grid.ReadScen(&buf)
		if err != nil {
			t.Fatalf("rereading what we wrote: %v\n%s", err, buf.String())
		}
		if len(back) != len(sc) {
			t.Fatalf("%d scenarios back, want %d", len(back), len(sc))
		}
		for i := range sc {
			if back[i].Start != sc[i].Start || back[i].Goal != sc[i].Goal || back[i].Bucket != sc[i].Bucket || !back[i].Matches(sc[i].Optimal) {
				t.Fatalf("line %d: %+v became %+v", i, sc[i], back[i])
			}
		}
	})
}
