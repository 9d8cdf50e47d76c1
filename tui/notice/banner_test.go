package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

func TestBannerLinesWrapAndKeepDismiss(t *testing.T) {
	long := "✖ check the key: ip_not_whitelisted — requests from 127.0.0.1 are not allowed for this key; " +
		"add the IP to allowed_ips in account settings → API & integrations"
	todo := "your IP is 127.0.0.1: add it to allowed_ips in account settings → API & integrations"
	for _, c := range []struct{ w, max int }{{80, 4}, {60, 3}, {40, 2}, {250, 4}, {10, 2}} {
		lines := bannerLines(long, todo, c.w, c.max)
		if len(lines) > c.max {
			t.Errorf("%d×%d: %d lines", c.w, c.max, len(lines))
		}
		text := ""
		for _, l := range lines {
			if ansi.StringWidth(l) > c.w {
				t.Errorf("%d wide: line %q is %d wide", c.w, ansi.Strip(l), ansi.StringWidth(l))
			}
			text += ansi.Strip(l) + "\n"
		}
		if c.w >= 40 && !strings.Contains(text, "esc: dismiss") {
			t.Errorf("%d wide: no dismiss:\n%s", c.w, text)
		}
		if c.w == 80 && !strings.Contains(strings.Join(strings.Fields(text), " "), "account settings → API & integrations esc: dismiss") {
			t.Errorf("80 wide: the hint was cut:\n%s", text)
		}
	}
}

func TestCountdown(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second: "0s", 42 * time.Second: "42s", 185 * time.Second: "3m05s", 5*time.Hour + 12*time.Minute: "5h12m",
	} {
		if got := countdown(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}
