package pgtest

import "syscall"

// dieWithParent stops the server (immediate shutdown) when the test binary dies without
// reaching Stop.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGQUIT }
