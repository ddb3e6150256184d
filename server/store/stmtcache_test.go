package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// A kept statement answers each run with that run's arguments, a run of the same text while
// the first one's rows are open (a nested query on one connection) gets a statement of its
// own, and the statements kept per connection stay bounded.
func TestStmtCache(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE t(n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if _, err := s.w.ExecContext(ctx, `INSERT INTO t(n) VALUES (?)`, i); err != nil {
			t.Fatal(err)
		}
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	const q = `SELECT n FROM t WHERE n >= ? ORDER BY n`
	outer, err := conn.QueryContext(ctx, q, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for outer.Next() {
		var n int
		if err := outer.Scan(&n); err != nil {
			t.Fatal(err)
		}
		var first int // the same text again, while outer is open
		if err := conn.QueryRowContext(ctx, q, n+1).Scan(&first); err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d:%d", n, first))
	}
	if err := outer.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "[1:2 2:3 3:0]"; fmt.Sprint(got) != want {
		t.Errorf("nested runs of one statement: got %v, want %v", got, want)
	}

	for i := 0; i < maxCachedStmts+20; i++ {
		var n int
		if err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT %d + ?`, i), 1).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("query %d: %d, %v", i, n, err)
		}
	}
	conn.Raw(func(dc any) error {
		if n := len(dc.(*stmtConn).stmts); n == 0 || n > maxCachedStmts {
			t.Errorf("%d statements kept, want 1 to %d", n, maxCachedStmts)
		}
		return nil
	})
}

// A numbered LIMIT parameter is written into the text (SQLite would otherwise compile such a
// statement again at every run): each run still takes its own limit and its other arguments,
// one statement is kept per limit value, and texts with plain ? parameters are left as they are.
func TestStmtCacheInlinesNumberedLimits(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE jobs(id INTEGER PRIMARY KEY, queue TEXT, state TEXT)`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 10; i++ {
		if _, err := s.w.ExecContext(ctx, `INSERT INTO jobs(queue, state) VALUES ('q', 'available')`); err != nil {
			t.Fatal(err)
		}
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The shape of River's job fetch: the LIMIT parameter is neither the first nor the last.
	const fetch = `UPDATE jobs SET state = ?3 WHERE id IN (
		SELECT id FROM jobs WHERE queue = ?1 AND state = 'available' ORDER BY id LIMIT ?2) AND ?4 = ?4 RETURNING id`
	var taken []int
	for _, limit := range []int64{3, 1, 3, 0, 10} {
		rows, err := conn.QueryContext(ctx, fetch, "q", limit, "running", "x")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			taken = append(taken, id)
			n++
		}
		rows.Close()
		if int64(n) > limit {
			t.Fatalf("LIMIT %d took %d rows", limit, n)
		}
	}
	if fmt.Sprint(taken) != "[1 2 3 4 5 6 7 8 9 10]" {
		t.Errorf("fetched %v, want every job once in order", taken)
	}
	var plain int // plain ? parameters: not rewritten, still right
	if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT id FROM jobs WHERE state = ? LIMIT ?)`, "running", 4).Scan(&plain); err != nil || plain != 4 {
		t.Fatalf("plain parameters: %d %v", plain, err)
	}
	conn.Raw(func(dc any) error {
		var texts []string
		for q := range dc.(*stmtConn).stmts {
			if strings.Contains(q, "UPDATE jobs") {
				texts = append(texts, q[strings.Index(q, "LIMIT"):strings.Index(q, ")")])
			}
		}
		sort.Strings(texts)
		if fmt.Sprint(texts) != "[LIMIT 0 LIMIT 1 LIMIT 10 LIMIT 3]" {
			t.Errorf("kept fetch statements %q, want one per limit value", texts)
		}
		return nil
	})
}
