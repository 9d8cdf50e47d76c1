package root

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
)

// envMemProfile names the heap profile's file; LISTINGS_DEBUG=memprofile writes it.
const envMemProfile = "LISTINGS_DEBUG_MEMPROFILE"

// memProfile returns what writes a heap profile when the process ends, when
// LISTINGS_DEBUG names memprofile (on its own: "all" does not, a profile is a file
// nobody asked for): LISTINGS_DEBUG_MEMPROFILE if set, else heap.pprof in the user's
// cache directory. It is how the app's memory at 10 000 listings was taken apart
// (docs/performance.md, "Scrolling 10 000 listings"): `go tool pprof -sample_index
// inuse_space` shows what the last collection kept, alloc_space what the run made.
// nil when it is off.
func memProfile(getenv func(string) string, stderr io.Writer) func() {
	named := false
	for _, p := range strings.Split(getenv("LISTINGS_DEBUG"), ",") {
		named = named || strings.EqualFold(strings.TrimSpace(p), "memprofile")
	}
	if !named {
		return nil
	}
	path := getenv(envMemProfile)
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			fmt.Fprintf(stderr, "listings: warning: no heap profile: set %s: %v\n", envMemProfile, err)
			return nil
		}
		path = filepath.Join(dir, "listings", "heap.pprof")
	}
	return func() {
		if err := writeHeapProfile(path); err != nil {
			fmt.Fprintf(stderr, "listings: warning: the heap profile: %v\n", err)
		}
	}
}

func writeHeapProfile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
