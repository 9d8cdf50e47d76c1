package root

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/listings-tui/listings/internal/i18n"
)

// Cobra builds help from strings set when the tree is made, before the language is
// known, and choosing it then would read the config on every start (`listings
// version` too). So the words of help are put in only when help is asked for: each
// command's Short (the lists of commands) from cli.json's "cli.short.<path>", and
// cobra's headings, by a usage template of the language's, and the descriptions of
// the flags most commands share ("cli.flag.<name>"). The commands' Long texts and
// their own flags' descriptions are in clihelp.json rather than cli.json: they are
// most of the words of help, read only here, and a file of their own lets them be
// translated apart from the messages the commands print. English is left as cobra
// and the commands have it.

// shortID is the catalog id of c's Short: "cli.short.listings.auth.login".
func shortID(c *cobra.Command) string {
	return "cli.short." + strings.ReplaceAll(c.CommandPath(), " ", ".")
}

// longID is the catalog id of c's Long: "clihelp.long.listings.auth.login". The
// root's is "cli.long.listings", which cli.json had before clihelp.json existed and
// keeps, so that its translators' entry is not moved under them.
func longID(c *cobra.Command) string {
	if !c.HasParent() {
		return "cli.long." + c.Name()
	}
	return "clihelp.long." + strings.ReplaceAll(c.CommandPath(), " ", ".")
}

// flagID is the catalog id of the description of fl, a flag of c's own:
// "clihelp.flag.listings.ls.status". A flag is named by the command that defines it,
// since two commands' flags of one name (--status, --format) say different things.
func flagID(c *cobra.Command, fl *pflag.Flag) string {
	return "clihelp.flag." + strings.ReplaceAll(c.CommandPath(), " ", ".") + "." + fl.Name
}

// localizeHelp makes help speak the interface's language.
func localizeHelp(root *cobra.Command) {
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if p := i18n.UI(); p.Lang() != i18n.English {
			translateTree(root, p)
			root.SetUsageTemplate(usageTemplate(p, root.UsageTemplate()))
		}
		help(c, args)
	})
}

// translateTree puts the language's Short, Long and flag descriptions on every
// command that has them in the catalog.
func translateTree(c *cobra.Command, p *i18n.Printer) {
	if id := shortID(c); c.Short != "" {
		if s := p.T(id); s != id {
			c.Short = s
		}
	}
	if id := longID(c); c.Long != "" {
		if s := p.T(id); s != id {
			c.Long = s
		}
	}
	en := i18n.For(i18n.English)
	tr := func(fl *pflag.Flag) {
		// Only a flag that says what the catalog's English says: one of that name with
		// another meaning keeps its own words, and a description changed in the code
		// and not in the catalog stays the code's rather than a stale translation.
		for _, id := range []string{"cli.flag." + fl.Name, flagID(c, fl)} {
			if en.T(id) == fl.Usage {
				fl.Usage = p.T(id)
				return
			}
		}
	}
	c.Flags().VisitAll(tr)
	c.PersistentFlags().VisitAll(tr)
	// cobra's own --help, added as the command runs: "help for ls".
	if f := c.Flags().Lookup("help"); f != nil && f.Usage == "help for "+c.Name() {
		f.Usage = p.T("cli.help.flag", "Name", c.Name())
	}
	for _, sub := range c.Commands() {
		translateTree(sub, p)
	}
}

// headings are the words of cobra's usage template, by their catalog ids.
var headings = []struct{ id, en string }{
	{"cli.help.usage", "Usage:"},
	{"cli.help.aliases", "Aliases:"},
	{"cli.help.examples", "Examples:"},
	{"cli.help.commands", "Available Commands:"},
	{"cli.help.more_commands", "Additional Commands:"},
	{"cli.help.global_flags", "Global Flags:"},
	{"cli.help.flags", "Flags:"}, // after Global Flags, which holds it
	{"cli.help.topics", "Additional help topics:"},
	{"cli.help.more", `Use "{{.CommandPath}} [command] --help" for more information about a command.`},
}

// usageTemplate is cobra's template tmpl with its headings in p's language.
func usageTemplate(p *i18n.Printer, tmpl string) string {
	for _, h := range headings {
		tmpl = strings.ReplaceAll(tmpl, h.en, p.T(h.id, "Path", "{{.CommandPath}}"))
	}
	return tmpl
}
