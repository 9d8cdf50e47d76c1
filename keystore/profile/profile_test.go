package profile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/keystore"
)

func noEnv(string) string { return "" }

func TestConfigRoundTripAndSelect(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(dir)
	if err != nil || len(c.Profiles) != 0 {
		t.Fatalf("empty dir: %v %v", c, err)
	}
	if got := c.Select("", noEnv); got != DefaultName {
		t.Errorf("select with nothing = %q", got)
	}
	c.Put(&Profile{Name: "b", BaseURL: "https://b.example", Storage: StorageKeyring})
	if got := c.Select("", noEnv); got != "b" {
		t.Errorf("select with one profile = %q, want b", got)
	}
	c.Put(&Profile{Name: "a", BaseURL: "https://a.example", Lang: "en", Storage: StorageFile})
	c.Current = "a"
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c2, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := c2.Get("a"); p == nil || p.Name != "a" || p.Lang != "en" || p.Storage != StorageFile {
		t.Errorf("reloaded a = %+v", p)
	}
	env := func(k string) string {
		if k == EnvProfile {
			return "b"
		}
		return ""
	}
	for _, tc := range []struct{ flag, want string }{{"x", "x"}, {"", "b"}} {
		if got := c2.Select(tc.flag, env); got != tc.want {
			t.Errorf("Select(%q) = %q, want %q", tc.flag, got, tc.want)
		}
	}
	if got := c2.Select("", noEnv); got != "a" {
		t.Errorf("current not selected: %q", got)
	}
	c2.Remove("a")
	if c2.Current != "b" {
		t.Errorf("current after removing it = %q, want b", c2.Current)
	}
	if fi, _ := os.Stat(c.Path()); fi.Mode().Perm() != 0o600 {
		t.Errorf("config mode %v", fi.Mode().Perm())
	}
}

func TestLoadRejectsBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("{not json")
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("bad JSON: %v", err)
	}
	write(`{"profiles":{"bad name!":{"base_url":"x"}}}`)
	if _, err := Load(dir); err == nil {
		t.Error("a bad profile name was accepted")
	}
	write(`{"profiles":{"ok":null}}`)
	if c, err := Load(dir); err != nil || len(c.Profiles) != 0 {
		t.Errorf("null profile: %v %v", c, err)
	}
}

func TestLoginStatusLogoutWithMemoryKeyring(t *testing.T) {
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	ctx := context.Background()
	ring := keystore.NewMemory(keystore.SourceKeyring)
	env := &Env{Dir: t.TempDir(), Getenv: noEnv, Keyring: ring, Version: "test"}

	if _, err := env.Login(ctx, LoginRequest{Profile: "p", BaseURL: ts.URL, Key: "  " + sandbox.KeyReadonly + "\n"}); err != nil {
		t.Fatal(err)
	}
	if k, _ := ring.Get(ctx, "p"); k != sandbox.KeyReadonly {
		t.Errorf("stored key is not the trimmed key")
	}
	sts, err := env.Statuses(ctx, true)
	if err != nil || len(sts) != 1 {
		t.Fatal(sts, err)
	}
	st := sts[0]
	if st.Source != keystore.SourceKeyring || !st.Current || st.Info == nil || st.KeyPrefix != "sk_test_0246" {
		t.Errorf("status = %+v", st)
	}
	if len(st.Warnings) != 1 || !strings.Contains(st.Warnings[0], "listings:write") {
		t.Errorf("warnings = %v", st.Warnings)
	}

	// A key that stops working shows up as an error with advice.
	if err := ring.Set(ctx, "p", sandbox.KeyForeignIP); err != nil {
		t.Fatal(err)
	}
	sts, _ = env.Statuses(ctx, true)
	if sts[0].ErrorCode != "ip_not_whitelisted" || !strings.Contains(strings.Join(sts[0].Warnings, " "), "127.0.0.1") {
		t.Errorf("foreign-ip status = %+v", sts[0])
	}

	if err := env.Switch("nope"); err == nil {
		t.Error("switch to a missing profile worked")
	}
	removed, err := env.Logout(ctx, "p")
	if err != nil || len(removed) != 1 || removed[0] != keystore.SourceKeyring {
		t.Fatalf("logout = %v, %v", removed, err)
	}
	if _, err := ring.Get(ctx, "p"); !errors.Is(err, keystore.ErrNotFound) {
		t.Errorf("key still in the keyring: %v", err)
	}
}

func TestLoginRefusesBeforeStoring(t *testing.T) {
	ring := keystore.NewMemory(keystore.SourceKeyring)
	env := &Env{Dir: t.TempDir(), Getenv: noEnv, Keyring: ring}
	ctx := context.Background()
	if _, err := env.Login(ctx, LoginRequest{Profile: "p", BaseURL: "https://x.example", Key: "sk_test_short"}); !errors.Is(err, keystore.ErrMalformedKey) {
		t.Errorf("malformed key: %v", err)
	}
	if _, err := env.Login(ctx, LoginRequest{Profile: "p", Key: sandbox.KeyPersonal}); err == nil || !strings.Contains(err.Error(), "--base-url") {
		t.Errorf("no base URL: %v", err)
	}
	if _, err := env.Login(ctx, LoginRequest{Profile: "p", BaseURL: "http://example.com", Key: sandbox.KeyPersonal}); err == nil {
		t.Error("plain http to a remote host was accepted")
	}
	if entries, _ := os.ReadDir(env.Dir); len(entries) != 0 {
		t.Errorf("refused logins wrote %v", entries)
	}
}

// The app's settings written by hand are read, and kept when the profiles are saved.
func TestTUISettingsAreReadAndKept(t *testing.T) {
	dir := t.TempDir()
	raw := `{"tui":{"theme":"light","watch_interval":"30s"},"profiles":{}}`
	if err := os.WriteFile(filepath.Join(dir, configFile), []byte(raw), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	if err != nil || c.TUI.Theme != "light" || c.TUI.WatchInterval != "30s" {
		t.Fatalf("Load: %+v, %v", c, err)
	}
	c.Put(&Profile{Name: "a", BaseURL: "https://a.example", Storage: StorageKeyring})
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if c2, err := Load(dir); err != nil || c2.TUI.Theme != "light" {
		t.Errorf("after a save the theme is %q (%v)", c2.TUI.Theme, err)
	}
}

// The column menu's save writes one tab's list into the file as it is now: the
// profiles, the other settings and the other tabs' columns stay.
func TestSaveColumnsKeepsEverythingElse(t *testing.T) {
	dir := t.TempDir()
	body := `{"current":"shop","profiles":{"shop":{"base_url":"https://s.example","key_storage":"file"}},` +
		`"tui":{"theme":"dark","keys":{"global.quit":["ctrl+q"]},"columns":{"default":["title","views:8"]}},` +
		`"media":{"keep_metadata":true}}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveColumns(dir, "all", []string{"title", "attr.brand"}); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := c.Get("shop")
	if !ok || p.BaseURL != "https://s.example" || p.Storage != StorageFile || c.Current != "shop" ||
		c.TUI.Theme != "dark" || len(c.TUI.Keys["global.quit"]) != 1 || !c.Media.KeepMetadata ||
		strings.Join(c.TUI.Columns["default"], ",") != "title,views:8" ||
		strings.Join(c.TUI.Columns["all"], ",") != "title,attr.brand" {
		t.Errorf("after the save: %+v %+v", c, c.TUI)
	}
}

// A view written by the app keeps the other views as the file holds them, even one
// the app could not read, and an edit that fails leaves the file alone.
func TestEditTUIKeepsViewsItDoesNotTouch(t *testing.T) {
	dir := t.TempDir()
	body := `{"profiles":{},"tui":{"views":[{"name":"no photos","photos":"none","odd":1},{"name":"x","price_min":"?"}]}}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	err := EditTUI(dir, func(t *TUISettings) error {
		t.Views = append(t.Views, []byte(`{"name":"blocked this week","status":"blocked","changed_since":"7d"}`))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir)
	compact := func(raw []byte) string {
		var b bytes.Buffer
		_ = json.Compact(&b, raw)
		return b.String()
	}
	if err != nil || len(c.TUI.Views) != 3 || compact(c.TUI.Views[1]) != `{"name":"x","price_min":"?"}` ||
		compact(c.TUI.Views[0]) != `{"name":"no photos","photos":"none","odd":1}` {
		t.Fatalf("views after the edit: %s %v", c.TUI.Views, err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "config.json"))
	if err := EditTUI(dir, func(*TUISettings) error { return os.ErrExist }); err != os.ErrExist {
		t.Errorf("the edit's error: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "config.json")); string(after) != string(before) {
		t.Error("a failed edit wrote the file")
	}
}
