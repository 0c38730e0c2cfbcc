// Command rtspath answers Moving AI scenario files, generates RTS-like
// maps, bakes, benchmarks and renders them.
//
//	rtspath demo
//	rtspath route -map M.map -scen M.map.scen [-algo astar] [-every N] [-o FILE]
//	rtspath gen -size 512 -seed 1 -o maps/demo.map
//	rtspath bake -map M.map -o M.nav
//	rtspath inspect M.nav
//	rtspath bench -maps ../shared/maps/sc1 -every 8
//	rtspath render -map M.map -from x,y -to x,y -o out.png
//
// Run a subcommand with -h for its flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"demo", "generate, bake and query a map; compare A* with the planner", runDemo},
		{"route", "answer a Moving AI .map.scen file, one path per line", runRoute},
		{"bench", "benchmark the algorithms on scenario sets or generated maps", runBench},
		{"render", "draw a map, its tiers and a path to PNG", runRender},
		{"gen", "generate an RTS-like .map and its .map.scen", runGen},
		{"bake", "preprocess a map into a bake file (.nav)", runBake},
		{"inspect", "check a bake file and print its summary", runInspect},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status: 0 on
// success, 1 on failure, 2 on bad usage.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(args[1:], stdout, stderr)
			switch {
			case err == nil:
				return 0
			case errors.Is(err, flag.ErrHelp):
				return 0
			case errors.Is(err, errUsage):
				return 2
			}
			fmt.Fprintf(stderr, "rtspath %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "rtspath: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

var errUsage = errors.New("usage")

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: rtspath <command> [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'rtspath <command> -h' for a command's flags.")
}

// newFlags returns a flag set that reports errors to stderr and returns
// errUsage instead of exiting.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("rtspath "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected arguments: %v\n", fs.Args())
		fs.Usage()
		return errUsage
	}
	return nil
}

// output opens path for writing, or returns stdout for "" or "-".
func output(path string, stdout io.Writer) (io.Writer, func() error, error) {
	if path == "" || path == "-" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}
