package navgraph_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rtspath/rtspath/navgraph"
)

// TestOverlaySnapshot: stale cells rebuilt from a snapshot, built on
// another goroutine while searches and more edits go on, are installed
// exactly where nothing was marked since; searches agree with gonum
// throughout, and every cell left current has the hops an Overlay made
// afresh on the graph has.
func TestOverlaySnapshot(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	installed, kept := 0, 0
	rounds := 200
	if testing.Short() {
		rounds = 60
	}
	for range rounds {
		g := symmetricGraph(r, false)
		n := g.Len()
		levels := randomCells(r, n)
		ov, err := navgraph.NewOverlay(g, levels, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := ov.Invalidate(editRandom(t, r, g, ov, 1+r.IntN(6), false, true)); err != nil {
			t.Fatal(err)
		}
		since := ov.Epoch()
		snap, err := ov.Snapshot(g, ov.Stale(nil))
		if err != nil {
			t.Fatal(err)
		}
		workers := 1 + r.IntN(3)
		built := make(chan error)
		go func() { built <- snap.Build(workers) }()
		// Edits after the snapshot, and searches, while it builds.
		later := editRandom(t, r, g, ov, r.IntN(3), false, true)
		if err := ov.Invalidate(later); err != nil {
			t.Fatal(err)
		}
		s := navgraph.NewSearcher(g)
		dist := func(a int32) []navgraph.Cost { return distances(g, a) }
		for range 5 {
			checkOverlaySearch(t, g, s, &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}, dist)
		}
		if err := <-built; err != nil {
			t.Fatal(err)
		}
		got, err := ov.Install(g, snap, since, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		stale := ov.Stale(nil)
		for _, c := range snap.Cells() {
			switch in := slices.Contains(got, c); {
			case slices.Contains(later, c) && in:
				t.Fatalf("cell %d edited after the snapshot was installed", c)
			case !slices.Contains(later, c) && !in:
				t.Fatalf("cell %d, stale and untouched since the snapshot, not installed (got %v)", c, got)
			case in && slices.Contains(stale, c):
				t.Fatalf("cell %d installed and still stale", c)
			}
		}
		installed, kept = installed+len(got), kept+len(snap.Cells())-len(got)
		for range 5 {
			checkOverlaySearch(t, g, s, &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}, dist)
		}
		// Every cell with no stale cell inside has a fresh Overlay's hops.
		fresh, err := navgraph.NewOverlay(g, levels, 1)
		if err != nil {
			t.Fatal(err)
		}
		for l := range levels {
			dirty := map[int32]bool{}
			for u := range int32(n) {
				if slices.Contains(stale, ov.Cell(0, u)) {
					dirty[ov.Cell(l, u)] = true
				}
			}
			for u := range int32(n) {
				if dirty[ov.Cell(l, u)] {
					continue
				}
				if a, b := ov.Hops(l, u, nil), fresh.Hops(l, u, nil); !slices.Equal(a, b) {
					t.Fatalf("level %d node %d: hops %v, a fresh overlay's %v", l, u, a, b)
				}
			}
		}
		// The rest, by Update.
		if err := ov.Update(g, stale, 1); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			checkOverlaySearch(t, g, s, &navgraph.Query{Sources: randomEnds(r, n, false), Targets: randomEnds(r, n, false), Overlay: ov}, dist)
		}
	}
	if installed == 0 || kept == 0 {
		t.Fatalf("%d cells installed, %d kept stale: the test misses a case", installed, kept)
	}
}

func TestOverlaySnapshotErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	g, ov := randomOverlay(t, r)
	var zero navgraph.Overlay
	if _, err := zero.Snapshot(g, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Snapshot of a zero Overlay: %v", err)
	}
	if _, err := ov.Snapshot(nil, nil); !errors.Is(err, navgraph.ErrNilGraph) {
		t.Fatalf("Snapshot of a nil graph: %v", err)
	}
	if _, err := ov.Snapshot(g, []int32{int32(ov.Cells(0))}); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Snapshot of a cell out of range: %v", err)
	}
	var none *navgraph.OverlayCells
	if err := none.Build(1); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Build of nil: %v", err)
	}
	snap, err := ov.Snapshot(g, []int32{0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ov.Install(g, snap, ov.Epoch(), 1, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Install before Build: %v", err)
	}
	if err := snap.Build(1); err != nil {
		t.Fatal(err)
	}
	if _, err := ov.Install(nil, snap, ov.Epoch(), 1, nil); !errors.Is(err, navgraph.ErrNilGraph) {
		t.Fatalf("Install on a nil graph: %v", err)
	}
	// Nothing is stale: nothing to install.
	if got, err := ov.Install(g, snap, ov.Epoch(), 1, nil); err != nil || len(got) != 0 {
		t.Fatalf("Install with nothing stale: %v %v", got, err)
	}
	// A snapshot of another overlay's layout.
	g2, ov2 := randomOverlay(t, r)
	if ov2.Cells(0) != ov.Cells(0) || g2.Len() != g.Len() {
		if _, err := ov2.Install(g2, snap, ov2.Epoch(), 1, nil); !errors.Is(err, navgraph.ErrGraph) {
			t.Fatalf("Install of another overlay's snapshot: %v", err)
		}
	}
	if _, err := zero.Install(g, snap, 0, 1, nil); !errors.Is(err, navgraph.ErrGraph) {
		t.Fatalf("Install on a zero Overlay: %v", err)
	}
}
