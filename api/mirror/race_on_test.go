//go:build race

package mirror

// underRace says the tests run with the race detector, under which SQLite (C compiled
// to Go) runs ten to twenty times slower: the scale tests then take a fifth of their
// listings, enough pages to exercise what they check; `go test` without -race (and
// docs/performance.md's figures) keeps the full 10 000.
const underRace = true
