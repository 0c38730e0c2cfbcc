package preprocess_test

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
)

// The go generate workflow: bake the map offline, embed the bake in the
// game binary, load it at start-up. `go generate ./preprocess` reruns the
// line below (TestArenaBakeIsCurrent fails when the bake is stale).
//
//go:generate go run ../cmd/rtspath-bake -map testdata/arena.map -o testdata/arena.nav
//go:embed testdata/arena.nav
var arenaNav []byte

func Example_goGenerate() {
	f, err := os.Open("testdata/arena.map")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	g, err := grid.ReadMap(f, grid.MapOptions{})
	if err != nil {
		panic(err)
	}
	bake, err := preprocess.Load(arenaNav, g, 0) // checks version, checksum and map
	if err != nil {
		panic(err)
	}
	st := bake.Stats()
	fmt.Printf("%d×%d map: %d clusters, %d waypoints, %d islands\n", st.Width, st.Height, st.Clusters, st.Points, st.Islands)
	fmt.Println("path possible:", bake.SameIsland(grid.Pt(5, 5), grid.Pt(90, 2)))
	// Output:
	// 96×64 map: 6 clusters, 42 waypoints, 6 islands
	// path possible: true
}

// A building goes up: edit the grid, then update the bake for the
// rectangle that changed. Only the clusters it touches are rebuilt.
func ExampleBake_Update() {
	g, _ := grid.ParseASCII(`
		................
		................
		................
		................
		................
		................
		................
		................`, grid.Octile)
	bake, _ := preprocess.Build(g, preprocess.Config{ClusterSize: 8})
	fmt.Println("islands before:", bake.Islands())
	wall := grid.R(7, 0, 9, 8) // a wall across the map
	g.Fill(wall, false)
	if err := bake.Update(wall, 0); err != nil {
		panic(err)
	}
	fmt.Println("islands after:", bake.Islands(), "same island:", bake.SameIsland(grid.Pt(0, 0), grid.Pt(15, 0)))
	// Output:
	// islands before: 1
	// islands after: 2 same island: false
}
