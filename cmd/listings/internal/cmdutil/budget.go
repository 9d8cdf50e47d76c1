package cmdutil

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore/atomicfile"
)

// The request budget across commands. Each command is a new process, so what one
// learned of the key's budget would be lost and the next would start at the cautious
// default of 60 a minute, or, worse, at full speed unaware of the requests just made.
// So every session starts from the budget the last command left (a small file per
// key and service in the cache directory, holding a hash of them, never the key) and
// leaves its own when the command ends.

// EnvCacheDir overrides where the budget files are kept (the cache directory,
// internal/paths).
const EnvCacheDir = paths.EnvCache

// limitsMaxAge is how long learned limits are trusted before a command that needs many
// requests pings again: a key's limits change only when its account does.
const limitsMaxAge = 10 * time.Minute

// fewRequests is what a command may send at the default budget without learning the
// key's limits first: a ping would cost more than it saves.
const fewRequests = 5

// budgetFile names the budget file of a key at a service.
func budgetFile(getenv func(string) string, baseURL, key string) string {
	dir, err := paths.Cache(getenv)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(strings.TrimRight(baseURL, "/") + "\x00" + key))
	return filepath.Join(dir, "budget", hex.EncodeToString(sum[:12])+".json")
}

// restoreBudget gives c what the last command knew; a missing or damaged file is
// simply no knowledge.
func restoreBudget(c *api.Client, path string) {
	if path == "" {
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var st api.BudgetState
	if json.Unmarshal(b, &st) == nil {
		c.RestoreBudget(st)
	}
}

// saveBudget leaves c's budget for the next command. A failure costs only a ping
// later, so it is not worth an error of the command.
func saveBudget(c *api.Client, path string) {
	if path == "" {
		return
	}
	b, err := json.Marshal(c.BudgetState())
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(path), 0o700) == nil {
		_ = atomicfile.Write(path, b, 0o600)
	}
}

// LearnLimits makes a command that will send n requests (-1: not known in advance)
// run at the key's real speed; a small one does not pay a ping for it. A failed ping
// is no reason to stop: the command goes on at the cautious default and meets the real
// error, if any, itself.
func (s *Session) LearnLimits(ctx context.Context, n int) {
	if n >= 0 && n <= fewRequests {
		return
	}
	_ = s.Client.LearnLimits(ctx, limitsMaxAge)
}

// Estimate says how long n requests the user waits for (an upload, the reasons ls
// reads) take under the budget b, and whether they fit in what is left of the day:
// the whole budget is theirs (api.Budget.EstimateForeground), where a job's leaves a
// fifth (its plan uses api.Budget.Estimate).
func Estimate(b api.Budget, n int, now time.Time) (time.Duration, bool) {
	d, fits, _ := b.EstimateForeground(n, now)
	return d, fits
}
