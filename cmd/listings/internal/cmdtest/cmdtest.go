// Package cmdtest is the outside world of one command in a test, for the tests of a
// command package (which cannot import the whole tree; clitest runs whole command
// lines): a Factory over buffers and a map, a sandbox to talk to, and the check that a
// key never shows.
package cmdtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/keystore"
)

// NewFactory is the outside world of a command in a test: the environment is env and
// nothing else, the keyring is in memory, the streams are ios.
func NewFactory(env map[string]string, ios *iostreams.IOStreams) *cmdutil.Factory {
	return &cmdutil.Factory{
		IOStreams: ios,
		Getenv:    func(k string) string { return env[k] },
		Keyring:   func() keystore.Store { return keystore.NewMemory(keystore.SourceKeyring) },
		Version:   cmdutil.BuildVersion(""),
	}
}

// StartSandbox serves a fresh sandbox until the test ends and returns its base URL.
func StartSandbox(t *testing.T, grow ...sandbox.Grow) string {
	t.Helper()
	return apitest.Serve(t, sandbox.Options{Grow: grow}).URL
}

// AssertNoKey fails if key shows in any of outputs or in any file under dirs.
func AssertNoKey(t *testing.T, key string, dirs []string, outputs ...string) {
	t.Helper()
	secret := strings.TrimPrefix(key, "sk_test_")
	for _, out := range outputs {
		if strings.Contains(out, secret) {
			t.Errorf("the key appears in output:\n%s", out)
		}
	}
	for _, dir := range dirs {
		_ = filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
			if err != nil || fi.IsDir() {
				return nil
			}
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(secret)) {
				t.Errorf("the key appears in %s", path)
			}
			return nil
		})
	}
}
