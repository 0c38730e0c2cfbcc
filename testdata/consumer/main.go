// Command consumer is a game in miniature: a module of its own that uses
// rtspath the way a game does. It bakes its map with go generate, embeds
// the bake, loads it and plans a path. cmd/rtspath-bake's
// TestConsumerModule runs go generate, go build and the binary in a copy
// of this folder and checks that go.sum lists no module the library
// packages do not need.
package main

//go:generate go run github.com/rtspath/rtspath/cmd/rtspath-bake -map testdata/arena.map -o testdata/arena.nav

import (
	"bytes"
	_ "embed"
	"fmt"
	"log"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/hpa"
	"github.com/rtspath/rtspath/preprocess"
)

//go:embed testdata/arena.map
var arenaMap []byte

//go:embed testdata/arena.nav
var arenaNav []byte

func main() {
	g, err := grid.ReadMap(bytes.NewReader(arenaMap), grid.MapOptions{})
	if err != nil {
		log.Fatal(err)
	}
	bake, err := preprocess.Load(arenaNav, g, 0)
	if err != nil {
		log.Fatal(err) // stale or damaged bake: run go generate again
	}
	from, to := grid.Pt(5, 5), grid.Pt(90, 2)
	res, err := hpa.NewPlanner(bake, hpa.Config{}).NewQuery().Find(from, to, hpa.Options{Smooth: hpa.Cells}, nil)
	if err != nil {
		log.Fatal(err)
	}
	exact, err := grid.NewSearcher(g).FindPath(from, to, grid.Options{}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("hpa %v %.8f\nastar %v %.8f\n", res.Status, grid.Length(res.Path), exact.Status, grid.Length(exact.Path))
}
