package grid_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// manifest reads MANIFEST.tsv: per map file, the published counts of
// invalid-endpoint and unsolvable lines. A maps folder without one (the
// maps as movingai.com serves them) gives nil, unless
// RTSPATH_REQUIRE_MAPS=1 (CI), where it must be there.
func manifest(t testing.TB, dir string) map[string][2]int {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if os.IsNotExist(err) && !testmaps.Required() {
		t.Logf("no MANIFEST.tsv in %s: the counts of blocked-endpoint and unsolvable lines go unchecked", dir)
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][2]int{}
	sc := bufio.NewScanner(f)
	var col map[string]int
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if col == nil {
			col = map[string]int{}
			for i, name := range f {
				col[name] = i
			}
			continue
		}
		inv, _ := strconv.Atoi(f[col["invalid_endpoint_lines"]])
		uns, _ := strconv.Atoi(f[col["unsolvable_lines"]])
		out[f[col["map_file"]]] = [2]int{inv, uns}
	}
	return out
}

// stride is how many scenario lines a test skips between two it solves:
// 1 with RTSPATH_FULL=1, 10 by default, 40 with -short; RTSPATH_STRIDE=n
// sets n (CI's run under js/wasm, ten times slower, takes every 160th).
func stride() int {
	if n, err := strconv.Atoi(os.Getenv("RTSPATH_STRIDE")); err == nil && n > 0 {
		return n
	}
	switch {
	case os.Getenv("RTSPATH_FULL") != "":
		return 1
	case testing.Short():
		return 40
	}
	return 10
}

// TestMovingAIOptimal solves the benchmark scenarios with A* and checks
// every path cell by cell and its length against the published optimum.
// Lines with a blocked endpoint must be reported (ErrBlocked) and lines
// published as unsolvable must find no path; both are counted against
// MANIFEST.tsv (where the folder has one and it lists the map) and always
// run in full. Solvable lines are sampled (see stride).
func TestMovingAIOptimal(t *testing.T) {
	dir := testmaps.Require(t)
	man := manifest(t, dir)
	maps := testmaps.All(t)
	step := stride()
	for _, m := range maps {
		t.Run(m.Set+"/"+m.Name, func(t *testing.T) {
			t.Parallel()
			g, scens := testmaps.Load(t, m)
			s := grid.NewSearcher(g)
			var buf []grid.Point
			invalid, unsolvable, solved := 0, 0, 0
			for i, sc := range scens {
				trivialZero := sc.Optimal == 0 && sc.Start != sc.Goal
				if !g.Passable(sc.Start) || !g.Passable(sc.Goal) {
					_, err := s.FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
					if err == nil {
						t.Errorf("line %d: blocked endpoint accepted", i)
					}
					invalid++
					continue
				}
				if i%step != 0 && !trivialZero {
					continue
				}
				res, err := s.FindPath(sc.Start, sc.Goal, grid.Options{}, buf)
				if err != nil {
					t.Fatalf("line %d: %v", i, err)
				}
				buf = res.Path
				if res.Status != grid.Found {
					if trivialZero {
						unsolvable++
						continue
					}
					t.Errorf("line %d %v->%v: %v, want length %v", i, sc.Start, sc.Goal, res.Status, sc.Optimal)
					continue
				}
				if trivialZero {
					t.Errorf("line %d: published unsolvable, found a path", i)
				}
				c, err := g.PathCost(res.Path)
				if err != nil || c != res.Cost {
					t.Fatalf("line %d: invalid path (cost %d vs %d): %v", i, c, res.Cost, err)
				}
				if res.Path[0] != sc.Start || res.Path[len(res.Path)-1] != sc.Goal {
					t.Fatalf("line %d: path runs %v->%v", i, res.Path[0], res.Path[len(res.Path)-1])
				}
				if l := grid.Length(res.Path); !sc.Matches(l) {
					t.Errorf("line %d %v->%v: length %.8f, published %v", i, sc.Start, sc.Goal, l, sc.Optimal)
				}
				solved++
			}
			want, listed := man[m.Name+".map"]
			if !listed && testmaps.Required() {
				t.Errorf("%s.map is not in MANIFEST.tsv", m.Name)
			}
			if listed && (invalid != want[0] || unsolvable != want[1]) {
				t.Errorf("invalid endpoints %d, unsolvable %d; MANIFEST says %d, %d", invalid, unsolvable, want[0], want[1])
			}
			if solved == 0 {
				t.Errorf("no line solved")
			}
		})
	}
}
