package sandbox

import (
	"net/http"
	"slices"
	"time"
)

// ping answers GET /api/v1/ping with the key's fields and its current counters, which
// already include this request.
func (s *Server) ping(c *call) {
	k := c.key
	s.mu.Lock()
	cnt := *s.counterFor(k.Name)
	s.mu.Unlock()
	rfc := func(t time.Time) string { return t.In(s.loc).Format(time.RFC3339) }
	c.ok(http.StatusOK, obj{
		{"message", "pong"},
		{"key_id", k.KeyID},
		{"key_prefix", k.Key[:12]},
		{"user_id", k.UserID},
		{"account_type", k.AccountType},
		{"scopes", k.Scopes},
		{"scopes_granted", slices.Clone(k.Scopes)},
		{"rate_limit_per_minute", k.RatePerMinute},
		{"daily_limit", k.DailyLimit},
		{"total_requests", cnt.Total},
		{"server_time", rfc(c.now)},
		{"your_ip", clientIP(c.r)},
		{"requests_this_minute", cnt.Minute},
		{"requests_today", cnt.Today},
		{"minute_resets_at", rfc(minuteEnd(c.now))},
		{"day_resets_at", rfc(dayEnd(c.now, s.loc))},
		{"state", k.State},
		{"allowed_ips", k.AllowedIPs},
		{"allowed_domains", k.AllowedDomains},
	})
}
