package navgonum_test

import (
	"os/exec"
	"strings"
	"testing"
)

// libraryPackages are the packages a game imports.
var libraryPackages = []string{"grid", "navgraph", "waypoint", "preprocess", "hpa", "render"}

// TestLibraryImportsNoGonum: `go list -deps` of the library packages
// names no gonum package, so a game that imports hpa compiles none (the
// gonum view lives in this package); and it does name them for this
// package, so the check can see an import when there is one.
func TestLibraryImportsNoGonum(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	deps := func(pkgs ...string) []string {
		t.Helper()
		args := []string{"list", "-deps", "-f", "{{.ImportPath}}"}
		for _, p := range pkgs {
			args = append(args, "github.com/rtspath/rtspath/"+p)
		}
		out, err := exec.Command(goCmd, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		var gonum []string
		for _, p := range strings.Fields(string(out)) {
			if strings.HasPrefix(p, "gonum.org/") {
				gonum = append(gonum, p)
			}
		}
		return gonum
	}
	if g := deps(libraryPackages...); len(g) > 0 {
		t.Errorf("the library packages import %d gonum packages: %s", len(g), strings.Join(g, " "))
	}
	if g := deps("navgraph/navgonum"); len(g) == 0 {
		t.Error("go list -deps finds no gonum package under navgonum, which imports gonum/graph")
	}
}
