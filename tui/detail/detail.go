// Package detail owns the view of one listing: every field the service returns, the
// attributes with their names and option labels, contacts, photos with a half-block
// preview of the main one, and the moderation block of a pending or blocked listing.
// It loads the listing and its category's attributes itself, and asks the root (through
// tui/msgs) to go back, change the status, watch the listing or show an error.
package detail

import (
	"context"
	"errors"
	"image"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/termtext"
)

// Service is what the view needs from the API; *api.Client satisfies it.
type Service interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
	Attributes(ctx context.Context, categoryID int, lang string) ([]api.Attribute, error)
}

// ImageFetcher downloads and decodes one image.
type ImageFetcher func(ctx context.Context, url string) (image.Image, error)

// attrKey names one entry of the attribute cache: names and labels depend on both.
type attrKey struct {
	cat  int
	lang string
}

// Model is the detail view. It is a value; the attribute cache is a map shared by
// copies on purpose, so a copy kept by the root still benefits from later loads.
type Model struct {
	// readOnly: the key lacks listings:write (msgs.KeyScopes); no write is offered.
	readOnly    bool
	svc         Service
	images      ImageFetcher
	lang        string
	action.Keys // the user's keys (actions.go)

	width, height int
	vp            viewport.Model

	id       int
	title    string // cleaned; from Open until the listing arrives
	seq      int
	loading  bool
	listing  *api.ListingFull // cleaned copy; nil until loaded
	mod      *api.Moderation
	notFound bool
	err      error // the last load failure; the content is stale when listing != nil

	attrs       map[attrKey][]api.Attribute
	attrPending map[attrKey]bool // asked for and not answered yet
	attrLoading bool
	attrErr     error

	img        image.Image
	imgURL     string
	imgSeq     int
	imgLoading bool
	imgErr     error
	preview    string // the rendered half-block image, cached for previewAt
	previewAt  previewKey
	// pic is the photo encoded for the terminal's protocol (zero: half-blocks only);
	// paint draws it over the half-blocks, which carry its marks (nil: never).
	pic   termimg.Image
	paint *termimg.Painter

	header []string // precomputed in rebuild; View only joins

	mir      Mirror // the local mirror (views.go); nil without one
	stats    mirror.Stats
	hasStats bool
}

// New returns an empty detail view; Open starts showing a listing.
func New(svc Service, images ImageFetcher, lang string) Model {
	vp := viewport.New(0, 0)
	vp.KeyMap = viewport.KeyMap{} // keys are ours; the viewport only scrolls on the wheel
	vp.MouseWheelEnabled = true
	return Model{
		svc: svc, images: images, lang: lang, vp: vp,
		attrs: map[attrKey][]api.Attribute{}, attrPending: map[attrKey]bool{},
	}
}

// Open starts showing listing id; title is shown while it loads.
func (m Model) Open(id int, title string) (Model, tea.Cmd) {
	m.id, m.title = id, termtext.Clean(title)
	m.listing, m.mod, m.notFound, m.err = nil, nil, false, nil
	m.attrLoading, m.attrErr = false, nil
	m.img, m.imgURL, m.imgLoading, m.imgErr = nil, "", false, nil
	m.imgSeq++ // an image still on its way belongs to the previous listing
	m.setPic(termimg.Image{})
	m.vp.GotoTop()
	return m.load()
}

// load asks for the open listing again under a new sequence number.
func (m Model) load() (Model, tea.Cmd) {
	m.seq++
	m.loading = true
	m.hasStats = m.hasStats && m.stats.ID == m.id
	m.rebuild()
	return m, m.withStats(fetchListing(m.svc, m.id, m.lang, m.seq))
}

// SetSize gives the view its size; the layout (and the preview, when its box
// changes) is recomputed here, not in View.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.rebuild()
}

// Capturing reports whether a text input has focus: never, the view has none.
func (m Model) Capturing() bool { return false }

// Current returns the listing shown and its moderation block; ok is false until a
// listing has loaded.
func (m Model) Current() (*api.ListingFull, *api.Moderation, bool) {
	if m.listing == nil {
		return nil, nil, false
	}
	return m.listing, m.mod, true
}

// Update handles keys, the mouse wheel, the answers of its own commands and the
// root's messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return m, cmd
	case listingMsg:
		return m.gotListing(msg)
	case attrsMsg:
		return m.gotAttrs(msg)
	case statsMsg:
		return m.gotStats(msg)
	case imageMsg:
		if msg.seq != m.imgSeq || msg.url != m.imgURL {
			return m, nil
		}
		m.imgLoading = false
		m.img, m.imgErr = msg.img, msg.err
		m.setPic(msg.pic)
		m.rebuild()
		return m, nil
	case msgs.ListingChanged:
		return m.changed(msg)
	case msgs.KeyScopes:
		m.readOnly = !msg.Write
		return m, nil
	case msgs.LangChanged:
		m.lang = msg.Lang
		if m.id == 0 {
			m.rebuild() // the interface's words may have changed with it
			return m, nil
		}
		return m.load()
	}
	return m, nil
}

func (m Model) gotListing(msg listingMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq || msg.id != m.id {
		return m, nil
	}
	m.loading = false
	if msg.err != nil {
		return m.failed(msg.err)
	}
	if msg.detail == nil {
		return m.failed(errors.New(i18n.T("detail.empty_answer")))
	}
	l := cleanListing(&msg.detail.Listing)
	m.listing, m.mod = l, cleanModeration(msg.detail.Moderation)
	m.title, m.notFound, m.err = l.Title, false, nil
	cmds := []tea.Cmd{emit(msgs.ListingChanged{ID: l.ID, Status: l.Status, Listing: copyListing(l), Moderation: m.mod})}
	if m.mir != nil {
		lang := msg.detail.Lang // the language of the answer; the one asked when it says none
		if lang == "" {
			lang = m.lang
		}
		cmds = append(cmds, keepDetail(m.mir, msg.detail.Listing, lang))
	}
	m, cmd := m.needAttrs()
	cmds = append(cmds, cmd)
	m, cmd = m.needImage()
	cmds = append(cmds, cmd)
	m.rebuild()
	return m, tea.Batch(cmds...)
}

// failed records a load failure: a 404 replaces the content, anything else keeps the
// last content (stale) and tells the root.
func (m Model) failed(err error) (Model, tea.Cmd) {
	if api.IsNotFound(err) {
		m.notFound, m.listing, m.mod, m.err = true, nil, nil, nil
		m.img, m.imgURL = nil, ""
		m.setPic(termimg.Image{})
		m.rebuild()
		return m, nil
	}
	m.err = err
	m.rebuild()
	if unauthorized(err) {
		return m, emit(msgs.Unauthorized{Err: err})
	}
	return m, emit(msgs.Error{Op: i18n.T("detail.op.load", "ID", itoa(m.id)), Err: err})
}

// needAttrs asks for the names and labels of the listing's category in the current
// language unless the cache has them.
func (m Model) needAttrs() (Model, tea.Cmd) {
	m.attrErr = nil
	if m.listing == nil || len(m.listing.Attributes) == 0 {
		m.attrLoading = false
		return m, nil
	}
	k := attrKey{m.listing.CategoryID, m.lang}
	if _, ok := m.attrs[k]; ok {
		m.attrLoading = false
		return m, nil
	}
	m.attrLoading = true
	if m.attrPending[k] {
		// Already on its way (asked by the load whose ListingChanged came back
		// here): its answer serves this listing too.
		return m, nil
	}
	m.attrPending[k] = true
	return m, fetchAttrs(m.svc, k.cat, k.lang)
}

func (m Model) gotAttrs(msg attrsMsg) (Model, tea.Cmd) {
	k := attrKey{msg.cat, msg.lang}
	delete(m.attrPending, k)
	if msg.err == nil {
		m.attrs[k] = cleanAttributes(msg.attrs)
	}
	// Any answer for the shown listing's category and language will do, even one
	// asked for an earlier listing of the same category.
	if m.listing == nil || k != (attrKey{m.listing.CategoryID, m.lang}) {
		return m, nil
	}
	m.attrLoading, m.attrErr = false, msg.err
	m.rebuild()
	if msg.err != nil && unauthorized(msg.err) {
		return m, emit(msgs.Unauthorized{Err: msg.err})
	}
	return m, nil
}

// needImage starts fetching the main photo when it changed or its last fetch failed.
// A terminal without colour never shows the preview, so it is not fetched there.
func (m Model) needImage() (Model, tea.Cmd) {
	url := mainPhoto(m.listing)
	if url == "" {
		m.img, m.imgURL, m.imgErr, m.imgLoading = nil, "", nil, false
		m.setPic(termimg.Image{})
		return m, nil
	}
	if url == m.imgURL && (m.img != nil || m.imgLoading) {
		return m, nil
	}
	m.img, m.imgURL, m.imgErr = nil, url, nil
	m.setPic(termimg.Image{})
	if m.images == nil || !termimg.ColourTerminal() {
		m.imgLoading = false
		return m, nil
	}
	m.imgSeq++
	m.imgLoading = true
	return m, fetchImage(m.images, url, m.imgSeq, m.paint.Caps())
}

// changed applies a root's news about a listing: the open one is updated in place.
func (m Model) changed(msg msgs.ListingChanged) (Model, tea.Cmd) {
	if msg.ID != m.id || m.id == 0 {
		return m, nil
	}
	if msg.Listing != nil {
		m.listing, m.mod = cleanListing(msg.Listing), cleanModeration(msg.Moderation)
		m.title, m.notFound = m.listing.Title, false
		var c1, c2 tea.Cmd
		m, c1 = m.needAttrs()
		m, c2 = m.needImage()
		m.rebuild()
		return m, tea.Batch(c1, c2)
	}
	if m.listing == nil {
		return m, nil
	}
	l := *m.listing
	l.Status = api.Status(termtext.Clean(string(msg.Status)))
	if msg.Price != nil {
		l.Price = *msg.Price
	}
	m.listing = &l
	if m.mod != nil && m.mod.Decision != string(l.Status) {
		m.mod = nil // the block described the previous state
	}
	m.rebuild()
	return m, nil
}

func (m Model) shownTitle() string {
	if m.listing != nil {
		return m.listing.Title
	}
	return m.title
}

// unauthorized reports the failures that mean the key no longer works at all.
func unauthorized(err error) bool {
	return errors.Is(err, api.ErrNoKey) || api.IsCode(err, api.CodeInvalidKey) ||
		api.IsCode(err, api.CodeKeyRevoked) || api.IsCode(err, api.CodeMissingBearerToken)
}
