package cmdutil_test

import (
	"context"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
)

// TestPlainFileWarnedOncePerRun: the keystore warns on every read of the plain file;
// a command that opens its session twice still says it once.
func TestPlainFileWarnedOncePerRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg, err := profile.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Put(&profile.Profile{Name: "shop", BaseURL: "http://127.0.0.1:1", Storage: profile.StorageFile})
	cfg.Current = "shop"
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	if err := keystore.NewFile(cfg.KeysPath()).Set(context.Background(), "shop", sandbox.KeyPersonal); err != nil {
		t.Fatal(err)
	}
	ios, _, stderr := iostreams.Test("")
	f := cmdtest.NewFactory(map[string]string{profile.EnvConfigDir: dir, "LISTINGS_CACHE_DIR": t.TempDir()}, ios)
	for range 2 {
		if _, err := f.Session(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(stderr.String(), "plain-text file"); n != 1 {
		t.Errorf("the plain file was warned of %d times, want once:\n%s", n, stderr)
	}
}
