package tiled_test

import (
	"fmt"
	"os"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
	"github.com/rtspath/rtspath/tiled"
)

// A game reads its Tiled map from its files (an embed.FS works the same:
// pass it to Load), bakes it and plans on it. In testdata/small.tmx the
// "walls" layer's tiles have blocked=true, a hidden "Collision" layer
// blocks two more cells, and swamp tiles weigh 3.
func ExampleLoad() {
	g, err := tiled.Load(os.DirFS("testdata"), "small.tmx", grid.Octile, tiled.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := preprocess.Build(g, preprocess.Config{ClusterSize: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	q := hpa.NewPlanner(b, hpa.Config{}).NewQuery()
	res, err := q.Find(grid.Pt(0, 0), grid.Pt(11, 0), hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d map, wall at 4,0: %v, swamp at 7,1 weighs %d\n", g.Width(), g.Height(), !g.Passable(grid.Pt(4, 0)), g.Weight(grid.Pt(7, 1)))
	fmt.Printf("%v, %d cells, length %.2f\n", res.Status, len(res.Path), grid.Length(res.Path))
	// Output:
	// 12×8 map, wall at 4,0: true, swamp at 7,1 weighs 3
	// found, 18 cells, length 19.49
}
