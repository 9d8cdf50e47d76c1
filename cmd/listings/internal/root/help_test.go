package root

import (
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/internal/i18n"
)

// TestEveryShortInTheCatalog: every command's Short is in the English catalog as the
// command has it (the ids are made from the command's path, which the catalog test
// cannot see), so a Short changed in the code is not shown stale in another
// language; and every language has it.
func TestEveryShortInTheCatalog(t *testing.T) {
	defer i18n.Use(i18n.English)
	root := New(cmdtest.NewFactory(map[string]string{}, iostreams.New(strings.NewReader(""), &iostreams.Buffer{}, &iostreams.Buffer{})))
	root.InitDefaultHelpCmd()
	en, uk, ru := i18n.For(i18n.English), i18n.For(i18n.Ukrainian), i18n.For(i18n.Russian)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		id := shortID(c)
		if got := en.T(id); got != c.Short {
			t.Errorf("%s: the catalog has %q, the command %q", id, got, c.Short)
		}
		if id := longID(c); en.T(id) != id && en.T(id) != c.Long {
			t.Errorf("%s: the catalog's differs from the command's", id)
		}
		for _, p := range []*i18n.Printer{uk, ru} {
			if got := p.T(id); got == c.Short || got == id {
				t.Errorf("%s: %s has no translation", id, p.Lang())
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, h := range headings {
		if got := en.T(h.id, "Path", "{{.CommandPath}}"); got != h.en {
			t.Errorf("%s: %q, cobra's %q", h.id, got, h.en)
		}
	}
}

// TestVersionChoosesNoLanguage: `listings version` draws no word of the catalog, so
// it neither reads the config nor the locale for one (the start stays as cheap as it
// was); a command that prints an error does choose, from the locale.
func TestVersionChoosesNoLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	env := map[string]string{"LANG": "uk_UA.UTF-8", "LISTINGS_CONFIG_DIR": t.TempDir()}
	run := func(args ...string) (asked bool, stderr string) {
		var out, errOut iostreams.Buffer
		f := cmdtest.NewFactory(env, iostreams.New(strings.NewReader(""), &out, &errOut))
		f.Getenv = func(k string) string {
			switch k {
			case "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE":
				asked = true
			}
			return env[k]
		}
		Execute(context.Background(), f, args)
		return asked, errOut.String()
	}
	if asked, _ := run("version"); asked {
		t.Error("version read the locale")
	}
	if asked, stderr := run("ls", "--limit", "0"); !asked || !strings.Contains(stderr, "від 1 до 100") {
		t.Errorf("a usage error: locale read %v, stderr %q", asked, stderr)
	}
}
