package jobs

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/job"
)

// racyJob tells two items from two workers. The first worker's read of the counts
// lingers (at most 200 ms) while the second records its item, reads and tells: the
// interleaving that made a finished job show an older worker's counts last.
type racyJob struct {
	mu       sync.Mutex
	recorded int
	slow     chan struct{} // closed when the first reader has read
	second   chan struct{} // closed when the second worker has told
	running  bool          // Run has begun: the reads before it are launch's own
	lingered bool
}

func (j *racyJob) Counts() (done, failed, left int) {
	j.mu.Lock()
	v := j.recorded
	first := j.running && !j.lingered
	j.lingered = j.lingered || first
	j.mu.Unlock()
	if first {
		close(j.slow)
		select {
		case <-j.second:
		case <-time.After(200 * time.Millisecond): // the fix keeps the second out until this read is sent
		}
	}
	return v, 0, 2 - v
}

func (j *racyJob) Run(_ context.Context, _ job.Service, tell func(job.Item)) error {
	j.mu.Lock()
	j.running = true
	j.mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		j.record()
		tell(job.Item{Key: 1})
	}()
	go func() {
		defer wg.Done()
		<-j.slow
		j.record()
		tell(job.Item{Key: 2})
		close(j.second)
	}()
	wg.Wait()
	return nil
}

func (j *racyJob) record() { j.mu.Lock(); j.recorded++; j.mu.Unlock() }

func (j *racyJob) Info() *job.Info                                { return &job.Info{Job: "racy"} }
func (j *racyJob) File() string                                   { return "" }
func (j *racyJob) Resumable() bool                                { return false }
func (j *racyJob) Cancelled() bool                                { return false }
func (j *racyJob) Cancel() error                                  { return nil }
func (j *racyJob) Close() error                                   { return nil }
func (j *racyJob) Verb() string                                   { return "price" }
func (j *racyJob) About() string                                  { return "price 2 listings" }
func (j *racyJob) Items() []job.Item                              { return nil }
func (j *racyJob) Refusals() []job.Item                           { return nil }
func (j *racyJob) PerItem() float64                               { return 1 }
func (j *racyJob) Retry(api.Budget, time.Time) (*job.Plan, error) { return nil, nil }

// The last item's message carries the job's last counts, whichever worker tells last.
func TestTheLastEventCarriesTheLastCounts(t *testing.T) {
	j := &racyJob{slow: make(chan struct{}), second: make(chan struct{})}
	msg := launch(nil, j, 1)
	var last eventMsg
	for m := range msg.r.ch {
		if e, ok := m.(eventMsg); ok {
			last = e
		}
	}
	if last.done != 2 || last.left != 0 {
		t.Errorf("the last event says %d done, %d left; the job did 2, 0 left", last.done, last.left)
	}
}
