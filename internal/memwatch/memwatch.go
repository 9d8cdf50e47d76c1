// Package memwatch samples one figure of the Go runtime (runtime/metrics) while some
// work runs, for the benchmarks that report the most memory the work held at once
// (docs/performance.md): a figure read before and after would miss it.
package memwatch

import (
	"runtime/metrics"
	"sync"
	"time"
)

// Peak reads the runtime metric name (a uint64 one, such as
// /memory/classes/heap/objects:bytes) every interval until stop is called, which
// returns the highest value read.
func Peak(name string, every time.Duration) (stop func() uint64) {
	sample := []metrics.Sample{{Name: name}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}
