// Package hpa answers path queries on a baked map with the hierarchy
// built by package preprocess.
//
// A query checks its options (ErrOptions) and endpoints, answers "no
// path" at once when they lie on different islands (with
// Options.Nearest, it heads for the reachable cell nearest the goal
// instead, see below), and then:
//
//  1. Start and goal at most two clusters apart (at most 64 cells with
//     small clusters): an exact A* over the clusters' bounding box. The
//     search proves its path best on the whole map when no path leaving
//     the box could beat it (grid.Result.Outside); otherwise a small box
//     grows once, and a path still not proved best competes with the
//     hierarchy's.
//  2. Otherwise start and goal are joined to the waypoints of their
//     cluster regions by exact searches inside their clusters (a
//     waypoint a straight or bent step line reaches needs none; on a
//     query without a penalty, a unit or Options.Nearest, the start's
//     others are searched only when the coarse search comes to them,
//     as lazy sources: 38% of them on the StarCraft maps' every 8th
//     scenario, for the same route), and A* runs
//     on the waypoint graph with the larger of the octile bound and the
//     ALT bound of landmarks (Config.Landmarks), skipping dead ends that
//     hold neither endpoint. With more than two tiers (Config.Tiers; four
//     by default from ThirdTier clusters, five from FourthTier) the
//     clusters are joined in
//     groups, and groups in bigger groups, whose inner costs between
//     border waypoints are kept (navgraph.Overlay): the search crosses a
//     group that holds neither endpoint from border to border, at the
//     highest tier where that is so, and finds a route of the same cost
//     as the waypoint-by-waypoint search; from the fourth tier up, a
//     group of groups keeps only some of its side's waypoints as its
//     border (doors, see Config.Tiers), for a route that may cost a
//     little more (not on a live map or a player's view, which keep
//     them all). Not under a Penalty, whose
//     costs the groups do not know: then it searches waypoint by
//     waypoint.
//  3. The abstract route becomes cells: runs of waypoints that a straight
//     step line can join at no more cost are never refined; the other
//     intra-cluster edges are decoded from a route cache that queries fill
//     as they go (a fine search inside the cluster the first time).
//  4. Where a path's cost is not plain distance (terrain weights that
//     differ, a unit class, a Penalty), the path passes through waypoints
//     on cluster borders where the cheapest way would cross elsewhere: a
//     Dijkstra over the band of cells within Options.Band (DefaultBand,
//     12; twice that round cells that pay a penalty) of it, piece by
//     piece, finds the least-cost path in that band where the path
//     fits one piece (a rectangle of at most 96² cells, band included,
//     or of (48+2w)² for a band grown w cells a side where that is
//     more, so that a stretch of path 48 cells across always fits one
//     piece) and a path no dearer where it does not (never dearer; on
//     weighted StarCraft maps it takes the mean excess over the exact
//     search from 9.96% to 0.36%, for 3.0× the query time; see the
//     README's penalty section). Under a penalty it searches again
//     round the new path while a pass cuts the path's cost by a 32nd or
//     more, three passes at most: the first pass's pieces may cut
//     through a hot spot that the exact path skirts. Where the band is
//     the penalty's alone (plain terrain, no class, Options.Band 0) and
//     the path is smoothed, a piece whose band holds no cell that pays
//     is left to the smoothing, as without the penalty. Under a penalty
//     whose layer holds influence or claims (one-cell units of no
//     class, a band on), the route the coarse search finds on plain
//     costs is tried too, refined and searched in its band the same
//     way, and the cheaper path wins: an edge's price under the
//     penalty is its route's between two fixed transition points, so a
//     hot spot beside a transition point can send the penalized route a
//     corridor away, where its band cannot find the way the exact path
//     takes beside the hot spot (on the Moving AI maze set under the
//     README's heavy load the worst query went from 22.72% over the
//     exact search to 2.89%). It costs a coarse search, and when the
//     plain route is another one and the first path costs more than a
//     64th over its coarse cost, a refinement, a band pass and the
//     smoothings that compare the answers (a rival that wins gets the
//     further band passes too).
//  5. Smoothing (Options.Smooth) replaces zig-zags by straight step lines
//     that are legal and cost no more, then goes over its result with the
//     lines' bends (grid.Bend: the diagonal steps all first or all last,
//     past an obstacle beside the straight line), and returns cells
//     (Cells) or the corners of that path (Corners, any-angle movement).
//
// A Planner is shared, read-only, by any number of goroutines; each
// goroutine makes its own Query, which owns all scratch memory and
// allocates nothing per call once warm (the route cache allocates when it
// learns a route). A Query's scratch mostly follows what its queries
// reach, not the map's size: on a generated 16384² map, one Query and the
// routes its 300 queries cached in the Planner held 11.1 MB, 0.04 bytes
// a cell (rtspath bench -scale 512,1024,2048,4096,8192,16384 -out DIR at
// c1e2b25: HeapAfterBytes less HeapBytes in DIR/scale.json). Paths are
// deterministic: the same bake and query give the same path on every
// machine, whatever order queries come in.
//
// # Quality
//
// Paths are near-optimal, not optimal. Measured by tests that fail
// beyond the bounds: on the StarCraft maps of the Moving AI benchmark
// (every 4th scenario), smoothed (Cells) paths are on average 0.10%
// longer than the optimum, 1.1% at the 99th percentile and 9.4% at worst
// (bounds 1%, 5%, 15%; go test -run 'TestMovingAI$' -v ./hpa); on 2000
// small generated maps with swamp (weights that differ: the band search
// runs), clusters of 8 to 32 cells and all three movement rules, 0.01% on
// average and 0.00% at the 99th percentile (bounds 0.2% and 1%), worst
// 7.1% under the octile rules (bound 8%) and 7.1% under Cardinal (bound
// 18%, since with the bake formats before 5 it reached 14.5%: there a
// straight shortcut is a staircase, and fewer of them are legal; go test
// -run 'TestAgainstAStar$' -v ./hpa). Those bounds are
// the tests' maps': the worst case is not bounded in general, and on
// small maps of other shapes, with clusters of other sizes than 8, 16
// and 32 or much heavier terrain than the tests' swamp of weight 3, a
// rare path can cost well past them. Options.Band set (then the band
// also runs round paths on plain terrain), or wider than the default on
// heavy terrain, can find a cheaper one there. Where walls cross the
// cluster borders (rooms, corridors), the bake's middle points on long
// entrances (preprocess.Config.MiddleFrom, 24 cells by default) give the
// paths their best door (go test -run TestMiddleFromAgainstAStar -v
// ./hpa: on three maps of rooms whose walls drift across the cluster
// borders, 8.6% over A* at worst by default and with MiddleFrom 16,
// 24.7% with the middle on whole sides alone, MiddleFrom 32, as under
// the default of the bake formats before 5).
//
// # Unreachable goals, budgets and first steps
//
// With Options.Nearest, a goal on another island or on a blocked cell (a
// click on a building or a rock) gives Status Partial and the path to
// the reachable cell nearest it: least octile distance to the goal, ties
// to the cell nearest the start, then to the least row-major index. The
// bake knows the start's island, so that cell is found by looking
// outward from the goal, cluster by cluster, and reading only clusters
// whose waypoints lie on the start's island; the work grows with the
// distance from the goal to that island, not with the map. On a 2048²
// generated map (4.2 million cells) such a query, the path included,
// expanded at most 135,901 cells and waypoints (what refining its
// routes took included) and allocated at most 254 KB (routes it taught
// the cache, and scratch for searches bigger than the warm-up's),
// nothing when asked again (go test -run TestNearestIsBounded -v
// ./hpa). The path to the cell is an ordinary hierarchical query.
//
// Options.MaxExpansions bounds Result.Expanded: every cell and waypoint
// expanded by any step of the call counts, and a call that runs out
// returns Status Exhausted (but for the rival route under a penalty,
// step 4: a budget that runs out there keeps the path found before it,
// Found). With Nearest it then returns, as the grid
// searcher does, a path from the start to the cell nearest the goal
// among those it reached (from the exact window search, the searches
// that join the start to the waypoints, or the refined part of the
// route), at least the start itself. A route edge decoded from the route
// cache counts the expansions its refinement took, so Result.Expanded,
// and where a budget runs out, never depend on what the cache holds (the
// work done can be less than the count, never more).
//
// Options.FirstSteps cuts the path after that many steps; Result.Truncated
// says it did, and Result.Cost is then the returned prefix's cost.
//
// # Live maps: edits while queries run
//
// A game whose map changes while worker goroutines answer path requests
// uses a Live (NewLive): it writes edits (Fill, FillWeight, SetPassable,
// SetWeight) and penalty layers (Live.NewPenalties) from the game thread
// and publishes them as a new version in one call (Publish); queries
// (LiveQuery.Find, View.FindAll on a pinned View) run on the version
// published when they began, whatever is published meanwhile, and say
// which (Result.Version). Nothing a query reads is written while it runs:
// a Live keeps a few copies of the map, bake and planner, writes go to a
// copy no query reads, and Publish swaps it in with one atomic store;
// the old copy replays the edits it missed before it is written again.
// Publish rebuilds only the clusters the edits touched and repairs what
// the planner derives (landmark bounds, dead ends, penalty edges) there;
// it never recomputes the map, and picks the landmarks afresh on a
// goroutine every so often, installed at a version fixed in advance. The same sequence of writes gives the same
// versions on every machine: View.Checksum goes in a lockstep game's sync
// report. See ExampleLive for the game loop.
//
// # Ticks: sliced queries and a path service
//
// A game gives pathfinding a slice of each tick and must never freeze a
// frame, however many units are ordered at once. A Sliced (Planner.
// NewSliced, Live.NewSliced) is one query advanced a budget of
// expansions at a time (Step, one call per tick): every search it runs
// suspends where its slice ran out and goes on from there next time, so
// its answer is Query.Find's for the same query and version byte for
// byte, whatever the budgets (TestSlicedEqualsOneShot checks it for
// budgets from 1 to unlimited). Cancel stops it anywhere. Its first steps
// (FirstSteps: the first cells of the route, a legal step path) are known
// as soon as the coarse route is and its first piece is refined, so a
// unit starts moving long before its whole path is refined.
//
// A Service (Live.NewService, Planner.NewService) runs many: units
// Submit orders with a priority, and each tick the game calls Tick with a
// budget and gets back the replies the tick produced, first steps and
// final paths, in a fixed documented order (see Service): the same
// orders, budgets and versions give the same replies on every machine
// and GOMAXPROCS (TestGoldenService). Orders whose answer needs no search
// (a goal on another island, from the bake's islands; bad input) are
// answered at once whatever the budget; with Options.Nearest a walled-off
// goal gets the path to the nearest reachable cell. Orders of a squad to
// one goal share one search of the waypoint graph (GroupMin). Requests
// in flight share the service's searchers: one holds a searcher between
// ticks only when its slice ran out inside that search. See ExampleService for the game
// loop, and the README for the replay of a 10,000-unit match (rtspath
// bench -ticks).
//
// The budget counts expansions, not time: smoothing and decoding cached
// routes are not counted, so a tick's time depends on the paths it
// finishes as well as on its budget (a route decoded from the cache counts
// the expansions its refinement took).
//
// # Units of other sizes and classes
//
// Options.Size and Options.Class plan for a k×k unit and a movement class
// of the grid (grid.Unit) on the bake's layer for it (preprocess.Config.
// Units): the same steps as for one cell (an exact search when start and
// goal are near; else joins to the layer's points, A* with landmarks on
// its graph, refinement from a route cache, smoothing by the unit's step
// lines), and Nearest, FirstSteps, MaxExpansions, penalties (paid by the
// joins, refinement and smoothing; the coarse route does not see them
// yet), sliced queries and the service. Not yet: Nearest with
// MaxExpansions.
//
// # Fog of war: each player on what it knows
//
// A Knowledge (NewKnowledge) is one player's view of the map: the cells
// it has seen, each as it was when last seen, and elsewhere a prior
// belief (open ground, or KnowledgeConfig.Prior). The game reveals what
// its units see (RevealCircle, RevealRect, RevealCircles); a reveal that
// changes a belief rebuilds the clusters it touches in the view's own
// bake and repairs the view planner's landmarks, which are also picked
// afresh on a goroutine from time to time, as a live map's are. Queries
// on Knowledge.Planner and requests to Knowledge.NewService answer on
// the view at both tiers; FirstBlocked tells a unit that its path runs
// into what its player has since seen. On the StarCraft maps, with
// random views, the planner finds a path exactly when the view joins
// start and goal, and its paths are 0.07% longer than the view's optimum
// on average, 4.8% at worst (every 8th line: go test -run
// TestFogStarCraft -fog.every 8 -v ./hpa). Each view costs a
// grid and a bake of its own (Knowledge.Bytes).
//
// # Armies: flow fields and group moves
//
// A Field (Planner.NewField, View.NewField on a live map) serves every
// unit ordered to one goal: Field.Next gives the step from any cell of
// the goal's island in O(1), without allocation. Making it runs one
// Dijkstra from the goal over the waypoint graph; the cells' steps are
// then built cluster by cluster as they are looked up, by a search
// inside the cluster (Dijkstra, or on maps of one weight label correcting
// over whole rows) seeded at its waypoints (with their cost to the
// goal) and along the borders of the clusters already built (with
// theirs), the clusters of a cell's coarse route to the goal first
// (Field.Ready does this for a group's cells in one go, nearest the goal
// first). Every step leads to a cell of lower cost, so following the
// field from any cell it reaches ends at the goal; the walks come within
// a fraction of a percent of the optimum (see the README). A field pays
// a penalty layer's influence (Options.Penalty), not its claims. On a
// live map Field.SyncTo keeps the clusters an edit did not reach.
//
// Query.Move takes a group's order: a destination for each unit
// (Spread's cells, or a formation's) and either a shared field or a path
// each, whichever costs less; Move.Step walks a unit there.
//
// # Updates on a plain Planner
//
// After editing the grid, call Bake.Update, then Planner.Sync, while no
// query runs (a Live does this for you, without stopping queries). Until
// then a query returns ErrStale, never a path: the planner knows when its
// grid has edits the bake has not applied (the grid counts its edits,
// grid.Grid.Version) and when the bake was updated after the planner
// synced. Sync picks the landmarks again on the updated waypoint graph
// and keeps the cached routes of the clusters the update did not touch.
// What a planner derives from its bake depends on the bake alone, so the
// same bake and query give the same answer whatever the planner went
// through: a game that loads a save or reconnects, and makes a fresh
// planner on a bake of the same grid, stays in lockstep.
//
// # Penalties: influence maps and unit claims
//
// Planner.NewPenalties makes a layer of extra costs (one per team): an
// influence map the game writes to (AddInfluence, SetInfluence,
// DecayInfluence) and the cells units claim for the path ahead of them
// (Claim, Advance, Release). A query passes Options{Penalty:
// layer.For(unit)} and pays, per cell entered, the cell's influence plus
// PenaltyConfig.ClaimCost for each claim of another unit standing within
// ClaimRadius of the query's start; its own claims and far units' claims
// cost nothing. Units are known by any 64-bit id but NoUnit (an engine's
// entity id as it is); the layer keeps room for the units that hold
// claims, not for the range of their ids. See ExamplePenalties for a game
// loop.
//
// Both tiers pay: each write refreshes the waypoint-graph edge penalties
// of the clusters it touched, so the coarse route leaves a road that costs
// more than the detour, and the fine searches add the same per-cell
// penalty. An edge inside a cluster is charged the influence of the
// cheapest way between its ends inside the cluster that pays it (one
// Dijkstra per waypoint of a cluster whose influence changed, from the
// waypoints whose edges' routes meet influence), so the coarse search
// knows it may step round a hot spot rather than leave the cluster; the
// claims an edge pays are those on its terrain route, as a query's claims
// depend on where it starts. On the StarCraft maps a hot spot of radius 4
// costs about 0.3 ms, a unit claiming 64 cells, old claims released,
// 55–80 µs, a unit advancing one cell about 5 µs (go test -run '^$'
// -bench PenaltyUpdate ./hpa). A penalty never blocks a cell and never
// makes one cheaper: the heuristic, the landmarks and the search windows'
// proofs stay valid, paths stay legal, are found whenever one exists, and
// stay deterministic; a query with a penalty searches the band round its
// path (step 4 above). Measured on 200 small generated maps with random
// hot spots and claims against an exact search priced by an independent
// model of these rules (go test -run PenaltiesAgainstOracle -v ./hpa),
// and on the Moving AI sets under a battle's load (the README's penalty
// section).
//
// Every input saturates instead of wrapping: influence stays within
// 0..MaxInfluence, ClaimCost is cut to MaxPenalty, a cell's penalty as a
// query sees it (influence plus claims) is cut to MaxPenalty (2^30), and
// a radius beyond MaxInfluenceRadius or a decay fraction above 1 is
// ErrInfluence. Within these caps no sum wraps (see MaxPenalty for the
// bounds); TestPenaltyExtremes feeds math.MaxInt64 to every input.
//
// Penalties cost query time where they lie: lines, windows and clusters
// without any penalty run the plain code. On the StarCraft maps (go test
// -run '^$' -bench SC1 -benchtime 2x ./hpa, one run on a shared
// machine), a skirmish of 4 hot spots and 16 claiming units per map made
// Cells queries 9.0× slower (warm route cache); a busy map of 16 hot
// spots and 64 units 16.5×. Most of it is the band search round the path
// and the rival route on plain costs, which buy the paths' quality under
// the penalty; the coarse searches expand about twice the waypoints
// (both searches counted, and the penalized one's bound does not know
// the penalties), and start and goal join the waypoint graph by search
// instead of straight lines more often. Before the band search the two
// loads cost 1.27× to 1.89× and 1.70× to 2.26×, for far worse paths.
//
// Costs are in the grid package's units.
package hpa
