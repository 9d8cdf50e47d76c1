package langswitch

import (
	"errors"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore/profile"
)

// L goes uk → ru → en → uk; from a language not in the cycle, to its first.
func TestNextCycles(t *testing.T) {
	for from, want := range map[string]string{"uk": "ru", "ru": "en", "en": "uk", "": "uk", "de": "uk"} {
		if got := Next(from); got != want {
			t.Errorf("Next(%q) = %q, want %q", from, got, want)
		}
	}
}

// The choice reaches the profile, the interface's language with it unless apart; a
// profile that is not there is no failure, a failed save says so.
func TestSaveRecordsTheChoice(t *testing.T) {
	env := &profile.Env{Dir: t.TempDir()}
	cfg, err := env.Config()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Put(&profile.Profile{Name: "work", Lang: "uk", UILang: "uk"})
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	if s := Save(env, "work", "ru", false)().(Saved); s.Err != nil || s.Warning() != "" {
		t.Fatalf("save: %v", s.Err)
	}
	if s := Save(env, "work", "en", true)().(Saved); s.Err != nil {
		t.Fatalf("save apart: %v", s.Err)
	}
	cfg, _ = env.Config()
	p, _ := cfg.Get("work")
	if p.Lang != "en" || p.UILang != "ru" {
		t.Fatalf("the profile has lang %q, interface %q; want en, ru", p.Lang, p.UILang)
	}
	if s := Save(env, "gone", "en", false)().(Saved); s.Err != nil {
		t.Fatalf("a profile gone: %v", s.Err)
	}
	if w := (Saved{errors.New("disk full")}).Warning(); !strings.Contains(w, "not saved") || !strings.Contains(w, "disk full") {
		t.Fatalf("warning %q", w)
	}
}

// The interface follows L unless it keeps its own language.
func TestSwitchMovesTheInterface(t *testing.T) {
	t.Cleanup(func() { i18n.Use(i18n.English) })
	i18n.Use(i18n.English)
	Switch("uk", true)
	if i18n.UI().Lang() != i18n.English {
		t.Fatalf("apart: the interface is %v", i18n.UI().Lang())
	}
	if Switch("uk", false) == "" || i18n.UI().Lang() != i18n.Lang("uk") {
		t.Fatalf("together: the interface is %v", i18n.UI().Lang())
	}
}
