// Package metrics holds the Prometheus series of a `vigil serve` process (GET /metrics) and
// the middleware that logs and counts every request by its route pattern.
package metrics
