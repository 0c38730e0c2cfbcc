package hpa_test

import (
	"fmt"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

// A player clicks on a building: with Nearest the unit walks to the
// reachable cell nearest the click (Partial; of the two cells two steps
// from it, as far from the unit as each other, the first in row order)
// instead of getting an error. FirstSteps asks for the first few steps only
// (Truncated says the path goes on). A budget caps the work of a call:
// a call that runs out still says where to head.
func ExampleQuery_Find_nearest() {
	g, _ := grid.ParseASCII(`
		................
		................
		.........####...
		.........####...
		.........####...
		................
		................
		................`, grid.Octile)
	bake, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
	q := hpa.NewPlanner(bake, hpa.Config{}).NewQuery()

	from, click := grid.Pt(1, 3), grid.Pt(11, 3) // inside the building
	if _, err := q.Find(from, click, hpa.Options{}, nil); err != nil {
		fmt.Println("without Nearest:", err)
	}
	res, _ := q.Find(from, click, hpa.Options{Nearest: true, Smooth: hpa.Cells}, nil)
	fmt.Println(res.Status, "to", res.Path[len(res.Path)-1])

	res, _ = q.Find(from, click, hpa.Options{Nearest: true, FirstSteps: 3}, nil)
	fmt.Println(res.Status, len(res.Path)-1, "steps, truncated:", res.Truncated)

	for _, n := range []int{3, 8, 15} {
		res, _ = q.Find(from, grid.Pt(15, 7), hpa.Options{Nearest: true, MaxExpansions: n}, nil)
		fmt.Println(res.Status, "within", res.Expanded, "expansions, heading to", res.Path[len(res.Path)-1])
	}
	// Output:
	// without Nearest: hpa: goal 11,3: grid: cell is blocked
	// partial to 11,1
	// partial 3 steps, truncated: true
	// exhausted within 3 expansions, heading to 3,5
	// exhausted within 8 expansions, heading to 8,7
	// found within 15 expansions, heading to 15,7
}
