package model

// hostOnly lists crates that cannot be built for the Solana (SBF) target: networking, async
// runtimes, TLS, and the RPC and transaction-sending clients built on them, which need an
// operating system's sockets and threads (ring and openssl also need C or assembly with no SBF
// port). A program that builds for SBF can only depend on them for its off-chain side, behind
// cfg(not(target_os = "solana")) or a feature; Cargo.lock records neither the target nor the
// feature, so a dependency check that reached them would report advisories of code the
// deployed program does not contain. Process loggers belong here too: env_logger reads the
// process environment and writes to a terminal, which an SBF program has neither of (its logs go
// through the sol_log syscall), and solana-logger, built on it, is a dependency Solana's crates
// take only for targets other than SBF.
var hostOnly = map[string]bool{
	"tokio": true, "mio": true, "socket2": true, "hyper": true, "h2": true, "reqwest": true,
	"rustls": true, "tokio-rustls": true, "hyper-rustls": true, "native-tls": true,
	"openssl": true, "openssl-sys": true, "ring": true,
	"quinn": true, "quinn-proto": true, "quinn-udp": true,
	"solana-client": true, "solana-rpc-client": true, "solana-rpc-client-api": true,
	"solana-rpc-client-nonce-utils": true, "solana-pubsub-client": true, "solana-quic-client": true,
	"solana-udp-client": true, "solana-tpu-client": true, "solana-thin-client": true,
	"solana-connection-cache": true, "solana-streamer": true, "solana-net-utils": true,
	"solana-metrics": true, "anchor-client": true,
	"env_logger": true, "solana-logger": true,
}

// HostOnly reports whether the crate cannot be part of a program built for SBF (see hostOnly).
func HostOnly(name string) bool { return hostOnly[name] }
