package hpa_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/testmaps"
	"github.com/rtspath/rtspath/preprocess"
)

// padMap returns the Moving AI map text src with dx blocked columns
// added on the left and dy blocked rows on top: the same terrain, lying
// elsewhere on the clusters.
func padMap(tb testing.TB, src string, dx, dy int) string {
	tb.Helper()
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var h, w int
	if len(lines) < 4 || lines[3] != "map" {
		tb.Fatalf("not a Moving AI map header: %q", lines[:min(4, len(lines))])
	}
	if _, err := fmt.Sscanf(lines[1]+" "+lines[2], "height %d width %d", &h, &w); err != nil {
		tb.Fatalf("header %q %q: %v", lines[1], lines[2], err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\nheight %d\nwidth %d\nmap\n", lines[0], h+dy, w+dx)
	for range dy {
		sb.WriteString(strings.Repeat("@", w+dx) + "\n")
	}
	for _, row := range lines[4 : 4+h] {
		sb.WriteString(strings.Repeat("@", dx) + row + "\n")
	}
	return sb.String()
}

// TestShiftedMovingAI: the benchmark maps padded with blocked cells at
// the top left, so that their walls, doors and islands fall elsewhere on
// the cluster borders, must keep issue 19's bounds per set: smoothed
// paths within 1% of the published optimum on average and 10% at worst
// (8% for StarCraft), legal and never below it. Each set runs the shift
// at which the placement of bake formats 3 and 4 (one point on runs
// under 6 cells, a middle on whole sides alone) broke or nearly broke
// them, every
// 8th line: StarCraft by (0,21), 8.83% worst then; the Dragon Age maps
// by (16,16), 9.75%; the room maps by (0,21), 16.69% (the README's
// "Transition points" has all sets at four shifts). -short leaves out
// StarCraft.
func TestShiftedMovingAI(t *testing.T) {
	for _, tc := range []struct {
		set    string
		dx, dy int
		worst  float64
	}{
		{"sc1", 0, 21, 0.08},
		{"dao", 16, 16, 0.10},
		{"room", 0, 21, 0.10},
	} {
		if testing.Short() && tc.set == "sc1" {
			continue // 28 bakes: the long run's
		}
		var over []float64
		var buf []grid.Point
		for _, m := range testmaps.All(t, tc.set) {
			_, scens := testmaps.Load(t, m)
			src, err := os.ReadFile(m.Path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := grid.ReadMap(strings.NewReader(padMap(t, string(src), tc.dx, tc.dy)), grid.MapOptions{})
			if err != nil {
				t.Fatalf("%s padded: %v", m.Name, err)
			}
			b, err := preprocess.Build(g, preprocess.Config{})
			if err != nil {
				t.Fatal(err)
			}
			q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
			d := grid.Pt(tc.dx, tc.dy)
			for i, sc := range scens {
				a, z := sc.Start.Add(d), sc.Goal.Add(d)
				if i%8 != 0 || sc.Optimal == 0 || !g.Contains(a) || !g.Contains(z) || !g.Passable(a) || !g.Passable(z) {
					continue
				}
				res, err := q.Find(a, z, hpa.Options{Smooth: hpa.Cells}, buf)
				if err != nil || res.Status != hpa.Found {
					t.Fatalf("%s/%s line %d shifted by %v: %v %v", tc.set, m.Name, i, d, res.Status, err)
				}
				buf = res.Path
				p := res.Path
				if p[0] != a || p[len(p)-1] != z {
					t.Fatalf("%s/%s line %d: path runs %v→%v, want %v→%v", tc.set, m.Name, i, p[0], p[len(p)-1], a, z)
				}
				if _, err := g.PathCost(p); err != nil {
					t.Fatalf("%s/%s line %d: %v", tc.set, m.Name, i, err)
				}
				l := grid.Length(p)
				if l < sc.Optimal-sc.Tolerance() {
					t.Fatalf("%s/%s line %d: length %v below the optimum %v", tc.set, m.Name, i, l, sc.Optimal)
				}
				over = append(over, max(0, l/sc.Optimal-1))
			}
		}
		if len(over) < 400 {
			t.Fatalf("%s shifted by (%d,%d): %d paths measured, want 400 or more", tc.set, tc.dx, tc.dy, len(over))
		}
		mean, p99, worst := summary(over)
		t.Logf("%s shifted by (%d,%d): %d paths, smoothed mean +%.3f%%, p99 +%.2f%%, worst +%.2f%%", tc.set, tc.dx, tc.dy, len(over), 100*mean, 100*p99, 100*worst)
		if mean > 0.01 || worst > tc.worst {
			t.Errorf("%s shifted by (%d,%d): mean +%.3f%%, worst +%.2f%%; want at most 1%% and %.0f%%", tc.set, tc.dx, tc.dy, 100*mean, 100*worst, 100*tc.worst)
		}
	}
}
