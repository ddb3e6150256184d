//go:build unix

package server_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) this process has used: benchmarks divide it by
// their operations, a figure that other load on a shared machine barely moves.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
