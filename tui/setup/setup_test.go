package setup

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// What is left unset gets its default; what is set is kept.
func TestDefaultsFillOnlyWhatIsUnset(t *testing.T) {
	var s Settings
	s.Defaults()
	if s.Now == nil || s.Getenv == nil || s.Lang != "uk" {
		t.Fatalf("defaults: now %v, getenv %v, lang %q", s.Now != nil, s.Getenv != nil, s.Lang)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s = Settings{Lang: "en", Now: func() time.Time { return at }, Getenv: func(string) string { return "x" }}
	s.Defaults()
	if s.Lang != "en" || !s.Now().Equal(at) || s.Getenv("TERM") != "x" {
		t.Fatalf("a setting was replaced: lang %q, now %v, getenv %q", s.Lang, s.Now(), s.Getenv("TERM"))
	}
}

// The mouse is reported unless the user keeps it for the terminal; the input and the
// output given replace the terminal's.
func TestProgramTakesTheTerminalAsSet(t *testing.T) {
	base := len(Settings{NoMouse: true}.Program())
	if n := len(Settings{}.Program()); n != base+1 {
		t.Fatalf("the mouse: %d options, without it %d", n, base)
	}
	var s Settings
	s.Input, s.Output = strings.NewReader(""), io.Discard
	if n := len(s.Program()); n != base+3 {
		t.Fatalf("input and output: %d options, want %d", n, base+3)
	}
}

// The bell goes to the output given, else stdout.
func TestTerminalIsTheOutput(t *testing.T) {
	var s Settings
	if s.Terminal() != io.Writer(os.Stdout) {
		t.Fatal("no output: not stdout")
	}
	s.Output = io.Discard
	if s.Terminal() != io.Discard {
		t.Fatal("the output given is not the terminal")
	}
}
