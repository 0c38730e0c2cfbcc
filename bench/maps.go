package bench

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/mapgen"
)

// Map is one map to run, loaded when its turn comes (so a run over a
// whole benchmark set holds one map at a time).
type Map struct {
	Name string
	Load func() (*grid.Grid, []grid.Scenario, error)
}

// Files returns the Moving AI maps at path: a .map file (with its
// .map.scen beside it), or every .map under a folder, searched
// recursively, in name order (folder name first).
func Files(path string) ([]Map, error) { return FilesWith(path, grid.MapOptions{}) }

// FilesWith is Files reading the maps with opt (their terrain types, say).
func FilesWith(path string, opt grid.MapOptions) ([]Map, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var files []string
	if !st.IsDir() {
		files = []string{path}
	} else {
		err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".map") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("bench: no .map files in %s", path)
	}
	maps := make([]Map, len(files))
	for i, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".map")
		if st.IsDir() {
			if rel, err := filepath.Rel(path, f); err == nil {
				name = strings.TrimSuffix(rel, ".map")
			}
		}
		maps[i] = Map{Name: name, Load: func() (*grid.Grid, []grid.Scenario, error) { return loadFile(f, opt) }}
	}
	return maps, nil
}

// LoadFile reads a Moving AI map and its scenario file (the map's name +
// .scen).
func LoadFile(path string) (*grid.Grid, []grid.Scenario, error) {
	return loadFile(path, grid.MapOptions{})
}

func loadFile(path string, opt grid.MapOptions) (*grid.Grid, []grid.Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	g, err := grid.ReadMap(f, opt)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	sf, err := os.Open(path + ".scen")
	if err != nil {
		return nil, nil, err
	}
	defer sf.Close()
	sc, err := grid.ReadScen(sf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s.scen: %w", path, err)
	}
	return g, sc, nil
}

// Generated returns one generated RTS map per size (square, seeded), with
// queries scenarios whose optimal lengths come from our exact A*
// (computed when the map is loaded).
func Generated(sizes []int, queries int, seed uint64) []Map {
	var maps []Map
	for _, n := range sizes {
		name := fmt.Sprintf("gen%d", n)
		maps = append(maps, Map{Name: name, Load: func() (*grid.Grid, []grid.Scenario, error) {
			m, err := mapgen.Generate(mapgen.Config{Width: n, Height: n, Seed: seed})
			if err != nil {
				return nil, nil, err
			}
			g, err := m.Grid(grid.MapOptions{})
			if err != nil {
				return nil, nil, err
			}
			var sc []grid.Scenario
			if queries > 0 {
				if sc, err = mapgen.Scenarios(m, name+".map", queries, seed); err != nil {
					return nil, nil, err
				}
			}
			return g, sc, nil
		}})
	}
	return maps
}
