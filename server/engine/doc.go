// Package engine is the scanning engine as `vigil serve` drives it: the Engine interface its
// workers call for every scan (BlockEngine for deployed contracts), and New, the one
// implementation outside tests: package scan's Run and RunBlock, the same library function
// every other door (the CLI, the LSP) calls. The doors never call it: they queue a scan, and
// a worker runs it (package worker).
package engine
