package pgtest

import "syscall"

// procAttr: on Windows the servers run as the current user.
func procAttr(string, bool) (*syscall.SysProcAttr, error) { return nil, nil }
