package auth

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

func newCmdStatus(f *cmdutil.Factory) *cobra.Command {
	var asJSON, offline bool
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show every profile, where its key comes from, and whether it works",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !asJSON {
				// Each profile's own lines say where its key is kept, the plain file
				// included: the keystore's warning on reading it would say it twice.
				f.Warn = func(string) {}
			}
			env, err := f.ProfileEnv()
			if err != nil {
				return err
			}
			sts, err := env.Statuses(cmd.Context(), !offline)
			if err != nil {
				return err
			}
			// A key in the environment with a base URL is what every command uses, with
			// no profile at all; with profiles and no base URL it goes to the current
			// profile's service, and the profiles' own lines say so.
			if len(sts) == 0 || f.BaseURL != "" {
				if st, ok := env.EnvStatus(cmd.Context(), f.BaseURL, !offline); ok {
					for i := range sts {
						sts[i].Current = false
					}
					sts = append([]profile.Status{st}, sts...)
				}
			}
			out := f.IOStreams.Out
			if asJSON {
				return cmdutil.PrintJSON(out, sts)
			}
			if len(sts) == 0 {
				_, err := fmt.Fprintln(out, i18n.T("cli.auth.no_profiles"))
				return err
			}
			return printStatuses(out, sts)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the profiles as JSON")
	cmd.Flags().BoolVar(&offline, "offline", false, "do not ping the service")
	return cmd
}

func printStatuses(out io.Writer, sts []profile.Status) error {
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	for i, st := range sts {
		if i > 0 {
			fmt.Fprintln(w)
		}
		mark := " "
		if st.Current {
			mark = "*"
		}
		name := st.Profile
		if name == "" {
			name = "$" + keystore.EnvVar
		}
		fmt.Fprintf(w, "%s %s  %s\n", mark, name, cmdutil.OrDash(st.BaseURL))
		tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', 0)
		fmt.Fprintf(tw, "    %s\t%s\n", i18n.T("cli.ping.key"), keyLine(st))
		if in := st.Info; in != nil {
			fmt.Fprintf(tw, "    %s\t%s\n", i18n.T("cli.ping.account"), i18n.T("cli.auth.status_account", "Account", in.AccountType,
				"User", in.UserID, "Scopes", strings.Join(profile.SortedScopes(in), ", ")))
			fmt.Fprintf(tw, "    %s\t%s\n", i18n.T("cli.ping.limits"), i18n.T("cli.auth.status_limits", "Minute", in.RateLimitPerMinute,
				"Day", in.DailyLimit, "IP", in.YourIP))
		}
		if st.Error != "" {
			fmt.Fprintf(tw, "    %s\t%s\n", i18n.T("cli.auth.error"), st.Error)
		}
		_ = tw.Flush()
		for _, warn := range st.Warnings {
			fmt.Fprintf(w, "    ! %s\n", warn)
		}
	}
	return w.Flush()
}

func keyLine(st profile.Status) string {
	if st.KeyPrefix == "" {
		return i18n.T("cli.auth.no_key")
	}
	return i18n.T("cli.auth.key_from", "Prefix", st.KeyPrefix, "Source", st.Source)
}

func newCmdLogout(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove a profile and its stored key",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env, cfg, err := f.Config()
			if err != nil {
				return err
			}
			name := cfg.Select(f.Profile, f.Getenv)
			removed, err := env.Logout(cmd.Context(), name)
			if err != nil {
				return err
			}
			where := i18n.T("cli.auth.no_stored_key")
			if len(removed) > 0 {
				var s []string
				for _, r := range removed {
					s = append(s, r.String())
				}
				where = i18n.T("cli.auth.key_removed", "From", strings.Join(s, i18n.T("cli.auth.and_the")))
			}
			w := bufio.NewWriter(f.IOStreams.Out)
			fmt.Fprintln(w, "✓ "+i18n.T("cli.auth.logged_out", "Profile", strconv.Quote(name), "Where", where))
			if f.Getenv(keystore.EnvVar) != "" {
				fmt.Fprintln(w, "! "+i18n.T("cli.auth.env_still_set", "Var", keystore.EnvVar))
			}
			return w.Flush()
		},
	}
}

func newCmdSwitch(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "switch NAME",
		Short: "Make another profile the current one",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			env, err := f.ProfileEnv()
			if err != nil {
				return err
			}
			if err := env.Switch(args[0]); err != nil {
				return err
			}
			_, err = fmt.Fprintln(f.IOStreams.Out, "✓ "+i18n.T("cli.auth.switched", "Profile", strconv.Quote(args[0])))
			return err
		},
	}
}
