package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"
	"golang.org/x/crypto/ssh/knownhosts"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// gitProject is a served repository whose branch "feature" adds the example vault to main.
func gitProject(t *testing.T) (*gittest.Server, *gittest.Repo) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	srv := gittest.NewServer(t)
	repo := srv.NewRepo(t, "project")
	repo.Commit(t, "counter", map[string]string{"src/Counter.sol": cleanSolidity})
	repo.Branch(t, "feature")
	repo.Commit(t, "vault", map[string]string{"src/Vault.sol": string(vault)})
	repo.Checkout(t, "main")
	return srv, repo
}

// vigil scan repo takes a local repository with --branch, a file:// URL and an ssh URL on the
// command line; a missing branch lists those that exist (locally and on a server); a refused
// loopback URL names the flag that allows it.
func TestScanRepoLocalAndSSH(t *testing.T) {
	srv, repo := gitProject(t)
	for _, target := range []string{repo.Work, "file://" + filepath.ToSlash(repo.Bare)} {
		res := vigil(t, "scan", "repo", target, "--branch", "feature")
		if res.code != 0 {
			t.Fatalf("%s: exit %d: %s", target, res.code, res.stderr)
		}
		r := decode(t, res.stdout)
		if issueIDs(r)["REENTRANCY_ETH"] == 0 || r.ProjectBranch != "feature" || len(r.ProjectCommit) != 40 {
			t.Errorf("%s --branch feature: branch %q commit %q findings %v", target, r.ProjectBranch, r.ProjectCommit, issueIDs(r))
		}
	}
	// The local repository's main has no vault.
	if r := decode(t, vigil(t, "scan", "repo", repo.Work, "--branch", "main").stdout); issueIDs(r)["REENTRANCY_ETH"] != 0 {
		t.Errorf("--branch main scanned the vault: %v", issueIDs(r))
	}

	for _, target := range []string{repo.Work, repo.URL} {
		res := vigil(t, "scan", "repo", target, "--branch", "nope", "--allow-private-networks")
		if res.code != exitUsage || !strings.Contains(res.stderr, `branch "nope": not found in the repository; its branches: feature, main`) {
			t.Errorf("%s --branch nope: exit %d, stderr %q", target, res.code, res.stderr)
		}
	}
	if res := vigil(t, "scan", "repo", srv.URL+"/project.git"); res.code != exitUsage || !strings.Contains(res.stderr, "--allow-private-networks") {
		t.Errorf("loopback URL: exit %d, stderr %q", res.code, res.stderr)
	}

	// ssh: the user's agent holds the key, known_hosts the server's.
	addr, sockEnv := sshGitServer(t, filepath.Dir(repo.Bare))
	res := vigilEnv(t, sockEnv, "scan", "repo", fmt.Sprintf("ssh://git@%s/project.git", addr), "--branch", "feature", "--allow-private-networks")
	if r := decode(t, res.stdout); res.code != 0 || issueIDs(r)["REENTRANCY_ETH"] == 0 || r.ProjectBranch != "feature" {
		t.Errorf("ssh: exit %d, findings %v: %s", res.code, issueIDs(r), res.stderr)
	}
}

// sshGitServer serves the bare repositories under root over ssh on loopback, running git's own
// git-upload-pack for each fetch, for the client key an ssh agent holds. It returns the server's
// address and the environment a client needs: SSH_AUTH_SOCK (the agent) and SSH_KNOWN_HOSTS.
func sshGitServer(t *testing.T, root string) (string, []string) {
	t.Helper()
	_, hostPriv, _ := ed25519.GenerateKey(rand.Reader)
	hostSigner, err := ssh.NewSignerFromKey(hostPriv)
	if err != nil {
		t.Fatal(err)
	}
	_, clientPriv, _ := ed25519.GenerateKey(rand.Reader)
	clientSigner, _ := ssh.NewSignerFromKey(clientPriv)
	cfg := &ssh.ServerConfig{PublicKeyCallback: func(_ ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
		if bytes.Equal(key.Marshal(), clientSigner.PublicKey().Marshal()) {
			return nil, nil
		}
		return nil, fmt.Errorf("unknown key")
	}}
	cfg.AddHostKey(hostSigner)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go acceptAll(ln, func(c net.Conn) { serveSSH(c, cfg, root) })

	dir := t.TempDir()
	keyring := agent.NewKeyring()
	keyring.Add(agent.AddedKey{PrivateKey: clientPriv})
	sock := filepath.Join(dir, "agent.sock")
	al, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { al.Close() })
	go acceptAll(al, func(c net.Conn) { agent.ServeAgent(keyring, c); c.Close() })
	known := filepath.Join(dir, "known_hosts")
	line := knownhosts.Line([]string{knownhosts.Normalize(ln.Addr().String())}, hostSigner.PublicKey())
	os.WriteFile(known, []byte(line+"\n"), 0o600)
	return ln.Addr().String(), []string{"SSH_AUTH_SOCK=" + sock, "SSH_KNOWN_HOSTS=" + known}
}

// acceptAll serves each connection of ln with serve, until ln is closed.
func acceptAll(ln net.Listener, serve func(net.Conn)) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go serve(c)
	}
}

// serveSSH runs one ssh connection: each session's exec of git-upload-pack '<path>' runs git's
// git-upload-pack on that repository under root.
func serveSSH(c net.Conn, cfg *ssh.ServerConfig, root string) {
	conn, chans, reqs, err := ssh.NewServerConn(c, cfg)
	if err != nil {
		c.Close()
		return
	}
	defer conn.Close()
	go ssh.DiscardRequests(reqs)
	for nc := range chans {
		if nc.ChannelType() != "session" {
			nc.Reject(ssh.UnknownChannelType, "sessions only")
			continue
		}
		ch, requests, err := nc.Accept()
		if err != nil {
			continue
		}
		go func() {
			defer ch.Close()
			for req := range requests {
				if req.Type != "exec" || len(req.Payload) < 4 {
					req.Reply(false, nil)
					continue
				}
				command := string(req.Payload[4:])
				name, arg, _ := strings.Cut(command, " ")
				repoPath := filepath.Join(root, filepath.Clean("/"+strings.Trim(arg, "'\"")))
				if name != "git-upload-pack" {
					req.Reply(false, nil)
					return
				}
				req.Reply(true, nil)
				cmd := exec.Command("git-upload-pack", repoPath)
				cmd.Stdin, cmd.Stdout, cmd.Stderr = ch, ch, ch.Stderr()
				code := 0
				if err := cmd.Run(); err != nil {
					code = 1
				}
				status := make([]byte, 4)
				binary.BigEndian.PutUint32(status, uint32(code))
				ch.SendRequest("exit-status", false, status)
				return
			}
		}()
	}
}
