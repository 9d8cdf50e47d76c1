package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

func newAuthCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth",
		Short: "Log in, see which keys are in use, log out",
		Long: `Keys live in the OS keyring (Secret Service, Keychain, Credential Manager).
A key is never taken from a flag: login reads it from a masked prompt, or from
standard input with --with-key. LISTINGS_API_KEY overrides every stored key.`,
	}
	cmd.AddCommand(newLoginCmd(g), newStatusCmd(g), newLogoutCmd(g), newSwitchCmd(g))
	return cmd
}

func newLoginCmd(g *globals) *cobra.Command {
	var withKey, insecure bool
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Check a key with the service and store it in the OS keyring",
		Example: `  listings auth login --base-url https://api.example.com
  echo "$KEY" | listings auth login --profile shop --base-url https://api.example.com --with-key
  listings auth login --insecure-storage     # plain file (mode 0600), for machines without a keyring`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env, err := g.profileEnv(cmd)
			if err != nil {
				return err
			}
			cfg, err := env.Config()
			if err != nil {
				return err
			}
			req := profile.LoginRequest{Profile: g.profile, BaseURL: g.baseURL, Lang: g.lang, Insecure: insecure}
			if req.Profile == "" {
				req.Profile = cfg.Select("", g.getenv)
			}
			if err := keystore.ValidProfile(req.Profile); err != nil {
				return &usageError{err}
			}
			if withKey {
				req.Key, err = readKeyFrom(cmd.InOrStdin())
			} else {
				req.Key, req.BaseURL, err = promptLogin(g, cmd, req, cfg)
			}
			if err != nil {
				return err
			}
			res, err := env.Login(cmd.Context(), req)
			if err != nil {
				return loginError(err)
			}
			printLogin(cmd.OutOrStdout(), res, cfg.KeysPath())
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&withKey, "with-key", false, "read the key from standard input")
	f.BoolVar(&insecure, "insecure-storage", false, "store the key in a plain file (mode 0600) instead of the OS keyring")
	return cmd
}

// readKeyFrom reads one key from standard input: the first line, trimmed.
func readKeyFrom(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, 4096))
	if err != nil {
		return "", fmt.Errorf("read the key from standard input: %w", err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	if strings.TrimSpace(line) == "" {
		return "", &usageError{errors.New("--with-key: standard input is empty; pipe the key in, e.g. echo \"$KEY\" | listings auth login --with-key")}
	}
	return line, nil
}

// promptLogin asks for what is missing in a masked form. It refuses when there is no
// terminal to ask on, rather than reading a key that echoes.
func promptLogin(g *globals, cmd *cobra.Command, req profile.LoginRequest, cfg *profile.Config) (key, baseURL string, err error) {
	in, ok := cmd.InOrStdin().(*os.File)
	if !ok || !term.IsTerminal(in.Fd()) {
		return "", "", &usageError{errors.New("standard input is not a terminal: pass the key on standard input with --with-key")}
	}
	baseURL = req.BaseURL
	if baseURL == "" {
		if p, ok := cfg.Get(req.Profile); ok {
			baseURL = p.BaseURL
		}
	}
	var fields []huh.Field
	if baseURL == "" {
		fields = append(fields, huh.NewInput().Title("Base URL of the service").
			Description("The address before /api/v1, e.g. https://api.example.com").
			Value(&baseURL).Validate(func(s string) error {
			if strings.TrimSpace(s) == "" {
				return errors.New("the base URL is required")
			}
			return nil
		}))
	}
	fields = append(fields, huh.NewInput().Title("API key for profile "+req.Profile).
		Description("Account settings → API & integrations; it looks like sk_live_ and 48 hex digits").
		EchoMode(huh.EchoModePassword).Value(&key).Validate(keystore.ValidKey))
	form := huh.NewForm(huh.NewGroup(fields...)).WithInput(in).WithOutput(cmd.ErrOrStderr()).WithShowHelp(true)
	if err := form.RunWithContext(cmd.Context()); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return "", "", errors.New("login cancelled; nothing was stored")
		}
		return "", "", fmt.Errorf("prompt: %w", err)
	}
	return key, strings.TrimSpace(baseURL), nil
}

func loginError(err error) error {
	if errors.Is(err, keystore.ErrNoKeyring) {
		// The keystore's message names the three ways on; say that nothing was kept.
		return fmt.Errorf("the key works, but it was not stored: %w", err)
	}
	return err
}

func printLogin(w io.Writer, res *profile.LoginResult, keysPath string) {
	i := res.Info
	where := "the OS keyring"
	if res.Source == keystore.SourceFile {
		where = "the plain-text file " + keysPath + " (mode 0600)"
	}
	fmt.Fprintf(w, "✓ Logged in to %s as profile %q\n", res.Profile.BaseURL, res.Profile.Name)
	fmt.Fprintf(w, "  key        %s… stored in %s\n", i.KeyPrefix, where)
	fmt.Fprintf(w, "  account    %s (user %d)\n", i.AccountType, i.UserID)
	fmt.Fprintf(w, "  scopes     %s\n", strings.Join(profile.SortedScopes(i), ", "))
	fmt.Fprintf(w, "  limits     %d requests a minute, %d a day\n", i.RateLimitPerMinute, i.DailyLimit)
	fmt.Fprintf(w, "  your IP    %s\n", i.YourIP)
	if !i.HasScope(api.ScopeWrite) {
		fmt.Fprintln(w, "! the key lacks listings:write: it can read but not change anything")
	}
}

func newStatusCmd(g *globals) *cobra.Command {
	var asJSON, offline bool
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show every profile, where its key comes from, and whether it works",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env, err := g.profileEnv(cmd)
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
			if len(sts) == 0 || g.baseURL != "" {
				if st, ok := env.EnvStatus(cmd.Context(), g.baseURL, !offline); ok {
					for i := range sts {
						sts[i].Current = false
					}
					sts = append([]profile.Status{st}, sts...)
				}
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(sts)
			}
			if len(sts) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "No profiles yet. Log in with: listings auth login --base-url URL")
				return nil
			}
			printStatuses(cmd.OutOrStdout(), sts)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the profiles as JSON")
	cmd.Flags().BoolVar(&offline, "offline", false, "do not ping the service")
	return cmd
}

func printStatuses(w io.Writer, sts []profile.Status) {
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
		fmt.Fprintf(w, "%s %s  %s\n", mark, name, orDash(st.BaseURL))
		tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', 0)
		fmt.Fprintf(tw, "    key\t%s\n", keyLine(st))
		if in := st.Info; in != nil {
			fmt.Fprintf(tw, "    account\t%s (user %d), scopes %s\n", in.AccountType, in.UserID, strings.Join(profile.SortedScopes(in), ", "))
			fmt.Fprintf(tw, "    limits\t%d/min, %d/day; your IP %s\n", in.RateLimitPerMinute, in.DailyLimit, in.YourIP)
		}
		if st.Error != "" {
			fmt.Fprintf(tw, "    error\t%s\n", st.Error)
		}
		_ = tw.Flush()
		for _, warn := range st.Warnings {
			fmt.Fprintf(w, "    ! %s\n", warn)
		}
	}
}

func keyLine(st profile.Status) string {
	if st.KeyPrefix == "" {
		return "none"
	}
	return fmt.Sprintf("%s… from %s", st.KeyPrefix, st.Source)
}

func newLogoutCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove a profile and its stored key",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env, err := g.profileEnv(cmd)
			if err != nil {
				return err
			}
			cfg, err := env.Config()
			if err != nil {
				return err
			}
			name := cfg.Select(g.profile, g.getenv)
			removed, err := env.Logout(cmd.Context(), name)
			if err != nil {
				return err
			}
			where := "no stored key was found"
			if len(removed) > 0 {
				var s []string
				for _, r := range removed {
					s = append(s, r.String())
				}
				where = "the key was removed from the " + strings.Join(s, " and the ")
			}
			fmt.Fprintf(cmd.OutOrStdout(), "✓ Logged out of profile %q: %s\n", name, where)
			if g.getenv(keystore.EnvVar) != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "! %s is still set in this shell and keeps working until you unset it\n", keystore.EnvVar)
			}
			return nil
		},
	}
}

func newSwitchCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "switch NAME",
		Short: "Make another profile the current one",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			env, err := g.profileEnv(cmd)
			if err != nil {
				return err
			}
			if err := env.Switch(args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "✓ Profile %q is now current\n", args[0])
			return nil
		},
	}
}
