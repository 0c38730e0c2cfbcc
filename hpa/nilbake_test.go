package hpa_test

import (
	"errors"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
)

// TestNilBake: a planner made with no bake does not panic: its queries,
// Sync and penalty layers say what is wrong or refuse the write.
func TestNilBake(t *testing.T) {
	pl := hpa.NewPlanner(nil, hpa.Config{})
	if err := pl.Sync(); !errors.Is(err, hpa.ErrNoBake) {
		t.Errorf("Sync: %v", err)
	}
	res, err := pl.NewQuery().Find(grid.Pt(0, 0), grid.Pt(3, 3), hpa.Options{}, nil)
	if !errors.Is(err, hpa.ErrNoBake) || res.Status == hpa.Found || len(res.Path) > 0 {
		t.Errorf("Find: %v %d cells, %v", res.Status, len(res.Path), err)
	}
	f := pl.NewPenalties(hpa.PenaltyConfig{})
	if err := f.AddInfluence(grid.Pt(3, 3), 2, 100); err == nil {
		t.Error("influence written off a planner with no bake")
	}
	if err := f.Claim(1, []grid.Point{{X: 3, Y: 3}}); err == nil {
		t.Error("claim written off a planner with no bake")
	}
	if pl.Bake() != nil || pl.Bytes() < 0 {
		t.Error("a planner with no bake has one")
	}
}
