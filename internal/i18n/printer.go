package i18n

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/listings-tui/listings/assets"
)

// Printer writes the interface's words in one language. Its zero value and a nil one
// write English.
type Printer struct {
	lang Lang
	loc  *goi18n.Localizer
	en   *goi18n.Localizer // the fallback of an entry the language lacks
	// words holds what T said for an id without data: a word from the embedded
	// catalogs never changes, and the footer's keys, the status cells and the tabs
	// asked go-i18n for the same words every frame (a third of a first frame's CPU
	// went to the footer's; docs/performance.md, "Start"). At most an entry an id.
	words sync.Map
}

var (
	mu       sync.Mutex
	bundle   *goi18n.Bundle
	printers = map[Lang]*Printer{}
	books    = map[Lang]*book{}
)

// tag is the language's tag for the plural rules; the pseudo-language counts as
// English does.
func (l Lang) tag() language.Tag {
	if l == Pseudo {
		return language.MustParse("en-XA") // CLDR's pseudo-locale: English's rules
	}
	return language.Make(string(l))
}

// For is the printer of l (English for a language without a catalog). Nothing of
// its catalog is read before a word is asked for (book).
func For(l Lang) *Printer {
	if _, ok := Parse(string(l)); !ok {
		l = English
	}
	mu.Lock()
	defer mu.Unlock()
	if p, ok := printers[l]; ok {
		return p
	}
	if bundle == nil {
		bundle = goi18n.NewBundle(language.English)
	}
	p := &Printer{lang: l, loc: goi18n.NewLocalizer(bundle, l.tag().String()), en: goi18n.NewLocalizer(bundle, "en")}
	printers[l] = p
	return p
}

// A book is what of a language's catalog was read: the app's first frame needs a
// few dozen of its 1 800 entries, and reading them all (go-i18n's parse of every
// file, a template each) took 5-7 ms and 2.2 MB per language before that frame
// (docs/performance.md, "Start"). A file is decoded when one of its ids is first
// asked for (an id's first word names its file; common.json holds the ids of no
// area), and an entry is given to go-i18n when it is itself first asked for.
type book struct {
	files map[string]bool                       // the area files the language has
	areas map[string]map[string]json.RawMessage // decoded files, by area
	added map[string]bool                       // ids given to the bundle (or found missing)
}

// ensure gives the bundle l's entry id, if l has one, reading its file the first
// time; it reports whether l has it. mu is held.
func ensure(l Lang, id string) bool {
	b := books[l]
	if b == nil {
		b = &book{areas: map[string]map[string]json.RawMessage{}, added: map[string]bool{}, files: map[string]bool{}}
		src := l
		if l == Pseudo {
			src = English // the pseudo-language is English's entries, made longer
		}
		if names, err := files(src); err == nil {
			for _, n := range names {
				b.files[strings.TrimSuffix(path.Base(n), ".json")] = true
			}
		}
		books[l] = b
	}
	if has, seen := b.added[id]; seen {
		return has
	}
	area, _, _ := strings.Cut(id, ".")
	if !b.files[area] {
		area = "common"
	}
	raw, ok := b.entry(l, area, id)
	if !ok && area != "common" {
		raw, ok = b.entry(l, "common", id)
	}
	if ok {
		m, err := message(id, raw)
		if err == nil && l == Pseudo {
			m = pseudoMessage(m)
		}
		ok = err == nil && bundle.AddMessages(l.tag(), m) == nil
	}
	b.added[id] = ok
	return ok
}

// entry is the raw entry id of area's file, decoding the file on first use; a file
// that cannot be read leaves its entries to English (the tests check every file).
func (b *book) entry(l Lang, area, id string) (json.RawMessage, bool) {
	m, ok := b.areas[area]
	if !ok {
		src := l
		if l == Pseudo {
			src = English
		}
		if data, err := assets.I18n.ReadFile("i18n/" + string(src) + "/" + area + ".json"); err == nil {
			_ = json.Unmarshal(data, &m)
		}
		b.areas[area] = m
	}
	raw, ok := m[id]
	return raw, ok
}

// message is a catalog entry as go-i18n takes it: a text, or its plural forms.
func message(id string, raw json.RawMessage) (*goi18n.Message, error) {
	m := &goi18n.Message{ID: id}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		m.Other = one
		return m, nil
	}
	var forms map[string]string
	if err := json.Unmarshal(raw, &forms); err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	m.Zero, m.One, m.Two, m.Few, m.Many, m.Other = forms["zero"], forms["one"], forms["two"], forms["few"], forms["many"], forms["other"]
	return m, nil
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang {
	if p == nil || p.lang == "" {
		return English
	}
	return p.lang
}

// T is the entry id with its placeholders ({{.Name}}) filled from kv, pairs of a
// name and a value: T("quit.jobs", "Jobs", 2). A missing entry gives English's, and
// an entry English lacks too gives its id, which the catalog tests forbid.
func (p *Printer) T(id string, kv ...any) string {
	if len(kv) > 0 {
		return p.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data(kv)})
	}
	if p == nil || p.loc == nil {
		p = For(English)
	}
	if w, ok := p.words.Load(id); ok {
		return w.(string)
	}
	w := p.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data(nil)})
	p.words.Store(id, w)
	return w
}

// N is the entry id in the plural form n asks in the language (CLDR: Ukrainian's
// one, few, many and other), n written as the language writes numbers under
// {{.Count}}. n is an int, or a decimal text ("1.5"), whose fraction the rules see.
func (p *Printer) N(id string, n any, kv ...any) string {
	d := data(kv)
	var count string
	switch v := n.(type) {
	case int:
		count = p.Number(v)
	case string:
		count = p.Decimal(v)
	default:
		count = fmt.Sprint(v)
	}
	d["Count"] = count
	return p.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: n})
}

func (p *Printer) localize(c *goi18n.LocalizeConfig) string {
	if p == nil || p.loc == nil {
		p = For(English)
	}
	// go-i18n's bundle is not safe for an entry added while another is read, and
	// entries are added as they are first asked for (book): every lookup holds mu.
	mu.Lock()
	defer mu.Unlock()
	if !ensure(p.lang, c.MessageID) && p.lang != English {
		ensure(English, c.MessageID) // the fallback of an entry the language lacks
	}
	s, err := p.loc.Localize(c)
	var missing *goi18n.MessageNotFoundErr
	if err != nil && errors.As(err, &missing) && p.lang != English {
		s, err = p.en.Localize(c)
	}
	if err != nil && s == "" {
		return c.MessageID
	}
	return s
}

// data is kv as a template's data.
func data(kv []any) map[string]any {
	d := make(map[string]any, len(kv)/2+1)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			d[k] = kv[i+1]
		}
	}
	return d
}
