package login

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/msgs"
)

// timeout bounds a login or a sandbox start with its ping; the screen must answer
// even when the service does not.
const timeout = 20 * time.Second

// resultMsg is the answer of a login or a sandbox start.
type resultMsg struct {
	seq     int
	done    msgs.LoggedIn // a message to the root, routed there by its type
	err     error
	sandbox bool
}

// loginCmd verifies the key and, with a store, stores it and makes the profile
// current; without one it only verifies.
func loginCmd(store Store, req profile.LoginRequest, version string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		if store == nil {
			info, err := ping(ctx, req.BaseURL, req.Key, version)
			return resultMsg{seq: seq, err: err,
				done: msgs.LoggedIn{BaseURL: req.BaseURL, Key: req.Key, Info: info, Source: keystore.SourceNone}}
		}
		res, err := store.Login(ctx, req)
		if err != nil {
			return resultMsg{seq: seq, err: err}
		}
		return resultMsg{seq: seq, done: msgs.LoggedIn{
			BaseURL: res.Profile.BaseURL, Key: req.Key, Profile: res.Profile.Name,
			Info: res.Info, Source: res.Source,
		}}
	}
}

// sandboxCmd starts the sandbox and pings it with its key; nothing is stored.
func sandboxCmd(start SandboxStarter, version string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		base, key, stop, err := start(ctx)
		if err != nil {
			return resultMsg{seq: seq, err: err, sandbox: true}
		}
		info, err := ping(ctx, base, key, version)
		if err != nil {
			if stop != nil {
				stop()
			}
			return resultMsg{seq: seq, err: err, sandbox: true}
		}
		return resultMsg{seq: seq, sandbox: true,
			done: msgs.LoggedIn{BaseURL: base, Key: key, Info: info, Sandbox: true, Stop: stop}}
	}
}

func ping(ctx context.Context, baseURL, key, version string) (*api.KeyInfo, error) {
	c, err := api.New(baseURL, api.StaticKey(key), api.WithVersion(version), api.WithRetry(1, timeout))
	if err != nil {
		return nil, err
	}
	return c.Ping(ctx)
}
