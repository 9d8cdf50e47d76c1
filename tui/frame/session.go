package frame

import "github.com/listings-tui/listings/internal/i18n"

// Session is who is logged in and where, as the header says it.
type Session struct {
	Profile  string // "" with --sandbox or --base-url
	BaseURL  string
	Sandbox  bool
	LoggedIn bool // a client is in use (not the login screen of the first run)
}

// Who is the header's who: the sandbox, nobody yet, the profile, or that there is no
// profile (a key given by flags).
func (s Session) Who() string {
	switch {
	case s.Sandbox:
		return i18n.T("root.who.sandbox")
	case !s.LoggedIn:
		return i18n.T("root.who.logged_out")
	case s.Profile == "":
		return i18n.T("root.who.no_profile")
	}
	return s.Profile
}

// Where is the service's host; none for the sandbox, whose address changes on every
// start.
func (s Session) Where() string {
	if s.BaseURL == "" || s.Sandbox {
		return ""
	}
	return Host(s.BaseURL)
}

// Header is the header of the session in the language lang, width cells wide.
func (s Session) Header(lang string, width int) string {
	return Header(s.Who(), s.Where(), lang, width)
}
