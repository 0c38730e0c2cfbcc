package hpa_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// TestLiveMisuse: a nil *Live, a LiveQuery or LivePenalties not made by
// one, and NoUnit answer with errors or nothing, never a panic; layers
// made at once from several goroutines are each their own; a goroutine
// that holds a View may read a layer while a writer waits for that View.
func TestLiveMisuse(t *testing.T) {
	var nilLive *hpa.Live
	if err := nilLive.Fill(grid.R(0, 0, 1, 1), false); !errors.Is(err, hpa.ErrNoBake) {
		t.Fatalf("Fill on a nil Live: %v", err)
	}
	if _, err := nilLive.Publish(); !errors.Is(err, hpa.ErrNoBake) {
		t.Fatalf("Publish on a nil Live: %v", err)
	}
	if nilLive.Version() != 0 || nilLive.Checksum() != 0 || nilLive.Acquire().Version() != 0 {
		t.Fatal("a nil Live has a version or a checksum")
	}
	if _, err := nilLive.NewQuery().Find(grid.Pt(0, 0), grid.Pt(1, 1), hpa.Options{}, nil); !errors.Is(err, hpa.ErrNoBake) {
		t.Fatalf("Find on a nil Live: %v", err)
	}
	if _, err := (&hpa.LiveQuery{}).Find(grid.Pt(0, 0), grid.Pt(1, 1), hpa.Options{}, nil); !errors.Is(err, hpa.ErrNoBake) {
		t.Fatalf("Find on a zero LiveQuery: %v", err)
	}
	if err := (&hpa.LivePenalties{}).SetInfluence(grid.Pt(0, 0), 5); !errors.Is(err, hpa.ErrOptions) {
		t.Fatalf("a zero LivePenalties: %v", err)
	}
	if a := nilLive.FindAll([]hpa.Request{{}}, nil, 1); len(a) != 1 || !errors.Is(a[0].Err, hpa.ErrNoBake) {
		t.Fatalf("FindAll on a nil Live: %+v", a)
	}

	g, _ := grid.New(64, 64, grid.Octile)
	b, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 16})
	l, err := hpa.NewLive(b, hpa.LiveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	// Two layers at once: each handle writes its own (ClaimAhead 1 keeps
	// one cell of a claim).
	var one, other *hpa.LivePenalties
	var wg sync.WaitGroup
	wg.Go(func() { one = l.NewPenalties(hpa.PenaltyConfig{ClaimAhead: 1}) })
	wg.Go(func() { other = l.NewPenalties(hpa.PenaltyConfig{}) })
	wg.Wait()
	path := []grid.Point{grid.Pt(1, 1), grid.Pt(2, 2), grid.Pt(3, 3)}
	if err := one.Claim(7, path); err != nil {
		t.Fatal(err)
	}
	if err := other.Claim(7, path); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	if n, m := len(one.Claims(7, nil)), len(other.Claims(7, nil)); n != 1 || m != 3 {
		t.Fatalf("claims through the ClaimAhead-1 layer %d, the other %d; want 1 and 3", n, m)
	}
	// NoUnit owns no claims: releasing or moving it leaves unit 7's.
	one.Release(hpa.NoUnit)
	other.Advance(hpa.NoUnit, grid.Pt(2, 2))
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	if n := len(other.Claims(7, nil)); n != 3 {
		t.Fatalf("unit 7 holds %d claims after NoUnit moved, want 3", n)
	}
	if n := len(other.Claims(hpa.NoUnit, nil)); n != 0 {
		t.Fatalf("NoUnit holds %d claims", n)
	}
	// A View held while a writer waits for its copy: reads go on.
	v := l.Acquire()
	if err := l.Fill(grid.R(5, 5, 6, 6), false); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Publish(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { // waits for v's copy: two copies, v pins the old one
		_ = l.Fill(grid.R(6, 6, 7, 7), false)
		close(done)
	}()
	time.Sleep(20 * time.Millisecond)
	read := make(chan struct{})
	go func() { _ = other.Influence(grid.Pt(1, 1)); close(read) }()
	select {
	case <-read:
	case <-time.After(5 * time.Second):
		t.Fatal("a layer read waited for the writer, which waits for the View")
	}
	v.Release()
	<-done
}
