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
	"context"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/bulkform"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/detail"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/drafts"
	"github.com/listings-tui/listings/tui/editing"
	"github.com/listings-tui/listings/tui/helpview"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/internal/proc"
	"github.com/listings-tui/listings/tui/internal/registry"
	"github.com/listings-tui/listings/tui/jobs"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/mirrorsync"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/nudge"
	"github.com/listings-tui/listings/tui/palette"
	"github.com/listings-tui/listings/tui/rootkeys"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/theme"
	"github.com/listings-tui/listings/tui/watch"
)

// Options are what the app starts from. Only Client (or nothing, for the login
// screen) and Lang are needed; the rest have defaults.
type Options struct {
	Client *api.Client // nil: start on the login screen
	// LoginReason says why the app starts on the login screen ("no key is stored").
	LoginReason string
	Profile     string // "" with --sandbox or --base-url
	BaseURL     string // shown in the header and prefilled on the login screen
	Lang        string // uk, ru or en; "" means uk
	// UILang is the interface's language (i18n.Resolve); "" leaves the one in use.
	// UIApart keeps it when L switches the listings' language.
	UILang  i18n.Lang
	UIApart bool
	// Env is the profile store, for the login screen and for persisting L; nil in
	// --sandbox and --base-url mode, where nothing is written.
	Env *profile.Env
	// Sandbox says the client talks to the in-process sandbox (the header says so).
	Sandbox bool

	// WatchPath is the watch list's file of before: the lists, one per key and
	// service, are kept beside it (watch.OpenService); "" keeps the list in memory.
	WatchPath     string
	WatchStore    *watch.Store  // already opened (Run opens the key's and service's list into it)
	WatchInterval time.Duration // 0 turns polling off
	// DraftDir is the data directory the editor keeps drafts in; "" keeps them in
	// memory (the sandbox, whose ids and media mean nothing after it stops).
	DraftDir string
	// JobsDir is where bulk jobs are journaled, the CLI's <data dir>/jobs; "" (and
	// the sandbox, whose listings do not outlive the app) uses a temporary directory.
	JobsDir string
	// StartDir is where the editor's photo picker opens; "" is the working directory.
	StartDir string
	// Quiet turns off the bell and the desktop notification of a moderation decision.
	Quiet bool
	// NoMouse leaves the mouse to the terminal (config tui.mouse false): mouse
	// reporting is never turned on, so the terminal's own text selection works.
	NoMouse bool
	// Theme is the palette (tui/theme); "" is auto: light or dark from the terminal's
	// background, as Bubble Tea asked it once at start (never asked again).
	Theme theme.Name
	// Getenv tells what terminal this is, for its desktop notifications; nil means
	// os.Getenv.
	Getenv func(string) string
	// FindEditor finds the user's editor for a description (ctrl+e); nil means
	// $VISUAL, $EDITOR, vi or nano on the PATH.
	FindEditor func() []string
	Now        func() time.Time

	// SandboxStarter backs "Try the sandbox" on the login screen.
	SandboxStarter func(ctx context.Context) (baseURL, key string, stop func(), err error)
	Version        string

	// APIOptions are given to a client built after a login (trace, clock in tests).
	APIOptions []api.Option
	// Images fetches photos for the detail preview; nil means plain HTTP.
	Images detail.ImageFetcher
	// Photos is the setting of photos drawn as pictures (config tui.images,
	// LISTINGS_IMAGES): auto asks the terminal at start, off keeps half-blocks.
	Photos termimg.Mode
	// Painter draws the photos where the terminal can (tui/termimg); nil: Run makes
	// one when the terminal draws pictures, else half-blocks only. Tests set it.
	Painter *termimg.Painter
	// Mirror is the account's local mirror (api/mirror; mirror.go); nil: none.
	// MirrorNotice says why the file found was set aside and rebuilt.
	Mirror       *mirror.DB
	MirrorNotice string
	// prefetched is the mirror's first frame, read ahead by Run (browser.Prefetch).
	prefetched *browser.Prefetched

	// Key is the key in use, only so that a crash report can redact it. It is never
	// shown or stored by the app.
	Key string
	// CrashDir is where crash reports go; "" means <user cache dir>/listings.
	CrashDir string
	// Keys are the user's keys by action id (the config's tui.keys), read from
	// KeysFile; what is wrong with them is said at start (tui/action).
	Keys     action.Keymap
	KeysFile string
	// Columns are the browser's columns (the config's tui.columns) and how the
	// column menu saves them.
	Columns browser.ColumnConfig
	// Views are the saved views (the config's tui.views), each a tab of the
	// browser, and how the browser saves, renames and deletes them.
	Views browser.ViewConfig

	// Input and Output replace the terminal (tests); nil means stdin and stdout.
	Input  io.Reader
	Output io.Writer
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
	// harness, which waits for every command to end, sends saverMsg itself).
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
	statuses map[int]int // the latest status request per listing id

	help help.Model
	keys rootkeys.Modal
	// keymap is the user's keys that apply (Options.Keys less what is wrong with
	// them); palette is the open command palette, or nil.
	keymap  action.Keymap
	palette *palette.Model
	// bell is the terminal, written to directly for the bell and notifications:
	// Bubble Tea v1 has no bell command and drops Println in the alt screen; the
	// renderer writes each frame with one Write call, so a short write in between
	// cannot land inside an escape sequence.
	bell          io.Writer
	term          nudge.Terminal // how it shows a desktop notification
	focused       bool           // the terminal window has focus (as far as it reports)
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
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Lang == "" {
		opts.Lang = "uk"
	}
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
		statuses: map[int]int{},
		under:    notice.NewUnder(),
		help:     helpview.New(),
		keys:     rootkeys.DefaultModal(),
		bell:     io.Discard,
		focused:  true,
		ticker:   tick,
		width:    80,
		height:   24,
	}
	if m.store == nil {
		m.store = watch.NewMemoryStore()
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	m.term = nudge.Detect(getenv)
	m.draftStore = draft.OpenStore(opts.DraftDir)
	m.saver = draft.NewSaver(m.draftStore, nil)
	m.shared.Keys.Add(opts.Key)
	problems := action.Check(action.Normalize(opts.Keys), rootkeys.Table, viewTables())
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
	if b := keyProblems(opts.KeysFile, problems); b != nil {
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
	m.watch = registry.Hold(watch.New(c, m.store, m.opts.WatchInterval, m.opts.Now))
	m.jobs = registry.Hold(jobs.New(c, jobs.Config{Dir: m.shared.JobsDir(m.opts.JobsDir, m.sandbox), Scan: !m.sandbox,
		BaseURL: m.baseURL, Now: m.opts.Now}))
	// The browser comes after the views above, which need no mirror: a first frame
	// read ahead (Run) has had their time to come.
	m.browser = registry.Hold(browser.New(c, m.lang, m.browserOptions()...))
	m.opts.prefetched = nil // the first browser's only
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
		BaseURL: m.loginBaseURL(),
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

// loginBaseURL prefills the login screen, but never with the sandbox's address,
// which changes on every start.
func (m *Model) loginBaseURL() string {
	if m.sandbox {
		return ""
	}
	return m.baseURL
}

// Init pings once (so the meter learns the key's limits), loads the first page and
// starts the clock.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.ticker()}
	if m.watchSaving {
		cmds = append(cmds, watchSaver(m.saver))
	}
	if m.client != nil {
		cmds = append(cmds, ping(m.client), countDrafts(m.draftStore, m.baseURL), m.addr(viewBrowser, m.browser.M.Init()),
			m.addr(viewWatch, m.watch.M.Init()), m.addr(viewJobs, m.jobs.M.Init()))
	}
	return tea.Batch(cmds...)
}
