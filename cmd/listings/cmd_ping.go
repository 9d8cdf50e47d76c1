package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore/profile"
)

func newPingCmd(g *globals) *cobra.Command {
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
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			info, err := s.Client.Ping(cmd.Context())
			if err != nil {
				return explain(err)
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), info)
			}
			printPing(cmd.OutOrStdout(), s.Client.BaseURL(), info)
			return nil
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func printPing(w io.Writer, baseURL string, i *api.KeyInfo) {
	tw := newTable(w)
	row(tw, "service", baseURL)
	row(tw, "key", fmt.Sprintf("%s… (key %d, user %d)", i.KeyPrefix, i.KeyID, i.UserID))
	row(tw, "account", orDash(i.AccountType))
	row(tw, "scopes", orDash(strings.Join(profile.SortedScopes(i), ", ")))
	row(tw, "limits", fmt.Sprintf("%d a minute, %d a day", i.RateLimitPerMinute, i.DailyLimit))
	if i.RequestsThisMinute != nil || i.RequestsToday != nil {
		row(tw, "used", fmt.Sprintf("%s this minute, %s today", intPtr(i.RequestsThisMinute), intPtr(i.RequestsToday)))
	}
	row(tw, "total", fmt.Sprintf("%d requests so far", i.TotalRequests))
	row(tw, "your IP", orDash(i.YourIP))
	row(tw, "server time", formatTime(i.ServerTime))
	_ = tw.Flush()
	if !i.HasScope(api.ScopeWrite) {
		fmt.Fprintln(w, "! the key lacks listings:write: it can read but not change anything")
	}
}

func intPtr(p *int) string {
	if p == nil {
		return "?"
	}
	return fmt.Sprint(*p)
}
