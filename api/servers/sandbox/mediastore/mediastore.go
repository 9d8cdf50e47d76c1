// Package mediastore owns the sandbox's media host: it converts uploaded photos to WebP
// (EXIF orientation applied, at most 1600 px, plus a watermarked copy), keeps uploaded
// videos with a generated poster image, and serves both under /media/.
package mediastore

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
)

var (
	ErrTooLarge         = errors.New("file exceeds the size limit")
	ErrUnsupportedImage = errors.New("unsupported image format")
	ErrUnsupportedVideo = errors.New("unsupported video format")
)

// VideoTooLongError is returned for a video over the duration limit.
type VideoTooLongError struct{ Duration time.Duration }

func (e *VideoTooLongError) Error() string {
	return fmt.Sprintf("video is %s long, the limit is 60s", e.Duration.Round(time.Millisecond))
}

// Store keeps media in memory, or in dir when dir is not empty. It is safe for
// concurrent use.
type Store struct {
	dir string

	mu  sync.RWMutex
	mem map[string]memFile // memory mode only

	seeds seedCache
	// work bounds how many photos are converted at once: each holds a decoded
	// full-size image, which for a 12 MiB JPEG is tens of megabytes.
	work chan struct{}
}

type memFile struct {
	data []byte
	mod  time.Time
}

// Sub-folders of the store, and the prefix of files still being written.
const (
	photoDir = "p"
	videoDir = "v"
	seedDir  = "seed"
	tmpPref  = ".tmp-"
)

// New opens a store; dir "" keeps everything in memory. With a dir, files written by
// an earlier Store on the same dir are served again, and temporary files left by an
// interrupted upload are removed.
func New(dir string) (*Store, error) {
	s := &Store{dir: dir, work: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))}
	s.seeds.entries = map[string]*seedEntry{}
	if dir == "" {
		s.mem = map[string]memFile{}
		return s, nil
	}
	for _, sub := range []string{photoDir, videoDir} {
		p := filepath.Join(dir, sub)
		if err := os.MkdirAll(p, 0o755); err != nil {
			return nil, fmt.Errorf("media store: %w", err)
		}
		stale, err := filepath.Glob(filepath.Join(p, tmpPref+"*"))
		if err != nil {
			return nil, fmt.Errorf("media store: %w", err)
		}
		for _, f := range stale {
			if err := os.Remove(f); err != nil {
				return nil, fmt.Errorf("media store: remove stale upload: %w", err)
			}
		}
	}
	return s, nil
}

// newID returns 32 hex digits from the system's random source, so names cannot be
// guessed or collide.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported systems
	return hex.EncodeToString(b[:])
}

// put stores data under name: atomically (temp file, then rename) with a dir.
func (s *Store) put(name string, data []byte) error {
	if s.dir == "" {
		s.mu.Lock()
		s.mem[name] = memFile{data: data, mod: time.Now()}
		s.mu.Unlock()
		return nil
	}
	f, err := s.tempFile(name)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		discard(f)
		return fmt.Errorf("write %s: %w", name, err)
	}
	return s.commit(f, name)
}

// remove deletes a stored file, as far as it can; used only to undo a failed upload.
func (s *Store) remove(name string) {
	if s.dir == "" {
		s.mu.Lock()
		delete(s.mem, name)
		s.mu.Unlock()
		return
	}
	_ = os.Remove(s.path(name))
}

// tempFile creates a temporary file in the folder name will live in.
func (s *Store) tempFile(name string) (*os.File, error) {
	dir := filepath.Dir(s.path(name))
	f, err := os.CreateTemp(dir, tmpPref+"*")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", name, err)
	}
	return f, nil
}

// commit makes a finished temporary file visible under name.
func (s *Store) commit(f *os.File, name string) error {
	if err := f.Sync(); err != nil {
		discard(f)
		return fmt.Errorf("sync %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("close %s: %w", name, err)
	}
	if err := os.Rename(f.Name(), s.path(name)); err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("store %s: %w", name, err)
	}
	return nil
}

// discard closes and removes an unfinished temporary file.
func discard(f *os.File) {
	_ = f.Close()
	_ = os.Remove(f.Name())
}

func (s *Store) path(name string) string {
	return filepath.Join(s.dir, filepath.FromSlash(name))
}

// content is one stored file, opened for serving.
type content struct {
	r     io.ReadSeeker
	mod   time.Time
	close func() error
}

// open finds name among uploads or seed photos; fs.ErrNotExist when it is not there.
func (s *Store) open(name string) (content, error) {
	if n, wm, ok := parseSeedName(name); ok {
		data, err := s.seeds.get(n, wm)
		if err != nil {
			return content{}, err
		}
		return content{r: bytes.NewReader(data), close: func() error { return nil }}, nil
	}
	if s.dir == "" {
		s.mu.RLock()
		m, ok := s.mem[name]
		s.mu.RUnlock()
		if !ok {
			return content{}, fs.ErrNotExist
		}
		return content{r: bytes.NewReader(m.data), mod: m.mod, close: func() error { return nil }}, nil
	}
	f, err := os.Open(s.path(name))
	if err != nil {
		return content{}, err
	}
	st, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return content{}, fmt.Errorf("stat %s: %w", name, err)
	}
	return content{r: f, mod: st.ModTime(), close: f.Close}, nil
}

// validName admits exactly the names this store hands out, which keeps any path
// traversal or odd character away from the file system.
var validName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[pv]/[0-9a-f]{32}(?:\.webp|_wm\.webp|\.mp4|\.mov|\.webm|_thumb\.png)|seed/(?:0|[1-9][0-9]{0,5})(?:_wm)?\.webp)$`)
})

var contentTypes = map[string]string{
	".webp": "image/webp",
	".png":  "image/png",
	".mp4":  "video/mp4",
	".mov":  "video/quicktime",
	".webm": "video/webm",
}

// ServeHTTP serves GET and HEAD of /media/{name}, with ranges, and caching headers
// that let clients keep a file for good: a name never changes its content.
func (s *Store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, under := strings.CutPrefix(r.URL.Path, "/media/")
	if under && r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", "the media host answers only GET and HEAD")
		return
	}
	if !under || !validName().MatchString(name) {
		writeError(w, http.StatusNotFound, "not_found", "no media at this path")
		return
	}
	c, err := s.open(name)
	if errors.Is(err, fs.ErrNotExist) {
		writeError(w, http.StatusNotFound, "not_found", "no media at this path")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal_error", "the media file could not be read")
		return
	}
	defer func() { _ = c.close() }()
	h := w.Header()
	h.Set("Content-Type", contentTypes[filepath.Ext(name)])
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+strings.ReplaceAll(name, "/", "-")+`"`)
	http.ServeContent(w, r, "", c.mod, c.r)
}

// writeError answers in the API's error shape. The messages are fixed strings, so
// they are written as they are, without a JSON encoder.
func writeError(w http.ResponseWriter, status int, code, hint string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = fmt.Fprintf(w, `{"ok":false,"error":%q,"hint":%q}`, code, hint)
}
