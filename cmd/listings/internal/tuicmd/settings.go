package tuicmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/termimg"
	"github.com/listings-tui/listings/tui/theme"
	"github.com/listings-tui/listings/tui/watch"
)

// The app's settings, each from its environment variable over the config file (over
// the profile's last choice, for the interface's language), read before it starts.

// envNotify set to off (or 0, false, no) turns the decision's nudge off.
const envNotify = "LISTINGS_NOTIFY"

// quiet reports whether the user turned the nudge of a decision off: the flag, the
// environment or the config.
func quiet(flag bool, getenv func(string) string, cfg *profile.Config) bool {
	switch strings.ToLower(strings.TrimSpace(getenv(envNotify))) {
	case "off", "0", "false", "no":
		return true
	}
	return flag || (cfg != nil && cfg.TUI.Notify != nil && !*cfg.TUI.Notify)
}

// envTheme names the app's theme, over tui.theme of the config.
const envTheme = "LISTINGS_THEME"

// themeChoice is the theme asked for: LISTINGS_THEME, else tui.theme in the config,
// else auto. An unknown name is a usage error that says where it was read and the
// names there are.
func themeChoice(getenv func(string) string, cfg *profile.Config) (theme.Name, error) {
	if v := getenv(envTheme); strings.TrimSpace(v) != "" {
		n, err := theme.Parse(v)
		if err != nil {
			return "", cmdutil.UsageErrorf("%s: %w", envTheme, err)
		}
		return n, nil
	}
	if cfg == nil {
		return theme.Auto, nil
	}
	n, err := theme.Parse(cfg.TUI.Theme)
	if err != nil {
		return "", cmdutil.UsageErrorf("tui.theme in %s: %w", cfg.Path(), err)
	}
	return n, nil
}

// envImages says how photos are shown, over tui.images of the config.
const envImages = "LISTINGS_IMAGES"

// photosChoice is how photos are shown: LISTINGS_IMAGES, else tui.images in the
// config, else auto; an unknown value is a usage error, as for the theme.
func photosChoice(getenv func(string) string, cfg *profile.Config) (termimg.Mode, error) {
	if v := getenv(envImages); strings.TrimSpace(v) != "" {
		m, err := termimg.ParseMode(v)
		if err != nil {
			return "", cmdutil.UsageErrorf("%s: %w", envImages, err)
		}
		return m, nil
	}
	if cfg == nil {
		return termimg.Auto, nil
	}
	m, err := termimg.ParseMode(cfg.TUI.Images)
	if err != nil {
		return "", cmdutil.UsageErrorf("tui.images in %s: %w", cfg.Path(), err)
	}
	return m, nil
}

// watchInterval reads tui.watch_interval from the config: "" means the default,
// "0" turns the watch's polling off, and a bad value is warned about before the UI
// starts, then the default applies.
func watchInterval(cfg *profile.Config, stderr io.Writer) time.Duration {
	if cfg == nil || cfg.TUI.WatchInterval == "" {
		return watch.DefaultInterval
	}
	s := strings.TrimSpace(cfg.TUI.WatchInterval)
	if s == "0" {
		return 0
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		fmt.Fprintf(stderr, "listings: warning: tui.watch_interval %q in %s is not a duration like 15s; using %s\n",
			cfg.TUI.WatchInterval, cfg.Path(), watch.DefaultInterval)
		return watch.DefaultInterval
	}
	return d
}
