package crash

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
)

// keyShape is any API key: sk_live_ or sk_test_ and 48 hex digits.
var keyShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`sk_(?:live|test)_[0-9a-fA-F]{48}`) })

// Error is what Run returns after a panic: the report's path, for stderr.
type Error struct {
	Path string // "" when the report could not be written
	Err  error  // why it could not
}

func (e *Error) Error() string {
	if e.Path == "" {
		return i18n.T("crash.unwritten", "Err", e.Err.Error())
	}
	return i18n.T("crash.written", "Path", e.Path)
}

// writeReport writes the recorded panic to dir, with every secret redacted, and
// returns the file's path.
func (r *recorder) writeReport(dir, version string, secrets []string) (string, error) {
	r.mu.Lock()
	value, stack, at := r.value, r.stack, r.at
	r.mu.Unlock()
	if stack == nil {
		return "", errors.New("no panic was recorded")
	}
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(cache, "listings")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "listings crash report\n\ntime:    %s\nversion: %s\ngo:      %s %s/%s\n\npanic: %v\n\n%s",
		at.Format(time.RFC3339), version, runtime.Version(), runtime.GOOS, runtime.GOARCH, value, stack)
	text := b.String()
	for _, k := range secrets {
		text = keystore.Redact(text, k)
	}
	// A key the app was not told about (one being typed on the login screen, say)
	// is caught by its shape.
	text = keyShape().ReplaceAllString(text, "sk_…REDACTED")
	base := "crash-" + at.Format("20060102-150405")
	for i := 0; ; i++ {
		name := base + ".txt"
		if i > 0 {
			name = fmt.Sprintf("%s-%d.txt", base, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) && i < 100 {
			continue
		}
		if err != nil {
			return "", err
		}
		_, werr := f.WriteString(text)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		return path, werr
	}
}

// Secrets are the keys a report must not contain: the one the app started with and
// each one a login adds while it runs. The copies of the root share them.
type Secrets struct {
	mu   sync.Mutex
	keys []string
}

// Add is one more key to redact; "" is none.
func (s *Secrets) Add(k string) {
	if k == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keys = append(s.keys, k)
}

// List is the keys so far, for Report.Secrets.
func (s *Secrets) List() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.keys...)
}
