// Package profile owns the user's named profiles and the config file that lists them:
// for each profile the base URL, the default language and where its key is stored,
// never the key itself. It also holds what the login screen, `listings auth` and the
// status view share: verify a key with ping, store it, find it, forget it.
package profile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/atomicfile"
)

// Environment variables that steer profile selection and the config location.
const (
	EnvConfigDir = paths.EnvConfig
	EnvProfile   = "LISTINGS_PROFILE"
	// DefaultName is the profile used when none is named anywhere.
	DefaultName = "default"
	configFile  = "config.json"
	keysFile    = "insecure-keys.json"
	maxConfig   = 1 << 20
)

// Storage says where a profile's key was put at login.
type Storage string

const (
	StorageKeyring Storage = "keyring"
	StorageFile    Storage = "file"
)

// Profile is one named account on one service.
type Profile struct {
	Name    string  `json:"-"`
	BaseURL string  `json:"base_url"`
	Lang    string  `json:"lang,omitempty"`
	Storage Storage `json:"key_storage"`
	// UILang is the interface's language the user last chose with L in the app
	// (internal/i18n.Resolve); empty means the system's. Lang is the listings'.
	UILang string `json:"ui_lang,omitempty"`
}

// Config is the config file: the profiles and which one is current. Settings of the
// TUI live beside them, so one file holds everything the user may want to edit.
type Config struct {
	Current  string              `json:"current,omitempty"`
	Profiles map[string]*Profile `json:"profiles"`
	// Language fixes the interface's language for the app and the commands ("uk",
	// "ru", "en"), whatever the system's; L in the app then switches only the
	// listings' language. Empty: the one last chosen with L, else the system's.
	Language string        `json:"language,omitempty"`
	TUI      TUISettings   `json:"tui,omitzero"`
	Media    MediaSettings `json:"media,omitzero"`
	Jobs     JobSettings   `json:"jobs,omitzero"`

	dir string
}

// JobSettings are how the history of jobs is kept, whichever profile.
type JobSettings struct {
	// KeepFor is how long a finished job's journal is kept before `listings jobs
	// prune` deletes it: "30d", "2w", "12h" (api/jobs/job.ParseAge reads it, so that a
	// command other than the prune never fails over it). Empty means 30 days.
	KeepFor string `json:"keep_for,omitempty"`
}

// TUISettings are the interactive app's preferences.
type TUISettings struct {
	// WatchInterval is the first interval of the moderation watch, as a Go duration
	// ("15s"); "0" turns the watch off. Empty means the default.
	WatchInterval string `json:"watch_interval,omitempty"`
	// Notify, when false, turns off the bell and the desktop notification of a
	// moderation decision. Absent means on.
	Notify *bool `json:"notify,omitempty"`
	// Keys are the user's keys by action id ({"browser.deactivate": ["X"]}),
	// replacing that action's default keys; [] leaves it to the command palette.
	// docs/config.md lists every id; the app says at start what does not apply.
	Keys map[string][]string `json:"keys,omitempty"`
	// Mouse, when false, leaves the mouse to the terminal: the app does not turn
	// mouse reporting on, so the terminal's own selection of text works as in a
	// shell. Absent means on.
	Mouse *bool `json:"mouse,omitempty"`
	// Theme is the app's colours: "auto" (light or dark from the terminal's
	// background), "dark", "light" or "ansi"; empty means auto. The app checks the
	// name (tui/theme), so that a command never fails over the app's colours.
	Theme string `json:"theme,omitempty"`
	// Images is how photos are shown: "auto" (the photo itself where the terminal
	// draws pictures, asked at start; half-blocks elsewhere), "off" (half-blocks
	// always), or "kitty", "iterm2", "sixel" to force one; empty means auto. The app
	// checks the name (tui/termimg).
	Images string `json:"images,omitempty"`
	// Columns are the browser's columns by tab name, or "default" for the tabs not
	// named: column ids in order, each with ":N" for a width ({"all": ["title",
	// "price", "views:8", "attr.brand"]}). The app checks them (tui/browser) and
	// says at start what does not apply; its column menu writes a tab's list here.
	Columns map[string][]string `json:"columns,omitempty"`
	// Views are the saved views, in the order of their tabs: each an object (name,
	// status, search, category, price_min, …; docs/config.md) that the app reads
	// and checks itself (tui/browser), so that one mistyped view is named and left
	// out while the others apply; it saves, renames and deletes them through EditTUI.
	Views []json.RawMessage `json:"views,omitempty"`
}

// MediaSettings are how the app and the commands send media, whichever profile.
type MediaSettings struct {
	// KeepMetadata, when true, sends photos as they are, with their location and
	// camera data (the --keep-metadata flag, for one command). Absent or false:
	// photos leave without them.
	KeepMetadata bool `json:"keep_metadata,omitempty"`
}

// Dir returns the config directory (internal/paths): LISTINGS_CONFIG_DIR, else
// listings/ under the user's config dir (~/.config on Linux).
func Dir(getenv func(string) string) (string, error) { return paths.Config(getenv) }

// Load reads the config in dir; a missing file is an empty config.
func Load(dir string) (*Config, error) {
	c := &Config{Profiles: map[string]*Profile{}, dir: dir}
	path := filepath.Join(dir, configFile)
	data, err := readLimited(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("config %s is not valid JSON (%v): fix it or move it away, then run listings auth login", path, err)
	}
	if c.Profiles == nil {
		c.Profiles = map[string]*Profile{}
	}
	for name, p := range c.Profiles {
		if p == nil {
			delete(c.Profiles, name)
			continue
		}
		if err := keystore.ValidProfile(name); err != nil {
			return nil, fmt.Errorf("config %s: a profile has a bad name: %w", path, err)
		}
		p.Name = name
		if p.Storage == "" {
			p.Storage = StorageKeyring
		}
	}
	return c, nil
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxConfig {
		return nil, fmt.Errorf("the file is %d bytes, more than a config can be", fi.Size())
	}
	return os.ReadFile(path)
}

// Path is the config file's location.
func (c *Config) Path() string { return filepath.Join(c.dir, configFile) }

// Dir is the directory of the config file.
func (c *Config) Dir() string { return c.dir }

// KeysPath is where --insecure-storage keeps keys.
func (c *Config) KeysPath() string { return filepath.Join(c.dir, keysFile) }

// Save writes the config atomically. It holds no secret, but 0600 costs nothing and
// keeps account names and URLs private too.
func (c *Config) Save() error {
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("encode config: %w", err)
	}
	if err := atomicfile.Write(c.Path(), append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	return nil
}

// SaveColumns writes one tab's columns (tui.columns) to the config file in dir, every
// other setting kept (EditTUI).
func SaveColumns(dir, tab string, list []string) error {
	return EditTUI(dir, func(t *TUISettings) error {
		if t.Columns == nil {
			t.Columns = map[string][]string{}
		}
		t.Columns[tab] = list
		return nil
	})
}

// EditTUI changes the app's settings in the config file in dir as the file is now:
// read again, so that what changed there since the app started stays, every other
// setting kept, then saved as Save does. An error of edit leaves the file as it was.
func EditTUI(dir string, edit func(*TUISettings) error) error {
	c, err := Load(dir)
	if err != nil {
		return err
	}
	if err := edit(&c.TUI); err != nil {
		return err
	}
	return c.Save()
}

// Names returns the profile names, sorted.
func (c *Config) Names() []string {
	names := make([]string, 0, len(c.Profiles))
	for n := range c.Profiles {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Get returns the profile called name.
func (c *Config) Get(name string) (*Profile, bool) {
	p, ok := c.Profiles[name]
	return p, ok
}

// Put adds or replaces a profile.
func (c *Config) Put(p *Profile) {
	c.Profiles[p.Name] = p
}

// Remove deletes a profile; the current one moves to another profile if any is left.
func (c *Config) Remove(name string) {
	delete(c.Profiles, name)
	if c.Current == name {
		c.Current = ""
		if names := c.Names(); len(names) > 0 {
			c.Current = names[0]
		}
	}
}

// Select names the profile to use: the --profile flag, else LISTINGS_PROFILE, else the
// current one, else the only one, else "default".
func (c *Config) Select(flag string, getenv func(string) string) string {
	if flag != "" {
		return flag
	}
	if env := strings.TrimSpace(getenv(EnvProfile)); env != "" {
		return env
	}
	if c.Current != "" {
		return c.Current
	}
	if len(c.Profiles) == 1 {
		return c.Names()[0]
	}
	return DefaultName
}
