// Package explorer finds the verified source of deployed EVM contracts.
//
// It holds three things:
//
//   - The catalogue (catalogue.json, embedded): block-explorer platforms with
//     their numeric explorer ids (etherscan 1, bscscan 2, polygonscan 3,
//     avalanche 4, fantom 5, cronos 6, celo 7, aurora 8, arbiscan 9,
//     optimism 11, blockscout 16, basescan 17, lineascan 21, sonicscan 25,
//     and Vigil-assigned ids from 101 for moonscan, gnosisscan, scrollscan,
//     blastscan, zksync and mantlescan), each with its chains (mainnet,
//     sepolia, testnet, ...), their EVM chain ids, the explorer web URL used
//     for contract links and the source providers to try. Catalogue.Lookup
//     resolves (platform, chain) names as the block-scan request sends them;
//     Catalogue.LookupIDs resolves (chain id, explorer id) as ss_quickscan
//     sends them. Unknown values give a *FieldError naming the field and
//     listing the valid values.
//
//   - Address handling: ParseAddress accepts 0x plus 40 hex digits, checks
//     the EIP-55 checksum when the address is mixed case, and returns the
//     checksum form; Checksum formats one.
//
//   - Fetching: providers for the Etherscan v2 multichain API, Blockscout's
//     REST API (/api/v2/smart-contracts/{address}) and Sourcify's v2 API
//     (/v2/contract/{chainId}/{address}), each turning its answer into one
//     Source (name, compiler, EVM version, license, optimisation, files,
//     remappings, proxy and implementation, provider). A Fetcher tries a
//     chain's providers in catalogue order with a client-side rate limiter
//     per provider, retries rate limits and transient failures with
//     backoff, caches by (chain id, address) in memory or on disk, and for
//     proxies fetches the implementation too.
//
// Answers from the internet are treated as hostile: bodies are size-bounded,
// calls time out, file names are cleaned and refused when they would climb
// out of the source root (CleanPath), provider text is shortened and made
// printable before it reaches an error, and API keys never appear in errors
// or logs (transport errors are reported without the URL, and any key a
// service echoes back is replaced by ***).
//
// Failures wrap one kind, tested with errors.Is: ErrNotVerified,
// ErrRateLimited, ErrUnauthorized, ErrUnsupported or ErrUpstream. When every
// provider fails, the FetchError's kind prefers rate limiting (a retry may
// succeed), then not verified, then the others.
//
// Etherscan's SourceCode field comes in three forms, all read here: one flat
// file (named after the contract), a JSON object of files
// ({"a.sol":{"content":...}}), and standard JSON input wrapped in double
// braces ({{"language":...,"sources":...,"settings":...}}), whose
// settings.remappings become Source.Remappings. An unverified contract is
// answered with status "1", an empty SourceCode and ABI "Contract source
// code not verified"; refusals come as status "0" with the reason in result
// ("Invalid API Key", "Max calls per sec rate limit reached (5/sec)", ...).
//
// Usage:
//
//	f := explorer.NewFetcher(explorer.Config{
//		EtherscanKey: key,
//		Cache:        explorer.NewDirCache(filepath.Join(dataDir, "sources")),
//	})
//	src, err := f.FetchByName(ctx, "etherscan", "mainnet", "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f")
//	switch {
//	case errors.Is(err, explorer.ErrNotVerified): // scan_failed: source not verified
//	case err != nil: // ...
//	}
package explorer
