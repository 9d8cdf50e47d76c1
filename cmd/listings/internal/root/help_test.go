package root

import (
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
