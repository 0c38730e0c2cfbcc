package bench_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/bench"
)

// smallTicks is a short replay: 300 units (15 squads) on a 256² map for
// 20 s (400 ticks).
var smallTicks = bench.TicksOptions{Size: 256, Units: 300, Seconds: 20, Budget: 20000, Seed: 1}

// TestTicks replays a short match and checks the report against the
// model: the orders the model gives in 400 ticks (every unit re-paths
// once unless idle or ordered in that tick; squads 0..14 get their order
// in ticks 200..214; the burst of tick 100 orders all 15 squads), counts that add up, latencies in order, every
// request answered, and a table that ends with the summary line, whose
// figures are the report's.
func TestTicks(t *testing.T) {
	rep, err := bench.Ticks(context.Background(), smallTicks)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Squads != 15 || rep.Ticks != 400 || rep.Bursts != 1 || rep.Burst != 300 || rep.Squad != 15*20 ||
		rep.Regular > 300 || rep.Regular < 250 || rep.Requests != rep.Regular+rep.Squad+rep.Burst {
		t.Fatalf("orders: %+v", rep)
	}
	if rep.Answered+rep.Superseded+rep.Unanswered != rep.Requests || rep.SupersededWaiting > rep.Superseded ||
		rep.Errors > rep.Answered || rep.Checked+rep.Errors != rep.Answered || rep.Wrong != 0 || rep.Unchecked != 0 {
		t.Fatalf("answers: %+v", rep)
	}
	if rep.Edits+rep.NoSpot != 20 || rep.Edits == 0 {
		t.Fatalf("%d buildings, %d seconds without a spot", rep.Edits, rep.NoSpot)
	}
	if rep.FirstStepReplies == 0 || rep.Compared < rep.Checked/50 || rep.Compared == rep.ComparedGrouped {
		t.Fatalf("%d first steps, %d checked, %d compared (%d grouped)", rep.FirstStepReplies, rep.Checked, rep.Compared, rep.ComparedGrouped)
	}
	if !(0 <= rep.FirstP50 && rep.FirstP50 <= rep.FirstP99 && rep.FirstP99 <= rep.FullP99 && rep.FirstP50 <= rep.FullP50 &&
		rep.FullP50 <= rep.FullP99 && rep.FullP99 <= rep.Ticks) {
		t.Fatalf("latencies first %d/%d full %d/%d", rep.FirstP50, rep.FirstP99, rep.FullP50, rep.FullP99)
	}
	if !(rep.TickP50 > 0 && rep.TickP50 <= rep.TickP99 && rep.TickP99 <= rep.TickMax) || !(rep.PublishP50 > 0 && rep.PublishP50 <= rep.PublishP99) ||
		rep.SpentMax > smallTicks.Budget || rep.SpentMean <= 0 || float64(rep.SpentMax) < rep.SpentMean || rep.Expanded <= 0 {
		t.Fatalf("times and expansions: %+v", rep)
	}
	var out strings.Builder
	if err := bench.WriteTicksTable(&out, rep); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	last := regexp.MustCompile(`^# ticks units=(\d+) tick_p50_us=(\d+) tick_p99_us=(\d+) tick_max_us=(\d+) first_p99_ticks=(\d+) full_p99_ticks=(\d+) unanswered=(\d+)$`)
	m := last.FindStringSubmatch(lines[len(lines)-1])
	if m == nil {
		t.Fatalf("table:\n%s", out.String())
	}
	for i, want := range []int{rep.Units, round(rep.TickP50), round(rep.TickP99), round(rep.TickMax), rep.FirstP99, rep.FullP99, rep.Unanswered} {
		if got, _ := strconv.Atoi(m[i+1]); got != want {
			t.Errorf("summary field %d: %d, the report %d\n%s", i+1, got, want, lines[len(lines)-1])
		}
	}
}

func round(v float64) int { n, _ := strconv.Atoi(fmt.Sprintf("%.0f", v)); return n }

// TestTicksSameReplies: the same options give the same replies, tick by
// tick (the report's hash of them), on 1 and on 2 cores; another seed
// or budget gives others.
func TestTicksSameReplies(t *testing.T) {
	run := func(opt bench.TicksOptions, procs int) *bench.TicksReport {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		rep, err := bench.Ticks(context.Background(), opt)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	opt := smallTicks
	opt.Seconds = 6
	a, b := run(opt, 1), run(opt, 2)
	if a.Hash != b.Hash || a.Requests != b.Requests || a.Answered != b.Answered || a.FullP99 != b.FullP99 {
		t.Fatalf("1 core: hash %x, %d requests, %d answered; 2 cores: hash %x, %d, %d", a.Hash, a.Requests, a.Answered, b.Hash, b.Requests, b.Answered)
	}
	opt.Budget = 3000
	if c := run(opt, 2); c.Hash == a.Hash {
		t.Fatalf("budget %d and %d: the same hash %x", smallTicks.Budget, opt.Budget, a.Hash)
	}
}

// TestTicksCatchesWrongAnswers: a corrupted answer fails the replay: a
// path with a cell off its line (the legality check), and a legal
// detour of consistent cost (only the comparison with FindIn sees it).
func TestTicksCatchesWrongAnswers(t *testing.T) {
	opt := smallTicks
	opt.Seconds = 3
	for kind := 1; kind <= 2; kind++ {
		rep, err := bench.Ticks(context.Background(), bench.TicksTamper(opt, kind))
		if !errors.Is(err, bench.ErrWrongAnswer) || rep == nil || rep.Wrong != 1 {
			t.Fatalf("tamper %d: %v, %+v", kind, err, rep)
		}
		var out strings.Builder
		if err := bench.WriteTicksTable(&out, rep); err != nil || !strings.Contains(out.String(), "WRONG ANSWERS: 1") {
			t.Fatalf("tamper %d: table:\n%s", kind, out.String())
		}
	}
}

// TestTicksRefuses: impossible options and a cancelled run are errors.
func TestTicksRefuses(t *testing.T) {
	for _, opt := range []bench.TicksOptions{{Size: 32}, {Size: 256, Units: -1}, {Size: 256, Seconds: -5}, {Size: 1 << 20}} {
		if _, err := bench.Ticks(context.Background(), opt); !errors.Is(err, bench.ErrTicksOptions) {
			t.Errorf("%+v: %v", opt, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := bench.Ticks(ctx, smallTicks); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v", err)
	}
}
