package render_test

import (
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/render"
)

// TestMisuseReturnsErrors: Draw on a scene without a grid, with a side
// out of range, a view off the map or the bake of another map returns an
// error with the package prefix that errors.Is matches to the sentinel of
// its kind; nothing panics, and CellColor and Shapes answer too.
func TestMisuseReturnsErrors(t *testing.T) {
	small, _ := grid.New(8, 8, grid.Octile)
	full := scene(t, 64, render.All)
	for _, c := range []struct {
		name string
		want error
		s    *render.Scene
		side int
	}{
		{"nil grid", render.ErrNilGrid, &render.Scene{Bake: full.Bake, Layers: render.All}, 64},
		{"side 0", render.ErrSize, &render.Scene{Grid: small, Layers: render.All}, 0},
		{"side -5", render.ErrSize, &render.Scene{Grid: small, Layers: render.All}, -5},
		{"side too large", render.ErrSize, &render.Scene{Grid: small, Layers: render.All}, render.MaxSide + 1},
		{"view off the map", render.ErrView, &render.Scene{Grid: small, Layers: render.All, View: grid.R(20, 20, 30, 30)}, 64},
		{"empty view", render.ErrView, &render.Scene{Grid: small, Layers: render.All, View: grid.R(4, 4, 4, 6)}, 64},
		{"bake of another map", render.ErrMismatch, &render.Scene{Grid: small, Bake: full.Bake, Layers: render.All}, 64},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", c.name, r)
				}
			}()
			img, err := c.s.Draw(c.side)
			if !errors.Is(err, c.want) || img != nil {
				t.Errorf("%s: %v (image %v), want %v", c.name, err, img != nil, c.want)
			} else if !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("%s: %q lacks the package prefix", c.name, err)
			}
			if col := c.s.CellColor(grid.Pt(-1, 3)); c.s.Grid == nil && col != (color.RGBA{}) {
				t.Errorf("%s: CellColor %v", c.name, col)
			}
			c.s.Shapes()
		}()
	}
}
