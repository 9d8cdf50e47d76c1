package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// binary is the listings binary built once for the tests that run it as a user would.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "listings-bin-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "listings")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic("build listings: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// runBin runs the binary with a clean environment: only PATH, HOME and what the test
// passes, so no developer's profile, key or keyring leaks in.
func runBin(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// assertNoKey fails if key shows in the outputs or in any file under dirs.
func assertNoKey(t *testing.T, key string, outputs []result, dirs []string) {
	t.Helper()
	var texts []string
	for _, r := range outputs {
		texts = append(texts, r.stdout, r.stderr)
	}
	cmdtest.AssertNoKey(t, key, dirs, texts...)
}

func TestAuthWithoutKeyringStoresNothing(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	cfg := t.TempDir()
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg} // no DBUS_SESSION_BUS_ADDRESS: no keyring
	r := runBin(t, env, sandbox.KeyPersonal+"\n", "auth", "login", "--base-url", base, "--with-key")
	if r.code == 0 {
		t.Fatalf("login without a keyring succeeded:\n%s", r.stdout)
	}
	for _, way := range []string{"Secret Service", "LISTINGS_API_KEY", "--insecure-storage"} {
		if !strings.Contains(r.stderr, way) {
			t.Errorf("the message does not name %q:\n%s", way, r.stderr)
		}
	}
	if entries, _ := os.ReadDir(cfg); len(entries) != 0 {
		t.Errorf("login without a keyring wrote files: %v", entries)
	}
	assertNoKey(t, sandbox.KeyPersonal, []result{r}, []string{cfg})
}

func TestAuthInsecureStorageRoundTrip(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	cfg := t.TempDir()
	logs := t.TempDir()
	trace := filepath.Join(logs, "trace.log")
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg, "LISTINGS_DEBUG=api", "LISTINGS_DEBUG_FILE=" + trace}
	key := sandbox.KeyPersonal
	login := runBin(t, env, key+"\n", "auth", "login", "--profile", "shop", "--base-url", base, "--with-key", "--insecure-storage")
	if login.code != 0 {
		t.Fatalf("login: exit %d\n%s", login.code, login.stderr)
	}
	for _, want := range []string{"sk_test_08f0", "personal", "listings:write", "60 requests a minute", "127.0.0.1"} {
		if !strings.Contains(login.stdout, want) {
			t.Errorf("login output lacks %q:\n%s", want, login.stdout)
		}
	}
	keys := filepath.Join(cfg, "insecure-keys.json")
	if fi, err := os.Stat(keys); err != nil {
		t.Fatal(err)
	} else if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", fi.Mode().Perm())
	}

	status := runBin(t, env, "", "auth", "status", "--json")
	if status.code != 0 {
		t.Fatalf("status: exit %d\n%s", status.code, status.stderr)
	}
	var sts []map[string]any
	if err := json.Unmarshal([]byte(status.stdout), &sts); err != nil {
		t.Fatalf("status --json: %v\n%s", err, status.stdout)
	}
	if len(sts) != 1 || sts[0]["profile"] != "shop" || sts[0]["base_url"] != base ||
		sts[0]["source"] != "file" || sts[0]["key_prefix"] != "sk_test_08f0" || sts[0]["current"] != true {
		t.Errorf("status --json = %v", sts)
	}
	if !strings.Contains(status.stderr, "plain-text file") {
		t.Errorf("reading the plain file gave no warning:\n%s", status.stderr)
	}

	logout := runBin(t, env, "", "auth", "logout")
	if logout.code != 0 || !strings.Contains(logout.stdout, "file") {
		t.Fatalf("logout: exit %d\n%s%s", logout.code, logout.stdout, logout.stderr)
	}
	if _, err := os.Stat(keys); !os.IsNotExist(err) {
		t.Errorf("the key file is still there after logout")
	}
	if data, err := os.ReadFile(trace); err != nil || !strings.Contains(string(data), "/api/v1/ping") {
		t.Errorf("the debug trace was not written (%v):\n%s", err, data)
	}
	assertNoKey(t, key, []result{login, status, logout}, []string{cfg, logs})
}

func TestAuthEnvKeyAndExitCodes(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	cfg := t.TempDir()
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg}
	login := runBin(t, env, sandbox.KeyRevoked+"\n", "auth", "login", "--base-url", base, "--with-key", "--insecure-storage")
	if login.code != cmdutil.ExitAuth || !strings.Contains(login.stderr, "key_revoked") {
		t.Errorf("revoked key: exit %d, want %d\n%s", login.code, cmdutil.ExitAuth, login.stderr)
	}
	if entries, _ := os.ReadDir(cfg); len(entries) != 0 {
		t.Errorf("a refused key was stored: %v", entries)
	}
	bad := runBin(t, env, "", "auth", "login", "--nope")
	if bad.code != cmdutil.ExitUsage {
		t.Errorf("unknown flag: exit %d, want %d", bad.code, cmdutil.ExitUsage)
	}
	noTTY := runBin(t, env, "", "auth", "login", "--base-url", base)
	if noTTY.code != cmdutil.ExitUsage || !strings.Contains(noTTY.stderr, "--with-key") {
		t.Errorf("login with no terminal: exit %d\n%s", noTTY.code, noTTY.stderr)
	}

	// A profile whose key comes from the environment.
	if r := runBin(t, env, sandbox.KeyPersonal, "auth", "login", "--base-url", base, "--with-key", "--insecure-storage"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	envKey := append(env, "LISTINGS_API_KEY="+sandbox.KeyReadonly)
	st := runBin(t, envKey, "", "auth", "status")
	if !strings.Contains(st.stdout, "from env") || !strings.Contains(st.stdout, "lacks listings:write") {
		t.Errorf("status with LISTINGS_API_KEY:\n%s", st.stdout)
	}
	assertNoKey(t, sandbox.KeyReadonly, []result{st}, []string{cfg})
}

// TestAuthRealKeyring runs the login, status and logout of a new desktop user against
// a real Secret Service; keystore/testdata/run-keyring-tests.sh provides one.
func TestAuthRealKeyring(t *testing.T) {
	if os.Getenv("LISTINGS_TEST_KEYRING") != "1" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Skip("needs a real Secret Service: run keystore/testdata/run-keyring-tests.sh")
	}
	base := cmdtest.StartSandbox(t)
	cfg, logs := t.TempDir(), t.TempDir()
	trace := filepath.Join(logs, "trace.log")
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg, "DBUS_SESSION_BUS_ADDRESS=" + os.Getenv("DBUS_SESSION_BUS_ADDRESS"),
		"LISTINGS_DEBUG=api", "LISTINGS_DEBUG_FILE=" + trace}
	for _, v := range []string{"XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		env = append(env, v+"="+os.Getenv(v))
	}
	key := sandbox.KeyBusiness
	login := runBin(t, env, key+"\n", "auth", "login", "--profile", "biz", "--base-url", base, "--with-key")
	if login.code != 0 || !strings.Contains(login.stdout, "OS keyring") {
		t.Fatalf("login: exit %d\n%s%s", login.code, login.stdout, login.stderr)
	}
	status := runBin(t, env, "", "auth", "status")
	if !strings.Contains(status.stdout, "from keyring") || !strings.Contains(status.stdout, "business") {
		t.Errorf("status:\n%s%s", status.stdout, status.stderr)
	}
	logout := runBin(t, env, "", "auth", "logout", "--profile", "biz")
	if logout.code != 0 || !strings.Contains(logout.stdout, "keyring") {
		t.Errorf("logout: exit %d\n%s%s", logout.code, logout.stdout, logout.stderr)
	}
	after := runBin(t, env, "", "auth", "status")
	if !strings.Contains(after.stdout, "No profiles") {
		t.Errorf("status after logout:\n%s", after.stdout)
	}
	if data, err := os.ReadFile(trace); err != nil || strings.Count(string(data), "/api/v1/ping") < 2 {
		t.Errorf("the debug trace lacks the pings (%v):\n%s", err, data)
	}
	assertNoKey(t, key, []result{login, status, logout, after}, []string{cfg, logs})
}

// TestAuthLockedKeyring logs in where a session bus exists but its Secret Service
// cannot be unlocked (gnome-keyring started by D-Bus activation with no login keyring,
// as on a headless server): one message with the three ways on, a failing exit, and
// nothing written. keystore/testdata/run-keyring-tests.sh provides the session.
func TestAuthLockedKeyring(t *testing.T) {
	if os.Getenv("LISTINGS_TEST_LOCKED_KEYRING") != "1" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Skip("needs a session bus with a locked Secret Service: run keystore/testdata/run-keyring-tests.sh")
	}
	base := cmdtest.StartSandbox(t)
	cfg := t.TempDir()
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg, "DBUS_SESSION_BUS_ADDRESS=" + os.Getenv("DBUS_SESSION_BUS_ADDRESS")}
	r := runBin(t, env, sandbox.KeyPersonal+"\n", "auth", "login", "--base-url", base, "--with-key")
	if r.code == 0 {
		t.Fatalf("login into a locked keyring succeeded:\n%s", r.stdout)
	}
	for _, way := range []string{"OS keyring unavailable", "start a Secret Service", "LISTINGS_API_KEY", "--insecure-storage"} {
		if !strings.Contains(r.stderr, way) {
			t.Errorf("the message does not name %q:\n%s", way, r.stderr)
		}
	}
	if entries, _ := os.ReadDir(cfg); len(entries) != 0 {
		t.Errorf("a login into a locked keyring wrote files: %v", entries)
	}
	assertNoKey(t, sandbox.KeyPersonal, []result{r}, []string{cfg})
}
