// Package testmaps finds the Moving AI benchmark maps that tests and
// benchmarks read. The maps are not part of the repository: they live in
// ../shared/maps beside the checkout (or wherever RTSPATH_MAPS points).
package testmaps

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
)

// Dir returns the benchmark map folder, or "" if there is none.
func Dir() string {
	if d := os.Getenv("RTSPATH_MAPS"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			m := filepath.Join(d, "..", "shared", "maps")
			if st, err := os.Stat(m); err == nil && st.IsDir() {
				return m
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Require returns the map folder or skips the test when it is missing
// (fails instead when RTSPATH_REQUIRE_MAPS=1, as in CI, so that a missing
// folder cannot pass for a green run).
func Require(tb testing.TB) string {
	tb.Helper()
	d := Dir()
	if d == "" && Required() {
		tb.Fatal("benchmark maps not found in ../shared/maps or RTSPATH_MAPS, and RTSPATH_REQUIRE_MAPS=1")
	}
	if d == "" {
		tb.Skip("benchmark maps not found: put them in ../shared/maps or set RTSPATH_MAPS")
	}
	return d
}

// Required says whether the benchmark maps and what comes with them must
// be there (RTSPATH_REQUIRE_MAPS=1, as in CI) rather than be skipped.
func Required() bool { return os.Getenv("RTSPATH_REQUIRE_MAPS") == "1" }

// Map is one benchmark map with its scenario file.
type Map struct {
	Set  string // folder: sc1, wc3, dao, ...
	Name string // file name without .map
	Path string // the .map file
	Scen string // the .map.scen file
}

// List returns the maps of the given sets (all sets if none), sorted by set
// and name.
func List(dir string, sets ...string) ([]Map, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.map"))
	if err != nil {
		return nil, err
	}
	var out []Map
	for _, f := range files {
		set := filepath.Base(filepath.Dir(f))
		if len(sets) > 0 && !slices.Contains(sets, set) {
			continue
		}
		out = append(out, Map{Set: set, Name: strings.TrimSuffix(filepath.Base(f), ".map"), Path: f, Scen: f + ".scen"})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Set != out[j].Set {
			return out[i].Set < out[j].Set
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// All returns the maps of the given sets (all sets if none) in the map
// folder, skipping tb as Require does when there is none and failing it
// when the folder holds no such maps.
func All(tb testing.TB, sets ...string) []Map {
	tb.Helper()
	dir := Require(tb)
	maps, err := List(dir, sets...)
	if err != nil || len(maps) == 0 {
		tb.Fatalf("no maps in %s: %v", dir, err)
	}
	return maps
}

// Grid reads the map name of set (as "dao", "den011d") from the map
// folder, skipping tb as Require does when there is none and failing it
// when the map is not there.
func Grid(tb testing.TB, set, name string) *grid.Grid {
	tb.Helper()
	for _, m := range All(tb, set) {
		if m.Name == name {
			return ReadGrid(tb, m.Path)
		}
	}
	tb.Fatalf("%s/%s.map not found", set, name)
	return nil
}

// ReadGrid reads a .map file under the Moving AI rule, failing tb on error.
func ReadGrid(tb testing.TB, path string) *grid.Grid {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	g, err := grid.ReadMap(f, grid.MapOptions{})
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return g
}

// Load reads a benchmark map and its scenarios, failing tb on error.
func Load(tb testing.TB, m Map) (*grid.Grid, []grid.Scenario) {
	tb.Helper()
	g := ReadGrid(tb, m.Path)
	f, err := os.Open(m.Scen)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc, err := grid.ReadScen(f)
	if err != nil {
		tb.Fatalf("%s: %v", m.Scen, err)
	}
	return g, sc
}

// Bench returns the maps of the given sets (all sets if none) for a
// benchmark, failing b when there are none: no map folder, or none of
// those maps in it. A benchmark without its input has no figure to
// report, so it never skips, whatever RTSPATH_REQUIRE_MAPS says.
func Bench(b *testing.B, sets ...string) []Map {
	b.Helper()
	dir := Dir()
	if dir == "" {
		b.Fatal("benchmark maps not found: put them in ../shared/maps or set RTSPATH_MAPS")
	}
	maps, err := List(dir, sets...)
	if err != nil || len(maps) == 0 {
		b.Fatalf("no %v maps in %s (%v)", sets, dir, err)
	}
	return maps
}
