package hpa_test

import (
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/internal/mapgen"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/preprocess"
)

// FuzzField: a field on a generated live map with mud and lakes, baked
// for 2×2 units and two movement classes too, for the goal and unit the
// input picks; walls, clearings, weights and terrain published one by
// one, the field synced after each. At every version, from every
// cell in turn: the field leads on exactly when the oracle's flood fill
// of that version joins the cell to the goal, by legal steps (oracle)
// that end at the goal, its cost (Field.Cost) falling at every step;
// a cell other than the goal costs grid.Unreachable exactly when the
// flood fill does not join it to the goal.
func FuzzField(f *testing.F) {
	f.Add([]byte{1, 10, 10, 0, 3, 20, 30, 2, 9, 40, 5, 6, 6, 0, 0, 1, 1, 50, 50})
	f.Add([]byte{7, 40, 31, 1, 2, 1, 31, 62, 2, 33, 31, 30, 2, 5, 5, 60, 60, 10, 50, 50, 10})
	f.Add([]byte{4, 2, 60, 0, 20, 12, 1, 9, 30, 20, 40, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 || len(data) > 120 {
			return
		}
		g, err := mapgen.NewGrid(mapgen.Config{Width: 64, Height: 48, Seed: uint64(data[0])}, grid.MapOptions{Movement: grid.Movement(data[0] % 3), SwampWeight: 1 + data[0]%4})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.FillTerrain(grid.R(int(data[1]%40), 10, int(data[1]%40)+16, 30), 1+int(data[2]%2)); err != nil {
			t.Fatal(err)
		}
		if err := g.SetClasses(testClasses); err != nil {
			t.Fatal(err)
		}
		cs := []int{4, 8, 16, 12}[data[0]%4]
		units := []grid.Unit{{Size: 1}, {Size: 2}, {Size: 1, Class: 1}, {Size: 2, Class: 2}}
		b, err := preprocess.Build(g, preprocess.Config{ClusterSize: cs, Units: units[1:]})
		if err != nil {
			t.Fatal(err)
		}
		l, err := hpa.NewLive(b, hpa.LiveConfig{Replicas: 2})
		if err != nil {
			t.Fatal(err)
		}
		u := units[data[3]%4]
		goal := grid.Pt(int(data[1])%64, int(data[2])%48)
		v := l.Acquire()
		defer func() { v.Release() }()
		fl, err := v.NewField(goal, hpa.Options{Size: u.Size, Class: u.Class})
		if err != nil {
			return // the goal is blocked for the unit
		}
		data = data[4:]
		for {
			o := oracle.Graph{G: v.Grid(), Size: u.Size}
			if u.Class > 0 {
				o.Class = &testClasses[u.Class-1]
			}
			comp := o.Components()
			home := comp[v.Grid().Index(goal)]
			for i := range 64 * 48 {
				pt := v.Grid().PointAt(i)
				joined := home != 0 && comp[i] == home
				_, ok := fl.Next(pt)
				if !joined && ok {
					t.Fatalf("%v leads on, not joined to the goal %v", pt, goal)
				}
				if c := fl.Cost(pt); pt != goal && joined != (c != grid.Unreachable) {
					t.Fatalf("%v: joined to the goal %v (oracle), costs %d", pt, joined, c)
				}
				if !joined || pt == goal {
					continue
				}
				for n := 0; pt != goal; n++ {
					nx, ok := fl.Next(pt)
					if !ok || !o.Legal(pt, nx) || n > 64*48 {
						t.Fatalf("from %v: step to %v (%v, legal %v) after %d steps", v.Grid().PointAt(i), nx, ok, o.Legal(pt, nx), n)
					}
					if fl.Cost(nx) >= fl.Cost(pt) {
						t.Fatalf("from %v: step %v→%v: cost %d → %d", v.Grid().PointAt(i), pt, nx, fl.Cost(pt), fl.Cost(nx))
					}
					pt = nx
				}
			}
			if len(data) < 4 {
				return
			}
			x, y := int(data[0]%64), int(data[1]%48)
			r := grid.R(x, y, x+1+int(data[2]%9), y+1+int(data[3]%5))
			var err error
			switch {
			case data[2]&0xc0 == 0x40: // heavier or lighter ground
				err = l.FillWeight(r, 1+data[3]%5)
			case data[2]&0xc0 == 0x80: // a lake dug or drained
				err = l.FillTerrain(r, int(data[3]>>6)%3)
			case !goal.In(r.Grow(u.Size)):
				err = l.Fill(r, data[3]&0x80 != 0)
			}
			if err != nil {
				t.Fatal(err)
			}
			data = data[4:]
			v.Release()
			if _, err := l.Publish(); err != nil {
				t.Fatal(err)
			}
			v = l.Acquire()
			if err := fl.SyncTo(v); err != nil {
				t.Fatal(err)
			}
		}
	})
}
