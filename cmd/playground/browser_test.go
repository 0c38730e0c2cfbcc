package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
	"github.com/rtspath/rtspath/tiled"
)

// chromium returns the headless browser to drive: Debian's chromium (or
// another name it goes by); the test skips without one, unless
// RTSPATH_REQUIRE_BROWSER is set (CI), where it fails.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("RTSPATH_REQUIRE_BROWSER") != "" {
		t.Fatal("no chromium on PATH, and RTSPATH_REQUIRE_BROWSER is set")
	}
	t.Skip("no chromium on PATH (Debian: apt-get install chromium)")
	return ""
}

// TestPlaygroundInBrowser drives the playground in headless Chromium as
// a user would: load the built-in Tiled map, click a start and a goal,
// read the path length the page shows and compare it with `rtspath
// route` on the same map (the planner in the browser answers as the
// native one), and its cost with the oracle's least cost (no less, at
// most 10% more); then drag a wall across the path and see the page's
// path change to one that keeps off the wall, its cost again checked
// against the oracle on the edited map. With
// RTSPATH_PLAYGROUND_SHOT=FILE it saves a screenshot (docs/images.sh
// makes the README's).
func TestPlaygroundInBrowser(t *testing.T) {
	browser := chromium(t)
	if testing.Short() {
		t.Skip("builds the planner for wasm and runs a browser")
	}
	dir := t.TempDir()
	if err := Build(dir); err != nil {
		t.Fatal(err)
	}
	h, err := Handler(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// The profile is not in t.TempDir: the browser may still be writing
	// to it as it dies, and the test must not fail on removing it.
	profile, err := os.MkdirTemp("", "rtspath-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--remote-debugging-port=0", "--user-data-dir="+profile, "--window-size=1180,880", "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cancel()
		cmd.Wait()
		for range 20 { // its helpers may outlive it a moment
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	host, err := devtoolsURL(stderr)
	if err != nil {
		t.Fatal(err)
	}
	page, err := newPage(host, srv.URL+"/?map=arena&algo=hpa-smooth")
	if err != nil {
		t.Fatal(err)
	}
	if err := page.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1180, "height": 880, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		t.Fatal(err)
	}
	if err := page.waitFor("window.playground && playground.state.map && playground.state.map.name", time.Minute); err != nil {
		t.Fatal(err)
	}
	var name string
	if err := page.eval("playground.state.map.name", &name); err != nil || name != "arena.tmx" {
		t.Fatalf("the page loaded %q (%v), want arena.tmx", name, err)
	}

	// Click a start and a goal on either side of the river.
	from, to := [2]int{6, 8}, [2]int{150, 100}
	clickCell := func(c [2]int) {
		t.Helper()
		var at struct{ X, Y float64 }
		if err := page.eval(fmt.Sprintf("playground.cellToClient(%d,%d)", c[0], c[1]), &at); err != nil {
			t.Fatal(err)
		}
		if err := page.click(at.X, at.Y); err != nil {
			t.Fatal(err)
		}
	}
	clickCell(from)
	clickCell(to)
	if err := page.waitFor("playground.state.queries >= 1", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	var shown string
	if err := page.eval(`document.getElementById("length").textContent`, &shown); err != nil {
		t.Fatal(err)
	}
	var errText string
	page.eval(`document.getElementById("error").textContent`, &errText)
	if errText != "" {
		t.Fatalf("the page shows an error: %s", errText)
	}

	// The same query by the command line.
	out, err := exec.Command("go", "run", "../rtspath", "route", "-map", "static/maps/arena.tmx", "-algo", "hpa-smooth",
		"-from", fmt.Sprintf("%d,%d", from[0], from[1]), "-to", fmt.Sprintf("%d,%d", to[0], to[1])).Output()
	if err != nil {
		t.Fatalf("rtspath route: %v", err)
	}
	f := strings.Split(strings.SplitN(string(out), "\n", 2)[0], "\t")
	if len(f) != 3 || f[1] != shown {
		t.Fatalf("the page shows length %q, rtspath route answers %q", shown, f)
	}
	before, _ := strconv.ParseFloat(shown, 64)
	// And the cost it shows is no less than the least cost (the oracle's
	// Dijkstra on the map as the tiled package reads it), and close.
	g, err := tiled.LoadFile("static/maps/arena.tmx", grid.Octile, tiled.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkCost := func(g *grid.Grid, what string) {
		t.Helper()
		var text string
		if err := page.eval(`document.getElementById("cost").textContent`, &text); err != nil {
			t.Fatal(err)
		}
		shownCost, err := strconv.ParseFloat(strings.Fields(text)[0], 64)
		if err != nil {
			t.Fatalf("%s: cost %q", what, text)
		}
		dist, _ := oracle.Graph{G: g}.ShortestFrom(grid.Pt(from[0], from[1]))
		least := float64(dist[to[1]*g.Width()+to[0]]) / float64(grid.Straight)
		if shownCost < least-1e-3 || shownCost > least*1.1 {
			t.Fatalf("%s: the page shows cost %.3f, the least is %.3f", what, shownCost, least)
		}
		t.Logf("%s: cost %.3f, least %.3f", what, shownCost, least)
	}
	checkCost(g, "before the wall")

	// Paint a wall across the path at its middle, perpendicular to it.
	var path []int
	if err := page.eval("Array.from(playground.state.answer.path)", &path); err != nil {
		t.Fatal(err)
	}
	mid := len(path) / 4 * 2
	mx, my := path[mid], path[mid+1]
	dx, dy := path[mid+2]-path[mid-2], path[mid+3]-path[mid-1] // the path's heading there
	var wallA, wallB [2]int
	if abs(dx) >= abs(dy) { // heading east or west: a wall north to south
		wallA, wallB = [2]int{mx, my - 7}, [2]int{mx, my + 7}
	} else {
		wallA, wallB = [2]int{mx - 7, my}, [2]int{mx + 7, my}
	}
	var radio struct{ X, Y float64 }
	if err := page.eval(`(() => { const r = document.querySelector("input[value=wall]").getBoundingClientRect(); return {x: r.x + r.width/2, y: r.y + r.height/2}; })()`, &radio); err != nil {
		t.Fatal(err)
	}
	if err := page.click(radio.X, radio.Y); err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := page.eval(`document.querySelector("input[name=mode]:checked").value`, &mode); err != nil || mode != "wall" {
		t.Fatalf("clicking the radio left mode %q (%v)", mode, err)
	}
	var queries int
	page.eval("playground.state.queries", &queries)
	var a, b struct{ X, Y float64 }
	page.eval(fmt.Sprintf("playground.cellToClient(%d,%d)", wallA[0], wallA[1]), &a)
	page.eval(fmt.Sprintf("playground.cellToClient(%d,%d)", wallB[0], wallB[1]), &b)
	if err := page.mouse("mousePressed", a.X, a.Y, false); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 8; i++ {
		x, y := a.X+(b.X-a.X)*float64(i)/8, a.Y+(b.Y-a.Y)*float64(i)/8
		if err := page.mouse("mouseMoved", x, y, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := page.mouse("mouseReleased", b.X, b.Y, false); err != nil {
		t.Fatal(err)
	}
	if err := page.waitFor(fmt.Sprintf("playground.state.queries > %d", queries), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	var after []int
	var cells []int
	var w int
	page.eval("Array.from(playground.state.answer.path)", &after)
	page.eval("Array.from(playground.state.map.cells)", &cells)
	page.eval("playground.state.map.w", &w)
	if err := page.eval(`document.getElementById("length").textContent`, &shown); err != nil {
		t.Fatal(err)
	}
	if cells[my*w+mx] != 0 {
		t.Fatalf("the painted wall does not cover the path's cell %d,%d", mx, my)
	}
	for i := 0; i < len(after); i += 2 {
		if cells[after[i+1]*w+after[i]] == 0 {
			t.Fatalf("the new path crosses the wall at %d,%d", after[i], after[i+1])
		}
	}
	now, _ := strconv.ParseFloat(shown, 64)
	// The map the page now holds, as its cells say: the same least-cost
	// check after the edit.
	for i, c := range cells {
		if p := g.PointAt(i); g.Passable(p) != (c != 0) {
			g.SetPassable(p, c != 0)
		}
	}
	checkCost(g, "after the wall")
	if fmt.Sprint(after) == fmt.Sprint(path) || now <= 0 {
		t.Fatalf("the path did not change after the wall (length %s)", shown)
	}
	t.Logf("path length %.8f (as rtspath route), %.8f after a wall across it", before, now)

	if shot := os.Getenv("RTSPATH_PLAYGROUND_SHOT"); shot != "" {
		var img struct{ Data string }
		if err := page.call("Page.captureScreenshot", map[string]any{"format": "png"}, &img); err != nil {
			t.Fatal(err)
		}
		png, err := base64.StdEncoding.DecodeString(img.Data)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
