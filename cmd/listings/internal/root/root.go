// Package root builds the command tree of listings from the commands of each noun
// (auth, listing, taxonomy, upload, ping, sandboxcmd, proxycmd, tuicmd) and runs one
// command line: Run is the process's entry (real streams, signals, the debug trace),
// Execute runs a command line on a Factory and turns its error into one line on
// standard error and the exit code, as tests call it.
package root

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/cmd/listings/internal/auth"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/importcmd"
	"github.com/listings-tui/listings/cmd/listings/internal/jobs"
	"github.com/listings-tui/listings/cmd/listings/internal/listing"
	"github.com/listings-tui/listings/cmd/listings/internal/mirrorcmd"
	"github.com/listings-tui/listings/cmd/listings/internal/ping"
	"github.com/listings-tui/listings/cmd/listings/internal/proxycmd"
	"github.com/listings-tui/listings/cmd/listings/internal/sandboxcmd"
	"github.com/listings-tui/listings/cmd/listings/internal/sheetcmd"
	"github.com/listings-tui/listings/cmd/listings/internal/taxonomy"
	"github.com/listings-tui/listings/cmd/listings/internal/tuicmd"
	"github.com/listings-tui/listings/cmd/listings/internal/upload"
	"github.com/listings-tui/listings/internal/i18n"
)

// New returns the whole command tree on f.
func New(f *cmdutil.Factory) *cobra.Command {
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
		Version:       cmdutil.VersionString(f.Version),
	}
	root.SetIn(f.IOStreams.In)
	root.SetOut(f.IOStreams.Out)
	root.SetErr(f.IOStreams.ErrOut)
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return cmdutil.Usage("cli.err.see_help", "Err", err.Error(), "Path", cmd.CommandPath())
	})
	f.Bind(root)
	// The human text's language is chosen when the first word is drawn, after the
	// flags are read (--profile): a command that draws none reads no config for it.
	i18n.UseLater(f.UILang)
	localizeHelp(root)
	tuicmd.Bind(root, f, nil)
	// One command per operation of the API (issue 7), each with readable output by
	// default and --json for scripts, all resolving the service and the key through
	// f.Session like the app does; then auth, the servers and version.
	// `completion` is cobra's own; its help says how to install the script per shell.
	root.AddCommand(
		ping.NewCmd(f),
		listing.NewCmdLs(f),
		listing.NewCmdShow(f),
		listing.NewCmdCreate(f),
		listing.NewCmdEdit(f),
		listing.NewCmdStatus(f, "activate"),
		listing.NewCmdStatus(f, "deactivate"),
		listing.NewCmdPrice(f),
		listing.NewCmdWatch(f),
		jobs.NewCmdJobs(f),
		newImportCmd(f),
		mirrorcmd.NewCmdSync(f),
		mirrorcmd.NewCmdStats(f),
		sheetcmd.NewCmdExport(f),
		taxonomy.NewCmdCategories(f),
		taxonomy.NewCmdAttributes(f),
		taxonomy.NewCmdCities(f),
		taxonomy.NewCmdSuggest(f),
		upload.NewCmd(f),
		auth.NewCmd(f),
		sandboxcmd.NewCmd(f),
		proxycmd.NewCmd(f),
		newVersionCmd(f),
	)
	// Added now rather than on Execute, so that strictArgs reaches it too.
	root.InitDefaultCompletionCmd()
	strictArgs(root)
	return root
}

func newVersionCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of listings",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(f.IOStreams.Out, cmdutil.VersionString(f.Version))
			return err
		},
	}
}

// strictArgs makes every wrong argument in the tree a usage error (exit 2) that names
// the expected form: an unknown subcommand (with cobra's suggestions), and every
// command's own argument check. A group such as `upload` run alone prints its help.
// takesArgs annotates a command with subcommands that takes arguments of its own.
const takesArgs = "listings:takes-args"

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
		if len(args) > 0 && cmd.HasAvailableSubCommands() && cmd.Annotations[takesArgs] == "" {
			if cmd.SuggestionsMinimumDistance <= 0 {
				cmd.SuggestionsMinimumDistance = 2 // cobra's own default, set only on its path
			}
			if s := slices.Compact(cmd.SuggestionsFor(args[0])); len(s) > 0 {
				return cmdutil.Usage("cli.err.unknown_command_suggest", "Arg", strconv.Quote(args[0]), "Path", cmd.CommandPath(),
					"Suggest", cmd.CommandPath()+" "+strings.Join(s, " or "))
			}
			return cmdutil.Usage("cli.err.unknown_command", "Arg", strconv.Quote(args[0]), "Path", cmd.CommandPath())
		}
		if check == nil {
			return nil
		}
		err := check(cmd, args)
		if err == nil || cmdutil.IsUsage(err) {
			return err
		}
		return cmdutil.Usage("cli.err.usage_line", "Err", err.Error(), "Usage", cmd.UseLine())
	}
}

// newImportCmd is `listings import FILE` with its `template` subcommand: the sheet
// it reads, and the empty one to start from, are two commands' work.
func newImportCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := importcmd.NewCmdImport(f)
	cmd.AddCommand(sheetcmd.NewCmdTemplate(f))
	// Its argument is a file, not a subcommand: strictArgs must not call it unknown.
	cmd.Annotations = map[string]string{takesArgs: "yes"}
	return cmd
}
