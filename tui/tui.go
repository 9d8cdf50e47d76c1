// Package tui owns the root of the interactive app, its only tea.Model: which views
// there are and the routing of messages between them, the global keys, and the glue
// that spans views (what follows a save, a status change, the quit question, start-up
// and login, what the banner and the notice say). What it draws around the view is
// rendered by leaf packages only the root uses: tui/frame (header, footer),
// tui/notice (banner, notice and wait lines), tui/helpview (the help), tui/confirm
// (the questions); tui/crash guards the program, tui/nudge knows the terminal's
// notifications. The views never see each other; they ask the root through tui/msgs.
package tui

import (
	"io"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/bulkform"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/detail"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/drafts"
	"github.com/listings-tui/listings/tui/editing"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/internal/batch"
	"github.com/listings-tui/listings/tui/internal/proc"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/jobs"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/mirrorsync"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/nudge"
	"github.com/listings-tui/listings/tui/palette"
	"github.com/listings-tui/listings/tui/rootkeys"
	"github.com/listings-tui/listings/tui/setup"
	"github.com/listings-tui/listings/tui/watch"
)

// Options are what the app starts from: the settings of tui/setup, and those whose
// types are a view's own.
type Options struct {
	setup.Settings

	WatchStore *watch.Store // already opened (Run opens the key's and service's list into it)
	// Images fetches photos for the detail preview; nil means plain HTTP.
	Images detail.ImageFetcher
	// Columns are the browser's columns (the config's tui.columns) and how the
	// column menu saves them.
	Columns browser.ColumnConfig
	// Views are the saved views (the config's tui.views), each a tab of the
	// browser, and how the browser saves, renames and deletes them.
	Views      browser.ViewConfig
	prefetched *browser.Prefetched // the mirror's first frame, read ahead by Run (browser.Prefetch)
	early      bool                // Run's first browser sends its first page's request from New
}

// Model is the root model.
type Model struct {
	opts   Options
	shared *proc.Shared // the process's: keys to redact, sandboxes to stop
	now    time.Time

	client  *api.Client
	profile string
	baseURL string
	lang    string
	sandbox bool

	// views is the registry; the typed holders below are the same views, for the
	// few things the root asks of one in particular (open a listing in the detail,
	// a draft in the editor).
	views   registry.Registry[viewID]
	browser *registry.Holder[browser.Model, action.Help]
	detail  *registry.Holder[detail.Model, action.Help]
	watch   *registry.Holder[watch.Model, action.Help]
	login   *registry.Holder[login.Model, action.Help]
	editor  *registry.Holder[editing.Model, action.Help]
	drafts  *registry.Holder[drafts.Model, action.Help]
	bulk    *registry.Holder[bulkform.Model, action.Help]
	jobs    *registry.Holder[jobs.Model, action.Help]
	imp     *registry.Holder[importer.Model, action.Help]
	store   *watch.Store
	// cached is the client through the mirror's cache of the day, for the views
	// built on first use.
	cached *mirror.CachedClient

	draftStore  *draft.Store
	saver       *draft.Saver
	saveFailing bool // the saver's last write failed; the banner says so
	// readOnly: ping said the key lacks listings:write; nothing that writes is offered.
	readOnly bool
	// watchSaving waits on the saver's health from Init; Run sets it (a test's
	// harness, which waits for every command to end, sends draftnote.Health itself).
	watchSaving bool

	active viewID
	back   []viewID // what msgs.Back returns to

	showHelp bool
	helpOff  int      // the overlay's scroll
	helpBox  []string // the overlay, rendered by refresh
	dialog   *confirm.Dialog
	// under is what is drawn between the view and the footer: the banner, the notice
	// line (and which notice may replace it), the request budget's wait.
	under    notice.Under
	lastIP   string
	budget   api.Budget
	statuses confirm.Changes // the latest status request per listing id

	help help.Model
	keys rootkeys.Modal
	// answers are the questions' keys (tui/confirm).
	answers confirm.Keys
	// keymap is the user's keys that apply (Options.Keys less what is wrong with
	// them); palette is the open command palette, or nil.
	keymap        action.Keymap
	palette       *palette.Model
	bell          nudge.Bell     // the terminal, for the bell and notifications
	ticker        func() tea.Cmd // tick; tests stop the clock
	width, height int
	viewHeight    int // what the views were last given
	sizedWidth    int
	header        string
	footer        string

	mir mirrorsync.Schedule // the background sync of the local mirror (mirror.go)
}

// New builds the root from opts; it does no network I/O (only the local mirror's
// rows are read), so the first frame is drawn before any network answer (Init returns
// the loads).
func New(opts Options) Model {
	opts.Defaults()
	if opts.UILang != "" {
		i18n.Use(opts.UILang)
	}
	m := Model{
		opts:     opts,
		shared:   &proc.Shared{},
		now:      opts.Now(),
		profile:  opts.Profile,
		baseURL:  opts.BaseURL,
		lang:     opts.Lang,
		sandbox:  opts.Sandbox,
		store:    opts.WatchStore,
		statuses: confirm.Changes{},
		under:    notice.NewUnder(),
		help:     helpview.New(),
		keys:     rootkeys.DefaultModal(),
		answers:  confirm.DefaultKeys(),
		bell:     nudge.Bell{Out: io.Discard, Quiet: opts.Quiet, Focused: true},
		ticker:   tick,
		width:    80,
		height:   24,
	}
	if m.store == nil {
		m.store = watch.NewMemoryStore()
	}
	m.bell.Term = nudge.Detect(opts.Getenv)
	m.draftStore = draft.OpenStore(opts.DraftDir)
	m.saver = draft.NewSaver(m.draftStore, nil)
	m.shared.Keys.Add(opts.Key)
	problems := action.Check(action.Normalize(opts.Keys), rootkeys.Table, viewTables)
	m.keymap = action.Without(action.Normalize(opts.Keys), problems)
	if opts.Client != nil {
		m.setClient(opts.Client)
		if m.baseURL == "" {
			m.baseURL = opts.Client.BaseURL()
		}
	} else {
		m.toLogin(opts.LoginReason)
	}
	m.mirrorNotice()
	if b := notice.KeyProblems(opts.KeysFile, problems); b != nil {
		m.under.Banner = b
	}
	m.layout()
	return m
}

// setClient builds the views over c that the first frame needs (the browser, and the
// watch and the jobs, which work from the start and speak in the footer); used at
// start and after a login. The others are built when first needed (lazy.go).
func (m *Model) setClient(c *api.Client) {
	m.client = c
	c.OnWaits(m.under.Waits.Users())
	m.budget = c.Budget()
	// The views that ask for the taxonomy and cities (the detail, the editor, the bulk
	// form's city, the import's check) ask through the mirror's cache of the day; the
	// pickers and the detail keep their own in memory on top.
	m.cached = mirror.NewCachedClient(m.opts.Mirror, c)
	// The browser first, so that its first page's request, when Run starts it early,
	// leaves while the rest is built.
	m.browser = registry.Hold(browser.New(c, m.lang, m.browserOptions()...))
	if m.opts.early {
		m.browser.M.StartFirstPage()
	}
	m.opts.prefetched, m.opts.early = nil, false // the first browser's only
	m.watch = registry.Hold(watch.New(c, m.store, m.opts.WatchInterval, m.opts.Now))
	m.jobs = registry.Hold(jobs.New(c, jobs.Config{Dir: m.shared.JobsDir(m.opts.JobsDir, m.sandbox), Scan: !m.sandbox,
		BaseURL: m.baseURL, Now: m.opts.Now}))
	m.mir = mirrorsync.Start(m.opts.Mirror, m.now)
	m.views.Set(viewBrowser, m.browser)
	m.views.Set(viewWatch, m.watch)
	m.views.Set(viewJobs, m.jobs)
	m.dropLazy()
	m.active = viewBrowser
	m.back = nil
	m.setKeymap()
	m.viewHeight = -1 // new views: layout must size them
}

// toLogin shows the login screen, with why.
func (m *Model) toLogin(reason string) {
	var store login.Store
	if m.opts.Env != nil {
		store = m.opts.Env
	}
	m.login = registry.Hold(login.New(login.Config{
		Store:   store,
		Sandbox: m.opts.SandboxStarter,
		BaseURL: login.Prefill(m.baseURL, m.sandbox),
		Profile: m.profile,
		Lang:    m.lang,
		Reason:  reason,
		Version: m.opts.Version,
	}))
	m.views.Set(viewLogin, m.login)
	m.login.SetKeymap(m.keymap)
	if m.active != viewLogin {
		m.back = nil
	}
	m.active = viewLogin
	m.showHelp = false
	m.dialog = nil
	m.viewHeight = -1 // a new login screen: layout must size it
	m.layout()
}

// Init loads the first page, starts the clock, and a little later pings once (so
// the meter learns the key's limits) and counts the unsent drafts.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.ticker()}
	if m.watchSaving {
		cmds = append(cmds, draftnote.Watch(m.saver))
	}
	if m.client != nil {
		cmds = append(cmds, m.startViews(m.client), batch.AfterFirstFrame(draftnote.CountUnsent(m.draftStore, m.baseURL)))
	}
	return tea.Batch(cmds...)
}

// startViews starts the views over c: the first page now, the rest after the first frame.
func (m Model) startViews(c *api.Client) tea.Cmd {
	return tea.Batch(m.addr(viewBrowser, m.browser.M.Init()), batch.AfterFirstFrame(tea.Batch(keycheck.Ping(c),
		m.addr(viewWatch, m.watch.M.Init()), m.addr(viewJobs, m.jobs.M.Init()))))
}
