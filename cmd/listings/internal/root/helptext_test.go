package root

import (
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/internal/i18n"
)

// wholeTree is every command as help sees it, cobra's help command included.
func wholeTree(env map[string]string, out, errOut *iostreams.Buffer) *cobra.Command {
	root := New(cmdtest.NewFactory(env, iostreams.New(strings.NewReader(""), out, errOut)))
	root.InitDefaultHelpCmd()
	return root
}

// ownFlags calls fn with each flag that c defines and that no "cli.flag.<name>"
// entry describes: those are the ones help looks up as clihelp.flag.<path>.<name>.
func ownFlags(c *cobra.Command, fn func(fl *pflag.Flag)) {
	en := i18n.For(i18n.English)
	seen := map[string]bool{}
	visit := func(fl *pflag.Flag) {
		if !seen[fl.Name] && en.T("cli.flag."+fl.Name) != fl.Usage {
			seen[fl.Name] = true
			fn(fl)
		}
	}
	c.LocalNonPersistentFlags().VisitAll(visit)
	c.PersistentFlags().VisitAll(visit)
}

// eachCommand calls fn with c and every command under it.
func eachCommand(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		eachCommand(sub, fn)
	}
}

// TestEveryLongInTheCatalog: the English catalog has every command's Long and every
// command's own flag descriptions as the code has them, byte for byte, since help
// translates only a text that equals its English entry: a text changed in the code
// alone would stay English in every language, and one missing from the catalog would
// never be translated.
func TestEveryLongInTheCatalog(t *testing.T) {
	defer i18n.Use(i18n.English)
	en, uk, ru := i18n.For(i18n.English), i18n.For(i18n.Ukrainian), i18n.For(i18n.Russian)
	check := func(id, code string) {
		if got := en.T(id); got != code {
			t.Errorf("%s: the catalog has %q, the code %q", id, got, code)
		}
		for _, p := range []*i18n.Printer{uk, ru} {
			if got := p.T(id); got == code || got == id {
				t.Errorf("%s: %s has no translation", id, p.Lang())
			}
		}
	}
	longs, flags := 0, 0
	eachCommand(wholeTree(nil, &iostreams.Buffer{}, &iostreams.Buffer{}), func(c *cobra.Command) {
		if c.Long != "" {
			check(longID(c), c.Long)
			longs++
		}
		ownFlags(c, func(fl *pflag.Flag) {
			check(flagID(c, fl), fl.Usage)
			flags++
		})
	})
	t.Logf("%d Long texts, %d flag descriptions", longs, flags)
}

// prose are the lines of an English help text that a translation has to change:
// not the command lines, flags, examples or JSON shapes, which stay as they are, and
// not a line of a word or two, which may well read the same, nor a line that only
// lists field names ("title, description, price_type,").
func prose(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case len(strings.Fields(l)) < 3,
			strings.HasPrefix(l, "listings "), strings.HasPrefix(l, "-"),
			strings.HasPrefix(l, "$"), strings.HasPrefix(l, "#"),
			strings.HasPrefix(l, "{"), strings.HasPrefix(l, "["),
			strings.HasPrefix(l, "source "), strings.HasPrefix(l, "echo "),
			names(l):
			continue
		}
		out = append(out, l)
	}
	return out
}

// names says whether l is only a comma-separated list of single words.
func names(l string) bool {
	for _, item := range strings.Split(strings.TrimSuffix(l, ","), ",") {
		if len(strings.Fields(item)) != 1 {
			return false
		}
	}
	return true
}

// TestUkrainianLongHelp: `<command> --help` in Ukrainian keeps no English sentence
// of the command's Long text and no English description of its own flags.
func TestUkrainianLongHelp(t *testing.T) {
	defer i18n.Use(i18n.English)
	type page struct {
		args  []string
		lines []string
	}
	var pages []page
	eachCommand(wholeTree(nil, &iostreams.Buffer{}, &iostreams.Buffer{}), func(c *cobra.Command) {
		p := page{args: append(strings.Fields(c.CommandPath())[1:], "--help"), lines: prose(c.Long)}
		ownFlags(c, func(fl *pflag.Flag) { p.lines = append(p.lines, fl.Usage) })
		pages = append(pages, p)
	})
	env := map[string]string{"LANG": "uk_UA.UTF-8", "LISTINGS_CONFIG_DIR": t.TempDir()}
	for _, p := range pages {
		var out, errOut iostreams.Buffer
		f := cmdtest.NewFactory(env, iostreams.New(strings.NewReader(""), &out, &errOut))
		Execute(context.Background(), f, p.args)
		help := out.String()
		if !strings.Contains(help, "Прапорці:") {
			t.Errorf("%v: not Ukrainian help:\n%s%s", p.args, help, errOut.String())
			continue
		}
		if strings.Contains(help, "help for ") {
			t.Errorf("%v: cobra's --help still says \"help for\"", p.args)
		}
		for _, l := range p.lines {
			if strings.Contains(help, l) {
				t.Errorf("%v: English left: %q", p.args, l)
			}
		}
	}
}
