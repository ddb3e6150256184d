package store

import (
	"context"
	"database/sql"
	"fmt"
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
