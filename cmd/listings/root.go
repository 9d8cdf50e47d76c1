package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

func newRootCmd(g *globals, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "listings",
		Short: "Manage your classified-ads listings from the terminal",
		Long: `listings manages the listings of a marketplace account through the
Listings Integration API v1: browse, read, create, edit, activate and deactivate
listings, upload media, and follow moderation.

With no command it starts the interactive app. Try it with no account at all:

  listings --sandbox         the app on an in-process sandbox, nothing stored
  listings sandbox serve     run the whole API locally, with seeded keys and data

Every command prints a table or text for people and, with --json, JSON for scripts;
messages go to standard error. Exit codes: 0 success, 1 error, 2 wrong usage,
3 the key (missing, invalid, suspended, revoked, whitelist, scope), 4 rate limit,
130 interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionString(),
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageErrorf("%v; see %s --help", err, cmd.CommandPath())
	})
	g.bind(root)
	bindTUI(root, g)
	root.AddCommand(newVersionCmd(), newSandboxCmd(), newAuthCmd(g), newProxyCmd(g))
	addScriptCommands(root, g)
	// Added now rather than on Execute, so that strictArgs reaches it too.
	root.InitDefaultCompletionCmd()
	strictArgs(root)
	return root
}

// strictArgs makes every wrong argument in the tree a usage error (exit 2) that names
// the expected form: an unknown subcommand (with cobra's suggestions), and every
// command's own argument check. A group such as `upload` run alone prints its help.
func strictArgs(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		strictArgs(c)
	}
	if cmd.HasSubCommands() && !cmd.Runnable() {
		cmd.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	}
	cmd.Args = usageArgs(cmd.Args)
}

// usageArgs turns an argument check's error into a usage error. It is idempotent, so
// a command that already wraps its check keeps one usage line.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 && cmd.HasAvailableSubCommands() {
			msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
			if cmd.SuggestionsMinimumDistance <= 0 {
				cmd.SuggestionsMinimumDistance = 2 // cobra's own default, set only on its path
			}
			if s := slices.Compact(cmd.SuggestionsFor(args[0])); len(s) > 0 {
				return usageErrorf("%s; did you mean %s %s?", msg, cmd.CommandPath(), strings.Join(s, " or "))
			}
			return usageErrorf("%s; see %s --help", msg, cmd.CommandPath())
		}
		if check == nil {
			return nil
		}
		err := check(cmd, args)
		var ue *usageError
		if err == nil || errors.As(err, &ue) {
			return err
		}
		return usageErrorf("%v; usage: %s", err, cmd.UseLine())
	}
}
