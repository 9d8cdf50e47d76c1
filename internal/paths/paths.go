// Package paths is the one place that says where the app and the commands keep
// things on the user's disk: the config (the profiles and the settings, and the
// watch lists beside them), the data (the drafts, the jobs' journals, the local
// mirror) and the cache (the request budget between commands). Each root has an
// environment variable that overrides it, for scripts, tests, and a second set of
// profiles on one machine; otherwise the system's own place is used.
package paths

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// The environment variables that override the roots.
const (
	EnvConfig = "LISTINGS_CONFIG_DIR"
	EnvData   = "LISTINGS_DATA_DIR"
	EnvCache  = "LISTINGS_CACHE_DIR"
)

// app names the folder under the system's places.
const app = "listings"

// Config is the config directory: LISTINGS_CONFIG_DIR, else listings/ under the
// user's config directory (~/.config on Linux, Application Support on macOS,
// %AppData% on Windows).
func Config(getenv func(string) string) (string, error) {
	if d := strings.TrimSpace(getenv(EnvConfig)); d != "" {
		return d, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the config directory: %w; set %s to a directory", err, EnvConfig)
	}
	return filepath.Join(base, app), nil
}

// Data is where the user's data is kept: LISTINGS_DATA_DIR, else
// $XDG_DATA_HOME/listings (~/.local/share/listings) on Unix, the local app data
// folder on Windows and Application Support on macOS.
func Data(getenv func(string) string) (string, error) {
	if d := strings.TrimSpace(getenv(EnvData)); d != "" {
		return d, nil
	}
	switch runtime.GOOS {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return filepath.Join(d, app), nil
		}
	case "darwin":
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, "Library", "Application Support", app), nil
		}
	default:
		if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, app), nil
		}
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, ".local", "share", app), nil
		}
	}
	return "", fmt.Errorf("find the data directory; set %s to a directory", EnvData)
}

// Cache is the cache directory: LISTINGS_CACHE_DIR, else $XDG_CACHE_HOME/listings,
// else listings/ under the user's cache directory.
func Cache(getenv func(string) string) (string, error) {
	if d := strings.TrimSpace(getenv(EnvCache)); d != "" {
		return d, nil
	}
	if d := strings.TrimSpace(getenv("XDG_CACHE_HOME")); d != "" {
		return filepath.Join(d, app), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("find the cache directory: %w; set %s to a directory", err, EnvCache)
	}
	return filepath.Join(d, app), nil
}

// Drafts is the folder of the drafts in the data directory data.
func Drafts(data string) string { return filepath.Join(data, "drafts") }

// Jobs is the folder of the jobs' journals: <data>/jobs.
func Jobs(getenv func(string) string) (string, error) {
	d, err := Data(getenv)
	if err != nil {
		return "", fmt.Errorf("find the data directory for the jobs' journals: %w", err)
	}
	return filepath.Join(d, "jobs"), nil
}

// Watch is the watch list the config directory config kept for a profile (for a
// session without one, profile ""): the file each service's own list is made from
// (tui/watch), beside the config file.
func Watch(config, profile string) string {
	if profile == "" {
		return filepath.Join(config, "watch.json")
	}
	return filepath.Join(config, "watch-"+profile+".json")
}
