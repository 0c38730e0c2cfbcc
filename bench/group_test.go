package bench_test

import (
	"context"
	"errors"
	"testing"

	"github.com/rtspath/rtspath/bench"
	"github.com/rtspath/rtspath/grid"
)

// TestGroupOptions: options out of range, and a map without an island
// to order units on, are errors; on an open map, an order's total is
// its Ready and more exactly when its walks built more clusters.
func TestGroupOptions(t *testing.T) {
	g, _ := grid.New(32, 32, grid.Octile)
	walled, _ := grid.New(8, 8, grid.Octile)
	walled.Fill(walled.Bounds(), false)
	for _, o := range []bench.GroupOptions{
		{Units: 10, Goals: 1},
		{Grid: g, Units: 0, Goals: 1},
		{Grid: g, Units: 10, Goals: 0},
		{Grid: walled, Units: 10, Goals: 1},
	} {
		if _, err := bench.Group(context.Background(), o); !errors.Is(err, bench.ErrGroupOptions) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	rep, err := bench.Group(context.Background(), bench.GroupOptions{Grid: g, Units: 20, Goals: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Orders) != 2 || rep.Mean.Distinct != 20 || rep.Mean.MeanExcess > 1 {
		t.Fatalf("%+v", rep.Mean)
	}
	// The total adds to Ready only the lookups that built a cluster.
	for _, o := range rep.Orders {
		if o.TotalUS < o.ReadyUS || o.Clusters < o.ReadyClusters || (o.Clusters == o.ReadyClusters) != (o.TotalUS == o.ReadyUS) {
			t.Errorf("order to %v: ready %.1f µs (%d clusters), total %.1f µs (%d)", o.Goal, o.ReadyUS, o.ReadyClusters, o.TotalUS, o.Clusters)
		}
	}
}
