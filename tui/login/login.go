// Package login owns the login screen: the base URL, the masked API key, the profile
// name, the verification ping with its spinner, the inline errors of each field, the
// opt-in to plain-file storage when there is no OS keyring, and "try the sandbox".
// It never keeps the key longer than the verification takes: the key leaves in
// msgs.LoggedIn, which the root turns into its client.
package login

import (
	"context"
	"errors"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// Store verifies and stores a key; *profile.Env satisfies it.
type Store interface {
	Login(ctx context.Context, req profile.LoginRequest) (*profile.LoginResult, error)
}

// SandboxStarter starts an in-process sandbox and returns its address, a key that
// works there, and how to stop it.
type SandboxStarter func(ctx context.Context) (baseURL, key string, stop func(), err error)

// Config is what the screen starts from.
type Config struct {
	Store   Store          // nil: the key is only verified, nothing is stored
	Sandbox SandboxStarter // nil: no "Try the sandbox" button
	BaseURL string         // prefilled
	Profile string         // prefilled; "" means profile.DefaultName
	Lang    string         // stored with the profile
	Reason  string         // why the user is here ("the key was revoked"), shown on top
	Version string         // for the ping's User-Agent
}

// field is a focus position, top to bottom.
type field int

const (
	fieldURL field = iota
	fieldKey
	fieldProfile
	fieldInsecure // only reachable once a keyring failure offered it
	fieldButtons
)

type button int

const (
	buttonLogin button = iota
	buttonSandbox
)

// Model is the login screen.
type Model struct {
	cfg    Config
	url    textinput.Model
	key    textinput.Model
	name   textinput.Model
	focus  field
	button button

	offerInsecure bool // the keyring failed: the checkbox is shown
	insecure      bool // the user ticked it

	errs    map[field]string // inline errors by field
	general string           // an error that belongs to no field

	busy    bool
	seq     int
	spinner spinner.Model
	action.Keys

	width, height int
}

// keyPlaceholder is the key field's hint in the interface's language; the key's
// prefix is the service's and stays as it is.
func keyPlaceholder() string { return i18n.T("login.placeholder.key", "Prefix", "sk_live_…") }

// New returns the screen; it does no I/O.
func New(cfg Config) Model {
	mk := func(placeholder string) textinput.Model {
		t := theme.Input()
		t.Prompt = ""
		t.Placeholder = placeholder
		// A static cursor: no blink commands, so frames change only on input.
		t.Cursor.SetMode(cursor.CursorStatic)
		return t
	}
	m := Model{
		cfg:     cfg,
		url:     mk("https://api.example.com"),
		key:     mk(keyPlaceholder()),
		name:    mk(profile.DefaultName),
		errs:    map[field]string{},
		spinner: spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	m.url.SetValue(cfg.BaseURL)
	m.url.CharLimit = 2048
	m.key.EchoMode = textinput.EchoPassword
	m.key.EchoCharacter = '•'
	m.key.CharLimit = 256
	m.name.CharLimit = keystore.MaxProfileLen
	name := cfg.Profile
	if name == "" {
		name = profile.DefaultName
	}
	m.name.SetValue(name)
	if cfg.BaseURL == "" {
		m.focus = fieldURL
	} else {
		m.focus = fieldKey
	}
	m.applyFocus()
	return m
}

// Init has nothing to load.
func (m Model) Init() tea.Cmd { return nil }

// SetSize gives the screen its size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	inputW := max(w-fieldIndent-2, 8)
	m.url.Width = inputW
	m.key.Width = inputW
	m.name.Width = inputW
}

// Capturing reports whether a text field has focus, so that letters are typed rather
// than taken as global keys.
func (m Model) Capturing() bool {
	return m.focus == fieldURL || m.focus == fieldKey || m.focus == fieldProfile
}

// Busy reports whether a verification is in flight.
func (m Model) Busy() bool { return m.busy }

// SetReason replaces the line that says why the user is on this screen.
func (m *Model) SetReason(reason string) { m.cfg.Reason = reason }

func (m *Model) applyFocus() {
	m.url.Blur()
	m.key.Blur()
	m.name.Blur()
	switch m.focus {
	case fieldURL:
		m.url.Focus()
	case fieldKey:
		m.key.Focus()
	case fieldProfile:
		m.name.Focus()
	}
}

// order lists the focus positions that exist now.
func (m Model) order() []field {
	f := []field{fieldURL, fieldKey}
	if m.cfg.Store != nil {
		f = append(f, fieldProfile)
	}
	if m.offerInsecure {
		f = append(f, fieldInsecure)
	}
	return append(f, fieldButtons)
}

func (m *Model) move(delta int) {
	order := m.order()
	i := 0
	for j, f := range order {
		if f == m.focus {
			i = j
		}
	}
	i = (i + delta + len(order)) % len(order)
	m.focus = order[i]
	m.applyFocus()
}

// validate checks what can be checked without a request, putting each error on
// its field. It returns the cleaned key.
func (m *Model) validate() (string, bool) {
	clear(m.errs)
	m.general = ""
	ok := true
	base := strings.TrimSpace(m.url.Value())
	if base == "" {
		m.errs[fieldURL] = i18n.T("login.err.no_url", "Example", "https://api.example.com")
		ok = false
	} else if _, err := api.New(base, api.StaticKey("")); err != nil {
		m.errs[fieldURL] = Explain(err, "").Hint
		ok = false
	}
	key, err := keystore.CleanKey(m.key.Value())
	if err != nil {
		m.errs[fieldKey] = Explain(err, "").String()
		ok = false
	}
	if m.cfg.Store != nil {
		if err := keystore.ValidProfile(strings.TrimSpace(m.name.Value())); err != nil {
			m.errs[fieldProfile] = keyWords(err)
			ok = false
		}
	}
	return key, ok
}

// firstError moves the focus to the first field with an error.
func (m *Model) firstError() {
	for _, f := range m.order() {
		if _, bad := m.errs[f]; bad {
			m.focus = f
			m.applyFocus()
			return
		}
	}
}

func (m Model) submit() (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	if m.button == buttonSandbox && m.focus == fieldButtons {
		return m.startSandbox()
	}
	key, ok := m.validate()
	if !ok {
		m.firstError()
		return m, nil
	}
	m.busy = true
	m.seq++
	req := profile.LoginRequest{
		Profile:  strings.TrimSpace(m.name.Value()),
		BaseURL:  strings.TrimSpace(m.url.Value()),
		Lang:     m.cfg.Lang,
		Key:      key,
		Insecure: m.insecure,
	}
	return m, tea.Batch(m.spinner.Tick, loginCmd(m.cfg.Store, req, m.cfg.Version, m.seq))
}

func (m Model) startSandbox() (Model, tea.Cmd) {
	if m.cfg.Sandbox == nil {
		return m, nil
	}
	clear(m.errs)
	m.general = ""
	m.busy = true
	m.seq++
	return m, tea.Batch(m.spinner.Tick, sandboxCmd(m.cfg.Sandbox, m.cfg.Version, m.seq))
}

// Update handles keys, the verification answers and the spinner.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case spinner.TickMsg:
		if !m.busy {
			return m, nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return m, cmd
	case resultMsg:
		return m.result(msg)
	case tea.KeyMsg:
		return m.handleKey(msg)
	case msgs.LangChanged:
		// The labels are drawn at View time; only the placeholder is kept in the
		// input. Set on the same input, so what the user typed stays.
		m.key.Placeholder = keyPlaceholder()
		return m, nil
	}
	return m.forward(msg)
}

func (m Model) result(msg resultMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		if msg.done.Stop != nil {
			msg.done.Stop() // a sandbox nobody waits for any more
		}
		return m, nil
	}
	m.busy = false
	if msg.err == nil {
		done := msg.done
		m.key.SetValue("") // the key now lives only in the root's client
		return m, func() tea.Msg { return done }
	}
	err := msg.err
	x := Explain(err, "")
	switch {
	case errors.Is(err, keystore.ErrNoKeyring):
		m.offerInsecure = true
		m.errs[fieldInsecure] = x.Hint
		m.focus = fieldInsecure
		m.applyFocus()
	case errors.Is(err, keystore.ErrMalformedKey):
		m.errs[fieldKey] = x.String()
		m.focus = fieldKey
		m.applyFocus()
	case api.IsUnreachable(err) || api.IsCode(err, api.CodeBadResponse) || api.IsNotFound(err):
		m.errs[fieldURL] = x.String()
		m.focus = fieldURL
		m.applyFocus()
	case msg.sandbox:
		m.general = i18n.T("login.err.sandbox", "Err", x.String())
	default:
		if _, ok := api.AsError(err); ok {
			m.errs[fieldKey] = x.String()
			m.focus = fieldKey
			m.applyFocus()
		} else {
			m.general = x.String()
		}
	}
	return m, nil
}

// forward gives a message to the focused text field; editing clears its error.
func (m Model) forward(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	_, isKey := msg.(tea.KeyMsg)
	switch m.focus {
	case fieldURL:
		m.url, cmd = m.url.Update(msg)
	case fieldKey:
		m.key, cmd = m.key.Update(msg)
	case fieldProfile:
		m.name, cmd = m.name.Update(msg)
	default:
		return m, nil
	}
	if isKey {
		delete(m.errs, m.focus)
	}
	return m, cmd
}
