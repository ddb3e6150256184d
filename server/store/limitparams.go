package store

import (
	"database/sql/driver"
	"strconv"
	"strings"
)

// River's job fetch (UPDATE river_job ... WHERE id IN (SELECT ... LIMIT ?5) RETURNING ...)
// takes its LIMIT as a bound parameter. SQLite marks such a parameter as one the compiled
// program depends on, and binding it again, as every run does, expires the program: the
// statement was compiled anew at each fetch, 0.3 ms where the kept program runs in 0.03 ms, a
// twentieth of an API file scan's CPU (River fetches on every insert and finished job, for
// each queue). limitParams writes the value of a numbered LIMIT parameter into the text
// instead, so that each LIMIT value (a queue's free worker slots: a handful) is compiled once
// and kept like any statement.
//
// Only texts whose parameters are all numbered (?N, as River's generated queries are) are
// rewritten: there, the remaining parameters keep their numbers, and the driver ignores an
// argument no parameter refers to. The store's own queries use plain ? and are left as they
// are.

// limitParams remembers, per query text, where its numbered LIMIT parameters are (nil: none, or
// a text not to rewrite). Per connection, like the kept statements, and bounded the same way.
type limitParams map[string][]limitSite

// limitSite is one "LIMIT ?N" of a text: the byte range of "?N" and the argument's ordinal.
type limitSite struct {
	from, to int
	ordinal  int
}

// inline returns query with the integer arguments of its numbered LIMIT parameters written in
// place, or query itself.
func (l *limitParams) inline(query string, args []driver.NamedValue) string {
	if !strings.Contains(query, "LIMIT ?") {
		return query
	}
	if *l == nil {
		*l = limitParams{}
	}
	sites, ok := (*l)[query]
	if !ok {
		if len(*l) >= maxCachedStmts {
			clear(*l)
		}
		sites = findLimitSites(query)
		(*l)[query] = sites
	}
	if len(sites) == 0 {
		return query
	}
	var b strings.Builder
	b.Grow(len(query))
	last := 0
	for _, s := range sites {
		n, ok := intArg(args, s.ordinal)
		if !ok {
			return query
		}
		b.WriteString(query[last:s.from])
		b.WriteString(strconv.FormatInt(n, 10))
		last = s.to
	}
	b.WriteString(query[last:])
	return b.String()
}

// findLimitSites lists the "LIMIT ?N" of a query whose every parameter is numbered; nil for
// any other. A ? in a literal or comment counts as a plain parameter: such a text is left
// alone, the safe way to be wrong.
func findLimitSites(query string) []limitSite {
	for i := 0; i < len(query); i++ {
		if query[i] == '?' && (i+1 == len(query) || !isDigit(query[i+1])) {
			return nil
		}
	}
	var sites []limitSite
	for at := 0; ; {
		i := strings.Index(query[at:], "LIMIT ?")
		if i < 0 {
			return sites
		}
		from := at + i + len("LIMIT ")
		to := from + 1
		for to < len(query) && isDigit(query[to]) {
			to++
		}
		ordinal, err := strconv.Atoi(query[from+1 : to])
		if err != nil {
			return nil
		}
		sites = append(sites, limitSite{from: from, to: to, ordinal: ordinal})
		at = to
	}
}

// intArg returns the integer argument with the given ordinal.
func intArg(args []driver.NamedValue, ordinal int) (int64, bool) {
	for _, a := range args {
		if a.Ordinal == ordinal && a.Name == "" {
			n, ok := a.Value.(int64)
			return n, ok
		}
	}
	return 0, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
