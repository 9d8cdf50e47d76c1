//go:build race

package browser

// underRace says the tests run with the race detector. The tests that drive the whole
// app through every key or a shop of thousands of listings skip then: they check what
// the keys and the rows do, not how goroutines share memory, and under the detector
// they were most of make test's time; make test runs them again without it (Makefile).
const underRace = true
