// Package tiled reads maps drawn in the Tiled editor (mapeditor.org),
// .tmx (XML) and .tmj (JSON), into a grid.Grid that preprocess bakes and
// hpa plans on.
//
// What a map's tiles mean for movement is read from names the designer
// chooses (Options; the zero value takes the defaults):
//
//   - a cell is blocked when a tile layer named "collision" (any case)
//     has a tile there, when a layer has the boolean property
//     "blocked" = true and a tile there, or when a tile there has the
//     property "blocked" = true or "walkable" = false;
//   - a tile's integer property "weight" (1..255) is the cell's terrain
//     weight, and "terrain" (0..grid.MaxTerrains-1) its terrain type;
//     where several layers give one, the later layer wins.
//
// Layers are taken in this order: the map's own tile layers in file
// order, then each group's, depth first, a group's own layers before its
// subgroups'. A map needs at least one tile layer. Hidden layers count (a collision layer is usually hidden);
// object and image layers do not. Only finite orthogonal, isometric and
// staggered maps of at most grid.MaxSide a side are read: a cell is a
// tile, whatever the drawing. Tilesets may be embedded or external
// (.tsx, or .tsj/.json next to a .tmj); Load resolves them in an io/fs
// file system, so a game can read its maps from an embed.FS.
//
// Both formats are decoded here with encoding/xml and encoding/json, into
// one model, so that they mean the same: tile data as csv, base64 (plain,
// zlib or gzip) or one element per tile; properties of tiles and layers.
// Malformed files are errors that wrap ErrFormat (or fs errors for
// missing files), never panics.
package tiled
