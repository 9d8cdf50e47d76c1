package login

import (
	"errors"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/tui/termtext"
)

// settings is where every key problem is fixed (facts.md): said once so the
// wording stays the same on the login screen and in the root's banner.
func settings() string { return i18n.T("login.settings") }

// Explanation is an error taken apart for display: the machine code, the
// service's hint (cleaned), and what the user can do about it.
type Explanation struct {
	Code string
	Hint string
	Todo string
}

// Explain turns an error of a ping, a login or any request into what the user is
// told. lastIP is the address the service last reported (from a ping), used when the
// error itself does not carry one.
func Explain(err error, lastIP string) Explanation {
	if err == nil {
		return Explanation{}
	}
	var x Explanation
	if e, ok := api.AsError(err); ok {
		x.Code = termtext.Clean(e.Code)
		x.Hint = termtext.Clean(e.Hint)
		ip := termtext.Clean(e.YourIP)
		if ip == "" {
			ip = lastIP
		}
		switch e.Code {
		case api.CodeInvalidKey, api.CodeMissingBearerToken:
			x.Todo = i18n.T("login.todo.copy_again", "Settings", settings())
		case api.CodeKeyRevoked:
			x.Todo = i18n.T("login.todo.revoked", "Settings", settings())
		case api.CodeKeySuspended:
			x.Todo = i18n.T("login.todo.suspended", "Settings", settings())
		case api.CodeIPNotWhitelisted:
			if ip != "" {
				x.Todo = i18n.T("login.todo.ip", "IP", ip, "Field", "allowed_ips", "Settings", settings())
			} else {
				x.Todo = i18n.T("login.todo.add_ip", "Field", "allowed_ips", "Settings", settings())
			}
		case api.CodeWhitelistIncomplete:
			x.Todo = i18n.T("login.todo.no_ips", "Field", "allowed_ips", "Settings", settings())
		case api.CodeScopeRequired:
			scope := termtext.Clean(e.Scope)
			if scope == "" {
				scope = api.ScopeWrite
			}
			x.Todo = i18n.T("login.todo.scope", "Scope", scope, "Settings", settings())
		case api.CodeBadResponse:
			x.Todo = i18n.T("login.todo.bad_response")
		}
		return x
	}
	switch {
	case errors.Is(err, keystore.ErrMalformedKey):
		x.Hint = keyWords(err)
		x.Todo = i18n.T("login.todo.malformed", "Settings", settings())
	case errors.Is(err, keystore.ErrNoKeyring):
		x.Hint = keyWords(err)
	case api.IsUnreachable(err):
		x.Hint = termtext.Clean(err.Error())
		x.Todo = i18n.T("login.todo.unreachable")
	default:
		x.Hint = termtext.Clean(err.Error())
	}
	return x
}

// String is the explanation on one line: "invalid_key: hint — what to do".
func (x Explanation) String() string {
	s := x.Hint
	if x.Code != "" {
		if s != "" {
			s = x.Code + ": " + s
		} else {
			s = x.Code
		}
	}
	if x.Todo != "" {
		if s != "" {
			s += " — "
		}
		s += x.Todo
	}
	return s
}
