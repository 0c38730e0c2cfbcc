package bench_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/testmaps"
)

// TestRunGenerated runs every algorithm on two small generated maps and
// checks the report: every query answered and counted, the exact
// algorithms on the optimum, the hierarchy never below it, and the table,
// CSV and JSON written.
func TestRunGenerated(t *testing.T) {
	maps := bench.Generated([]int{64, 96}, 40, 3)
	algos := bench.Algorithms(bench.Config{ClusterSize: 16})
	calls := 0
	rep, err := bench.Run(context.Background(), maps, algos, bench.Options{BucketWidth: 5, Progress: func(bench.Progress) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Interrupted || len(rep.Maps) != 2 || len(rep.Queries) != 2*40*len(algos) || calls < len(rep.Queries) {
		t.Fatalf("interrupted %v, maps %v, %d queries, %d progress calls", rep.Interrupted, rep.Maps, len(rep.Queries), calls)
	}
	sums := rep.Summaries()
	perAlgo := map[string]bench.Summary{}
	for _, s := range sums {
		if s.Map == "" && s.Bucket < 0 {
			perAlgo[s.Algorithm] = s
		}
		if s.Bucket >= 0 && s.Bucket%5 != 0 {
			t.Errorf("bucket %d not a multiple of the width", s.Bucket)
		}
	}
	for _, a := range []string{"astar", "dijkstra"} {
		if s := perAlgo[a]; s.Queries != 80 || s.MaxOver != 0 || s.MeanExpanded <= 0 || s.PrepMillis != 0 {
			t.Errorf("%s: %+v", a, s)
		}
	}
	for _, a := range []string{"hpa", "hpa-smooth"} {
		s := perAlgo[a]
		if s.Queries != 80 || s.MeanOver < 0 || s.MeanOver > 0.05 || s.PrepMillis <= 0 || s.BytesPerCell <= 0 {
			t.Errorf("%s: %+v", a, s)
		}
		if s.P50Micros > s.P95Micros || s.P95Micros > s.P99Micros {
			t.Errorf("%s: quantiles out of order: %+v", a, s)
		}
	}
	if perAlgo["hpa-smooth"].MeanOver > perAlgo["hpa"].MeanOver {
		t.Errorf("smoothing made paths longer: %v > %v", perAlgo["hpa-smooth"].MeanOver, perAlgo["hpa"].MeanOver)
	}

	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil || !strings.Contains(table.String(), "hpa-smooth") || !strings.Contains(table.String(), "gen96") {
		t.Errorf("table: %v\n%s", err, table.String())
	}
	var c bytes.Buffer
	if err := rep.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(rows) != len(sums)+1 || rows[0][0] != "algorithm" {
		t.Errorf("CSV: %v, %d rows for %d summaries", err, len(rows), len(sums))
	}
	var j bytes.Buffer
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Queries   []bench.Query
		Summaries []bench.Summary
	}
	if err := json.Unmarshal(j.Bytes(), &back); err != nil || len(back.Queries) != len(rep.Queries) || len(back.Summaries) != len(sums) {
		t.Errorf("JSON: %v, %d queries, %d summaries", err, len(back.Queries), len(back.Summaries))
	}
}

// TestInterrupt: a run whose context ends returns what finished, marked.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	rep, err := bench.Run(ctx, bench.Generated([]int{64}, 50, 1), bench.Algorithms(bench.Config{})[:1], bench.Options{Progress: func(p bench.Progress) {
		if n++; n == 20 {
			cancel()
		}
	}})
	if err != nil || !rep.Interrupted || len(rep.Queries) == 0 || len(rep.Queries) >= 50 {
		t.Fatalf("err %v, interrupted %v, %d queries", err, rep.Interrupted, len(rep.Queries))
	}
}

// wrong answers with a path that skips a cell.
type wrong struct{}

func (wrong) Find(a, z grid.Point, dst []grid.Point) ([]grid.Point, int, bool, error) {
	return append(dst[:0], a, z), 1, true, nil
}

// TestWrongPathsFail: a path that is not legal is an error, not a figure.
func TestWrongPathsFail(t *testing.T) {
	bad := bench.Algorithm{Name: "wrong", Prepare: func(*grid.Grid) (bench.Solver, bench.Prepared, error) { return wrong{}, bench.Prepared{}, nil }}
	if _, err := bench.Run(context.Background(), bench.Generated([]int{64}, 10, 1), []bench.Algorithm{bad}, bench.Options{}); err == nil {
		t.Fatal("a path that jumps across the map passed")
	}
	if _, err := bench.Select(bench.Algorithms(bench.Config{}), "astar,magic"); err == nil {
		t.Error("an unknown algorithm was selected")
	}
}

// TestMovingAIFolder runs one StarCraft map (every 40th line) through the
// folder loader.
func TestMovingAIFolder(t *testing.T) {
	dir := testmaps.Require(t)
	maps, err := bench.Files(filepath.Join(dir, "sc1"))
	if err != nil || len(maps) < 2 {
		t.Fatalf("%v, %d maps", err, len(maps))
	}
	algos, _ := bench.Select(bench.Algorithms(bench.Config{}), "astar,hpa-smooth")
	rep, err := bench.Run(context.Background(), maps[:1], algos, bench.Options{Every: 40})
	if err != nil || len(rep.Queries) == 0 {
		t.Fatalf("%v, %d queries", err, len(rep.Queries))
	}
}

// TestScale measures two small sizes.
func TestScale(t *testing.T) {
	rows, err := bench.Scale(context.Background(), []int{64, 128}, bench.ScaleOptions{Queries: 20, Seed: 2})
	if err != nil || len(rows) != 2 {
		t.Fatalf("%v, %d rows", err, len(rows))
	}
	for _, r := range rows {
		if r.BuildMillis <= 0 || r.BuildMillis1 <= 0 || r.FileBytes <= 0 || r.BakeBytes <= 0 || r.Queries != 20 || r.WarmMeanMicros <= 0 || r.WarmP99Micros < r.WarmMeanMicros || r.AStarQueries != 20 || r.MeanOver < 0 {
			t.Errorf("%+v", r)
		}
	}
	var b bytes.Buffer
	if err := bench.WriteScaleTable(&b, rows); err != nil || !strings.Contains(b.String(), "128²") {
		t.Errorf("%v\n%s", err, b.String())
	}
}
