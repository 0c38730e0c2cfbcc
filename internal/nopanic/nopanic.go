// Package nopanic is a test helper for the misuse tests: it runs a call
// that must return an error, never panic, and turns a panic into a test
// failure so that one table row that panics does not hide the others.
package nopanic

import "testing"

// Call runs f and returns its error; a panic fails t (naming the call)
// and returns nil.
func Call(t testing.TB, name string, f func() error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: panic: %v", name, r)
			err = nil
		}
	}()
	return f()
}
