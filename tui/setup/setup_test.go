package setup

import (
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

