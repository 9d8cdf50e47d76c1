// Package testrace tells tests whether the race detector is on, and lets the few
// tests that check what code computes (not how goroutines share memory) skip under
// it: the detector slows pure computation five to twenty times, and those tests were
// most of make test's time. make test runs them again without -race; the Makefile
// names them (NORACE), and this package's own test keeps that list and the tests
// that call Heavy the same, so no test drops out of both passes.
package testrace

import "testing"

// Heavy skips t under the race detector, saying where it runs instead.
func Heavy(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("checks computation, not sharing: make test runs it without -race")
	}
}
