package clitest_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// The interface's language is the process's: a run in Ukrainian beside an English one
// drew the English run's lines half in Ukrainian (an import's progress, seen in make
// test). Runs in another language run alone.
func TestARunInUkrainianLeavesTheOthersEnglish(t *testing.T) {
	en := clitest.Fake(t, http.NotFoundHandler())
	uk := clitest.Fake(t, http.NotFoundHandler())
	uk.Env = map[string]string{"LANG": "uk_UA.UTF-8"}
	alone := en.Run("", "ls", "--help").Stdout
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 30 {
			uk.Run("", "ls", "--help")
		}
	}()
	for range 30 {
		if r := en.Run("", "ls", "--help"); r.Stdout != alone {
			t.Fatalf("an English run beside a Ukrainian one:\n%s\nalone:\n%s", r.Stdout, alone)
		}
	}
	wg.Wait()
}
