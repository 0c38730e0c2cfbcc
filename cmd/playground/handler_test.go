package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestHandler: maps.json lists the built-in maps and the sets' .map
// files, which are served; other files under the maps folder, its
// folders, and a .map linked to a file outside it are not.
func TestHandler(t *testing.T) {
	site, maps := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(maps, "set"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"set/a.map": "type octile\nheight 1\nwidth 1\nmap\n.\n", "set/a.map.scen": "version 1\n", "secret.txt": "no"} {
		if err := os.WriteFile(filepath.Join(maps, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := filepath.Join(t.TempDir(), "secret.map")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(maps, "set", "evil.map")); err != nil {
		t.Fatal(err)
	}
	h, err := Handler(site, maps)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := get("/maps.json")
	var list []mapEntry
	if code != 200 || json.Unmarshal([]byte(body), &list) != nil {
		t.Fatalf("maps.json: %d %q", code, body)
	}
	if len(list) != len(builtinMaps())+2 || list[len(builtinMaps())].URL != "movingai/set/a.map" {
		t.Fatalf("maps.json lists %+v", list)
	}
	if code, body := get("/movingai/set/a.map"); code != 200 || body[:11] != "type octile" {
		t.Errorf("the listed map: %d %q", code, body)
	}
	for _, p := range []string{"/movingai/set/a.map.scen", "/movingai/secret.txt", "/movingai/set/", "/movingai/set/evil.map", "/movingai/../set/a.map"} {
		if code, _ := get(p); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, code)
		}
	}
}
