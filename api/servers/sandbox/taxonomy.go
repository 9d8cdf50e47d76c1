package sandbox

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/servers/sandbox/catalog"
)

// categories answers GET /api/v1/categories with the tree in lang.
func (s *Server) categories(c *call) {
	lang, e := queryLang(c.r.URL.Query())
	if e != nil {
		c.fail(e)
		return
	}
	tree := s.cat.Tree(lang)
	if tree == nil {
		tree = []catalog.Category{}
	}
	c.ok(http.StatusOK, obj{{"lang", lang}, {"count", len(tree)}, {"categories", tree}})
}

// attributes answers GET /api/v1/categories/{id}/attributes.
func (s *Server) attributes(c *call) {
	lang, e := queryLang(c.r.URL.Query())
	if e != nil {
		c.fail(e)
		return
	}
	id, ok := parseID(c.params[0])
	var attrs []catalog.Attribute
	if ok {
		attrs, ok = s.cat.Attributes(id, lang)
	}
	if !ok {
		c.fail(newError(http.StatusNotFound, "category_not_found",
			"no category with this id; read the tree with GET /api/v1/categories"))
		return
	}
	if attrs == nil {
		attrs = []catalog.Attribute{}
	}
	c.ok(http.StatusOK, obj{{"category_id", id}, {"count", len(attrs)}, {"attributes", attrs}})
}

// searchCities answers GET /api/v1/cities/search.
func (s *Server) searchCities(c *call) {
	q := c.r.URL.Query()
	lang, e := queryLang(q)
	if e != nil {
		c.fail(e)
		return
	}
	term := strings.TrimSpace(q.Get("q"))
	if utf8.RuneCountInString(term) < 2 {
		c.fail(errInvalidParam("q", "q must hold at least 2 characters of the city name"))
		return
	}
	limit, e := queryInt(q, "limit", 10, 1, 50)
	if e != nil {
		c.fail(e)
		return
	}
	cities := s.cat.SearchCities(term, lang, limit)
	if cities == nil {
		cities = []catalog.City{}
	}
	c.ok(http.StatusOK, obj{{"count", len(cities)}, {"cities", cities}})
}

// suggestCategory answers POST /api/v1/ai/suggest-category.
func (s *Server) suggestCategory(c *call) {
	m, e := readJSON(c)
	if e != nil {
		c.fail(e)
		return
	}
	f := &fields{m: m}
	title, desc, lang := f.str("title"), f.str("description"), f.str("lang")
	if f.err != nil {
		c.fail(f.err)
		return
	}
	l := strings.TrimSpace(lang.v)
	if l == "" {
		l = "uk"
	}
	if !validLang(l) {
		c.fail(fail422("lang", "invalid_value", "lang must be uk, ru or en"))
		return
	}
	t, d := strings.TrimSpace(title.v), strings.TrimSpace(desc.v)
	if t == "" && d == "" {
		c.fail(fail422("title", "required", "send a title or a description to classify"))
		return
	}
	sg, ok := s.cat.Suggest(t, d, l)
	if !ok {
		c.fail(fail422("title", "no_category_match",
			"no category fits these words; pick one from GET /api/v1/categories"))
		return
	}
	c.ok(http.StatusOK, obj{{"category_id", sg.CategoryID}, {"category_path", sg.Path},
		{"category_slug", sg.Slug}})
}
