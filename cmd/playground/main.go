// Command playground serves the rtspath playground: pick a map, click a
// start and a goal, and watch the planner answer; paint walls and see the
// path change; drop hot spots and claims. The planner runs in the page,
// compiled to WebAssembly (cmd/playground/wasm); this command builds it
// with the go command and serves the page.
//
//	go run ./cmd/playground [-addr localhost:8080] [-maps ../shared/maps] [-o DIR]
//
// With -o it writes the site (page, planner, built-in maps) to DIR and
// exits, for any static file server.
package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
)

//go:embed static
var static embed.FS

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "playground:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("playground", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "localhost:8080", "serve on `HOST:PORT`")
	maps := fl.String("maps", "../shared/maps", "a folder of Moving AI map sets (`DIR`/SET/*.map) to offer too, if it exists")
	out := fl.String("o", "", "write the site to `DIR` and exit instead of serving")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fl.Args())
	}
	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "rtspath-playground-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	fmt.Fprintln(stderr, "building the planner for the browser (GOOS=js GOARCH=wasm)…")
	if err := Build(dir); err != nil {
		return err
	}
	if *out != "" {
		fmt.Fprintf(stdout, "wrote the playground to %s\n", dir)
		return nil
	}
	h, err := Handler(dir, *maps)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rtspath playground: http://%s/ (Ctrl-C stops)\n", ln.Addr())
	srv := &http.Server{Handler: h}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Build writes the site to dir: the page, wasm_exec.js from the Go
// installation, the planner compiled to WebAssembly (rtspath.wasm) and
// the built-in maps. It runs the go command from the module's root.
func Build(dir string) error {
	// Every file of the page, written over what dir may hold.
	page := mustSub(static, "static")
	err := fs.WalkDir(page, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		out := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := fs.ReadFile(page, p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		return err
	}
	mod, err := goEnv("GOMOD")
	if err != nil {
		return err
	}
	if mod == "" || mod == os.DevNull {
		return errors.New("run it from the rtspath repository (go run ./cmd/playground): no go.mod here")
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	var js []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if js, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js not found in %s: %w", goroot, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "maps.json"))
	if err != nil {
		return err
	}
	writeJSON(f, builtinMaps())
	if err := f.Close(); err != nil {
		return err
	}
	return goBuildWasm(filepath.Dir(mod), filepath.Join(dir, "rtspath.wasm"))
}

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // the embedded folder is there: a build error, not input
	}
	return sub
}

// Handler serves the site in dir, maps.json (the maps the page offers:
// generated ones, the built-in Tiled map, and every .map under mapsDir's
// sets when that folder exists) and those .map files under /movingai/.
func Handler(dir, mapsDir string) (http.Handler, error) {
	list := builtinMaps()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	if st, err := os.Stat(mapsDir); err == nil && st.IsDir() {
		files, err := fs.Glob(os.DirFS(mapsDir), "*/*.map")
		if err != nil {
			return nil, err
		}
		// Only the listed files are served, opened inside the folder (a
		// symbolic link out of it is refused).
		root, err := os.OpenRoot(mapsDir)
		if err != nil {
			return nil, err
		}
		listed := map[string]bool{}
		for _, f := range files {
			id := strings.TrimSuffix(f, ".map")
			list = append(list, mapEntry{ID: id, Label: "Moving AI " + id, URL: "movingai/" + f, File: filepath.Base(f)})
			listed[f] = true
		}
		mux.HandleFunc("/movingai/", func(w http.ResponseWriter, r *http.Request) {
			name := strings.TrimPrefix(r.URL.Path, "/movingai/")
			if !listed[name] {
				http.NotFound(w, r)
				return
			}
			f, err := root.Open(name)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			defer f.Close()
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			io.Copy(w, f)
		})
	}
	mux.HandleFunc("/maps.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		writeJSON(w, list)
	})
	return mux, nil
}
