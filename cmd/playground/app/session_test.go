package app

import (
	"errors"
	"os"
	"testing"

	"github.com/rtspath/rtspath/grid"
	"github.com/rtspath/rtspath/internal/oracle"
)

// TestSessionAgainstOracle: on a generated map and on the playground's
// Tiled map, every algorithm's path is legal and A*'s costs what the
// oracle's Dijkstra says (the planner's no less); after a wall is painted
// across the exact path, the answers keep off it and A* still costs the
// oracle's least on the edited map; hot spots and claims are kept.
func TestSessionAgainstOracle(t *testing.T) {
	arena, err := os.ReadFile("../static/maps/arena.tmx")
	if err != nil {
		t.Fatal(err)
	}
	for _, load := range []func(*Session) error{
		func(s *Session) error { return s.Generate(128, 2) },
		func(s *Session) error { return s.Load("arena.tmx", arena) },
	} {
		var s Session
		if err := load(&s); err != nil {
			t.Fatal(err)
		}
		g := s.Grid()
		a, z := corner(g, 0, 0), corner(g, g.Width()-1, g.Height()-1)
		check := func(what string) []grid.Point {
			t.Helper()
			dist, _ := oracle.Graph{G: g}.ShortestFrom(a)
			least := dist[z.Y*g.Width()+z.X]
			var exact []grid.Point
			for _, algo := range []string{"astar", "hpa", "hpa-smooth"} {
				ans, err := s.Route(Query{From: a, To: z, Algo: algo})
				if err != nil || ans.Status != "found" {
					t.Fatalf("%s %s %s: %v %v", s.Name, what, algo, ans.Status, err)
				}
				c, ok := oracle.PathCost(oracle.Graph{G: g}, ans.Path)
				if !ok || c < least || algo == "astar" && c != least {
					t.Fatalf("%s %s %s: cost %d (legal %v), least %d", s.Name, what, algo, c, ok, least)
				}
				if ans.Micros <= 0 || ans.Length <= 0 {
					t.Fatalf("%s %s %s: time %v, length %v", s.Name, what, algo, ans.Micros, ans.Length)
				}
				if algo == "astar" {
					exact = ans.Path
					if len(ans.Expanded) != ans.Count || ans.Count == 0 {
						t.Fatalf("%s: %d expanded cells listed, %d counted", s.Name, len(ans.Expanded), ans.Count)
					}
				}
			}
			return exact
		}
		path := check("before")
		mid := path[len(path)/2]
		wall := grid.R(mid.X-1, mid.Y-1, mid.X+2, mid.Y+2)
		if err := s.Paint([]grid.Rect{wall}, true); err != nil {
			t.Fatal(err)
		}
		if g.Passable(mid) {
			t.Fatal("Paint left the cell open")
		}
		check("after a wall")
		if err := s.AddHot(mid, 5); err != nil {
			t.Fatal(err)
		}
		if err := s.Claim(path[:len(path)/3]); err != nil {
			t.Fatal(err)
		}
		if err := s.Paint([]grid.Rect{grid.R(0, 0, 1, 1)}, false); err != nil {
			t.Fatal(err)
		}
		if hots, claims := s.Penalties(); len(hots) != 1 || len(claims) != 1 {
			t.Fatalf("after an edit: %d hot spots and %d claims, want 1 and 1", len(hots), len(claims))
		}
		check("with penalties")
	}
}

// corner returns the open cell nearest (x, y) along its row, then rows.
func corner(g *grid.Grid, x, y int) grid.Point {
	for d := 0; ; d++ {
		for _, p := range []grid.Point{grid.Pt(x, y-d), grid.Pt(x, y+d), grid.Pt(x-d, y), grid.Pt(x+d, y), grid.Pt(x-d, y-d), grid.Pt(x+d, y+d), grid.Pt(x-d, y+d), grid.Pt(x+d, y-d)} {
			if g.Contains(p) && g.Passable(p) {
				return p
			}
		}
	}
}

// TestSessionMisuse: errors, never panics.
func TestSessionMisuse(t *testing.T) {
	var s Session
	if _, err := s.Route(Query{Algo: "astar"}); !errors.Is(err, ErrNoMap) {
		t.Errorf("Route before a map: %v", err)
	}
	if err := s.Paint([]grid.Rect{grid.R(0, 0, 1, 1)}, true); !errors.Is(err, ErrNoMap) {
		t.Errorf("Paint before a map: %v", err)
	}
	if err := s.Load("x.map", []byte("junk")); err == nil {
		t.Error("Load of junk: no error")
	}
	if err := s.Load("x.tmj", []byte("{}")); err == nil {
		t.Error("Load of an empty .tmj: no error")
	}
	if err := s.Generate(8, 1); err == nil {
		t.Error("Generate(8): no error")
	}
	if err := s.Generate(64, 1); err != nil {
		t.Fatal(err)
	}
	a := corner(s.Grid(), 0, 0)
	for _, q := range []Query{
		{From: a, To: a, Algo: "bfs"},
		{From: a, To: a, Algo: "hpa", Size: 4},
		{From: a, To: a, Algo: "hpa", Size: 2, Fog: 10},
		{From: a, To: a, Algo: "hpa", Fog: -1},
		{From: grid.Pt(-1, 0), To: a, Algo: "hpa"},
	} {
		if _, err := s.Route(q); err == nil {
			t.Errorf("Route(%+v): no error", q)
		}
	}
	if ans, err := s.Route(Query{From: a, To: corner(s.Grid(), 63, 63), Algo: "hpa-smooth", Fog: 16}); err != nil || ans.Status != "found" {
		t.Errorf("a query through fog: %v %v", ans.Status, err)
	}
	var fits []grid.Point
	for i := range 64 * 64 {
		if p := s.Grid().PointAt(i); s.Grid().Fits(p, grid.Unit{Size: 2}) {
			fits = append(fits, p)
		}
	}
	if ans, err := s.Route(Query{From: fits[0], To: fits[len(fits)-1], Algo: "hpa", Size: 2}); err != nil || ans.Status == "" {
		t.Errorf("a 2×2 unit's query: %v %v", ans.Status, err)
	}
}
