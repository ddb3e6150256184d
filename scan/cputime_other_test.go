//go:build !unix

package scan

import "time"

// cpuTime is not measured here; the benchmarks then report 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
