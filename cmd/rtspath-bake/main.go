// Command rtspath-bake preprocesses a Moving AI map into the bake file a
// game loads with preprocess.Load. It is `rtspath bake` on its own, made
// for go generate: it imports the library packages only (grid,
// preprocess), so a game that runs it needs no module the library does
// not:
//
//	//go:generate go run github.com/rtspath/rtspath/cmd/rtspath-bake -map testdata/arena.map -o testdata/arena.nav
//
// Usage:
//
//	rtspath-bake -map M.map [-o M.nav] [-cluster 32] [-workers 0]
//
// Exit status: 0 on success, 1 on failure, 2 on bad usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rtspath/rtspath/internal/bakecmd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	err := bakecmd.Run("rtspath-bake", args, stdout, stderr)
	var fe *bakecmd.FlagError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &fe):
		fmt.Fprintf(stderr, "rtspath-bake: %v (rtspath-bake -h lists the flags)\n", fe)
		return 2
	case errors.Is(err, bakecmd.ErrUsage):
		return 2
	}
	fmt.Fprintf(stderr, "rtspath-bake: %v\n", err)
	return 1
}
