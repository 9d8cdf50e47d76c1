package sandbox

import (
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/assets"
)

// widget serves the 3D capture script embedded in package assets.
func (s *Server) widget(c *call) {
	js, err := fs.ReadFile(assets.Widget, "widget/capture3d.js")
	if err != nil {
		c.fail(errNotFound())
		return
	}
	h := c.w.Header()
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=300")
	h.Set("Content-Length", strconv.Itoa(len(js)))
	c.w.WriteHeader(http.StatusOK)
	if c.r.Method != http.MethodHead {
		_, _ = c.w.Write(js)
	}
}

// serveMedia hands /media/ to the media store: public, like a CDN, no key needed.
func (s *Server) serveMedia(c *call) {
	s.media.ServeHTTP(c.w, c.r)
}

var notFoundPage = []byte(`<!doctype html>
<html><head><meta charset="utf-8"><title>Listing not found</title></head>
<body><h1>Listing not found</h1><p>This listing does not exist or was removed.</p></body></html>
`)

// publicPage serves /l/{id}-{slug}, the listing's page on the public site.
func (s *Server) publicPage(c *call) {
	idPart, _, _ := strings.Cut(c.params[0], "-")
	id, ok := parseID(idPart)
	var l *listing
	if ok {
		s.mu.Lock()
		s.settle(c.now)
		l = s.st.byID[id]
		s.mu.Unlock()
	}
	h := c.w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	if l == nil {
		c.w.WriteHeader(http.StatusNotFound)
		_, _ = c.w.Write(notFoundPage)
		return
	}
	lang := c.r.URL.Query().Get("lang")
	if !validLang(lang) {
		lang = "uk"
	}
	price := strconv.FormatFloat(l.Price, 'f', -1, 64) + " " + l.Currency
	switch l.PriceType {
	case "exchange":
		price = "exchange"
	case "free":
		price = "free"
	}
	city := ""
	if ct, ok := s.cat.City(l.CityRef, lang); ok {
		city = ct.Name
	}
	body := page{
		Lang: lang, Title: l.title(lang), Price: price, City: city, Status: l.Status,
		Photos: c.resolveAll(l.Photos), Description: l.description(lang),
	}.render()
	c.w.WriteHeader(http.StatusOK)
	if c.r.Method != http.MethodHead {
		_, _ = c.w.Write(body)
	}
}
