// Package netguard keeps Vigil's outbound connections away from the machine it runs on and the
// networks behind it (server-side request forgery).
//
// Every URL Vigil fetches on a user's behalf - git repositories, webhooks, block explorers, RPC
// endpoints - is hostile input. Checking the URL's host name is not enough: a name can resolve to
// a public address when it is validated and to 127.0.0.1 a moment later (DNS rebinding), and a
// redirect can point anywhere. netguard therefore checks the address at dial time, in the
// net.Dialer Control hook, after name resolution, for every connection attempt including those of
// redirects and Happy Eyeballs fallbacks.
//
// Refused by default (see Classify for the full table):
//
//   - loopback (127.0.0.0/8, ::1), unspecified (0.0.0.0/8, ::), broadcast
//   - private: RFC 1918 (10/8, 172.16/12, 192.168/16) and RFC 4193 unique local (fc00::/7)
//   - carrier-grade NAT (100.64.0.0/10)
//   - link-local (169.254.0.0/16 - home of cloud metadata services - and fe80::/10)
//   - multicast (224.0.0.0/4, ff00::/8), reserved and documentation ranges, 6to4 / NAT64 /
//     Teredo forms and IPv4-mapped or IPv4-compatible IPv6 forms of any of the above
//
// Policy.AllowPrivate opens loopback, RFC 1918, RFC 4193 and CGNAT (what a developer's machine, a
// test or a company network needs). It deliberately does not open link-local, so the cloud
// metadata endpoint 169.254.169.254 stays out of reach; list such prefixes in Policy.Allow if they
// are really wanted (reserved ranges likewise). Unspecified, multicast and broadcast addresses are
// never dialed, even when listed.
//
// The HTTP transport built here never uses a proxy from the environment: a proxy would make the
// dial to the proxy rather than to the target, and the check would guard the wrong address.
//
// URL errors never echo user information or query values: credentials and API keys often ride in
// them (https://token@host/..., ?apikey=...). Redact gives a loggable form of a URL.
package netguard
