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
	t.Row("service", baseURL)
	t.Row("key", fmt.Sprintf("%s… (key %d, user %d)", i.KeyPrefix, i.KeyID, i.UserID))
	t.Row("account", cmdutil.OrDash(i.AccountType))
	t.Row("scopes", cmdutil.OrDash(strings.Join(profile.SortedScopes(i), ", ")))
	t.Row("limits", fmt.Sprintf("%d a minute, %d a day", i.RateLimitPerMinute, i.DailyLimit))
	if i.RequestsThisMinute != nil || i.RequestsToday != nil {
		t.Row("used", fmt.Sprintf("%s this minute, %s today", intPtr(i.RequestsThisMinute), intPtr(i.RequestsToday)))
	}
	t.Row("total", fmt.Sprintf("%d requests so far", i.TotalRequests))
	t.Row("your IP", cmdutil.OrDash(i.YourIP))
	t.Row("server time", cmdutil.Time(&i.ServerTime))
	_ = t.Flush() // w keeps the error for its own Flush
	if !i.HasScope(api.ScopeWrite) {
		fmt.Fprintln(w, cmdutil.NoWriteScope)
	}
	return w.Flush()
}

func intPtr(p *int) string {
	if p == nil {
		return "?"
	}
	return fmt.Sprint(*p)
}
