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
	root := newRoot(f)
	for _, c := range commands {
		root.AddCommand(c.build(f))
	}
	// Added now rather than on Execute, so that strictArgs reaches it too.
	root.InitDefaultCompletionCmd()
	strictArgs(root)
	return root
}

// newFor returns the tree that runs args: only the top-level command they name when
// they name one of commands, else the whole tree (the app, help, completion, an
// unknown command and its suggestions need every command). Building every command
// (flags, help texts, their defaults) took more of `listings version` than the
// command itself (docs/performance.md, "The CLI's start"); on the path of one
// command nothing reads its siblings. cobra itself finds the command, on stand-ins
// that bear only the names, so that the root's flags and their values are skipped
// exactly as when it runs the real tree.
func newFor(f *cmdutil.Factory, args []string) *cobra.Command {
	root := newRoot(f)
	stand := make([]*cobra.Command, len(commands))
	for i, c := range commands {
		stand[i] = &cobra.Command{Use: c.name, Run: func(*cobra.Command, []string) {}}
	}
	root.AddCommand(stand...)
	found, _, err := root.Find(args)
	i := slices.Index(stand, found)
	root.RemoveCommand(stand...)
	if err == nil && found == root && appOnly(args) {
		// The interactive app: no command is on its path either, and building them
		// all was a third of what the app did before its first frame besides the
		// runtime (docs/performance.md, "Start").
		root.CompletionOptions.DisableDefaultCmd = true
		strictArgs(root)
		return root
	}
	if err != nil || i < 0 {
		for _, c := range commands {
			root.AddCommand(c.build(f))
		}
		root.InitDefaultCompletionCmd()
	} else {
		root.AddCommand(commands[i].build(f))
		// Not on this command's path, and cobra would add it on Execute.
		root.CompletionOptions.DisableDefaultCmd = true
	}
	strictArgs(root)
	return root
}

// appOnly says whether args start the interactive app and ask nothing of the other
// commands: flags alone, none of them help or the version (which list or name the
// commands), no "--" (after which a word would be an unknown command, said with
// suggestions from every name). A flag's value given as a word of its own
// (--profile work) is taken for a command name: the whole tree then, as before.
func appOnly(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--" || !strings.HasPrefix(a, "-"):
			return false
		case a == "--help" || a == "--version" || strings.HasPrefix(a, "--help=") || strings.HasPrefix(a, "--version="):
			return false
		case !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "hv"):
			return false // -h, -v, or a cluster of short flags with one of them
		}
	}
	return true
}

// commands are the top-level commands in the order of the help, each by its name
// (what newFor matches: TestCommandsBearTheirNames) and the function that builds it.
// One command per operation of the API (issue 7), each with readable output by
// default and --json for scripts, all resolving the service and the key through
// f.Session like the app does; then auth, the servers and version. `completion` is
// cobra's own; its help says how to install the script per shell.
var commands = []struct {
	name  string
	build func(*cmdutil.Factory) *cobra.Command
}{
	{"ping", ping.NewCmd},
	{"ls", listing.NewCmdLs},
	{"show", listing.NewCmdShow},
	{"create", listing.NewCmdCreate},
	{"edit", listing.NewCmdEdit},
	{"activate", func(f *cmdutil.Factory) *cobra.Command { return listing.NewCmdStatus(f, "activate") }},
	{"deactivate", func(f *cmdutil.Factory) *cobra.Command { return listing.NewCmdStatus(f, "deactivate") }},
	{"price", listing.NewCmdPrice},
	{"watch", listing.NewCmdWatch},
	{"jobs", jobs.NewCmdJobs},
	{"import", newImportCmd},
	{"sync", mirrorcmd.NewCmdSync},
	{"stats", mirrorcmd.NewCmdStats},
	{"export", sheetcmd.NewCmdExport},
	{"categories", taxonomy.NewCmdCategories},
	{"attributes", taxonomy.NewCmdAttributes},
	{"cities", taxonomy.NewCmdCities},
	{"suggest-category", taxonomy.NewCmdSuggest},
	{"upload", upload.NewCmd},
	{"auth", auth.NewCmd},
	{"sandbox", sandboxcmd.NewCmd},
	{"proxy", proxycmd.NewCmd},
	{"version", newVersionCmd},
}

// newRoot is the root command with its flags (the global ones and the app's) and no
// subcommand.
func newRoot(f *cmdutil.Factory) *cobra.Command {
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
