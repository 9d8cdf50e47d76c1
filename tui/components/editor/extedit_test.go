package editor

import (
	"errors"
	tea "github.com/charmbracelet/bubbletea"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestFindEditor(t *testing.T) {
	env := map[string]string{}
	have := map[string]bool{}
	getenv := func(k string) string { return env[k] }
	look := func(name string) (string, error) {
		if have[name] {
			return "/usr/bin/" + name, nil
		}
		return "", errors.New("not found")
	}
	if got := findEditor(getenv, look); got != nil {
		t.Fatalf("nothing installed: %v", got)
	}
	have["nano"] = true
	if got := findEditor(getenv, look); len(got) != 1 || got[0] != "/usr/bin/nano" {
		t.Fatalf("nano only: %v", got)
	}
	env["EDITOR"], have["code"] = "code --wait", true
	if got := findEditor(getenv, look); strings.Join(got, " ") != "code --wait" {
		t.Fatalf("$EDITOR: %v", got)
	}
	env["VISUAL"] = "missing-editor"
	if got := findEditor(getenv, look); strings.Join(got, " ") != "code --wait" {
		t.Fatalf("a $VISUAL that is not installed is skipped: %v", got)
	}
}

// With no editor at all, ctrl+e says so and what to do, instead of doing nothing.
func TestCtrlEWithoutAnEditorSaysSo(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	cfg := f.m.cfg
	cfg.FindEditor = func() []string { return nil }
	f.m = New(cfg)
	f.openNew()
	f.press("tab")
	f.press("ctrl+e")
	if n, ok := lastOut[msgs.Notice](f); !ok || !strings.Contains(n.Text, "no editor found") || !strings.Contains(n.Text, "export EDITOR") {
		t.Fatalf("ctrl+e without an editor said nothing")
	}
	f.contains("ctrl+e: no editor found")
}

// L renames the draft's category at once in the new language (its tree is fetched
// once), rather than keeping the name it was chosen under.
func TestCategoryFollowsTheLanguage(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openDetails(303)
	f.waitFor("the English tree", func() bool { return strings.HasPrefix(f.m.categoryLabel(), "Electronics") })
	f.m.d.CategoryPath = f.m.categoryLabel() // as the picker keeps it when the seller chooses
	var cmd tea.Cmd
	f.m, cmd = f.m.Update(msgs.LangChanged{Lang: "uk"})
	f.settle(cmd)
	f.waitFor("the Ukrainian tree", func() bool { return strings.HasPrefix(f.m.categoryLabel(), "Електроніка") })
	f.contains("Електроніка")
}

// The review follows a refusal as its fields are changed: it never says "refused"
// about a field the seller has fixed since.
func TestReviewFollowsTheRefusal(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openDetails(303)
	f.press("tab")
	f.typeText("9000")
	f.press("tab", "tab", "tab", "down", "tab", "tab")
	f.typeText("500")
	f.press("ctrl+s", "enter")
	f.waitFor("the refusal", func() bool { return f.m.d.Refusal != nil })
	f.press("backspace", "backspace", "backspace")
	f.typeText("50")
	f.press("ctrl+s")
	f.contains("every field the service refused is changed: ctrl+s sends again")
	if strings.Contains(f.screen(), "refused: 1 field(s)") {
		t.Errorf("the review is stale:\n%s", f.screen())
	}
}
