//go:build unix

package scan

import (
	"syscall"
	"time"
)

// cpuTime is the user and system time the process has used so far: on a loaded machine it
// says more about the scan's cost than the wall clock does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
