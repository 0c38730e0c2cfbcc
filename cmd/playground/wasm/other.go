//go:build !(js && wasm)

// Command wasm is the playground's planner for the page; it runs only
// when built with GOOS=js GOARCH=wasm (go run ./cmd/playground builds
// it).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "cmd/playground/wasm runs in the browser: build it with GOOS=js GOARCH=wasm, or run go run ./cmd/playground")
	os.Exit(2)
}
