package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The modules a game meets when it bakes its maps with go generate and
// builds against the library packages (grid, preprocess, hpa). built:
// the modules whose packages go into the game and the bake command.
// summed: the modules go mod tidy also records in go.sum because it
// loads the tests of the packages the game imports (the bitmap package's
// tests need testify; rtspath's own tests check against gonum), none of
// which the game builds.
var (
	built  = []string{"example.com/consumer", "github.com/rtspath/rtspath", "github.com/kelindar/bitmap", "github.com/kelindar/simd", "github.com/klauspost/cpuid/v2"}
	summed = []string{"golang.org/x/sys", "github.com/stretchr/testify", "github.com/davecgh/go-spew", "github.com/pmezard/go-difflib", "gopkg.in/yaml.v3", "gonum.org/v1/gonum"}
	// What the plotting of the benchmarks brought, named so a failure
	// says what crept in.
	banned = []string{"plot", "latex", "font", "freetype", "svgo", "fpdf", "golang.org/x/image", "sbinet/gg"}
)

// TestConsumerModule is the go generate workflow of the README run as a
// game runs it: testdata/consumer is a module of its own with a
// replace directive to this repository, a //go:generate line that bakes
// its map with this command, and a main that embeds the bake, loads it
// and plans a path. In a copy of it, with GOFLAGS=-mod=readonly (the
// committed go.sum must be complete) and GOPROXY=off (everything comes
// from the module cache this repository's own build filled), go generate
// must bake, go build must build, the binary must find the path A*
// finds, the game and the bake command must build from the modules of
// built only, and go.sum must name nothing beyond built and summed.
func TestConsumerModule(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "testdata", "consumer")
	dir := filepath.Join(t.TempDir(), "consumer")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	// A stale bake or binary from running go generate by hand in the
	// repository must not stand in for the one made here.
	for _, f := range []string{"testdata/arena.nav", "consumer"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s in a copy of testdata/consumer: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(goCmd, "mod", "edit", "-replace", "github.com/rtspath/rtspath="+root)
	run(goCmd, "generate", "./...")
	if fi, err := os.Stat(filepath.Join(dir, "testdata", "arena.nav")); err != nil || fi.Size() == 0 {
		t.Fatalf("go generate made no bake: %v", err)
	}
	run(goCmd, "build", "-o", "consumer", ".")
	out := run(filepath.Join(dir, "consumer"))

	// The planner's path is found and never shorter than A*'s optimum.
	lengths := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[1] != "found" {
			t.Fatalf("consumer printed %q, want \"ALGO found LENGTH\" lines", line)
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil || v <= 0 {
			t.Fatalf("consumer printed %q", line)
		}
		lengths[f[0]] = v
	}
	if len(lengths) != 2 || lengths["hpa"] < lengths["astar"]-1e-6 {
		t.Fatalf("consumer printed %q: want hpa and astar, hpa no shorter", out)
	}

	// What the game and its go:generate command build.
	mainGo, err := os.ReadFile(filepath.Join(dir, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	var gen []string
	for _, line := range strings.Split(string(mainGo), "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "//go:generate" && f[1] == "go" && f[2] == "run" {
			gen = append(gen, f[3])
		}
	}
	if len(gen) != 1 || gen[0] != "github.com/rtspath/rtspath/cmd/rtspath-bake" {
		t.Errorf("main.go's go:generate runs %q, want rtspath-bake", gen)
	}
	var bad []string
	for _, m := range strings.Fields(run(goCmd, append([]string{"list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", "."}, gen...)...)) {
		if !slices.Contains(built, m) && !slices.Contains(bad, m) {
			bad = append(bad, m)
		}
	}
	if len(bad) > 0 {
		t.Errorf("the consumer and its go:generate command build packages of modules the library packages do not need: %s", strings.Join(bad, " "))
	}

	// go.sum is unchanged (readonly) and names no module beyond built and
	// summed.
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join(src, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sum, committed) {
		t.Fatalf("go.sum changed under -mod=readonly")
	}
	bad = nil
	sc := bufio.NewScanner(bytes.NewReader(sum))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			t.Fatalf("go.sum line %q", sc.Text())
		}
		ok := slices.Contains(built, f[0]) || slices.Contains(summed, f[0])
		for _, b := range banned {
			ok = ok && !strings.Contains(f[0], b)
		}
		if !ok {
			bad = append(bad, f[0]+" "+f[1])
		}
	}
	if len(bad) > 0 {
		t.Errorf("the consumer's go.sum names modules the library packages do not need:\n%s", strings.Join(bad, "\n"))
	}
}
