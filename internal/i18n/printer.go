package i18n

import (
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
}

var (
	mu       sync.Mutex
	bundle   *goi18n.Bundle
	loaded   = map[Lang]bool{}
	printers = map[Lang]*Printer{}
)

// tag is the language's tag for the plural rules; the pseudo-language counts as
// English does.
func (l Lang) tag() language.Tag {
	if l == Pseudo {
		return language.MustParse("en-XA") // CLDR's pseudo-locale: English's rules
	}
	return language.Make(string(l))
}

// For is the printer of l (English for a language without a catalog), its catalog
// read on first use.
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
	for _, need := range []Lang{English, l} {
		if !loaded[need] {
			if err := load(need); err != nil {
				// The catalogs are built in and checked by the tests; a broken one
				// leaves its language on the English fallback rather than no words.
				loaded[need] = true
				continue
			}
			loaded[need] = true
		}
	}
	p := &Printer{lang: l, loc: goi18n.NewLocalizer(bundle, l.tag().String()), en: goi18n.NewLocalizer(bundle, "en")}
	printers[l] = p
	return p
}

// load adds l's catalog to the bundle; the pseudo-language's is made from English's.
func load(l Lang) error {
	if l == Pseudo {
		msgs, err := pseudoMessages()
		if err != nil {
			return err
		}
		return bundle.AddMessages(l.tag(), msgs...)
	}
	names, err := files(l)
	if err != nil {
		return err
	}
	for _, name := range names {
		b, err := assets.I18n.ReadFile(name)
		if err != nil {
			return err
		}
		// go-i18n reads the language from the file's name: common.uk.json.
		base := strings.TrimSuffix(path.Base(name), ".json") + "." + string(l) + ".json"
		if _, err := bundle.ParseMessageFileBytes(b, base); err != nil {
			return err
		}
	}
	return nil
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
	return p.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data(kv)})
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
