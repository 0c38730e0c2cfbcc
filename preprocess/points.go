package preprocess

import "fmt"

// DefaultMiddleFrom is Config.MiddleFrom's default, for clusters
// larger than it: paired with one point in the middle of the runs
// shorter than 8 cells, where a build before format 5 put two ends on
// runs of 6 cells or more, it bakes 4 to 6% more points than those
// builds on the maps we measured (sc1: 94,871 waypoints against
// 89,408), and better paths where walls and islands cross the cluster
// borders (the README's "Transition points").
const DefaultMiddleFrom = 24

// MinMiddleFrom is the least Config.MiddleFrom other than 0 and the
// cluster size: a shorter run's ends are close enough to its middle.
const MinMiddleFrom = 12

// MiddleFromFits reports whether Config.MiddleFrom may be m with
// clusters of cs cells: 0, the cluster size, or MinMiddleFrom up to it.
func MiddleFromFits(m, cs int) bool {
	return m == 0 || m == cs || m >= MinMiddleFrom && m <= cs
}

// middleRange says which Config.MiddleFrom values other than 0 clusters
// of cs cells take, for error messages.
func middleRange(cs int) string {
	if cs <= MinMiddleFrom {
		return fmt.Sprint(cs)
	}
	return fmt.Sprintf("%d..%d", MinMiddleFrom, cs)
}

// pointRule places the transition points of a run: one in the middle of
// a run shorter than short cells, its two ends on a longer one, and its
// middle too on a run at least mid cells long or open along a whole
// side of its cluster, when it is at least MinMiddleFrom cells long. A
// bake keeps its rule: Build makes the current one (newRule), and a bake
// file of format 3 or 4 loads with the rule it was baked with, so that
// Update places points as the file's build did.
type pointRule struct {
	short  int32
	mid    int32  // in min(MinMiddleFrom, cluster size) up to the cluster size
	format uint16 // the bake format that has the rule: Version, version4 or version3
}

const (
	// shortRun is the current rule's short on clusters of 16 cells or
	// more. Runs of 6 and 7 cells had their two ends up to format 4; one
	// point in the middle is at most 3 cells from any of their cells,
	// and the points it saves pay for part of the middles of the runs of
	// DefaultMiddleFrom cells or more. From 8 cells, a corridor's width
	// in the Moving AI mazes, the ends stay: with one point on runs
	// under 10, paths through generated mazes of 8-cell corridors came
	// 1.06% over the optimum on average rather than 0.32%.
	shortRun = 8
	// shortRunV4 is the short of the bake formats 3 and 4, and the
	// current one on clusters smaller than 16 cells, whose sides hold
	// few runs: there one point on each of their runs of 6 to 9 cells
	// took the smoothed paths of TestAgainstAStar (hpa) from 7.1% to
	// 8.8% over the optimum at worst (measured with one point on the
	// runs under 10 cells).
	shortRunV4 = 6
)

// shortFor returns the current rule's short for clusters of cs cells.
func shortFor(cs int) int32 {
	if cs < 16 {
		return shortRunV4
	}
	return shortRun
}

// newRule returns the current rule for Config.MiddleFrom mid (checked)
// and clusters of cs cells.
func newRule(mid, cs int) pointRule {
	if mid == 0 {
		mid = min(DefaultMiddleFrom, cs)
	}
	return pointRule{short: shortFor(cs), mid: int32(mid), format: Version}
}

// transitions returns the positions along run r, on a border side cells
// long, that get a transition (see pointRule). On the StarCraft maps
// (every 8th scenario) the middle point on runs along a whole side took
// the smoothed paths from 0.52% to 0.35% over the optimum on average and
// the worst from 16.5% to 8.1%, before smoothing tried the step lines'
// bends (rtspath route -map ../shared/maps/sc1 -algo hpa-smooth -every 8
// -stats -o /dev/null, with this function returning two points instead
// of three, then as it is).
func (pr pointRule) transitions(r run, side int) (pos [3]int32, n int) {
	m := r.start + (r.n-1)/2
	switch {
	case r.n < pr.short:
		return [3]int32{m}, 1
	case int(r.n) < max(min(side, int(pr.mid)), MinMiddleFrom):
		return [3]int32{r.start, r.start + r.n - 1}, 2
	}
	return [3]int32{r.start, m, r.start + r.n - 1}, 3
}
