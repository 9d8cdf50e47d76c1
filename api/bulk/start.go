package bulk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Start journals a new job of h in dir, named after now and verb as every job is
// (20261124-224900-deactivate, then -2, -3… when a job of the same second exists),
// and returns its journal with h.Job set. The CLI and the app name jobs alike, so
// `listings jobs` lists the app's too.
func Start(dir, verb string, now time.Time, h Header) (*Journal, error) {
	base := now.Format("20060102-150405") + "-" + verb
	for i := 1; ; i++ {
		h.Job = base
		if i > 1 {
			h.Job = fmt.Sprintf("%s-%d", base, i)
		}
		j, err := Create(filepath.Join(dir, h.Job+".jsonl"), h)
		if err == nil || !errors.Is(err, os.ErrExist) || i > 20 {
			return j, err
		}
	}
}
