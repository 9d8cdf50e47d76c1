package login

import (
	"errors"
	"fmt"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/tui/termtext"
)

// settings is where every key problem is fixed (facts.md): said once so the
// wording stays the same on the login screen and in the root's banner.
const settings = "account settings → API & integrations"

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
			x.Todo = "copy the key again from " + settings + ", or create a new one there"
		case api.CodeKeyRevoked:
			x.Todo = "this key was deactivated: create a new one in " + settings
		case api.CodeKeySuspended:
			x.Todo = "the key is suspended: see " + settings
		case api.CodeIPNotWhitelisted:
			if ip != "" {
				x.Todo = fmt.Sprintf("your IP is %s: add it to allowed_ips in %s", ip, settings)
			} else {
				x.Todo = "add your IP to allowed_ips in " + settings
			}
		case api.CodeWhitelistIncomplete:
			x.Todo = "the key has no allowed_ips yet: add your IP in " + settings
		case api.CodeScopeRequired:
			scope := termtext.Clean(e.Scope)
			if scope == "" {
				scope = api.ScopeWrite
			}
			x.Todo = fmt.Sprintf("this key lacks %s (reading still works): grant it in %s", scope, settings)
		case api.CodeBadResponse:
			x.Todo = "is the base URL the API's address? check it, or a proxy in between"
		}
		return x
	}
	switch {
	case errors.Is(err, keystore.ErrMalformedKey):
		x.Hint = termtext.Clean(err.Error())
		x.Todo = "copy the whole key from " + settings
	case errors.Is(err, keystore.ErrNoKeyring):
		x.Hint = termtext.Clean(err.Error())
	case api.IsUnreachable(err):
		x.Hint = termtext.Clean(err.Error())
		x.Todo = "check the base URL and your connection"
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
