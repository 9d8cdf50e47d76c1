//go:build !race

package testrace

// Enabled is true when the tests run with the race detector.
const Enabled = false
