// Package editor owns the listing editor: the create and edit form as a sequence of
// steps (basics, category, details with the category's attributes, city, contacts,
// media, review), the draft it writes to disk on every change, the checks made
// before any request, the review of what will be sent and what it costs, and the
// submit with its refusals landing on the fields they name. The category, city and
// media steps are the components catpick, citypick and mediapick (tui/components);
// the text steps are huh forms built at run time. It is itself a component, held by
// the view tui/editing; it asks the root for everything else through tui/msgs.
package editor

import (
	"context"
	"time"

	"github.com/charmbracelet/huh"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/components/catpick"
	"github.com/listings-tui/listings/tui/components/citypick"
	"github.com/listings-tui/listings/tui/components/mediapick"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/termimg"
)

// Service is what the editor needs from the API; *api.Client satisfies it.
type Service interface {
	catpick.Service
	citypick.Searcher
	mediapick.Uploader
	Attributes(ctx context.Context, categoryID int, lang string) ([]api.Attribute, error)
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
	CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error)
	EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error)
	Budget() api.Budget
}

// Config is what an editor is opened with.
type Config struct {
	Service Service
	Store   *draft.Store
	Saver   *draft.Saver
	Lang    string
	Now     func() time.Time
	// BaseURL and Profile are written into new drafts, so the drafts list shows
	// only the drafts of the service in use.
	BaseURL string
	Profile string
	// StartDir is where the photo picker opens; "" is the working directory.
	StartDir string
	// FindEditor finds the user's editor for the description; nil means $VISUAL,
	// $EDITOR, vi or nano on the PATH (tests replace it).
	FindEditor func() []string
	// Painter draws the photo under the picker's cursor as a picture where the
	// terminal can (tui/termimg); nil: half-blocks.
	Painter *termimg.Painter
}

type step int

const (
	stepBasics step = iota
	stepCategory
	stepDetails
	stepCity
	stepContacts
	stepMedia
	stepReview
	stepCount
)

// stepOf is the step where a field of the body is edited.
func stepOf(field string) step {
	switch {
	case field == draft.FieldTitle || field == draft.FieldDescription:
		return stepBasics
	case field == draft.FieldCategory:
		return stepCategory
	case field == draft.FieldCity:
		return stepCity
	case field == draft.FieldContactName || field == draft.FieldContactPhone || field == draft.FieldHidePhone:
		return stepContacts
	case field == draft.FieldPhotos || field == draft.FieldPhotosWM || field == draft.FieldPhotos3D ||
		field == draft.FieldVideo || field == "video_thumbnail":
		return stepMedia
	}
	return stepDetails // price, currency, condition, attributes.*
}

// Model is the editor view. It edits one draft at a time; the draft is a pointer
// shared by the copies Bubble Tea makes, and only Update changes it.
type Model struct {
	cfg  Config
	svc  Service
	lang string

	d       *draft.Draft
	loading int // an edit waits for its listing (the id); 0 otherwise
	loadSeq int
	loadErr string

	step   step
	forms  [stepCount]*stepForm // the huh steps; nil for the others
	attrs  []api.Attribute      // the chosen category's, nil until loaded
	attrOf int                  // the category attrs belong to
	attrIn string               // the language attrs are in
	attrSq int
	attrEr string
	cache  map[attrKey][]api.Attribute
	binds  []*attrBinding // what the details form edits, per attribute

	cat        catpick.Model
	city       citypick.Model
	media      mediapick.Model
	compsReady bool // cat and city exist (and keep their caches)

	problems map[string]rules.Why // what the app knows is wrong, by field
	touched  map[string]bool      // fields the seller has left once
	focusKey string               // the huh field focused when last seen
	// pendingFocus is a refused field to put the cursor on once its step exists.
	pendingFocus string
	attempted    bool // a submit was tried: every problem shows

	sub     submission
	review  reviewState
	saved   string // the draft as last handed to the saver
	stored  bool   // the draft has been saved at least once
	saveErr string

	width, height int
	bodyH         int
	action.Keys   // the user's keys (actions.go)
	// extEditor is the user's editor for the description (ctrl+e); nil when none
	// was found.
	extEditor []string
}

type attrKey struct {
	id   int
	lang string
}

// New returns an editor with no draft; Open or OpenEdit gives it one.
func New(cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Lang == "" {
		cfg.Lang = "uk"
	}
	m := Model{
		cfg: cfg, svc: cfg.Service, lang: cfg.Lang,
		cache: map[attrKey][]api.Attribute{},
	}
	if cfg.FindEditor == nil {
		cfg.FindEditor = systemEditor
	}
	m.extEditor = cfg.FindEditor()
	m.cfg = cfg
	m.SetSize(80, 20)
	return m
}

// Draft returns the draft being edited (nil before Open).
func (m Model) Draft() *draft.Draft { return m.d }

// Busy reports whether leaving would abandon work in flight: a submit, or uploads.
func (m Model) Busy() bool { return m.sub.sending || (m.d != nil && m.media.Busy()) }

// Capturing reports whether letters typed go to a text field, so the root must not
// treat them as shortcuts. In the form steps they always do.
func (m Model) Capturing() bool {
	switch m.step {
	case stepCategory:
		return m.cat.Capturing()
	case stepCity:
		return m.city.Capturing()
	case stepMedia:
		return m.media.Capturing()
	case stepReview:
		return false
	}
	return m.d != nil && m.loading == 0
}

// SetSize sets the area View fills exactly.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 1), max(height, 1)
	// Two lines of header (title and steps), one of status at the bottom.
	m.bodyH = max(m.height-3, 1)
	for s, f := range m.forms {
		if f != nil {
			h := m.bodyH
			if step(s) == stepDetails {
				h = max(h-1, 1) // the category line
			}
			f.resize(m.width, h)
		}
	}
	if m.d != nil {
		m.cat.SetSize(m.width, m.bodyH)
		m.city.SetSize(m.width, m.bodyH)
		m.media.SetSize(m.width, m.bodyH)
	}
	m.review.resize(m.width, m.bodyH)
}

// stepForm is one huh step: the form, and per field what it edits and how its
// description is refreshed.
type stepForm struct {
	form   *huh.Form
	fields []formField
	first  string // the key of the first field, for shift+tab back to the step before
	last   string // the key of the last field, for tab on to the next step
}

type formField struct {
	key      string // the huh key: a body field name, "attributes.CODE" or with #from/#to
	field    string // the body field it reports problems for
	describe func(string)
	hint     func() string // the static part of the description (limits, counter)

	shown     string // the description last given to the field
	described bool
}

func (f *stepForm) resize(w, h int) {
	f.form.WithWidth(w).WithHeight(h)
}

// Unsent reports whether the open draft holds work the service has not accepted:
// something was written into it (it was saved at least once) and it was not sent.
func (m Model) Unsent() bool { return m.d != nil && m.stored && !m.sub.done }
