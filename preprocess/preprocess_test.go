package preprocess_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

func genGrid(t testing.TB, w, h int, seed uint64, rule grid.Movement) *grid.Grid {
	g, err := mapgen.NewGrid(mapgen.Config{Width: w, Height: h, Seed: seed}, grid.MapOptions{Movement: rule, SwampWeight: 3})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBuildInvariantsRandom checks the bake of many small generated and
// random maps, every movement rule and several cluster sizes, against the
// slow oracles.
func TestBuildInvariantsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 60
	if testing.Short() {
		n = 20
	}
	for i := range n {
		rule := grid.Movement(i % 3)
		var g *grid.Grid
		if i%2 == 0 {
			g = genGrid(t, 20+r.IntN(80), 20+r.IntN(80), uint64(i), rule)
		} else {
			g, _ = grid.New(8+r.IntN(50), 8+r.IntN(50), rule)
			density := r.Float64() * 0.5
			for j := range g.Width() * g.Height() {
				if r.Float64() < density {
					g.SetPassable(g.PointAt(j), false)
				}
				if r.IntN(4) == 0 {
					g.SetWeight(g.PointAt(j), uint8(1+r.IntN(9)))
				}
			}
		}
		cs := []int{4, 5, 8, 16, 32}[r.IntN(5)]
		var placed []grid.Point
		for range r.IntN(4) {
			if p := g.PointAt(r.IntN(g.Width() * g.Height())); g.Passable(p) {
				placed = append(placed, p)
			}
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs, Placed: placed})
		if err != nil {
			t.Fatal(err)
		}
		verify(t, g, b, true)
	}
}

func TestParallelBuildIsIdentical(t *testing.T) {
	g := genGrid(t, 300, 200, 5, grid.Octile)
	serial, _ := preprocess.Build(g, preprocess.Config{Workers: 1})
	for _, w := range []int{2, 3, 8} {
		par, _ := preprocess.Build(g, preprocess.Config{Workers: w})
		equalBakes(t, serial, par)
	}
}

// TestUpdateEqualsRebuild edits random rectangles (walls going up and
// coming down, terrain changing) and compares the updated bake with one
// built from scratch after every edit.
func TestUpdateEqualsRebuild(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	rounds := 12
	edits := 25
	if testing.Short() {
		rounds, edits = 4, 15
	}
	for round := range rounds {
		rule := grid.Movement(round % 3)
		g := genGrid(t, 60+r.IntN(120), 60+r.IntN(120), uint64(100+round), rule)
		cs := []int{8, 16, 32}[round%3]
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for range edits {
			x, y := r.IntN(g.Width()), r.IntN(g.Height())
			rect := grid.R(x, y, x+1+r.IntN(12), y+1+r.IntN(12)).Intersect(g.Bounds())
			switch r.IntN(3) {
			case 0:
				g.Fill(rect, false)
			case 1:
				g.Fill(rect, true)
			default:
				g.FillWeight(rect, uint8(1+r.IntN(5)))
			}
			if err := b.Update(rect, 2); err != nil {
				t.Fatal(err)
			}
			fresh, _ := preprocess.Build(g, preprocess.Config{ClusterSize: cs})
			equalBakes(t, fresh, b)
		}
		verify(t, g, b, false)
	}
}

func TestBakeRoundTrip(t *testing.T) {
	g := genGrid(t, 200, 150, 9, grid.Octile)
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Placed: []grid.Point{grid.Pt(1, 1)}})
	if !g.Passable(grid.Pt(1, 1)) {
		t.Skip("placed point blocked on this map")
	}
	data := b.AppendBinary(nil)
	l, err := preprocess.Load(data, g, 0)
	if err != nil {
		t.Fatal(err)
	}
	equalBakes(t, b, l)

	// Damage of every kind gives a clear error, never a panic.
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("XTSPBAKE"), data[8:]...),
		"truncated": data[:len(data)-9],
		"version":   append(append(append([]byte{}, data[:8]...), 1, 0), data[10:]...),
		"flipped":   flip(data, len(data)/2),
	} {
		if _, err := preprocess.Load(bad, g, 0); !errors.Is(err, preprocess.ErrBake) {
			t.Errorf("%s: %v", name, err)
		}
	}
	other := g.Clone()
	other.SetPassable(grid.Pt(0, 0), !g.Passable(grid.Pt(0, 0)))
	if _, err := preprocess.Load(data, other, 0); !errors.Is(err, preprocess.ErrBake) {
		t.Errorf("wrong map: %v", err)
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte{}, b...)
	c[i] ^= 0x40
	return c
}

func TestConfigErrors(t *testing.T) {
	g, _ := grid.New(10, 10, grid.Octile)
	g.SetPassable(grid.Pt(3, 3), false)
	for _, cfg := range []preprocess.Config{
		{ClusterSize: 3}, {ClusterSize: 300}, {Workers: -1},
		{Placed: []grid.Point{grid.Pt(3, 3)}}, {Placed: []grid.Point{grid.Pt(10, 0)}},
	} {
		if _, err := preprocess.Build(g, cfg); !errors.Is(err, preprocess.ErrConfig) {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
}

// TestArenaBakeIsCurrent fails when the embedded example bake no longer
// matches what Build makes: run `go generate ./preprocess`.
func TestArenaBakeIsCurrent(t *testing.T) {
	g := testmaps.ReadGrid(t, "testdata/arena.map")
	b, _ := preprocess.Build(g, preprocess.Config{})
	if !bytes.Equal(b.AppendBinary(nil), arenaNav) {
		t.Fatal("testdata/arena.nav is stale: run go generate ./preprocess")
	}
}

// FuzzLoadBake feeds damaged bake files to Load. Half the time it repairs
// the checksum first, so that the structure behind it is fuzzed too. Load
// must return a bake or an ErrBake error, never panic.
func FuzzLoadBake(f *testing.F) {
	f.Add(arenaNav, false)
	f.Add(arenaNav[:40], true)
	g, _ := grid.New(12, 9, grid.Octile)
	g.Fill(grid.R(5, 0, 6, 8), false)
	small, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 4, Placed: []grid.Point{grid.Pt(0, 0)}})
	f.Add(small.AppendBinary(nil), true)
	arena := testmaps.ReadGrid(f, "testdata/arena.map")
	mid, err := preprocess.Build(arena, preprocess.Config{ClusterSize: 16, MiddleFrom: 12})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(mid.AppendBinary(nil), false)
	f.Add(doorsV3, false) // the formats of older builds
	f.Add(doorsV4, false)
	f.Fuzz(func(t *testing.T, data []byte, fix bool) {
		if fix && len(data) >= 24 {
			data = append([]byte{}, data...)
			n := len(data) - 24
			binary.LittleEndian.PutUint64(data[12:], uint64(n))
			binary.LittleEndian.PutUint32(data[20+n:], crc32.Checksum(data[20:20+n], crc32.MakeTable(crc32.Castagnoli)))
		}
		for _, gr := range []*grid.Grid{g, arena} {
			b, err := preprocess.Load(data, gr, 1)
			if err != nil {
				if !errors.Is(err, preprocess.ErrBake) {
					t.Fatalf("error %v does not wrap ErrBake", err)
				}
				continue
			}
			b.Stats()
		}
		if _, err := preprocess.ReadInfo(data); err != nil && !errors.Is(err, preprocess.ErrBake) {
			t.Fatalf("ReadInfo error %v does not wrap ErrBake", err)
		}
	})
}
