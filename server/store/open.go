package store

import (
	"context"
	"fmt"
	"strings"
)

// OpenDatabase opens the database the configuration names: a postgres:// (or postgresql://)
// URL is a PostgreSQL server; empty (or "sqlite") is the SQLite file in dataDir.
func OpenDatabase(ctx context.Context, database, dataDir string) (Store, error) {
	switch {
	case IsPostgres(database):
		return OpenPostgres(ctx, database)
	case database == "" || database == "sqlite":
		return Open(ctx, dataDir)
	}
	return nil, fmt.Errorf("store: database (VIGIL_DATABASE) must be a postgres:// URL, or empty for the SQLite file in the data folder; got %q",
		redactURL(database))
}

// IsPostgres says whether a database setting names a PostgreSQL server.
func IsPostgres(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// redactURL hides what could be a password in a setting echoed back in an error.
func redactURL(s string) string {
	if at := strings.LastIndex(s, "@"); at >= 0 {
		if scheme := strings.Index(s, "://"); scheme >= 0 && scheme < at {
			return s[:scheme+3] + "...@" + s[at+1:]
		}
	}
	return s
}
