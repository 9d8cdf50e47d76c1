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
// the flags most commands share ("cli.flag.<name>"). English is left as cobra and the
// commands have it. Of the commands' Long texts, only the root's is translated yet.

// shortID is the catalog id of c's Short: "cli.short.listings.auth.login".
func shortID(c *cobra.Command) string {
	return "cli.short." + strings.ReplaceAll(c.CommandPath(), " ", ".")
}

// longID is the catalog id of c's Long, which only some commands have in the
// catalog (the root's): the others' help shows their Long in English.
func longID(c *cobra.Command) string {
	return "cli.long." + strings.ReplaceAll(c.CommandPath(), " ", ".")
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

// translateTree puts the language's Short on every command that has one in the catalog.
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
		// another meaning keeps its own words.
		if id := "cli.flag." + fl.Name; en.T(id) == fl.Usage {
			fl.Usage = p.T(id)
		}
	}
	c.Flags().VisitAll(tr)
	c.PersistentFlags().VisitAll(tr)
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
