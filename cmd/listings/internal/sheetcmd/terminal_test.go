package sheetcmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// An export printed on a terminal holds no escape sequence of a title (an OSC 52 in
// one wrote tmux's clipboard); piped, or written with -o even from a terminal, the
// title is exact.
func TestExportToATerminalIsCleaned(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	// ESC and BEL, which JSON escapes, and an 8-bit CSI and a right-to-left
	// override, which it does not.
	title := "Kobzar \x1b]52;c;aGk=\x07 red \x1b[31medition\x1b[0m \u009b2J\u202e end"
	var created clitest.Created
	c.OKJSON(&created, clitest.BookJSON(title), "create", "--file", "-", "--json")
	tty := *c
	tty.StdoutTTY = true
	for format, want := range map[string]string{"csv": "Kobzar  red edition 2J end", "jsonl": `2J end"`} {
		shown := tty.OK("", "export", "--format", format)
		if strings.ContainsAny(shown, "\x1b\x07\u009b\u202e") {
			t.Errorf("%s on a terminal printed control characters: %q", format, shown)
		}
		if !strings.Contains(shown, want) {
			t.Errorf("%s on a terminal lacks the title's text:\n%s", format, shown)
		}
	}
	// A pipe gets the bytes the service sent.
	if piped := c.OK("", "export", "--format", "csv"); !strings.Contains(piped, title) {
		t.Errorf("a pipe lost the exact title:\n%q", piped)
	}
	if piped := c.OK("", "export", "--format", "jsonl"); !strings.Contains(piped, "\u009b2J\u202e end") {
		t.Errorf("a pipe lost the exact title:\n%q", piped)
	}
	file := filepath.Join(t.TempDir(), "out.csv")
	tty.OK("", "export", "-o", file)
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), title) {
		t.Errorf("-o from a terminal lost the exact title (%v):\n%q", err, data)
	}
}
