package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// An edit row sends what its cells say differently from the listing as it is now,
// and nothing else: every cell is read as its tool wrote it (cells.go) and compared
// with the listing's value in the same form, so an export passed through a
// spreadsheet and imported back unedited sends nothing, and an edited one sends the
// cells that were edited. An empty cell changes nothing; Clear clears. Attributes
// are merged into the listing's own (an edit's attributes replace the whole object),
// and the media are sent only when changed, photos with their watermarked copies.

// Change is one field an edit changes, for the plan: the body's field, and the
// listing's value and the row's as people read them.
type Change struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// mediaNouns are the nouns of the counts a Change of media says ("3 photos").
var mediaNouns = map[string]string{KindPhoto: "photo", Kind3D: "frame"}

// Counted is the count v, a value of c, says when c's field is counted in media
// ("3 photos", "1 frame"; the journal keeps the words), for a front end to say in
// its language's plural form; false for any other value.
func (c Change) Counted(v string) (int, bool) {
	noun, ok := mediaNouns[c.Field]
	if !ok {
		return 0, false
	}
	num, rest, _ := strings.Cut(v, " ")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || rest != noun && rest != noun+"s" {
		return 0, false
	}
	return n, true
}

// differ builds the edit of one row against its listing.
type differ struct {
	c   *checker
	ctx context.Context
	b   *rowBuild
	l   *api.ListingFull // the detail once full() read it; the list view before
	e   *api.ListingEdit
}

// full is the listing's detail, read when a cell needs it.
func (d *differ) full() (*api.ListingFull, error) {
	if d.c.cur.isDetail(d.l) {
		return d.l, nil
	}
	l, err := d.c.cur.get(d.ctx, d.l.ID, true)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, fmt.Errorf("listing %d is no longer in the account", d.l.ID)
	}
	d.l = l
	return l, nil
}

func (d *differ) change(field, old, new string) {
	d.b.Changes = append(d.b.Changes, Change{Field: field, Old: rules.Clip(old, 60), New: rules.Clip(new, 60)})
}

// text is a text as compared and sent (rules.Text).
func text(s string) string { return rules.Text(s) }

// sameText compares a text cell with the listing's, as text; in a sheet saved in a
// character set that cannot hold every character (Windows-1251 has no ×, ² or ™),
// a "?" where the listing has such a character is that loss, not an edit.
func (d *differ) sameText(col, cell, have string) bool {
	a, b := text(cell), text(have)
	if a == b {
		return true
	}
	if d.c.charset != sheet.CharsetWindows1251 || !lossy(a, b) {
		return false
	}
	d.b.fix(col, rules.Clip(a, 30), listingText, whyCharset)
	return true
}

// lossy says whether cell is have saved in Windows-1251: the same but for a "?" in
// place of each character that character set cannot hold.
func lossy(cell, have string) bool {
	x, y := []rune(cell), []rune(have)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] == y[i] {
			continue
		}
		if _, ok := charmap.Windows1251.EncodeRune(y[i]); x[i] != '?' || ok {
			return false
		}
	}
	return true
}

// edit plans a row with an id (or one matched to an earlier listing).
func (c *checker) edit(ctx context.Context, b *rowBuild, cells map[string]string) error {
	l, err := c.cur.get(ctx, b.ListingID, needsDetail(cells))
	if err != nil {
		return fmt.Errorf("row %d: %w", b.Line, err)
	}
	if l == nil {
		b.refuse("id", because("id.unknown", "ID", b.ListingID))
		return nil
	}
	d := &differ{c: c, ctx: ctx, b: b, l: l, e: &api.ListingEdit{}}
	for _, step := range []func(map[string]string) error{d.texts, d.price, d.choices, d.contacts, d.place, d.attributes, d.media} {
		if err := step(cells); err != nil {
			return fmt.Errorf("row %d: %w", b.Line, err)
		}
	}
	for _, p := range rules.CheckEdit(d.e) {
		if !b.has(p.Field) {
			b.refuse(p.Field, p.Why)
		}
	}
	if len(b.Problems) > 0 {
		return nil
	}
	if d.e.Empty() && len(b.Media) == 0 {
		b.Action, b.Changes = Unchanged, nil
		b.Notes = append(b.Notes, "the listing already holds every value of the row")
		return nil
	}
	switch effect, _ := api.CheckEdit(d.l.Status); effect {
	case api.EditRefused:
		b.refuse("id", rules.Because("bulk.skip.not_editable", "Status", string(d.l.Status))) // bulk's words
		return nil
	case api.EditToModeration:
		b.ToModeration = true
	case api.EditResubmits:
		b.Notes = append(b.Notes, "blocked: the edit sends it to moderation again")
	}
	b.Edit = d.e
	b.Old = job.Before(withMedia(d.e, b.Media), d.l, d.c.cur.isDetail(d.l))
	return nil
}

// withMedia is e with the media fields the row's media replace set too, so that
// their values before the edit are kept for an undo.
func withMedia(e *api.ListingEdit, media map[string][]Medium) *api.ListingEdit {
	out := *e
	if _, ok := media[KindPhoto]; ok {
		out.Photos, out.PhotosWM = api.Set[[]string](nil), api.Set[[]string](nil)
	}
	if _, ok := media[Kind3D]; ok {
		out.Photos3D = api.Set[[]string](nil)
	}
	if _, ok := media[KindVideo]; ok {
		out.VideoURL, out.VideoThumbnail = api.Set(""), api.Set("")
	}
	return &out
}

// texts compares the title and the description.
func (d *differ) texts(cells map[string]string) error {
	if v, ok := cells["title"]; ok {
		if isClear(v) {
			d.b.refuse("title", because("clear.title"))
		} else if !d.sameText("title", v, d.l.Title) {
			d.e.Title = api.Set(text(v))
			d.change("title", d.l.Title, text(v))
		}
	}
	if v, ok := cells["description"]; ok {
		if isClear(v) {
			d.b.refuse("description", because("clear.description"))
			return nil
		}
		l, err := d.full()
		if err != nil {
			return err
		}
		if !d.sameText("description", v, l.Description) {
			d.e.Description = api.Set(text(v))
			d.change("description", l.Description, text(v))
		}
	}
	return nil
}

// price compares the price, and the price type an export carries, which an edit
// cannot change (the spec's edit body has no price_type).
func (d *differ) price(cells map[string]string) error {
	pt := strings.ToLower(strings.TrimSpace(cells["price_type"]))
	v, ok := cells["price"]
	if pt == "" && !ok {
		return nil
	}
	if ok && isClear(v) {
		d.b.refuse("price", because("clear.price"))
		return nil
	}
	var p api.Price
	if ok {
		if p, ok = d.b.readPrice("price", v); !ok {
			return nil
		}
		if rules.SamePrice(p, d.l.Price) {
			ok = false
		}
	}
	if pt == "" && !ok {
		return nil
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	if pt != "" && l.PriceType != "" && pt != l.PriceType {
		d.b.refuse("price_type", because("price_type.change", "From", l.PriceType, "To", pt))
		return nil
	}
	if !ok {
		return nil
	}
	if l.PriceType != "" && !rules.Sells(l.PriceType) {
		offered := because("price.exchange")
		if l.PriceType == api.PriceFree {
			offered = because("price.free")
		}
		d.b.refuse("price", offered)
		return nil
	}
	d.e.Price = api.Set(p)
	d.change("price", l.Price.String(), p.String())
	return nil
}

// conditions maps what people write for a condition to its value.
var conditions = map[string]string{
	"new": "new", "новий": "new", "нова": "new", "нове": "new", "новый": "new", "новая": "new", "новое": "new",
	"used": "used", "вживаний": "used", "вживана": "used", "вживане": "used", "б/у": "used", "б/в": "used", "бу": "used",
}

// choices compares the currency, the condition and hide_phone.
func (d *differ) choices(cells map[string]string) error {
	b := d.b
	if v, ok := cells["currency"]; ok {
		if isClear(v) {
			b.refuse("currency", because("clear.currency"))
		} else if cur, ok := b.readCurrency("currency", v); ok && !strings.EqualFold(cur, d.l.Currency) {
			d.e.Currency = api.Set(cur)
			d.change("currency", d.l.Currency, cur)
		}
	}
	if v, ok := cells["condition"]; ok {
		old := ""
		if d.l.Condition != nil {
			old = *d.l.Condition
		}
		switch cond, known := conditions[norm(v)]; {
		case isClear(v):
			if old != "" {
				d.e.Condition = api.Null[string]()
				d.change("condition", old, "")
			}
		case !known:
			b.refuse("condition", because("condition.invalid", "Value", quoted(v, 20)))
		case cond != old:
			d.e.Condition = api.Set(cond)
			d.change("condition", old, cond)
		}
	}
	if v, ok := cells["hide_phone"]; ok {
		if isClear(v) {
			b.refuse("hide_phone", because("clear.hide_phone"))
			return nil
		}
		hide, ok := b.readBool("hide_phone", v)
		if !ok {
			return nil
		}
		l, err := d.full()
		if err != nil {
			return err
		}
		if hide != l.HidePhone {
			d.e.HidePhone = api.Set(hide)
			d.change("hide_phone", yesNo(l.HidePhone), yesNo(hide))
		}
	}
	return nil
}

func yesNo(v bool) string {
	if v {
		return ChangeYes
	}
	return ChangeNo
}

// The words a Change's value may be, which a front end says in its language: a
// contact cleared to the profile's, a yes/no, and nothing before (ChangeText).
const (
	ChangeProfiles = "(the profile's)"
	ChangeYes      = "yes"
	ChangeNo       = "no"
	ChangeNone     = "(none)"
)

// contacts compares the contact name and phone; cleared, the profile's are shown.
func (d *differ) contacts(cells map[string]string) error {
	for _, f := range []string{"contact_name", "contact_phone"} {
		v, ok := cells[f]
		if !ok {
			continue
		}
		l, err := d.full()
		if err != nil {
			return err
		}
		old := map[string]string{"contact_name": l.ContactName, "contact_phone": l.ContactPhone}[f]
		dst := map[string]*api.Field[string]{"contact_name": &d.e.ContactName, "contact_phone": &d.e.ContactPhone}[f]
		if isClear(v) {
			if old != "" {
				*dst = api.Null[string]()
				d.change(f, old, ChangeProfiles)
			}
			continue
		}
		now := text(v)
		if f == "contact_phone" {
			if now, ok = d.b.readPhone(f, v); !ok {
				continue
			}
			if rules.SamePhone(old, now) {
				continue // the same number, written otherwise
			}
		} else if n := rules.Chars(now); n > rules.ContactNameMax {
			d.b.refuse(f, because("contact_name.long", "N", n, "Max", rules.ContactNameMax))
			continue
		}
		if !d.sameText(f, now, old) {
			*dst = api.Set(now)
			d.change(f, old, now)
		}
	}
	return nil
}
