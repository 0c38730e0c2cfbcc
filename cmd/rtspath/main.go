// Command rtspath answers Moving AI scenario files, generates RTS-like
// maps, bakes, benchmarks and renders them.
//
//	rtspath demo
//	rtspath route -map M.map -scen M.map.scen [-algo astar] [-every N] [-o FILE]
//	rtspath gen -size 512 -seed 1 -o maps/demo.map
//	rtspath bake -map M.map -o M.nav
//	rtspath inspect M.nav
//	rtspath bench -maps ../shared/maps/sc1 -every 8
//	rtspath bench -live
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
	"strconv"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/preprocess"
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
				var fe *flagError
				if errors.As(err, &fe) {
					fmt.Fprintf(stderr, "rtspath %s: %v (rtspath %s -h lists the flags)\n", c.name, fe, c.name)
				}
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

// flagError is a bad flag value or a missing flag: run prints it on one
// line, which names the flag, and exits with status 2.
type flagError struct{ msg string }

func (e *flagError) Error() string        { return e.msg }
func (e *flagError) Is(target error) bool { return target == errUsage }

// badFlag is the usage error for flag name holding value (quoted if a
// string); want says what the flag takes.
func badFlag(name string, value any, want string) error {
	if s, ok := value.(string); ok {
		value = strconv.Quote(s)
	}
	return &flagError{fmt.Sprintf("-%s %v: %s", name, value, want)}
}

// needFlag is the usage error for a required flag that is missing.
func needFlag(name, what string) error {
	return &flagError{fmt.Sprintf("-%s: required: %s", name, what)}
}

// checkCluster validates a -cluster flag: 0 (the default) or 4..256.
func checkCluster(v int) error {
	if v != 0 && (v < 4 || v > 256) {
		return badFlag("cluster", v, "want 4..256 cells, or 0 for 32")
	}
	return nil
}

// middleUsage is the -middle flag's help.
const middleUsage = "bake with a transition point in the middle of every entrance at least `N` cells long (preprocess.Config.MiddleFrom: 0 for 24, or 12 up to the cluster side, which leaves them to entrances along a whole side): a lower N gives better paths where rooms and corridors lie across cluster borders, for more waypoints"

// checkMiddle validates a -middle flag for clusters of cluster cells (0:
// preprocess.DefaultClusterSize): what preprocess.MiddleFromFits takes.
func checkMiddle(v, cluster int) error {
	if cluster == 0 {
		cluster = preprocess.DefaultClusterSize
	}
	if !preprocess.MiddleFromFits(v, cluster) {
		return badFlag("middle", v, fmt.Sprintf("want 0, the cluster side, or %d up to it (clusters of %d)", preprocess.MinMiddleFrom, cluster))
	}
	return nil
}

// atLeast validates an integer flag with a lower bound.
func atLeast(name string, v, lo int) error {
	if v < lo {
		return badFlag(name, v, fmt.Sprintf("want %d or more", lo))
	}
	return nil
}

// checkSide validates a map side flag.
func checkSide(name string, v int) error {
	if v < 1 || v > grid.MaxSide {
		return badFlag(name, v, fmt.Sprintf("want 1..%d cells", grid.MaxSide))
	}
	return nil
}

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

// parse parses args. The usage is printed for -h only: a flag the
// package cannot parse gets its one-line message and a pointer to -h.
func parse(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return err
		}
		fmt.Fprintf(fs.Output(), "(%s -h lists the flags)\n", fs.Name())
		return errUsage
	}
	if fs.NArg() > 0 {
		return &flagError{fmt.Sprintf("unexpected arguments %q (flags come first, each -name value)", fs.Args())}
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
