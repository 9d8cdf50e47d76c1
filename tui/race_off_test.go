//go:build !race

package tui

// underRace: see race_on_test.go.
const underRace = false
