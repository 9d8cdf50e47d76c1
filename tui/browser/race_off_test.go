//go:build !race

package browser

// underRace: see race_on_test.go.
const underRace = false
