// Package render draws a map and what rtspath knows about it, for
// debugging and for documentation: passable, blocked and terrain-cost
// cells, islands in distinct colours, dead ends shaded, cluster borders,
// waypoints and waypoint-graph edges, a path, the cells a search
// expanded (heat by order; grid.Options.Visit collects them), and a
// penalty layer's influence and claimed cells (hpa.Penalties). Each layer
// can be switched on and off; large maps are scaled down by averaging
// cells (waypoint-graph edges fade with the scale and, like waypoints and
// cluster borders, are left out where a cluster is too few pixels wide to
// show them, so the ground stays visible), small ones scaled up.
//
// Scene.Draw returns an image.RGBA of the whole map or of Scene.View
// (encode it with image/png), or an error for a scene it cannot draw (no
// grid, a view off the map, a bake of another map, a side outside
// 1..MaxSide). It costs time linear in the cells of the view, the pixels
// and the bake's waypoints and edges; the same vector layers come out of
// Scene.Shapes as plain data (boxes, lines and marks in cell coordinates)
// for a game that draws with its own renderer, and Scene.CellColor gives
// the cell layers one cell at a time.
//
// Coordinates are cells, x to the right and y down, as in package grid.
package render
