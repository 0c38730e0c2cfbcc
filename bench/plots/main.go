// Command plots draws the PNG plots of an `rtspath bench` run from the
// JSON the run wrote, so that gonum's plot module (and the fonts, LaTeX
// and PDF modules it brings) stays out of rtspath's go.mod: this is a
// module of its own, with a replace directive to the repository.
//
//	go run ./cmd/rtspath bench -out bench-out      # in the repository: report.csv, report.json
//	cd bench/plots && go run . ../../bench-out     # time.png, over.png, prep.png
//
// From DIR/report.json it draws time.png (query time against path
// length per algorithm), over.png (the share of queries within each
// length over the optimum) and prep.png (preparation time against map
// size); from DIR/scale.json (`rtspath bench -scale`) scale.png (bake
// and query time against map size). The PNGs go to DIR, or to -o.
//
// Exit status: 0 on success, 1 on failure (no report in DIR, a damaged
// report, a file that cannot be written), 2 on bad usage.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rtspath/rtspath/bench"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// errNoReport: DIR holds neither report.json nor scale.json.
var errNoReport = errors.New("plots: no report.json or scale.json")

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("plots", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "folder for the PNGs (default: DIR)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run . [-o OUT] DIR\n\nDraws the PNG plots of the report.json and scale.json that `rtspath bench`\nwrote to DIR.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	files, err := drawDir(fs.Arg(0), *out)
	for _, f := range files {
		fmt.Fprintln(stdout, "wrote", f)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// drawDir reads DIR's report.json and scale.json (either may be missing, not
// both) and writes their plots to out (default dir).
func drawDir(dir, out string) ([]string, error) {
	if out == "" {
		out = dir
	}
	var files []string
	found := false
	var rep bench.Report
	switch ok, err := readJSON(filepath.Join(dir, "report.json"), &rep); {
	case err != nil:
		return files, err
	case ok:
		found = true
		if len(rep.Algorithms) == 0 || len(rep.Queries) == 0 {
			return files, fmt.Errorf("plots: %s holds no queries", filepath.Join(dir, "report.json"))
		}
		fs, err := writePlots(&rep, out)
		files = append(files, fs...)
		if err != nil {
			return files, fmt.Errorf("plots: %w", err)
		}
	}
	var rows []bench.ScaleRow
	switch ok, err := readJSON(filepath.Join(dir, "scale.json"), &rows); {
	case err != nil:
		return files, err
	case ok:
		found = true
		if len(rows) == 0 {
			return files, fmt.Errorf("plots: %s holds no sizes", filepath.Join(dir, "scale.json"))
		}
		fs, err := writeScalePlots(out, rows)
		files = append(files, fs...)
		if err != nil {
			return files, fmt.Errorf("plots: %w", err)
		}
	}
	if !found {
		return nil, fmt.Errorf("%w in %s", errNoReport, dir)
	}
	return files, nil
}

// readJSON decodes path into v; a missing file is (false, nil).
func readJSON(path string, v any) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("plots: %s: %w", path, err)
	}
	return true, nil
}
