package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/scans"
)

// fairDeployment is the server a client scans through and, on PostgreSQL, the worker
// processes that run its scans: one process on SQLite; an api process and two workers of two
// scans each on PostgreSQL.
func fairDeployment(t *testing.T, database string, eng *fakeEngine, tweak func(*server.Config)) *apiServer {
	t.Helper()
	dir := t.TempDir()
	if database == "" {
		return startServer(t, dir, eng, func(c *server.Config) { c.ScanWait = time.Millisecond; tweak(c) })
	}
	api := startServer(t, dir, eng, func(c *server.Config) {
		c.Database, c.Role, c.ScanWait = database, server.RoleAPI, time.Millisecond
		tweak(c)
	})
	for range 2 {
		startServer(t, dir, eng, func(c *server.Config) { c.Database, c.Role = database, server.RoleWorker; tweak(c) })
	}
	return api
}

// fileScan uploads src as a file of the client and asks for its scan.
func fileScan(t *testing.T, a *apiServer, key, name, src string) answer {
	t.Helper()
	u := presign(t, a, "Bearer "+key, name)
	put(t, u, []byte(src))
	return call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}})
}

// One client cannot starve the others. Client A floods the queue with scans that do not end
// (they wait for the test), with the queue limit at 5: A gets 429 with Retry-After once its
// share of the queue is waiting, never the others; client B's scan, asked for afterwards, is
// accepted and finishes while every one of A's scans is still unfinished, because A holds at
// most its share of the workers. Once A's scans may end, they all do: each end dispatches A's
// next. On SQLite and on PostgreSQL with several workers.
func TestOneClientCannotStarveAnother(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			eng := &fakeEngine{release: make(chan struct{}), hold: "HOLD"}
			a := fairDeployment(t, e.database(t), eng, func(c *server.Config) { c.QueueLimit = 5 })
			keyA, _ := a.newKey(t, "flood", 0)
			keyB, _ := a.newKey(t, "victim", 0)
			heavy := vulnerable + "// HOLD\n"

			var accepted []string
			refused := false
			for i := 0; i < 40 && !refused; i++ {
				r := fileScan(t, a, keyA, fmt.Sprintf("A%d.sol", i), heavy)
				switch r.status {
				case http.StatusOK:
					accepted = append(accepted, scanReport(t, r).ScanID)
				case http.StatusTooManyRequests:
					if n, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || n < 1 {
						t.Fatalf("429 without Retry-After: %v", r.header)
					}
					refused = true
				default:
					t.Fatalf("A's scan %d: %d %s", i, r.status, r.raw)
				}
			}
			if !refused || len(accepted) == 0 {
				t.Fatalf("A was never refused its share (%d accepted)", len(accepted))
			}

			r := fileScan(t, a, keyB, "B.sol", vulnerable)
			if r.status != http.StatusOK {
				t.Fatalf("B's scan while A floods: %d %s", r.status, r.raw)
			}
			b := scanReport(t, r).ScanID
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang guard, not a measure
			defer cancel()
			if err := a.WaitScan(ctx, b); err != nil {
				t.Fatalf("B's scan did not finish while A's scans held the workers: %v", err)
			}
			if got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+keyB, map[string]any{"scan_id": b})); got.ScanStatus != report.StatusDone {
				t.Fatalf("B's scan: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
			}
			for _, id := range accepted {
				if st, _ := a.Store().ScanStatus(context.Background(), id); st != report.StatusQueued && st != report.StatusInProgress {
					t.Fatalf("A's scan %s is %s before A's scans were let end", id, st)
				}
			}

			close(eng.release)
			for _, id := range accepted {
				if err := a.WaitScan(ctx, id); err != nil {
					t.Fatalf("A's scan %s never ran: %v", id, err)
				}
				if st, _ := a.Store().ScanStatus(context.Background(), id); st != report.StatusDone {
					t.Fatalf("A's scan %s: %s", id, st)
				}
			}
		})
	}
}

// A key's quota (vigil keys quota) replaces the default shares for that key: with at most 2
// queued and 1 running, the key never has more than one scan dispatched, its scans past the
// queue share get 429, and another key keeps the defaults. On both engines.
func TestKeyQuotaSetsTheShares(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			eng := &fakeEngine{release: make(chan struct{}), hold: "HOLD"}
			a := fairDeployment(t, e.database(t), eng, func(c *server.Config) { c.ClientWorkers = 3 })
			keyA, _ := a.newKey(t, "limited", 0)
			keys, _ := a.Store().ListKeys(context.Background())
			if err := a.Store().SetKeyQuota(context.Background(), keys[len(keys)-1].ID, 2, 1); err != nil {
				t.Fatal(err)
			}
			keyB, _ := a.newKey(t, "default", 0)
			heavy := vulnerable + "// HOLD\n"
			submit := func(key string, n int) (accepted int) {
				for i := range n {
					r := fileScan(t, a, key, fmt.Sprintf("S%d.sol", i), heavy)
					if r.status == http.StatusTooManyRequests {
						return accepted
					}
					scanReport(t, r)
					accepted++
				}
				return accepted
			}
			if n := submit(keyA, 10); n < 2 || n > 3 {
				t.Fatalf("the limited key had %d scans accepted, want its running one and 2 queued at most", n)
			}
			if n := submit(keyB, 4); n != 4 {
				t.Fatalf("a key with the default shares had %d of 4 accepted", n)
			}
			unfinished, err := a.Store().UnfinishedScans(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			dispatched := map[string]int{}
			for _, sc := range unfinished {
				if sc.Dispatched {
					dispatched[sc.Owner]++
				}
			}
			limited := "key:" + strconv.FormatInt(keys[len(keys)-1].ID, 10)
			if len(dispatched) != 2 || dispatched[limited] != 1 {
				t.Fatalf("dispatched per owner %v: the limited key (%s) must have exactly 1", dispatched, limited)
			}
			for owner, n := range dispatched {
				if n > 3 {
					t.Fatalf("owner %s has %d scans dispatched, past the default share of 3", owner, n)
				}
			}
			close(eng.release)
		})
	}
}

// The anonymous surfaces (the WebSocket's public repository scans, JSON-RPC) share one client
// record, so their scans count against the client's address instead: an address flooding
// public scans holds at most its share of the workers, and a scan from another address
// finishes while all of the flood's are still held. On both engines.
func TestAnonymousAddressesShareFairly(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			eng := &fakeEngine{release: make(chan struct{}), hold: "HOLD"}
			a := fairDeployment(t, e.database(t), eng, func(c *server.Config) {})
			flood := newGitRepo(t, map[string]string{"Wallet.sol": vulnerable + "// HOLD\n"})
			other := newGitRepo(t, map[string]string{"Wallet.sol": vulnerable})
			ctx := context.Background()
			var held []string
			for range 6 {
				id, _, err := a.RepoScans().StartRepoScan(scans.WithAddress(ctx, "192.0.2.1"), repoapi.ScanRequest{URL: flood.URL})
				if err != nil {
					t.Fatal(err)
				}
				held = append(held, id)
			}
			id, _, err := a.RepoScans().StartRepoScan(scans.WithAddress(ctx, "198.51.100.7"), repoapi.ScanRequest{URL: other.URL})
			if err != nil {
				t.Fatal(err)
			}
			wctx, cancel := context.WithTimeout(ctx, 2*time.Minute) // a hang guard
			defer cancel()
			if err := a.WaitScan(wctx, id); err != nil {
				t.Fatalf("the other address's scan did not finish while the flood held the workers: %v", err)
			}
			for _, h := range held {
				if st, _ := a.Store().ScanStatus(ctx, h); st != report.StatusQueued && st != report.StatusInProgress {
					t.Fatalf("a flood scan is %s before the flood was let end", st)
				}
			}
			close(eng.release)
		})
	}
}
