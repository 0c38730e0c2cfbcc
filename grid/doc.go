// Package grid is the fine tier of rtspath: a compact passability grid with
// terrain costs, the movement rules of grid pathfinding, Moving AI map and
// scenario files, line of sight, and a reusable exact searcher (A*,
// Dijkstra, nearest of many targets, nearest reachable cell) that can be
// bounded to a window of the map.
//
// # Coordinates
//
// A cell is a Point{X, Y}: X is the column, Y the row, and Y grows downward,
// as in the Moving AI .map files (row 0 is the first row of the file). A
// Rect is half-open: it holds the cells with Min.X <= X < Max.X and
// Min.Y <= Y < Max.Y.
//
// # Costs
//
// Every cost is an integer (type Cost) so that searches are exact and
// deterministic on every machine. A step between two neighbouring cells a
// and b costs
//
//	(w(a) + w(b)) × 5741   for a straight step
//	(w(a) + w(b)) × 8119   for a diagonal step
//
// where w is the cell's terrain weight (1 = plain ground, up to 255). The
// pair 8119/5741 is a Pell approximation of √2 within 1.1e-8 (relative
// error 7.6e-9), so on plain ground the cheapest integer path is also the
// shortest octile path to far better than the precision the Moving AI
// benchmarks print (the classic 14/10 is 1% off). A plain straight step
// costs Straight (11482) and a plain diagonal step Diagonal (16238); step
// costs are symmetric, so a path costs the same in both directions.
//
// The geometric length of a path (straight step 1, diagonal √2, terrain
// ignored) is a float for output only: see Length.
//
// A Penalty adds a non-negative cost for entering cells on top of the
// terrain (an influence map, other units' claims): one int32 per cell,
// with a function for the cells whose penalty depends on who asks.
// Searches (Options.Penalty), StepLineCostWith and PathCostWith add it;
// since it is never negative, the heuristic stays a lower bound and the
// searches stay exact. A cell's penalty is at most MaxPenalty (2^31-1), so
// that no search's cost can wrap.
//
// # Movement
//
// The default rule (Octile, the zero Movement) is that of the Moving AI
// benchmarks: 8-connected, and no diagonal step past a blocked orthogonal
// neighbour. OctileCutCorners lets a diagonal step pass one blocked
// orthogonal neighbour; Cardinal allows the four straight steps only.
//
// A step line (StepLineCost, AppendStepLine) joins two cells with the
// fewest steps, the diagonal ones spread evenly among the straight ones:
// on a map of one weight no path between them costs less. Its bends
// (Bend, UnitBentLineCost, AppendBentLine) take the same steps with the
// diagonal ones all first or all last, and may pass an obstacle that
// stands beside the even line; a path smoother tries them.
//
// # Units and movement classes
//
// The grid keeps every cell's clearance (Clearance: the side of the
// largest all-passable square whose top-left cell it is), so that a
// search can plan for a unit k×k cells (Options.Size): the path lists its
// top-left cells, the unit stands on passable cells at every one, and a
// diagonal step is legal where the unit fits at both ends and, as the
// movement rule says, beside the step. Each cell also has a terrain type
// (0..MaxTerrains-1, SetTerrain), and SetClasses declares movement
// classes: the terrain types a class may enter and what they weigh for
// it (Options.Class). A Unit names both; Fits, UnitMoves, UnitLineCost
// and UnitPathCost answer for one. Every edit keeps the clearances (the
// grid's and each class's) up to date.
//
// # Searching
//
// A Searcher owns all of its scratch memory, sized by the largest window it
// has been asked to search, and resets it in O(1) between queries with
// generation stamps; after warm-up a query allocates nothing. A Grid may be
// read by any number of Searchers at once (one per goroutine) as long as
// nobody modifies it meanwhile. A search costs O(E log E) for the E cells
// it expands (see Searcher.FindPath).
//
// # Errors
//
// "No path" is a Status, not an error. Errors are for bad input and I/O,
// never a panic: each wraps a sentinel (ErrOutOfBounds, ErrBlocked,
// ErrWindow, ErrSize, ErrWeight, ErrMovement, ErrPenalty, ErrPath,
// ErrLength, ErrFormat, ErrMismatch, ErrNilGrid, ErrNil) to test with
// errors.Is. Functions that return no error give a documented empty
// answer (0, false, no cells) for points off the grid.
package grid
