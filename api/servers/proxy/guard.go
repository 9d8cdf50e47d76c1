package proxy

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
)

// ServeHTTP checks that the request is addressed to the proxy (Host), at its path, from
// an origin it may serve, then routes: POST forwards (with the token, when there is one),
// OPTIONS answers a preflight, anything else is refused with the API's error envelope.
// Nothing is logged before the checks: the one line per request carries their verdict.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rq := &request{h: h, w: w, r: r, began: h.now(), origin: r.Header.Get("Origin"), size: -1, path: r.URL.Path}
	// Answers differ by Origin, so no cache may give one origin's answer to another.
	w.Header().Add("Vary", "Origin")
	if !h.hostAllowed(r) {
		rq.fail(http.StatusForbidden, "host_not_allowed", fmt.Sprintf(
			"this proxy answers only at the address it listens on and the names it was given, not at %s; "+
				"use the address it printed, or start it with --allow-host for a name of yours",
			strconv.Quote(truncate(r.Host, maxLogOrigin))))
		return
	}
	token, routed := h.route(r.URL.Path)
	if !routed {
		rq.fail(http.StatusNotFound, api.CodeNotFound, fmt.Sprintf("this proxy answers only POST %s", h.Endpoint()))
		return
	}
	if token != "" {
		rq.path = strings.TrimSuffix(h.path, "/") + "/<token>" // the log never shows one, right or wrong
	}
	cors, ok := h.originAllowed(r, rq.origin)
	if !ok {
		o := strconv.Quote(truncate(rq.origin, maxLogOrigin))
		rq.fail(http.StatusForbidden, "origin_not_allowed", fmt.Sprintf(
			"the origin %s may not use this proxy; start it with --allow-origin %s to allow it", o, o))
		return
	}
	if cors {
		w.Header().Set("Access-Control-Allow-Origin", rq.origin)
	}
	switch r.Method {
	case http.MethodPost:
		if h.tokenRefused(rq, token) {
			return
		}
		rq.forward()
	case http.MethodOptions:
		// A preflight spends nothing and cannot carry a header token, so it needs none.
		if cors && r.Header.Get("Access-Control-Request-Method") != "" {
			w.Header().Set("Access-Control-Allow-Methods", http.MethodPost)
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type, "+TokenHeader)
			w.Header().Set("Access-Control-Max-Age", preflightMaxAge)
		}
		w.Header().Set("Allow", "POST, OPTIONS")
		w.WriteHeader(http.StatusNoContent)
		rq.logVerdict("preflight", http.StatusNoContent, "")
	default:
		w.Header().Set("Allow", "POST, OPTIONS")
		rq.fail(http.StatusMethodNotAllowed, api.CodeMethodNotAllowed,
			fmt.Sprintf("%s is not allowed here; POST the frame as multipart/form-data with a part named file",
				strconv.Quote(truncate(r.Method, 20))))
	}
}

// route says whether path is the proxy's, and returns the token segment that follows it
// when the proxy has a token: Path, or Path/<token>.
func (h *Handler) route(path string) (token string, ok bool) {
	if path == h.path {
		return "", true
	}
	if h.token == "" {
		return "", false
	}
	rest, found := strings.CutPrefix(path, strings.TrimSuffix(h.path, "/")+"/")
	if !found || rest == "" || strings.Contains(rest, "/") {
		return "", false
	}
	return rest, true
}

// tokenRefused answers a POST without the proxy's token; the token came in the path or,
// failing that, in the TokenHeader. The comparison takes the same time whatever the
// token's first wrong character.
func (h *Handler) tokenRefused(rq *request, fromPath string) bool {
	if h.token == "" {
		return false
	}
	got := fromPath
	if got == "" {
		got = rq.r.Header.Get(TokenHeader)
	}
	switch {
	case got == "":
		rq.fail(http.StatusUnauthorized, "proxy_token_required",
			"this proxy takes frames only with its token: post to the uploadEndpoint it printed when it started "+
				"(…"+strings.TrimSuffix(h.path, "/")+"/<token>), or send the token in the "+TokenHeader+" header")
		return true
	case subtle.ConstantTimeCompare([]byte(got), []byte(h.token)) != 1:
		rq.fail(http.StatusForbidden, "proxy_token_invalid",
			"the token is not this proxy's; use the uploadEndpoint it printed when it started")
		return true
	}
	return false
}

// hostAllowed says whether the Host header names the proxy: the address the connection
// was accepted on, or a name it was given (Options.Hosts, the hosts of the allowed
// origins). A browser always sends the name of the page's URL, so a page on a name the
// attacker rebound to 127.0.0.1 is told apart here; Origin alone cannot, since both are
// the attacker's name.
func (h *Handler) hostAllowed(r *http.Request) bool {
	host, port := splitHost(r.Host)
	if host == "" {
		return false
	}
	localPort := ""
	if local, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr); ok {
		localPort = strconv.Itoa(local.Port)
		if ip := net.ParseIP(host); ip != nil && ip.Equal(local.IP) && port == localPort {
			return true
		}
	}
	for _, a := range h.hosts {
		if a.matches(host, port, localPort) {
			return true
		}
	}
	return false
}

// originAllowed says whether a request may be served and whether it needs CORS headers.
// No Origin means a server or a command-line tool, which CORS does not concern; the
// proxy's own origin is a page it served itself (browsers send Origin on a same-origin
// POST too), and Host was checked before, so it is the proxy's. Origin is not a security
// lock, only a browser's: the key stays private either way.
func (h *Handler) originAllowed(r *http.Request, origin string) (cors, ok bool) {
	if origin == "" {
		return false, true
	}
	if h.origins[origin] {
		return true, true
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return false, strings.EqualFold(origin, scheme+"://"+r.Host)
}
