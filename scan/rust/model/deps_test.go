package model

import (
	"strings"
	"testing"
)

// TestBuildDependenciesScope checks what counts as built into the program: normal
// dependencies, optional ones only when the default features enable them, and nothing that
// only off-chain client crates reach.
func TestBuildDependenciesScope(t *testing.T) {
	m, err := ParseManifest("Cargo.toml", []byte(`[package]
name = "prog"
version = "0.1.0"

[features]
default = ["metrics"]
metrics = ["dep:prom"]
client = ["solana-sdk", "extra/serde"]
cli = ["helper?/std"]

[dependencies]
anchor-lang = "0.30.1"
prom = { version = "0.1", optional = true }
solana-sdk = { version = "1.18", optional = true }
extra = { version = "1", optional = true }
helper = { version = "1", optional = true }
switchboard = "0.29"

[dev-dependencies]
solana-program-test = "1.18"
`))
	if err != nil {
		t.Fatal(err)
	}
	c := &Crate{Manifest: m}
	if got := strings.Join(c.BuildDependencies(), " "); got != "anchor-lang prom switchboard" {
		t.Errorf("build dependencies: %s", got)
	}
	lock, err := ParseLockfile("Cargo.lock", []byte(`version = 3

[[package]]
name = "anchor-lang"
version = "0.30.1"
dependencies = ["borsh", "solana-logger"]

[[package]]
name = "solana-logger"
version = "1.6.0"
dependencies = ["env_logger"]

[[package]]
name = "env_logger"
version = "0.8.0"
dependencies = ["regex"]

[[package]]
name = "regex"
version = "1.4.0"

[[package]]
name = "borsh"
version = "0.10.3"

[[package]]
name = "prom"
version = "0.1.0"

[[package]]
name = "switchboard"
version = "0.29.0"
dependencies = ["solana-client", "borsh"]

[[package]]
name = "solana-client"
version = "1.18.0"
dependencies = ["rustls"]

[[package]]
name = "rustls"
version = "0.21.10"

[[package]]
name = "solana-program-test"
version = "1.18.0"
dependencies = ["tokio"]

[[package]]
name = "tokio"
version = "1.0.0"
`))
	if err != nil {
		t.Fatal(err)
	}
	all := lock.Reachable(c.BuildDependencies())
	onChain := lock.ReachableExcept(c.BuildDependencies(), HostOnly)
	for key, want := range map[string][2]bool{ // reachable, reachable on chain
		"borsh 0.10.3":               {true, true},
		"prom 0.1.0":                 {true, true},
		"solana-client 1.18.0":       {true, false},
		"rustls 0.21.10":             {true, false},
		"solana-program-test 1.18.0": {false, false},
		"tokio 1.0.0":                {false, false},
		"regex 1.4.0":                {true, false},
	} {
		if all[key] != want[0] || onChain[key] != want[1] {
			t.Errorf("%s: reachable %v, on chain %v; want %v", key, all[key], onChain[key], want)
		}
	}
}
