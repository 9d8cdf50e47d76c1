package login

import (
	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/frame"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/theme"
)

// The login hands over in msgs.LoggedIn: the root builds its client from it (Client),
// makes the views of the new session and says where it is logged in (Welcome). What a
// later start prefills the screen with is Prefill.

// Client is the client of the session the screen verified, d, with the app's version
// and options (trace, a clock in tests). The screen checked the URL with the same
// rule, so an error is a bug.
func Client(d msgs.LoggedIn, version string, opts []api.Option) (*api.Client, error) {
	all := append([]api.Option{api.WithVersion(version)}, opts...)
	return api.New(d.BaseURL, api.StaticKey(d.Key), all...)
}

// Welcome is the notice of the login d: "✓ logged in to api.example.com".
func Welcome(d msgs.LoggedIn) string {
	text := i18n.T("root.logged_in", "Where", frame.Host(d.BaseURL))
	if d.Sandbox {
		text = i18n.T("root.logged_in.sandbox")
	}
	return theme.OKMark + " " + text
}

// Prefill is the base URL the screen is prefilled with: the one in use, but never the
// sandbox's address, which changes on every start.
func Prefill(baseURL string, sandbox bool) string {
	if sandbox {
		return ""
	}
	return baseURL
}
