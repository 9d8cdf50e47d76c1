package root

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
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
// inuse_space` shows what the process still held at its end (a collection runs
// first), alloc_space what the run made; GODEBUG=memprofilerate=4096 samples finer
// than the runtime's 512 KiB. Beside it, FILE.peak.txt gives the runtime's memory
// classes at their highest (sampled every 20 ms): what the heap's spans held then,
// free or fragmented included. nil when it is off.
func memProfile(getenv func(string) string, stderr io.Writer) func() {
	named := false
	for _, p := range strings.Split(getenv("LISTINGS_DEBUG"), ",") {
		named = named || strings.EqualFold(strings.TrimSpace(p), "memprofile")
	}
	if !named {
		// Nobody will read the samples: the runtime keeps sampling allocations by
		// default because modernc.org/sqlite links runtime/pprof, which costs a
		// stack walk every 512 KiB allocated and a bucket kept for each stack seen.
		runtime.MemProfileRate = 0
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
	peak := watchPeak()
	return func() {
		if err := peak.write(path + ".peak.txt"); err != nil { // first: the profile allocates
			fmt.Fprintf(stderr, "listings: warning: the peak's memory classes: %v\n", err)
		}
		if err := writeHeapProfile(path); err != nil {
			fmt.Fprintf(stderr, "listings: warning: the heap profile: %v\n", err)
		}
	}
}

func writeHeapProfile(path string) error {
	runtime.GC() // the profile's in-use figures are as of the last collection
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
