package tui

import (
	"net/http"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/bulkform"
	"github.com/listings-tui/listings/tui/components/editor"
	"github.com/listings-tui/listings/tui/detail"
	"github.com/listings-tui/listings/tui/drafts"
	"github.com/listings-tui/listings/tui/editing"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/msgs"
)

// The views the first frame does not show are built when first needed: building them
// all took a millisecond or more of the start (docs/performance.md, "Start"). A view
// built late must be the view it would have been: it is made from the root's state of
// now (language, service, mirror), sized, given the user's keys, and told what it
// would have heard of the key (msgs.KeyScopes); the other global messages it missed
// change nothing it shows (a listing's detail or a draft is read when opened).

// lazyViews build each view of the root that waits for its first use.
var lazyViews = map[viewID]func(m *Model) registry.Pane{
	viewDetail: func(m *Model) registry.Pane {
		images := m.opts.Images
		if images == nil {
			images = detail.HTTPImages(&http.Client{Timeout: 30 * time.Second})
		}
		m.detail = registry.Hold(detail.New(m.cached, images, m.lang).WithPainter(m.opts.Painter))
		if m.opts.Mirror != nil {
			m.detail.M.SetMirror(m.opts.Mirror)
		}
		return m.detail
	},
	viewEditor: func(m *Model) registry.Pane {
		m.editor = registry.Hold(editing.New(editor.New(editor.Config{Service: m.cached, Store: m.draftStore, Saver: m.saver,
			Lang: m.lang, Now: m.opts.Now, BaseURL: m.baseURL, Profile: m.profile, StartDir: m.opts.StartDir,
			FindEditor: m.opts.FindEditor, Painter: m.opts.Painter}),
			editing.Config{Store: m.draftStore, BaseURL: m.baseURL, Profile: m.profile, Lang: m.lang, Now: m.opts.Now}))
		return m.editor
	},
	viewDrafts: func(m *Model) registry.Pane {
		m.drafts = registry.Hold(drafts.New(m.draftStore, m.baseURL, m.opts.Now))
		return m.drafts
	},
	viewBulk: func(m *Model) registry.Pane {
		m.bulk = registry.Hold(bulkform.New(m.cached, m.lang, m.opts.Now))
		return m.bulk
	},
	viewImport: func(m *Model) registry.Pane {
		m.imp = registry.Hold(importer.New(importer.Config{Service: m.cached, Lang: m.lang, BaseURL: m.baseURL,
			JobsDir: m.shared.JobsDir(m.opts.JobsDir, m.sandbox), StartDir: m.opts.StartDir, Now: m.opts.Now}))
		return m.imp
	},
}

// need builds the view id when it is one of lazyViews not built yet; what it
// answers to the key's scopes comes back addressed to it.
func (m *Model) need(id viewID) tea.Cmd {
	build := lazyViews[id]
	if build == nil || m.client == nil || m.views.Get(id) != nil {
		return nil
	}
	p := build(m)
	m.views.Set(id, p)
	p.SetKeymap(m.keymap)
	if m.viewHeight > 0 {
		p.SetSize(m.sizedWidth, m.viewHeight)
	}
	if m.readOnly {
		return m.addr(id, p.Update(msgs.KeyScopes{Write: false}))
	}
	return nil
}

// dropLazy forgets the views built on first use (a login: they were of the other
// client); their late answers are dropped, and the next use builds them anew.
func (m *Model) dropLazy() {
	m.detail, m.editor, m.drafts, m.bulk, m.imp = nil, nil, nil, nil, nil
	for id := range lazyViews {
		m.views.Drop(id)
	}
}
