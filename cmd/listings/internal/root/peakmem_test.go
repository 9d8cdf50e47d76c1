package root

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
)

// runtime/metrics is the independent account of the classes peakWatch reads from
// runtime.MemStats (it left the binary: its init ran in every start).
var metricsOf = [len(peakClasses)]string{
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
	"/sched/goroutines:goroutines",
	"/memory/classes/heap/released:bytes",
}

func TestMemClassesAgreeWithRuntimeMetrics(t *testing.T) {
	samples := make([]metrics.Sample, len(metricsOf))
	for i, n := range metricsOf {
		samples[i].Name = n
	}
	// Both are read with the world running: an allocation between them moves the heap's
	// classes by a few KiB, and the background scavenger may release free pages
	// between the two reads (half a MiB moved from free to released was seen), so a
	// disagreement is read again before it fails: five disagreements in a row fail.
	var got [len(peakClasses)]uint64
	var problems []string
	for range 5 {
		var s runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&s)
		metrics.Read(samples)
		got = memClasses(&s)
		problems = problems[:0]
		for i, m := range samples {
			want := m.Value.Uint64()
			if i == goroutinesClass {
				// NumGoroutine leaves the runtime's own goroutines out.
				if got[i] == 0 || got[i] > want {
					problems = append(problems, fmt.Sprintf("%s: %d, %d from %s", peakClasses[i], got[i], want, m.Name))
				}
				continue
			}
			diff := int64(got[i]) - int64(want)
			if diff < 0 {
				diff = -diff
			}
			if tol := int64(want/20) + 64<<10; diff > tol {
				problems = append(problems, fmt.Sprintf("%s: %d from MemStats, %d from %s", peakClasses[i], got[i], want, m.Name))
			}
		}
		if len(problems) == 0 {
			break
		}
	}
	for _, p := range problems {
		t.Error(p)
	}
	var sum uint64
	for i := range got[:goroutinesClass] {
		sum += got[i]
	}
	if held(got) != sum {
		t.Errorf("held is %d, the held classes sum to %d", held(got), sum)
	}
}

func TestPeakIsWritten(t *testing.T) {
	w := watchPeak()
	keep := make([]byte, 4<<20)
	keep[len(keep)-1] = 1
	path := filepath.Join(t.TempDir(), "heap.pprof.peak.txt")
	if err := w.write(path); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(keep)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range append(peakClasses[:], "held (all but released)", "at its peak") {
		if !strings.Contains(string(b), n) {
			t.Errorf("no %q in:\n%s", n, b)
		}
	}
}
