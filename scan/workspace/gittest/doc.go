// Package gittest serves real git repositories over smart HTTP for tests, with git's own
// git-http-backend behind net/http/cgi on an httptest server, so a client under test (go-git,
// Vigil's CLI, the API server) speaks the real protocol to a real git.
//
//	srv := gittest.NewServer(t)               // skips the test when git is not installed
//	repo := srv.NewRepo(t, "vault")           // served at srv.URL + "/vault.git"
//	first := repo.Commit(t, "first", map[string]string{"src/Vault.sol": src})
//	repo.Branch(t, "feature")
//	repo.Commit(t, "more", map[string]string{"src/Extra.sol": src})
//
// The server listens on 127.0.0.1: clients must be allowed to reach loopback (for Vigil,
// netguard.Policy{AllowPrivate: true} or an Allow prefix).
package gittest
