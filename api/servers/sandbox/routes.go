package sandbox

import (
	"net/http"
	"strings"
)

// endpoint is one method of a route.
type endpoint struct {
	auth  bool   // needs the bearer key and the checks that follow it
	scope string // "" when no scope is named
	h     func(*call)
}

// route is a path pattern: "*" matches one segment; a trailing "**" the rest.
type route struct {
	segs    []string
	methods map[string]endpoint
	allow   string
	api     bool // answers CORS preflights
}

func (s *Server) routes() []route {
	read := func(h func(*call)) endpoint { return endpoint{auth: true, scope: scopeRead, h: h} }
	write := func(h func(*call)) endpoint { return endpoint{auth: true, scope: scopeWrite, h: h} }
	open := func(h func(*call)) endpoint { return endpoint{h: h} }
	return []route{
		mk(true, "/api/v1/ping", "GET", endpoint{auth: true, h: s.ping}),
		mk(true, "/api/v1/my/listings", "GET", read(s.listListings), "POST", write(s.createListing)),
		mk(true, "/api/v1/my/listings/*", "GET", read(s.getListing), "PUT", write(s.editListing),
			"PATCH", write(s.editListing)),
		mk(true, "/api/v1/my/listings/*/status", "POST", write(s.setStatus)),
		mk(true, "/api/v1/categories", "GET", read(s.categories)),
		mk(true, "/api/v1/categories/*/attributes", "GET", read(s.attributes)),
		mk(true, "/api/v1/cities/search", "GET", read(s.searchCities)),
		mk(true, "/api/v1/ai/suggest-category", "POST", write(s.suggestCategory)),
		mk(true, "/api/v1/upload/photo", "POST", write(s.uploadPhoto)),
		mk(true, "/api/v1/upload/video", "POST", write(s.uploadVideo)),
		mk(false, "/widget/capture3d.js", "GET", open(s.widget), "HEAD", open(s.widget)),
		mk(false, "/media/**", "GET", open(s.serveMedia), "HEAD", open(s.serveMedia)),
		mk(false, "/l/*", "GET", open(s.publicPage), "HEAD", open(s.publicPage)),
	}
}

// mk builds a route from a pattern and method/endpoint pairs.
func mk(api bool, pattern string, pairs ...any) route {
	rt := route{segs: strings.Split(strings.TrimPrefix(pattern, "/"), "/"), methods: map[string]endpoint{}, api: api}
	var allow []string
	for i := 0; i+1 < len(pairs); i += 2 {
		m := pairs[i].(string)
		rt.methods[m] = pairs[i+1].(endpoint)
		allow = append(allow, m)
	}
	rt.allow = strings.Join(allow, ", ")
	return rt
}

// match reports whether path fits the route and returns the wildcard segments.
func (rt *route) match(path string) ([]string, bool) {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var params []string
	for i, p := range rt.segs {
		if p == "**" {
			return append(params, strings.Join(segs[i:], "/")), len(segs) > i
		}
		if i >= len(segs) {
			return nil, false
		}
		switch {
		case p == "*":
			if segs[i] == "" {
				return nil, false
			}
			params = append(params, segs[i])
		case p != segs[i]:
			return nil, false
		}
	}
	return params, len(segs) == len(rt.segs)
}

// dispatch routes the request: 404 and 405 come before authentication, as documented.
func (s *Server) dispatch(c *call) {
	path := c.r.URL.Path
	for i := range s.table {
		rt := &s.table[i]
		params, ok := rt.match(path)
		if !ok {
			continue
		}
		c.params = params
		ep, ok := rt.methods[c.r.Method]
		if !ok {
			if rt.api && c.r.Method == http.MethodOptions {
				s.preflight(c, rt.allow)
				return
			}
			c.w.Header().Set("Allow", rt.allow)
			c.fail(newError(http.StatusMethodNotAllowed, "method_not_allowed",
				c.r.Method+" is not allowed on "+path+"; use "+rt.allow))
			return
		}
		if ep.auth && !s.authorize(c, ep.scope) {
			return
		}
		ep.h(c)
		return
	}
	c.fail(errNotFound())
}
