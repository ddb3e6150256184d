// Package httpjson is what every JSON door of `vigil serve` shares: answers written as JSON
// (Write) in the error shapes SPEC.md shows (Error, Failed), a 500 that logs its cause and
// shows none (Internal), and request bodies read field by field (ReadFields), so that each
// 400 names the field at fault.
package httpjson
