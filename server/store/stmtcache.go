package store

import (
	"context"
	"database/sql/driver"
	"reflect"
)

// SQLite parses every statement text it runs; with the plain driver, each query of the
// store and of the job queue sharing its file (River) was compiled again on every call, a fifth
// of an API file scan's CPU. stmtConnector keeps the statements of each connection prepared,
// keyed by their text, so that a query run again reuses its compiled program (PostgreSQL's
// driver, pgx, does the same per connection by default). SQLite recompiles a kept statement by
// itself when the schema changes.
type stmtConnector struct{ driver.Connector }

// maxCachedStmts bounds the statements kept per connection: the store and the queue run a few
// dozen distinct texts; a query built with a variable number of placeholders adds one per size.
const maxCachedStmts = 256

func (c stmtConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &stmtConn{conn: conn, stmts: map[string]*cachedStmt{}}, nil
}

// stmtConn is one connection with its kept statements. database/sql never uses a connection
// from two goroutines at once (rows are closed under the connection's lock too), so it needs no
// lock of its own.
type stmtConn struct {
	conn   driver.Conn
	stmts  map[string]*cachedStmt
	limits limitParams
}

// cachedStmt is a kept statement; busy while rows it returned are open, when a second run of
// the same text on the connection (a nested query) prepares a statement of its own instead.
type cachedStmt struct {
	stmt driver.Stmt
	busy bool
}

var (
	_ driver.ConnBeginTx        = (*stmtConn)(nil)
	_ driver.ConnPrepareContext = (*stmtConn)(nil)
	_ driver.ExecerContext      = (*stmtConn)(nil)
	_ driver.QueryerContext     = (*stmtConn)(nil)
	_ driver.Pinger             = (*stmtConn)(nil)
	_ driver.SessionResetter    = (*stmtConn)(nil)
	_ driver.Validator          = (*stmtConn)(nil)
)

// cached returns the kept statement of query, preparing it the first time, or nil when its
// statement is in use. (A script of several statements is kept too: the driver then keeps only
// its text and compiles its statements one by one on each run, as it does unkept.)
func (c *stmtConn) cached(ctx context.Context, query string) (*cachedStmt, error) {
	if st, ok := c.stmts[query]; ok {
		if st.busy {
			return nil, nil
		}
		return st, nil
	}
	s, err := c.conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if len(c.stmts) >= maxCachedStmts {
		c.evict()
	}
	st := &cachedStmt{stmt: s}
	c.stmts[query] = st
	return st, nil
}

// evict closes the kept statements not in use, making room.
func (c *stmtConn) evict() {
	for q, st := range c.stmts {
		if !st.busy {
			st.stmt.Close()
			delete(c.stmts, q)
		}
	}
}

func (c *stmtConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	query = c.limits.inline(query, args)
	st, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return c.conn.(driver.ExecerContext).ExecContext(ctx, query, args)
	}
	return st.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (c *stmtConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	query = c.limits.inline(query, args)
	st, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return c.conn.(driver.QueryerContext).QueryContext(ctx, query, args)
	}
	rows, err := st.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	st.busy = true
	return &cachedRows{rows: rows, st: st}, nil
}

func (c *stmtConn) Prepare(query string) (driver.Stmt, error) { return c.conn.Prepare(query) }

func (c *stmtConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

func (c *stmtConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *stmtConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c *stmtConn) Ping(ctx context.Context) error { return c.conn.(driver.Pinger).Ping(ctx) }

func (c *stmtConn) ResetSession(ctx context.Context) error {
	return c.conn.(driver.SessionResetter).ResetSession(ctx)
}

func (c *stmtConn) IsValid() bool { return c.conn.(driver.Validator).IsValid() }

// Close closes the kept statements, then the connection.
func (c *stmtConn) Close() error {
	for q, st := range c.stmts {
		st.stmt.Close()
		delete(c.stmts, q)
	}
	return c.conn.Close()
}

// cachedRows frees its statement for the next run when closed; the driver resets the statement
// (rather than finalizing it) on the rows' Close.
type cachedRows struct {
	rows driver.Rows
	st   *cachedStmt
}

func (r *cachedRows) Columns() []string              { return r.rows.Columns() }
func (r *cachedRows) Next(dest []driver.Value) error { return r.rows.Next(dest) }

func (r *cachedRows) Close() error {
	err := r.rows.Close()
	r.st.busy = false
	return err
}

// The column type methods of the driver's rows, for sql.Rows.ColumnTypes.

func (r *cachedRows) ColumnTypeDatabaseTypeName(i int) string {
	return r.rows.(driver.RowsColumnTypeDatabaseTypeName).ColumnTypeDatabaseTypeName(i)
}

func (r *cachedRows) ColumnTypeLength(i int) (int64, bool) {
	return r.rows.(driver.RowsColumnTypeLength).ColumnTypeLength(i)
}

func (r *cachedRows) ColumnTypeNullable(i int) (bool, bool) {
	return r.rows.(driver.RowsColumnTypeNullable).ColumnTypeNullable(i)
}

func (r *cachedRows) ColumnTypePrecisionScale(i int) (int64, int64, bool) {
	return r.rows.(driver.RowsColumnTypePrecisionScale).ColumnTypePrecisionScale(i)
}

func (r *cachedRows) ColumnTypeScanType(i int) reflect.Type {
	return r.rows.(driver.RowsColumnTypeScanType).ColumnTypeScanType(i)
}
