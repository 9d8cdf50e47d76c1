package main

import (
	"io"

	"github.com/spf13/cobra"
)

func newRootCmd(g *globals, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "listings",
		Short: "Manage your classified-ads listings from the terminal",
		Long: `listings manages the listings of a marketplace account through the
Listings Integration API v1: browse, read, create, edit, activate and deactivate
listings, upload media, and follow moderation.

Try it with no account at all:

  listings sandbox serve     run the whole API locally, with seeded keys and data`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionString(),
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &usageError{err}
	})
	g.bind(root)
	bindTUI(root, g)
	root.AddCommand(newVersionCmd(), newSandboxCmd(), newAuthCmd(g), newProxyCmd(g))
	addScriptCommands(root, g)
	return root
}
