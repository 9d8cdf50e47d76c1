// Package auth owns `listings auth`: login (a key checked with ping, then stored in the
// OS keyring or, on request, a plain file), status (every profile, where its key comes
// from, whether it works), logout and switch.
package auth

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/huh"
	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

// NewCmd returns the `listings auth` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth",
		Short: "Log in, see which keys are in use, log out",
		Long: `Keys live in the OS keyring (Secret Service, Keychain, Credential Manager).
A key is never taken from a flag: login reads it from a masked prompt, or from
standard input with --with-key. LISTINGS_API_KEY overrides every stored key.`,
	}
	cmd.AddCommand(newCmdLogin(f), newCmdStatus(f), newCmdLogout(f), newCmdSwitch(f))
	return cmd
}

func newCmdLogin(f *cmdutil.Factory) *cobra.Command {
	var withKey, insecure bool
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Check a key with the service and store it in the OS keyring",
		Example: `  listings auth login --base-url https://api.example.com
  echo "$KEY" | listings auth login --profile shop --base-url https://api.example.com --with-key
  listings auth login --insecure-storage     # plain file (mode 0600), for machines without a keyring`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env, cfg, err := f.Config()
			if err != nil {
				return err
			}
			req := profile.LoginRequest{Profile: f.Profile, BaseURL: f.BaseURL, Lang: f.Lang, Insecure: insecure}
			if req.Profile == "" {
				req.Profile = cfg.Select("", f.Getenv)
			}
			if err := keystore.ValidProfile(req.Profile); err != nil {
				return &cmdutil.UsageError{Err: err}
			}
			if withKey {
				req.Key, err = readKeyFrom(f.IOStreams.In)
			} else {
				req.Key, req.BaseURL, err = promptLogin(cmd, f, req, cfg)
			}
			if err != nil {
				return err
			}
			res, err := env.Login(cmd.Context(), req)
			if err != nil {
				return loginError(err)
			}
			return printLogin(f.IOStreams.Out, res, cfg.KeysPath())
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&withKey, "with-key", false, "read the key from standard input")
	fl.BoolVar(&insecure, "insecure-storage", false, "store the key in a plain file (mode 0600) instead of the OS keyring")
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
		return "", cmdutil.Usage("cli.auth.stdin_empty")
	}
	return line, nil
}

// promptLogin asks for what is missing in a masked form. It refuses when there is no
// terminal to ask on, rather than reading a key that echoes.
func promptLogin(cmd *cobra.Command, f *cmdutil.Factory, req profile.LoginRequest, cfg *profile.Config) (key, baseURL string, err error) {
	if !f.IOStreams.IsStdinTTY {
		return "", "", cmdutil.Usage("cli.auth.not_terminal")
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
	form := huh.NewForm(huh.NewGroup(fields...)).WithInput(f.IOStreams.In).WithOutput(f.IOStreams.ErrOut).WithShowHelp(true)
	if err := form.RunWithContext(cmd.Context()); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return "", "", cmdutil.Fail(nil, "cli.auth.cancelled")
		}
		return "", "", fmt.Errorf("prompt: %w", err)
	}
	return key, strings.TrimSpace(baseURL), nil
}

func loginError(err error) error {
	if errors.Is(err, keystore.ErrNoKeyring) {
		// The keystore's message names the three ways on; say that nothing was kept.
		return cmdutil.Fail(err, "cli.auth.not_stored", "Err", err.Error())
	}
	return err
}

func printLogin(out io.Writer, res *profile.LoginResult, keysPath string) error {
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	i := res.Info
	where := i18n.T("cli.auth.in_keyring")
	if res.Source == keystore.SourceFile {
		where = i18n.T("cli.auth.in_file", "Path", keysPath)
	}
	fmt.Fprintln(w, "✓ "+i18n.T("cli.auth.logged_in", "URL", res.Profile.BaseURL, "Profile", strconv.Quote(res.Profile.Name)))
	// The labels are short in every language: a fixed column, as before the catalog.
	row := func(label, value string) { fmt.Fprintf(w, "  %-11s%s\n", label, value) }
	row(i18n.T("cli.ping.key"), i18n.T("cli.auth.key_stored", "Prefix", i.KeyPrefix, "Where", where))
	row(i18n.T("cli.ping.account"), i18n.T("cli.auth.account_value", "Account", i.AccountType, "User", i.UserID))
	row(i18n.T("cli.ping.scopes"), strings.Join(profile.SortedScopes(i), ", "))
	row(i18n.T("cli.ping.limits"), i18n.T("cli.auth.limits_value", "Minute", i.RateLimitPerMinute, "Day", i.DailyLimit))
	row(i18n.T("cli.ping.your_ip"), i.YourIP)
	if !i.HasScope(api.ScopeWrite) {
		fmt.Fprintln(w, i18n.T("cli.no_write_scope"))
	}
	return w.Flush()
}
