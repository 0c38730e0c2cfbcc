package hpa_test

import (
	"errors"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// FuzzUnitsLive: buildings placed and torn down on a live map baked for
// units 2 to 4 cells across, published in batches; after each publish,
// queries for every size on the published version. No path crosses a
// cell its unit's footprint cannot occupy (the oracle's step rule on the
// version's grid); a path exists exactly when the oracle's flood fill
// joins start and goal; an end where the unit does not fit is
// grid.ErrBlocked.
func FuzzUnitsLive(f *testing.F) {
	f.Add([]byte{1, 10, 10, 3, 3, 20, 30, 2, 9, 40, 5, 6, 6, 0, 0, 1, 1, 50, 50})
	f.Add([]byte{7, 0, 31, 63, 2, 1, 31, 62, 2, 33, 31, 30, 2, 5, 5, 60, 60, 10, 50, 50, 10})
	f.Add([]byte{3, 12, 20, 8, 40, 200, 20, 3, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 5 || len(data) > 200 {
			return
		}
		g, err := mapgen.NewGrid(mapgen.Config{Width: 64, Height: 64, Seed: uint64(data[0])}, grid.MapOptions{Movement: grid.Movement(data[0] % 3)})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.FillTerrain(grid.R(int(data[0]%40), 20, int(data[0]%40)+20, 44), 2); err != nil {
			t.Fatal(err)
		}
		if err := g.SetClasses(testClasses); err != nil {
			t.Fatal(err)
		}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 16, Units: []grid.Unit{{Size: 2}, {Size: 3}, {Size: 4}, {Size: 1, Class: 1}, {Size: 2, Class: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 3})
		if err != nil {
			t.Fatal(err)
		}
		lq := l.NewQuery()
		data = data[1:]
		all := data
		for len(data) >= 4 {
			// Two buildings (or clearings), then a publish.
			for range 2 {
				if len(data) < 4 {
					break
				}
				x, y := int(data[0]%64), int(data[1]%64)
				w, h := 1+int(data[2]%7), 1+int(data[3]%7)
				var err error
				if data[3]&0x40 != 0 { // a lake dug or a bridge laid
					err = l.FillTerrain(grid.R(x, y, x+w, y+h), int(data[3]>>7)*2)
				} else {
					err = l.Fill(grid.R(x, y, x+w, y+h), data[2]&0x80 != 0)
				}
				if err != nil {
					t.Fatal(err)
				}
				data = data[4:]
			}
			if _, err := l.Publish(); err != nil {
				t.Fatal(err)
			}
			v := l.Acquire()
			vg := v.Grid()
			for _, u := range append([]grid.Unit{{Size: 1}}, b.Units()...) {
				k := u.Size
				o := oracle.Graph{G: vg, Size: k}
				if u.Class > 0 {
					o.Class = &testClasses[u.Class-1]
				}
				comp := o.Components()
				for j := range 3 {
					s := int(all[(j+len(all)-len(data))%len(all)])*67 + k*131 + j*977
					a, z := vg.PointAt(s%4096), vg.PointAt((s*31+1013)%4096)
					res, err := lq.FindIn(v, a, z, hpa.Options{Size: k, Class: u.Class, Smooth: hpa.Smoothing(j % 3)}, nil)
					fits := o.Fits(a) && o.Fits(z)
					switch {
					case !fits:
						if !errors.Is(err, grid.ErrBlocked) {
							t.Fatalf("unit %+v %v→%v: the unit does not fit at an end: %v %v", u, a, z, res.Status, err)
						}
						continue
					case err != nil:
						t.Fatalf("unit %+v %v→%v: %v", u, a, z, err)
					case comp[vg.Index(a)] != comp[vg.Index(z)]:
						if res.Status != hpa.NoPath {
							t.Fatalf("unit %+v %v→%v: %v; the oracle joins them not", u, a, z, res.Status)
						}
						continue
					case res.Status != hpa.Found:
						t.Fatalf("unit %+v %v→%v: %v; the oracle finds a path", u, a, z, res.Status)
					}
					p := res.Path
					if j%3 == int(hpa.Corners) && u == (grid.Unit{Size: 1}) { // one cell of no class: any-angle corners
						for i := 1; i < len(p); i++ {
							if !vg.LineOfSight(p[i-1], p[i]) {
								t.Fatalf("%v→%v: corners %v→%v without line of sight", a, z, p[i-1], p[i])
							}
						}
						continue
					}
					if j%3 == int(hpa.Corners) { // a unit's corners: joined by its step lines
						var cells []grid.Point
						for i, c := range p {
							if i == 0 {
								cells = append(cells, c)
							} else {
								cells = vg.AppendStepLine(cells, p[i-1], c)
							}
						}
						p = cells
					}
					if p[0] != a || p[len(p)-1] != z {
						t.Fatalf("unit %+v: path runs %v→%v", u, p[0], p[len(p)-1])
					}
					for i := 1; i < len(p); i++ {
						if !o.Legal(p[i-1], p[i]) {
							t.Fatalf("unit %+v %v→%v: step %v→%v crosses a cell the unit cannot occupy\n%s", u, a, z, p[i-1], p[i], vg.Draw(p))
						}
					}
				}
			}
			v.Release()
		}
	})
}
