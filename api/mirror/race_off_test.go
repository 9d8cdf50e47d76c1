//go:build !race

package mirror

// underRace: see race_on_test.go.
const underRace = false
