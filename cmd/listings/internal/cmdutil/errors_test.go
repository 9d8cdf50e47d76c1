package cmdutil

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestExitCodesDocumented: the README's table is the scripting contract; it must list
// every code main can return, with the meaning the code has.
func TestExitCodesDocumented(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for code, word := range map[int]string{
		ExitOK: "success", ExitError: "error", ExitUsage: "usage", ExitAuth: "key",
		ExitRateLimit: "limit", ExitCancelled: "interrupted",
	} {
		re := regexp.MustCompile(fmt.Sprintf(`(?m)^\| %d \|[^\n]*%s`, code, word))
		if !re.Match(readme) {
			t.Errorf("README.md has no exit-code row for %d mentioning %q", code, word)
		}
	}
}
