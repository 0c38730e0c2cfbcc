package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// goEnv returns `go env NAME`.
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// goBuildWasm builds cmd/playground/wasm of the module at root for
// GOOS=js GOARCH=wasm into out.
func goBuildWasm(root, out string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-o", out, "./cmd/playground/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the planner for the browser: %v\n%s", err, b)
	}
	return nil
}
