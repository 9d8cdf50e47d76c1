package profile

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
)

// verifyTimeout bounds one ping: login and status must answer even when the service
// does not.
const verifyTimeout = 15 * time.Second

// Env is what profile operations need from the outside world; tests swap each part.
type Env struct {
	Dir     string              // config directory (see Dir)
	Getenv  func(string) string // os.Getenv in the program
	Keyring keystore.Store      // the OS keyring; nil when there is none to use
	Warn    func(string)        // receives the plain-text storage warning on every read
	Version string              // for the User-Agent of verification pings
	HTTP    *http.Client        // nil for the default
	// APIOptions are added to every client built here (the debug trace).
	APIOptions []api.Option
}

// Config loads the config file.
func (e *Env) Config() (*Config, error) { return Load(e.Dir) }

func (e *Env) fileStore(c *Config) *keystore.File {
	f := keystore.NewFile(c.KeysPath())
	f.Warn = e.Warn
	return f
}

// Verify checks key against the service at baseURL with ping and returns what the
// service knows about the key. The key's shape is checked first, so a typo costs no
// request.
func (e *Env) Verify(ctx context.Context, baseURL, key string) (*api.KeyInfo, error) {
	key, err := keystore.CleanKey(key)
	if err != nil {
		return nil, err
	}
	opts := append([]api.Option{api.WithVersion(e.Version), api.WithRetry(1, verifyTimeout)}, e.APIOptions...)
	if e.HTTP != nil {
		opts = append(opts, api.WithHTTPClient(e.HTTP))
	}
	c, err := api.New(baseURL, api.StaticKey(key), opts...)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, verifyTimeout)
	defer cancel()
	return c.Ping(ctx)
}

// LoginRequest is what a login needs; the key is taken from a prompt or standard
// input by the caller, never from a flag.
type LoginRequest struct {
	Profile  string
	BaseURL  string
	Lang     string
	Key      string
	Insecure bool // store in the plain file: only when the user asked for it
}

// LoginResult says what was stored where.
type LoginResult struct {
	Profile *Profile
	Info    *api.KeyInfo
	Source  keystore.Source
}

// Login verifies the key with ping, stores it (the OS keyring, or the plain file when
// asked) and makes the profile current. Nothing is stored when the key does not work,
// and without a keyring nothing is written at all unless Insecure is set.
func (e *Env) Login(ctx context.Context, req LoginRequest) (*LoginResult, error) {
	if err := keystore.ValidProfile(req.Profile); err != nil {
		return nil, err
	}
	cfg, err := e.Config()
	if err != nil {
		return nil, err
	}
	if req.BaseURL == "" {
		if p, ok := cfg.Get(req.Profile); ok {
			req.BaseURL = p.BaseURL
		}
	}
	if req.BaseURL == "" {
		return nil, errors.New("no base URL: pass --base-url with the address of the service")
	}
	key, err := keystore.CleanKey(req.Key)
	if err != nil {
		return nil, err
	}
	info, err := e.Verify(ctx, req.BaseURL, key)
	if err != nil {
		return nil, fmt.Errorf("the key was not stored: %w", err)
	}

	p := &Profile{Name: req.Profile, BaseURL: req.BaseURL, Lang: req.Lang, Storage: StorageKeyring}
	if old, ok := cfg.Get(req.Profile); ok && p.Lang == "" {
		p.Lang = old.Lang
	}
	file := e.fileStore(cfg)
	if req.Insecure {
		p.Storage = StorageFile
		if err := file.Set(ctx, req.Profile, key); err != nil {
			return nil, fmt.Errorf("store the key in %s: %w", file.Path(), err)
		}
		// A key left in the keyring would win over the file (keyring comes first)
		// and could be an old one.
		if e.Keyring != nil {
			_ = e.Keyring.Delete(ctx, req.Profile)
		}
	} else {
		if e.Keyring == nil {
			return nil, fmt.Errorf("store the key: %w", keystore.ErrNoKeyring)
		}
		if err := e.Keyring.Set(ctx, req.Profile, key); err != nil {
			return nil, fmt.Errorf("store the key: %w", err)
		}
		// Moving a key to the keyring ends its plain-text life.
		if err := file.Delete(ctx, req.Profile); err != nil && !errors.Is(err, keystore.ErrNotFound) {
			return nil, fmt.Errorf("remove the old plain-text copy from %s: %w", file.Path(), err)
		}
	}
	cfg.Put(p)
	cfg.Current = p.Name
	if err := cfg.Save(); err != nil {
		return nil, err
	}
	src := keystore.SourceKeyring
	if req.Insecure {
		src = keystore.SourceFile
	}
	return &LoginResult{Profile: p, Info: info, Source: src}, nil
}

// Logout forgets the key of a profile wherever it is stored, and the profile itself.
// It reports where a key was removed from.
func (e *Env) Logout(ctx context.Context, name string) ([]keystore.Source, error) {
	cfg, err := e.Config()
	if err != nil {
		return nil, err
	}
	p, ok := cfg.Get(name)
	if !ok {
		return nil, fmt.Errorf("no profile %q; the profiles are: %v", name, cfg.Names())
	}
	var removed []keystore.Source
	var errs []error
	for _, s := range []keystore.Store{e.Keyring, e.fileStore(cfg)} {
		if s == nil {
			continue
		}
		switch err := s.Delete(ctx, name); {
		case err == nil:
			removed = append(removed, s.Kind())
		case errors.Is(err, keystore.ErrNotFound):
		case errors.Is(err, keystore.ErrNoKeyring) && p.Storage == StorageFile:
			// The key was put in the file; a keyring that cannot be reached now
			// cannot be asked, and holding the logout hostage to it helps no one.
		default:
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		// Keep the profile: the user must be able to retry once the store answers.
		return removed, fmt.Errorf("the key may still be stored: %w", errors.Join(errs...))
	}
	cfg.Remove(name)
	return removed, cfg.Save()
}

// Switch makes name the current profile.
func (e *Env) Switch(name string) error {
	cfg, err := e.Config()
	if err != nil {
		return err
	}
	if _, ok := cfg.Get(name); !ok {
		return fmt.Errorf("no profile %q; the profiles are: %v (create one with listings auth login --profile %s)", name, cfg.Names(), name)
	}
	cfg.Current = name
	return cfg.Save()
}

// Key finds the key of a profile in the order LISTINGS_API_KEY, keyring, file.
func (e *Env) Key(ctx context.Context, cfg *Config, name string) (string, keystore.Source, error) {
	return keystore.Resolve(ctx, name, e.Getenv, e.Keyring, e.fileStore(cfg))
}

// Status is one profile as `auth status` and the TUI show it.
type Status struct {
	Profile   string          `json:"profile"`
	BaseURL   string          `json:"base_url"`
	Lang      string          `json:"lang,omitempty"`
	Current   bool            `json:"current"`
	Source    keystore.Source `json:"source"`
	KeyPrefix string          `json:"key_prefix"`
	Info      *api.KeyInfo    `json:"ping,omitempty"`
	Error     string          `json:"error,omitempty"`
	ErrorCode string          `json:"error_code,omitempty"`
	Warnings  []string        `json:"warnings"`

	err error
}

// Err is the failure of the key lookup or of the ping, if any.
func (s *Status) Err() error { return s.err }

// Statuses reports every profile (in name order); with verify it pings each one, in
// parallel, so one slow service does not hold up the rest.
func (e *Env) Statuses(ctx context.Context, verify bool) ([]Status, error) {
	cfg, err := e.Config()
	if err != nil {
		return nil, err
	}
	names := cfg.Names()
	out := make([]Status, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		p, _ := cfg.Get(name)
		out[i] = Status{Profile: name, BaseURL: p.BaseURL, Lang: p.Lang, Current: name == cfg.Current, Warnings: []string{}}
		wg.Add(1)
		go func(st *Status, p *Profile) {
			defer wg.Done()
			e.fill(ctx, cfg, st, p, verify)
		}(&out[i], p)
	}
	wg.Wait()
	return out, nil
}

func (e *Env) fill(ctx context.Context, cfg *Config, st *Status, p *Profile, verify bool) {
	key, src, err := e.Key(ctx, cfg, p.Name)
	st.Source = src
	if err != nil {
		st.setErr(err)
		return
	}
	st.KeyPrefix = keystore.Prefix(key)
	switch {
	case src == keystore.SourceFile:
		st.Warnings = append(st.Warnings, fmt.Sprintf("the key is stored in plain text in %s; move it to the OS keyring with: listings auth login --profile %s", cfg.KeysPath(), p.Name))
	case src == keystore.SourceEnv:
		st.Warnings = append(st.Warnings, fmt.Sprintf("%s is set and overrides the stored key of every profile", keystore.EnvVar))
	}
	if !verify {
		return
	}
	info, err := e.Verify(ctx, p.BaseURL, key)
	if err != nil {
		st.setErr(err)
		st.Warnings = append(st.Warnings, advice(err)...)
		return
	}
	st.Info = info
	if !info.HasScope(api.ScopeWrite) {
		st.Warnings = append(st.Warnings, "the key lacks listings:write: it can read but not create, edit, change status or upload; create a key with both scopes in account settings → API & integrations")
	}
}

// EnvStatus reports the key of LISTINGS_API_KEY as the commands use it when a base URL
// comes with it (--base-url or LISTINGS_BASE_URL) and no profile is involved, the way
// gh reports a token from its environment: source env, its prefix, the service it goes
// to and, with verify, what ping says. ok is false when the variable is not set.
func (e *Env) EnvStatus(ctx context.Context, baseURL string, verify bool) (st Status, ok bool) {
	key := strings.TrimSpace(e.Getenv(keystore.EnvVar))
	if key == "" {
		return st, false
	}
	st = Status{BaseURL: baseURL, Current: true, Source: keystore.SourceEnv, Warnings: []string{}}
	if k, err := keystore.CleanKey(key); err == nil {
		st.KeyPrefix = keystore.Prefix(k)
	}
	if baseURL == "" {
		st.setErr(fmt.Errorf("%s is set but no base URL goes with it: set LISTINGS_BASE_URL or pass --base-url", keystore.EnvVar))
		return st, true
	}
	if !verify {
		return st, true
	}
	info, err := e.Verify(ctx, baseURL, key)
	if err != nil {
		st.setErr(err)
		st.Warnings = append(st.Warnings, advice(err)...)
		return st, true
	}
	st.Info = info
	return st, true
}

func (st *Status) setErr(err error) {
	st.err = err
	st.Error = err.Error()
	if ae, ok := api.AsError(err); ok {
		st.ErrorCode = ae.Code
	}
}

// advice turns a failed ping into what the user should do.
func advice(err error) []string {
	ae, ok := api.AsError(err)
	if !ok {
		if api.IsUnreachable(err) {
			return []string{"the service could not be reached: check the base URL and your connection"}
		}
		return nil
	}
	switch ae.Code {
	case api.CodeIPNotWhitelisted:
		ip := ae.YourIP
		if ip == "" {
			ip = "this machine's address"
		}
		return []string{fmt.Sprintf("the service refuses requests from %s: add it to the key's allowed_ips in account settings → API & integrations", ip)}
	case api.CodeWhitelistIncomplete:
		return []string{"the key has no IP whitelist: add this machine's address to allowed_ips in account settings → API & integrations"}
	case api.CodeKeySuspended:
		return []string{"the key is suspended: see its state in account settings → API & integrations"}
	case api.CodeKeyRevoked, api.CodeInvalidKey:
		return []string{"the key no longer works: create a new one in account settings → API & integrations, then run listings auth login"}
	}
	return nil
}

// SortedScopes returns the scopes of info for display.
func SortedScopes(info *api.KeyInfo) []string {
	s := slices.Clone(info.ScopesGranted)
	if len(s) == 0 {
		s = slices.Clone(info.Scopes)
	}
	slices.Sort(s)
	return s
}
