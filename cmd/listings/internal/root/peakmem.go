package root

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"
)

// peakWatch samples the Go runtime's memory classes while the process runs, for the
// heap profile's companion file (memprofile): the Go heap's RSS is what its peak
// spans took, objects or not, which the profile (live objects only) does not show.
// It reads runtime.MemStats rather than runtime/metrics: that package's init builds
// its table of every metric in every start of listings, for a debug aid (a
// ReadMemStats stops the world for microseconds, once every 20 ms, when asked for).
type peakWatch struct {
	mu    sync.Mutex
	stop  chan struct{}
	done  chan struct{}
	peak  [len(peakClasses)]uint64 // the classes at the highest total
	at    time.Duration
	start time.Time
}

// peakClasses name the runtime's memory classes from runtime.MemStats (runtime/metrics
// calls them /memory/classes/...); their sum less released is what the runtime holds
// of the OS. The goroutines are not memory: about how many stacks the peak had.
var peakClasses = [...]string{
	"heap objects (HeapAlloc)",
	"heap unused (HeapInuse-HeapAlloc)",
	"heap free (HeapIdle-HeapReleased)",
	"heap stacks (StackInuse)",
	"metadata other (GCSys)",
	"metadata mspan (MSpanInuse)",
	"metadata mcache (MCacheInuse)",
	"os stacks (StackSys-StackInuse)",
	"profiling buckets (BuckHashSys)",
	"other (OtherSys)",
	"goroutines (NumGoroutine: the runtime's own not counted)",
	"heap released (HeapReleased)",
}

// The two classes that are not held: the goroutines and the released heap.
const (
	goroutinesClass = len(peakClasses) - 2
	releasedClass   = len(peakClasses) - 1
)

// memClasses reads the classes of peakClasses from s.
func memClasses(s *runtime.MemStats) [len(peakClasses)]uint64 {
	return [...]uint64{
		s.HeapAlloc,
		s.HeapInuse - s.HeapAlloc,
		s.HeapIdle - s.HeapReleased,
		s.StackInuse,
		s.GCSys,
		s.MSpanInuse,
		s.MCacheInuse,
		s.StackSys - s.StackInuse,
		s.BuckHashSys,
		s.OtherSys,
		uint64(runtime.NumGoroutine()),
		s.HeapReleased,
	}
}

// held is the sum of the classes the runtime holds of the OS.
func held(vals [len(peakClasses)]uint64) uint64 {
	var sum uint64
	for i, v := range vals {
		if i != goroutinesClass && i != releasedClass {
			sum += v
		}
	}
	return sum
}

func watchPeak() *peakWatch {
	w := &peakWatch{stop: make(chan struct{}), done: make(chan struct{}), start: time.Now()}
	go w.run()
	return w
}

func (w *peakWatch) run() {
	defer close(w.done)
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	var best uint64
	var s runtime.MemStats
	for {
		runtime.ReadMemStats(&s)
		vals := memClasses(&s)
		if sum := held(vals); sum > best {
			best = sum
			w.mu.Lock()
			w.peak, w.at = vals, time.Since(w.start)
			w.mu.Unlock()
		}
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

// write stops the watch and writes the classes at the peak to path.
func (w *peakWatch) write(path string) error {
	close(w.stop)
	<-w.done
	var b strings.Builder
	fmt.Fprintf(&b, "the Go runtime's memory at its peak, %.1f s after the start (KiB)\n", w.at.Seconds())
	for i, n := range peakClasses {
		if i == goroutinesClass {
			fmt.Fprintf(&b, "%8d  %s\n", w.peak[i], n)
			continue
		}
		fmt.Fprintf(&b, "%8d  %s\n", w.peak[i]/1024, n)
	}
	fmt.Fprintf(&b, "%8d  held (all but released)\n", held(w.peak)/1024)
	return os.WriteFile(path, []byte(b.String()), 0o600)
}
