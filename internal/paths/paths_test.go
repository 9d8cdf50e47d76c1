package paths

import (
	"path/filepath"
	"runtime"
	"testing"
)

// env is an environment of the given variables only.
func env(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }

// Each root follows its variable first, and XDG's on Unix; what lives in them is
// named here once.
func TestRoots(t *testing.T) {
	e := env(map[string]string{EnvConfig: "/c", EnvData: " /d ", EnvCache: "/k"})
	for name, got := range map[string]func(func(string) string) (string, error){"config": Config, "data": Data, "cache": Cache, "jobs": Jobs} {
		d, err := got(e)
		want := map[string]string{"config": "/c", "data": "/d", "cache": "/k", "jobs": filepath.Join("/d", "jobs")}[name]
		if err != nil || d != want {
			t.Errorf("%s: %q %v, want %q", name, d, err, want)
		}
	}
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		xdg := env(map[string]string{"XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache"})
		if d, _ := Data(xdg); d != "/x/data/listings" {
			t.Errorf("data under XDG: %s", d)
		}
		if d, _ := Cache(xdg); d != "/x/cache/listings" {
			t.Errorf("cache under XDG: %s", d)
		}
		if d, _ := Data(env(map[string]string{"XDG_DATA_HOME": "relative"})); filepath.Base(filepath.Dir(d)) != "share" {
			t.Errorf("a relative XDG_DATA_HOME is not taken: %s", d)
		}
	}
	if Drafts("/d") != filepath.Join("/d", "drafts") || Watch("/c", "") != filepath.Join("/c", "watch.json") ||
		Watch("/c", "shop") != filepath.Join("/c", "watch-shop.json") {
		t.Error("the files in the roots")
	}
}
