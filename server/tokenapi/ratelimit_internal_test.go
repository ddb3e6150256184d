package tokenapi

import (
	"fmt"
	"testing"
	"time"
)

func TestLimitersDropIdleBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiters(Rate{Requests: 1, Per: time.Second, Burst: 2}, func() time.Time { return now })
	for i := 0; i < 1000; i++ {
		l.allow(fmt.Sprint("10.0.", i/256, ".", i%256))
	}
	now = now.Add(time.Minute) // every bucket has refilled: they carry no state worth keeping
	for i := 0; i < 100; i++ {
		l.allow(fmt.Sprint("192.0.2.", i))
	}
	if n := len(l.buckets); n > 100 {
		t.Errorf("%d buckets kept after the sweep", n)
	}
	if ok, _ := l.allow("unlimited"); !ok {
		t.Error("fresh key refused")
	}
	inf := newLimiters(Rate{}, time.Now)
	for i := 0; i < 10; i++ {
		if ok, _ := inf.allow("k"); !ok {
			t.Fatal("zero rate should mean no limit")
		}
	}
	if len(inf.buckets) != 0 {
		t.Error("unlimited rate kept buckets")
	}
}

func TestRetryAfterSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 1, time.Millisecond: 1, 1500 * time.Millisecond: 2, time.Minute: 60} {
		if got := retryAfterSeconds(d); got != want {
			t.Errorf("%v: %d, want %d", d, got, want)
		}
	}
}
