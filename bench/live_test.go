package bench_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// TestLive replays a short match on a small map: the figures hold
// together, the table ends with the summary line, and every unit's
// final answer on the edited live map agrees with exact A* on the
// script's own copy of the final map (the same status, a legal path
// costing what it says and no less than the optimum). Live itself fails
// when the three replays (one by one, FindAll on 1 and 2 workers)
// answer differently, or when the edited map differs from the script's
// copy or its bake from a fresh one's.
func TestLive(t *testing.T) {
	const units, ticks, every = 60, 12, 3
	rep, err := bench.Live(context.Background(), bench.LiveOptions{Size: 128, Units: units, Ticks: ticks, Every: every, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.MatchQueries != ticks*units/every || rep.FinalQueries != units || rep.Edits < ticks || rep.Edits > 2*ticks {
		t.Fatalf("%d match queries, %d final, %d edits", rep.MatchQueries, rep.FinalQueries, rep.Edits)
	}
	if !(rep.PublishP50 > 0 && rep.PublishP50 <= rep.PublishP99 && rep.PublishP99 <= rep.PublishMax) || rep.Batch100 <= 0 ||
		!(rep.MatchP50 > 0 && rep.MatchP50 <= rep.MatchP99) || !(rep.QueryP50 > 0 && rep.QueryP50 <= rep.QueryP99) ||
		!(rep.FreshP50 > 0 && rep.FreshP50 <= rep.FreshP99) || rep.PathsPerSec[0] <= 0 || rep.PathsPerSec[1] <= 0 ||
		rep.Speedup2 != rep.PathsPerSec[1]/rep.PathsPerSec[0] {
		t.Fatalf("figures out of order: %+v", rep)
	}
	g, reqs, answers := bench.LiveFinal(rep)
	s := grid.NewSearcher(g)
	found := 0
	for i, rq := range reqs {
		want, err := s.FindPath(rq.Start, rq.Goal, grid.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := answers[i]
		if a.Err != nil || (a.Status == hpa.Found) != (want.Status == grid.Found) {
			t.Fatalf("%v→%v: %v %v, A* %v", rq.Start, rq.Goal, a.Status, a.Err, want.Status)
		}
		if a.Status != hpa.Found {
			continue
		}
		found++
		c, err := g.PathCost(a.Path)
		if err != nil || c != a.Cost || a.Path[0] != rq.Start || a.Path[len(a.Path)-1] != rq.Goal || c < want.Cost {
			t.Fatalf("%v→%v: path costs %d (%v), answer %d, optimum %d", rq.Start, rq.Goal, c, err, a.Cost, want.Cost)
		}
	}
	if found != rep.Found {
		t.Fatalf("%d paths found, the report says %d", found, rep.Found)
	}
	var out bytes.Buffer
	if err := bench.WriteLiveTable(&out, rep); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	last := regexp.MustCompile(`^# live publish_us=\d+ batch100_us=\d+ query_p50_us=[0-9.]+ query_p99_us=[0-9.]+ fresh_query_p50_us=[0-9.]+ speedup_2cores=[0-9.]+$`)
	if !last.MatchString(lines[len(lines)-1]) || !strings.Contains(out.String(), "FindAll, 2 workers") {
		t.Fatalf("table:\n%s", out.String())
	}
}

// TestLiveRefuses: bad options and a cancelled run are errors.
func TestLiveRefuses(t *testing.T) {
	if _, err := bench.Live(context.Background(), bench.LiveOptions{Size: 8}); err == nil {
		t.Error("a map of 8² was accepted")
	}
	if _, err := bench.Live(context.Background(), bench.LiveOptions{Size: 64, Units: -1}); err == nil {
		t.Error("-1 units were accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := bench.Live(ctx, bench.LiveOptions{Size: 64, Units: 10, Ticks: 5}); err == nil {
		t.Error("a cancelled run returned no error")
	}
}
