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
	if d == "" && os.Getenv("RTSPATH_REQUIRE_MAPS") == "1" {
		tb.Fatal("benchmark maps not found in ../shared/maps or RTSPATH_MAPS, and RTSPATH_REQUIRE_MAPS=1")
	}
	if d == "" {
		tb.Skip("benchmark maps not found: put them in ../shared/maps or set RTSPATH_MAPS")
	}
	return d
}

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
