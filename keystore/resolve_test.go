package keystore

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// fakeStore returns fixed answers and counts Get calls.
type fakeStore struct {
	kind  Source
	key   string
	err   error
	calls int
}

func (s *fakeStore) Get(context.Context, string) (string, error) {
	s.calls++
	return s.key, s.err
}
func (s *fakeStore) Set(context.Context, string, string) error { return nil }
func (s *fakeStore) Delete(context.Context, string) error      { return nil }
func (s *fakeStore) Kind() Source                              { return s.kind }

func TestResolve(t *testing.T) {
	noKeyring := unavailable(KeyringNoService, "", "linux")
	found := func(key string) *fakeStore { return &fakeStore{key: key} }
	missing := func() *fakeStore { return &fakeStore{err: ErrNotFound} }
	failing := func(err error) *fakeStore { return &fakeStore{err: err} }
	envWith := func(v string) func(string) string {
		return func(name string) string {
			if name == EnvVar {
				return v
			}
			return ""
		}
	}

	tests := []struct {
		name        string
		env         func(string) string
		keyring     *fakeStore
		file        *fakeStore
		wantKey     string
		wantSrc     Source
		wantIs      []error
		wantNotIs   []error
		wantInMsg   []string
		keyringUsed bool
		fileUsed    bool
	}{
		{name: "env wins", env: envWith(" " + testKey + "\n"), keyring: found(testKey2), file: found(testKey2),
			wantKey: testKey, wantSrc: SourceEnv},
		{name: "empty env falls through", env: envWith("  "), keyring: found(testKey2), file: found(testKey),
			wantKey: testKey2, wantSrc: SourceKeyring, keyringUsed: true},
		{name: "keyring before file", env: envWith(""), keyring: found(testKey2), file: found(testKey),
			wantKey: testKey2, wantSrc: SourceKeyring, keyringUsed: true},
		{name: "file when keyring has none", keyring: missing(), file: found(testKey),
			wantKey: testKey, wantSrc: SourceFile, keyringUsed: true, fileUsed: true},
		{name: "file when keyring unavailable", keyring: failing(noKeyring), file: found(testKey),
			wantKey: testKey, wantSrc: SourceFile, keyringUsed: true, fileUsed: true},
		{name: "nil keyring skipped", file: found(testKey), wantKey: testKey, wantSrc: SourceFile, fileUsed: true},
		{name: "nothing anywhere", keyring: missing(), file: missing(),
			wantIs: []error{ErrNoKey}, wantNotIs: []error{ErrNoKeyring}, keyringUsed: true, fileUsed: true,
			wantInMsg: []string{`no API key for profile "shop": run listings auth login --profile shop, or set LISTINGS_API_KEY`}},
		{name: "no stores at all", wantIs: []error{ErrNoKey},
			wantInMsg: []string{`no API key for profile "shop"`}},
		{name: "keyring unavailable and no file key", keyring: failing(noKeyring), file: missing(),
			wantIs: []error{ErrNoKey, ErrNoKeyring}, keyringUsed: true, fileUsed: true,
			wantInMsg: []string{`no API key for profile "shop": run listings auth login --profile shop, or set LISTINGS_API_KEY`,
				"no Secret Service is running", "--insecure-storage"}},
		{name: "keyring timeout and no file", keyring: failing(timeoutError(DefaultTimeout, "linux")),
			wantIs: []error{ErrNoKey, ErrNoKeyring, ErrKeyringTimeout}, keyringUsed: true},
		{name: "insecure file stops the search", keyring: missing(), file: failing(ErrInsecureFile),
			wantIs: []error{ErrInsecureFile}, wantNotIs: []error{ErrNoKey}, keyringUsed: true, fileUsed: true},
		{name: "cancelled keyring stops the search", keyring: failing(context.Canceled), file: found(testKey),
			wantIs: []error{context.Canceled}, keyringUsed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var keyring, file Store
			if tt.keyring != nil {
				keyring = tt.keyring
			}
			if tt.file != nil {
				file = tt.file
			}
			key, src, err := Resolve(context.Background(), "shop", tt.env, keyring, file)
			if len(tt.wantIs) == 0 && err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			if key != tt.wantKey || src != tt.wantSrc {
				t.Errorf("Resolve = %q, %v; want %q, %v", key, src, tt.wantKey, tt.wantSrc)
			}
			for _, target := range tt.wantIs {
				if !errors.Is(err, target) {
					t.Errorf("err %v does not match %v", err, target)
				}
			}
			for _, target := range tt.wantNotIs {
				if errors.Is(err, target) {
					t.Errorf("err %v matches %v", err, target)
				}
			}
			for _, s := range tt.wantInMsg {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("message %q lacks %q", err, s)
				}
			}
			if tt.keyring != nil && (tt.keyring.calls > 0) != tt.keyringUsed {
				t.Errorf("keyring called %d times, want used=%v", tt.keyring.calls, tt.keyringUsed)
			}
			if tt.file != nil && (tt.file.calls > 0) != tt.fileUsed {
				t.Errorf("file called %d times, want used=%v", tt.file.calls, tt.fileUsed)
			}
		})
	}
}

func TestResolveTypedNilAndBadProfile(t *testing.T) {
	var noFile *File
	var noKeyring *Keyring
	_, _, err := Resolve(context.Background(), "shop", nil, noKeyring, noFile)
	if !errors.Is(err, ErrNoKey) {
		t.Fatalf("typed nil stores: %v, want ErrNoKey", err)
	}
	_, _, err = Resolve(context.Background(), testKey, nil, nil, nil)
	if !errors.Is(err, ErrInvalidProfile) {
		t.Fatalf("key as profile: %v, want ErrInvalidProfile", err)
	}
	assertNoKey(t, err.Error(), testKey)
}

func TestResolveWithRealStores(t *testing.T) {
	ctx := context.Background()
	mem := NewMemory(SourceKeyring)
	f, warnings := newTestFile(t)
	if err := f.Set(ctx, "shop", testKey); err != nil {
		t.Fatal(err)
	}
	key, src, err := Resolve(ctx, "shop", nil, mem, f)
	if err != nil || key != testKey || src != SourceFile || len(*warnings) != 1 {
		t.Fatalf("Resolve = %q, %v, %v; warnings %d", key, src, err, len(*warnings))
	}
	if err := mem.Set(ctx, "shop", testKey2); err != nil {
		t.Fatal(err)
	}
	key, src, err = Resolve(ctx, "shop", nil, mem, f)
	if err != nil || key != testKey2 || src != SourceKeyring || len(*warnings) != 1 {
		t.Fatalf("Resolve = %q, %v, %v; warnings %d", key, src, err, len(*warnings))
	}
}
