package tiled_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/nopanic"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/tiled"
)

// small is what testdata/small.tmx and small.tmj hold, drawn by hand
// from how the files were written: '#' blocked (the walls layer's
// blocked=true tiles, one of them flipped; water tiles with
// walkable=false; two tiles on the hidden "Collision" layer), '3' swamp
// (weight=3), 'R' road (weight=1, terrain=3: the decor group's roads
// layer comes later than the ground, so it wins over swamp), '.' plain.
const small = `
....#.......
....#.3333..
....#.3333..
....#RRRRRRR
....#.3333..
....#.......
.##.......##
............`

// checkSmall compares g with small, cell by cell.
func checkSmall(t *testing.T, g *grid.Grid, what string) {
	t.Helper()
	rows := strings.Fields(small)
	if g.Width() != len(rows[0]) || g.Height() != len(rows) {
		t.Fatalf("%s: %d×%d, want %d×%d", what, g.Width(), g.Height(), len(rows[0]), len(rows))
	}
	for y, row := range rows {
		for x, ch := range row {
			p := grid.Pt(x, y)
			wantOpen, wantW, wantT := ch != '#', uint8(1), 0
			switch ch {
			case '3':
				wantW = 3
			case 'R':
				wantT = 3
			}
			if g.Passable(p) != wantOpen || wantOpen && (g.Weight(p) != wantW || g.Terrain(p) != wantT) {
				t.Errorf("%s: %v: passable %v weight %d terrain %d, want %c", what, p, g.Passable(p), g.Weight(p), g.Terrain(p), ch)
			}
		}
	}
}

// TestLoadSmall: both formats, read from an fs.FS, from files and from
// a reader, give the drawn cells.
func TestLoadSmall(t *testing.T) {
	for _, name := range []string{"small.tmx", "small.tmj"} {
		g, err := tiled.Load(os.DirFS("testdata"), name, grid.Octile, tiled.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSmall(t, g, "Load "+name)
		g, err = tiled.LoadFile("testdata/"+name, grid.Octile, tiled.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSmall(t, g, "LoadFile "+name)
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		g, err = tiled.Read(bytes.NewReader(data), name, os.DirFS("testdata"), grid.Cardinal, tiled.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSmall(t, g, "Read "+name)
		if g.Movement() != grid.Cardinal {
			t.Errorf("Read %s: movement %v, want cardinal", name, g.Movement())
		}
	}
}

// TestOptions: names given in Options (or by ParseOptions) replace the
// defaults: the ground layer as a collision layer blocks every cell;
// another weight property leaves the swamp at weight 1.
func TestOptions(t *testing.T) {
	o, err := tiled.ParseOptions("layer=GROUND, weight=cost")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"small.tmx", "small.tmj"} {
		g, err := tiled.Load(os.DirFS("testdata"), name, grid.Octile, o)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for y := range g.Height() {
			for x := range g.Width() {
				if g.Passable(grid.Pt(x, y)) {
					n++
				}
			}
		}
		if n != 0 {
			t.Errorf("%s with the ground as collision layer: %d cells passable, want 0", name, n)
		}
		g, err = tiled.Load(os.DirFS("testdata"), name, grid.Octile, tiled.Options{Weight: "cost"})
		if err != nil {
			t.Fatal(err)
		}
		if w := g.Weight(grid.Pt(7, 1)); w != 1 {
			t.Errorf("%s with weight=cost: swamp weighs %d, want 1", name, w)
		}
	}
	for _, bad := range []string{"layer", "colour=red", "weight=", ",,"} {
		if _, err := tiled.ParseOptions(bad); !errors.Is(err, tiled.ErrOptions) {
			t.Errorf("ParseOptions(%q): %v, want ErrOptions", bad, err)
		}
	}
}

// TestBakeRoundTrip: a Tiled map's bake, written and loaded against the
// map read again, is the same bake.
func TestBakeRoundTrip(t *testing.T) {
	for _, name := range []string{"small.tmx", "small.tmj"} {
		g, err := tiled.LoadFile("testdata/"+name, grid.Octile, tiled.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 4})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := b.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		g2, err := tiled.LoadFile("testdata/"+name, grid.Octile, tiled.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b2, err := preprocess.Load(buf.Bytes(), g2, 0)
		if err != nil {
			t.Fatalf("%s: loading its bake: %v", name, err)
		}
		if b.Stats() != b2.Stats() {
			t.Errorf("%s: bake %+v, loaded %+v", name, b.Stats(), b2.Stats())
		}
		var buf2 bytes.Buffer
		if _, err := b2.WriteTo(&buf2); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Errorf("%s: the loaded bake writes other bytes (%v)", name, err)
		}
	}
}

// malformed are Tiled files that must be refused with ErrFormat.
var malformed = map[string]string{
	"empty.tmx":      ``,
	"notmap.tmx":     `<tileset/>`,
	"huge.tmx":       `<map width="40000" height="40000"></map>`,
	"zero.tmx":       `<map width="0" height="4"></map>`,
	"badwidth.tmx":   `<map width="x" height="4"></map>`,
	"infinite.tmx":   `<map width="4" height="4" infinite="1"></map>`,
	"hex.tmx":        `<map width="4" height="4" orientation="hexagonal"></map>`,
	"short.tmx":      `<map width="2" height="2"><layer name="a"><data encoding="csv">1,0,0</data></layer></map>`,
	"badgid.tmx":     `<map width="1" height="1"><layer name="a"><data encoding="csv">7</data></layer></map>`,
	"badb64.tmx":     `<map width="1" height="1"><layer name="a"><data encoding="base64">!!</data></layer></map>`,
	"badweight.tmx":  `<map width="1" height="1"><tileset firstgid="1"><tile id="0"><properties><property name="weight" value="0"/></properties></tile></tileset><layer name="a"><data encoding="csv">1</data></layer></map>`,
	"badterrain.tmx": `<map width="1" height="1"><tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="9"/></properties></tile></tileset><layer name="a"><data encoding="csv">1</data></layer></map>`,
	"empty.tmj":      ``,
	"array.tmj":      `[]`,
	"huge.tmj":       `{"width":40000,"height":40000}`,
	"neg.tmj":        `{"width":-1,"height":4}`,
	"infinite.tmj":   `{"width":4,"height":4,"infinite":true}`,
	"short.tmj":      `{"width":2,"height":2,"layers":[{"type":"tilelayer","name":"a","data":[1,0,0]}]}`,
	"enc.tmj":        `{"width":1,"height":1,"layers":[{"type":"tilelayer","name":"a","encoding":"rot13","data":"x"}]}`,
	"zstd.tmj":       `{"width":1,"height":1,"layers":[{"type":"tilelayer","name":"a","encoding":"base64","compression":"zstd","data":"AAAAAA=="}]}`,
	"b64short.tmj":   `{"width":1,"height":1,"layers":[{"type":"tilelayer","name":"a","encoding":"base64","data":"AAA="}]}`,
	"zlibbad.tmj":    `{"width":1,"height":1,"layers":[{"type":"tilelayer","name":"a","encoding":"base64","compression":"zlib","data":"AAAAAA=="}]}`,
	"badweight.tmj":  `{"width":1,"height":1,"tilesets":[{"firstgid":1,"tiles":[{"id":0,"properties":[{"name":"weight","value":300}]}]}],"layers":[{"type":"tilelayer","name":"a","data":[1]}]}`,
	"badtsj.tmj":     `{"width":1,"height":1,"tilesets":[{"firstgid":1,"source":"bad.tsj"}],"layers":[]}`,
	"map.txt":        `type octile`,
	"nolayer.tmx":    `<map width="16384" height="16384"></map>`,
	"nolayer.tmj":    `{"width":16384,"height":16384,"layers":[{"type":"group","layers":[]}]}`,
}

// TestMalformed: every malformed file is an error wrapping ErrFormat
// (or fs.ErrNotExist for a tileset that is not there), never a panic.
func TestMalformed(t *testing.T) {
	fsys := fstest.MapFS{"bad.tsj": {Data: []byte(`{"tiles":7}`)}}
	for name, data := range malformed {
		err := nopanic.Call(t, name, func() error {
			_, err := tiled.Read(strings.NewReader(data), name, fsys, grid.Octile, tiled.Options{})
			return err
		})
		if !errors.Is(err, tiled.ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
	_, err := tiled.Load(fstest.MapFS{"m.tmj": {Data: []byte(`{"width":1,"height":1,"tilesets":[{"firstgid":1,"source":"gone.tsj"}]}`)}}, "m.tmj", grid.Octile, tiled.Options{})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing tileset: %v, want fs.ErrNotExist", err)
	}
	_, err = tiled.Read(strings.NewReader(`<map width="1" height="1"><tileset firstgid="1" source="t.tsx"/><layer name="a"><data encoding="csv">1</data></layer></map>`), "m.tmx", nil, grid.Octile, tiled.Options{})
	if err == nil {
		t.Error("an external tileset without a file system: no error")
	}
}

// FuzzRead: any bytes, read as either format with the test tilesets at
// hand, give a grid of the declared size or an error, never a panic.
func FuzzRead(f *testing.F) {
	fsys := fstest.MapFS{}
	for _, name := range []string{"small.tmx", "small.tmj", "terrain.tsx", "terrain.tsj"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
		if strings.HasPrefix(name, "small") {
			f.Add(data, strings.HasSuffix(name, ".tmj"))
		}
	}
	for name, data := range malformed {
		f.Add([]byte(data), strings.HasSuffix(name, ".tmj"))
	}
	f.Fuzz(func(t *testing.T, data []byte, tmj bool) {
		name := "m.tmx"
		if tmj {
			name = "m.tmj"
		}
		g, err := tiled.Read(bytes.NewReader(data), name, fsys, grid.Octile, tiled.Options{})
		if err != nil {
			return
		}
		if g.Width() < 1 || g.Height() < 1 || g.Width()*g.Height() > grid.MaxCells {
			t.Fatalf("a %d×%d grid", g.Width(), g.Height())
		}
	})
}

// TestTilesets: a global id belongs to the tileset of the greatest first
// id not above it (a stray tile entry of another tileset counts for
// nothing), an image-collection tileset's listed ids count even past its
// tile count, and an id past a tileset's tiles is an error.
func TestTilesets(t *testing.T) {
	const sets = `<tileset firstgid="1" tilecount="10"><tile id="15"><properties><property name="blocked" value="true"/></properties></tile></tileset>` +
		`<tileset firstgid="11" tilecount="10"/>` +
		`<tileset firstgid="21" tilecount="2"><tile id="5"><properties><property name="weight" value="4"/></properties></tile></tileset>`
	tmx := func(gids string) string {
		return `<map width="3" height="1">` + sets + `<layer name="a"><data encoding="csv">` + gids + `</data></layer></map>`
	}
	g, err := tiled.Read(strings.NewReader(tmx("16,26,1")), "m.tmx", nil, grid.Octile, tiled.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Passable(grid.Pt(0, 0)) || g.Weight(grid.Pt(1, 0)) != 4 || !g.Passable(grid.Pt(2, 0)) {
		t.Errorf("gid 16 passable %v (want true), gid 26 weight %d (want 4)", g.Passable(grid.Pt(0, 0)), g.Weight(grid.Pt(1, 0)))
	}
	if _, err := tiled.Read(strings.NewReader(tmx("16,24,1")), "m.tmx", nil, grid.Octile, tiled.Options{}); !errors.Is(err, tiled.ErrFormat) {
		t.Errorf("gid 24, past its tileset's 2 tiles and not listed: %v, want ErrFormat", err)
	}
}

// TestLimits: a tileset that is not a regular file, more than 256 tile
// layers, and a collision layer named in the options that the map does
// not have are errors.
func TestLimits(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(dir+"/sub.tsx", 0o755); err != nil {
		t.Fatal(err)
	}
	m := `<map width="1" height="1"><tileset firstgid="1" source="sub.tsx"/><layer name="a"><data encoding="csv">1</data></layer></map>`
	if err := os.WriteFile(dir+"/m.tmx", []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tiled.LoadFile(dir+"/m.tmx", grid.Octile, tiled.Options{}); !errors.Is(err, tiled.ErrFormat) {
		t.Errorf("a folder as tileset: %v, want ErrFormat", err)
	}
	if _, err := tiled.Load(os.DirFS(dir), "m.tmx", grid.Octile, tiled.Options{}); !errors.Is(err, tiled.ErrFormat) {
		t.Errorf("a folder as tileset (fs): %v, want ErrFormat", err)
	}
	many := `<map width="1" height="1">` + strings.Repeat(`<layer name="a"><data encoding="csv">0</data></layer>`, 257) + `</map>`
	if _, err := tiled.Read(strings.NewReader(many), "m.tmx", nil, grid.Octile, tiled.Options{}); !errors.Is(err, tiled.ErrFormat) {
		t.Errorf("257 layers: %v, want ErrFormat", err)
	}
	if _, err := tiled.LoadFile("testdata/small.tmx", grid.Octile, tiled.Options{CollisionLayers: []string{"wals"}}); !errors.Is(err, tiled.ErrOptions) {
		t.Errorf("a collision layer the map lacks: %v, want ErrOptions", err)
	}
}
