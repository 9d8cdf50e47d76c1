package sandbox

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// The seeded keys of docs/sandbox.md; tests and docs name them.
const (
	KeyPersonal    = "sk_test_08f0bc277f41cd37e117f3f30c0e1c97a24f43c770091f5c"
	KeyBusiness    = "sk_test_eec618fa96aee944feda73f7ab5c325228eab597d50898c0"
	KeyReadonly    = "sk_test_0246c3b3f6612b534bfac21f1ab3682bcfdf8b3fb2069296"
	KeySuspended   = "sk_test_631ecd7b920bc72d3b69a58abf8ea1a626ac62255fe73edd"
	KeyRevoked     = "sk_test_9996733adabea9eb9bf4754c10c0f852b4f203515d6f1238"
	KeyNoWhitelist = "sk_test_9d506d2fa802b5c9be0131b1ef6785991f1bf010e1071ae2"
	KeyForeignIP   = "sk_test_7e0551df247ae760d50836fac79be565b02eea83cd5a20a5"
)

// Scopes of the API.
const (
	scopeRead  = "listings:read"
	scopeWrite = "listings:write"
)

// Key states.
const (
	stateActive    = "active"
	stateSuspended = "suspended"
	stateRevoked   = "revoked"
)

const (
	userPersonal = 1001
	userBusiness = 2002
)

// Key is one seeded API key with its owner, scopes, whitelist and limits.
type Key struct {
	Name           string   `json:"name"`
	Key            string   `json:"key"`
	AccountType    string   `json:"account_type"`
	State          string   `json:"state"`
	KeyID          int      `json:"key_id"`
	UserID         int      `json:"user_id"`
	Scopes         []string `json:"scopes"`
	AllowedIPs     []string `json:"allowed_ips"`
	AllowedDomains []string `json:"allowed_domains"`
	RatePerMinute  int      `json:"rate_limit_per_minute"`
	DailyLimit     int      `json:"daily_limit"`
}

// seededKeys is the table of docs/sandbox.md; key ids and allowed_domains are not in
// that table, so the sandbox numbers the keys 1..7 and lets browsers on localhost in.
var seededKeys = func() []Key {
	rw := []string{scopeRead, scopeWrite}
	loop := []string{"127.0.0.1", "::1"}
	local := []string{"localhost", "127.0.0.1"}
	personal := func(id int, name, key, state string, scopes, ips, domains []string) Key {
		return Key{Name: name, Key: key, AccountType: "personal", State: state, KeyID: id,
			UserID: userPersonal, Scopes: scopes, AllowedIPs: ips, AllowedDomains: domains,
			RatePerMinute: 60, DailyLimit: 5000}
	}
	return []Key{
		personal(1, "personal", KeyPersonal, stateActive, rw, loop, local),
		{Name: "business", Key: KeyBusiness, AccountType: "business", State: stateActive, KeyID: 2,
			UserID: userBusiness, Scopes: rw, AllowedIPs: loop, AllowedDomains: local,
			RatePerMinute: 600, DailyLimit: 100000},
		personal(3, "readonly", KeyReadonly, stateActive, []string{scopeRead}, loop, local),
		personal(4, "suspended", KeySuspended, stateSuspended, rw, loop, local),
		personal(5, "revoked", KeyRevoked, stateRevoked, rw, loop, local),
		personal(6, "no-whitelist", KeyNoWhitelist, stateActive, rw, []string{}, []string{}),
		personal(7, "foreign-ip", KeyForeignIP, stateActive, rw, []string{"203.0.113.7"}, []string{"shop.example.com"}),
	}
}()

// Keys returns the seven seeded keys in the order of docs/sandbox.md.
func Keys() []Key {
	out := make([]Key, len(seededKeys))
	for i, k := range seededKeys {
		k.Scopes = slices.Clone(k.Scopes)
		k.AllowedIPs = slices.Clone(k.AllowedIPs)
		k.AllowedDomains = slices.Clone(k.AllowedDomains)
		out[i] = k
	}
	return out
}

func keyByToken(token string) *Key {
	for i := range seededKeys {
		if seededKeys[i].Key == token {
			return &seededKeys[i]
		}
	}
	return nil
}

// wellFormedKey reports whether token has the shape sk_(test|live)_ + 48 lowercase hex.
func wellFormedKey(token string) bool {
	rest, ok := strings.CutPrefix(token, "sk_test_")
	if !ok {
		rest, ok = strings.CutPrefix(token, "sk_live_")
	}
	if !ok || len(rest) != 48 {
		return false
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// clientIP is the TCP peer of the request; X-Forwarded-For is deliberately ignored.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return a.Unmap().WithZone("").String()
	}
	return host
}

func ipAllowed(ip string, allowed []string) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, s := range allowed {
		if p, err := netip.ParsePrefix(s); err == nil && p.Contains(a) {
			return true
		}
		if b, err := netip.ParseAddr(s); err == nil && b.Unmap() == a {
			return true
		}
	}
	return false
}

const settingsHint = "account settings → API & integrations"

// authorize runs the documented checks in order: bearer token, key, key state,
// whitelist, scope, then limits. It writes the refusal itself and reports whether the
// request may go on; a refused request is never counted.
func (s *Server) authorize(c *call, scope string) bool {
	scheme, token, _ := strings.Cut(strings.TrimSpace(c.r.Header.Get("Authorization")), " ")
	token = strings.TrimSpace(token)
	if !strings.EqualFold(scheme, "Bearer") || token == "" {
		c.fail(newError(http.StatusUnauthorized, "missing_bearer_token",
			"send the header Authorization: Bearer <API key>; create a key in "+settingsHint))
		return false
	}
	k := keyByToken(token)
	if !wellFormedKey(token) || k == nil {
		c.fail(newError(http.StatusUnauthorized, "invalid_key",
			"this API key is unknown, deactivated or malformed (keys look like sk_live_ + 48 hex characters); check it or create a new one in "+settingsHint))
		return false
	}
	c.key = k
	switch k.State {
	case stateRevoked:
		c.fail(newError(http.StatusForbidden, "key_revoked",
			"this key was revoked by its owner; create a new one in "+settingsHint))
		return false
	case stateSuspended:
		c.fail(newError(http.StatusForbidden, "key_suspended",
			"this key is temporarily suspended; see its status in "+settingsHint))
		return false
	}
	ip := clientIP(c.r)
	if len(k.AllowedIPs) == 0 {
		c.fail(newError(http.StatusForbidden, "whitelist_incomplete",
			"this key has no allowed IP addresses; add your server's IP to its whitelist in "+settingsHint))
		return false
	}
	if !ipAllowed(ip, k.AllowedIPs) {
		c.fail(newError(http.StatusForbidden, "ip_not_whitelisted",
			"requests from "+ip+" are not allowed for this key; add the IP to allowed_ips in "+settingsHint).
			with("your_ip", ip))
		return false
	}
	if scope != "" && !slices.Contains(k.Scopes, scope) {
		c.fail(newError(http.StatusForbidden, "scope_required",
			"this key lacks the scope "+scope+"; create a key with it in "+settingsHint).
			with("scope", scope))
		return false
	}
	h, e := s.countRequest(k, c.now)
	if e != nil {
		c.fail(e)
		return false
	}
	for name, v := range h {
		c.w.Header()[name] = v
	}
	s.allowOrigin(c, k.AllowedDomains)
	return true
}

// allowOrigin answers CORS for a browser whose Origin host is in domains; others get
// no CORS header, so the browser withholds the answer from the page.
func (s *Server) allowOrigin(c *call, domains []string) {
	origin := c.r.Header.Get("Origin")
	if origin == "" {
		return
	}
	c.w.Header().Add("Vary", "Origin")
	if originAllowed(origin, domains) {
		c.w.Header().Set("Access-Control-Allow-Origin", origin)
	}
}

func originAllowed(origin string, domains []string) bool {
	_, host, ok := strings.Cut(origin, "://")
	if !ok {
		return false
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(strings.ToLower(host), "[]")
	for _, d := range domains {
		if strings.EqualFold(d, host) {
			return true
		}
	}
	return false
}

// preflight answers a browser's OPTIONS request. The preflight carries no key, so it is
// allowed for an Origin in the whitelist of any seeded key; the real call is checked.
func (s *Server) preflight(c *call, allow string) {
	origin := c.r.Header.Get("Origin")
	h := c.w.Header()
	h.Add("Vary", "Origin")
	for _, k := range seededKeys {
		if origin != "" && k.State == stateActive && originAllowed(origin, k.AllowedDomains) {
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Methods", allow)
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept")
			h.Set("Access-Control-Max-Age", "600")
			break
		}
	}
	h.Set("Allow", allow+", OPTIONS")
	c.w.WriteHeader(http.StatusNoContent)
}
