// Package ping owns `listings ping`: what the service knows about the key in use.
package ping

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore/profile"
)

// NewCmd returns `listings ping`.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "ping",
		Short: "Check the key: account, scopes, limits, usage and the IP the service sees",
		Long: `Check the key with GET /api/v1/ping and show what the service knows about it:
key prefix, account type, scopes, limits, requests used this minute and today (when
the service reports them), the IP address it sees and its clock.

With --json the ping answer is printed as the API returns it.`,
		Example: `  listings ping
  listings ping --json | jq .requests_today`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			info, err := s.Client.Ping(cmd.Context())
			if err != nil {
				return cmdutil.Explain(err)
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, info)
			}
			return printPing(f.IOStreams.Out, s.Client.BaseURL(), info)
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func printPing(out io.Writer, baseURL string, i *api.KeyInfo) error {
	w := bufio.NewWriter(out)
	t := cmdutil.NewTable(w)
	t.Row(i18n.T("cli.ping.service"), baseURL)
	t.Row(i18n.T("cli.ping.key"), i18n.T("cli.ping.key_value", "Prefix", i.KeyPrefix, "Key", i.KeyID, "User", i.UserID))
	t.Row(i18n.T("cli.ping.account"), cmdutil.OrDash(i.AccountType))
	t.Row(i18n.T("cli.ping.scopes"), cmdutil.OrDash(strings.Join(profile.SortedScopes(i), ", ")))
	t.Row(i18n.T("cli.ping.limits"), i18n.T("cli.ping.limits_value", "Minute", i.RateLimitPerMinute, "Day", i.DailyLimit))
	if i.RequestsThisMinute != nil || i.RequestsToday != nil {
		t.Row(i18n.T("cli.ping.used"), i18n.T("cli.ping.used_value", "Minute", intPtr(i.RequestsThisMinute), "Day", intPtr(i.RequestsToday)))
	}
	t.Row(i18n.T("cli.ping.total"), i18n.N("cli.ping.total_value", i.TotalRequests, "N", i.TotalRequests))
	t.Row(i18n.T("cli.ping.your_ip"), cmdutil.OrDash(i.YourIP))
	t.Row(i18n.T("cli.ping.server_time"), cmdutil.Time(&i.ServerTime))
	_ = t.Flush() // w keeps the error for its own Flush
	if !i.HasScope(api.ScopeWrite) {
		fmt.Fprintln(w, i18n.T("cli.no_write_scope"))
	}
	return w.Flush()
}

func intPtr(p *int) string {
	if p == nil {
		return "?"
	}
	return fmt.Sprint(*p)
}
