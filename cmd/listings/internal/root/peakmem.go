package root

import (
	"fmt"
	"os"
	"runtime/metrics"
	"strings"
	"sync"
	"time"
)

// peakWatch samples the Go runtime's memory classes while the process runs, for the
// heap profile's companion file (memprofile): the Go heap's RSS is what its peak
// spans took, objects or not, which the profile (live objects only) does not show.
type peakWatch struct {
	mu      sync.Mutex
	stop    chan struct{}
	done    chan struct{}
	samples []metrics.Sample
	peak    []uint64 // the classes at the highest total
	at      time.Duration
	start   time.Time
}

// peakClasses are the runtime's memory classes; their sum less released is what the
// runtime holds of the OS.
var peakClasses = []string{
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/memory/classes/metadata/other:bytes",
	"/memory/classes/metadata/mspan/inuse:bytes",
	"/memory/classes/metadata/mcache/inuse:bytes",
	"/memory/classes/os-stacks:bytes",
	"/memory/classes/profiling/buckets:bytes",
	"/memory/classes/other:bytes",
	"/sched/goroutines:goroutines", // not memory: how many stacks the peak had
	"/memory/classes/heap/released:bytes",
}

func watchPeak() *peakWatch {
	w := &peakWatch{stop: make(chan struct{}), done: make(chan struct{}), start: time.Now()}
	for _, n := range peakClasses {
		w.samples = append(w.samples, metrics.Sample{Name: n})
	}
	go w.run()
	return w
}

func (w *peakWatch) run() {
	defer close(w.done)
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	var best uint64
	for {
		metrics.Read(w.samples)
		var sum uint64
		vals := make([]uint64, len(w.samples))
		for i, s := range w.samples {
			if s.Value.Kind() == metrics.KindUint64 {
				vals[i] = s.Value.Uint64()
			}
			if strings.HasSuffix(w.samples[i].Name, ":bytes") && i < len(w.samples)-1 { // released is not held
				sum += vals[i]
			}
		}
		if sum > best {
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
	var sum uint64
	for i, n := range peakClasses {
		if !strings.HasSuffix(n, ":bytes") {
			fmt.Fprintf(&b, "%8d  %s\n", w.peak[i], n)
			continue
		}
		fmt.Fprintf(&b, "%8d  %s\n", w.peak[i]/1024, n)
		if i < len(peakClasses)-1 {
			sum += w.peak[i]
		}
	}
	fmt.Fprintf(&b, "%8d  held (all but released)\n", sum/1024)
	return os.WriteFile(path, []byte(b.String()), 0o600)
}
