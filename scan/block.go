package scan

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/threat"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// ErrInput marks a block-scan request naming something that does not exist: an invalid
// address, an unknown platform or chain. The message names the field.
var ErrInput = errors.New("invalid request")

// BlockTarget names a deployed contract: by platform and chain names, or by chain id and
// explorer id (ss_quickscan).
type BlockTarget struct {
	Address    string
	Platform   string // contract_platform, e.g. etherscan
	Chain      string // contract_chain, e.g. mainnet
	ChainID    int64  // used when Platform/Chain are empty
	ExplorerID int
}

// Resolve checks the address and finds the platform and chain in the catalogue. Errors wrap
// ErrInput and name the field.
func (t BlockTarget) Resolve(cat *explorer.Catalogue) (string, explorer.Platform, explorer.Chain, error) {
	addr, err := explorer.ParseAddress(t.Address)
	if err != nil {
		return "", explorer.Platform{}, explorer.Chain{}, fmt.Errorf("%w: contract_address: %v", ErrInput, err)
	}
	var p explorer.Platform
	var c explorer.Chain
	switch {
	case t.Platform != "" && t.Chain != "":
		p, c, err = cat.Lookup(t.Platform, t.Chain)
	case t.Platform != "" && t.ChainID != 0:
		p, c, err = cat.LookupChainID(t.Platform, t.ChainID)
	case t.ChainID != 0 && t.ExplorerID != 0:
		p, c, err = cat.LookupIDs(t.ChainID, t.ExplorerID)
	default:
		err = fmt.Errorf("contract_platform and contract_chain are required")
	}
	if err != nil {
		return "", p, c, fmt.Errorf("%w: %v", ErrInput, err)
	}
	return addr, p, c, nil
}

// RunBlock fetches the verified source of a deployed contract, scans it, and fills the block
// fields of the report and its threat score. A proxy's implementation is scanned with it (the
// proxy's files under proxy/, the implementation's under implementation/), and the threat checks
// look at the implementation. An unverified contract is an error wrapping
// explorer.ErrNotVerified.
func RunBlock(ctx context.Context, f *explorer.Fetcher, target BlockTarget, opts Options) (*Result, error) {
	addr, platform, chain, err := target.Resolve(f.Catalogue())
	if err != nil {
		return nil, err
	}
	src, err := f.Fetch(ctx, chain, addr)
	if err != nil {
		return nil, err
	}
	if !isSolidity(src) {
		return nil, fmt.Errorf("%w: the contract is written in %s; Vigil scans Solidity", explorer.ErrNotVerified, src.Language)
	}
	dir, err := os.MkdirTemp("", "vigil-block-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	main := src
	prefix := ""
	if src.Proxy && src.ImplementationSource != nil && isSolidity(src.ImplementationSource) {
		if err := src.WriteFiles(dir + "/proxy"); err != nil {
			return nil, err
		}
		if err := src.ImplementationSource.WriteFiles(dir + "/implementation"); err != nil {
			return nil, err
		}
		main, prefix = src.ImplementationSource, "implementation/"
	} else if err := src.WriteFiles(dir); err != nil {
		return nil, err
	}
	// The exact compilers of the deployed code decide version-dependent rules.
	opts.Compilers = map[string]string{"": src.CompilerVersion}
	if prefix != "" {
		opts.Compilers = map[string]string{"proxy/": src.CompilerVersion, prefix: main.CompilerVersion}
	}
	ws, err := workspace.FromFolder(ctx, dir, workspace.Options{})
	if err != nil {
		return nil, err
	}
	defer ws.Close()
	res, err := Run(ctx, ws, opts)
	if err != nil {
		return nil, err
	}
	rep := res.Report
	rep.ScanType = report.ScanTypeBlock
	rep.ProjectURL, rep.ProjectBranch, rep.ProjectCommit = "", "", ""
	rep.ProjectName = src.ContractName
	rep.Block = &report.Block{
		ContractAddress:  addr,
		ContractChain:    chain.Name,
		ContractPlatform: platform.Name,
		ContractURL:      chain.ContractURL(addr),
		ContractName:     src.ContractName,
		CompilerVersion:  src.CompilerVersion,
		EVMVersion:       src.EVMVersion,
		LicenseType:      src.License,
		Currency:         chain.Currency,
		Value:            "0",
	}
	// value is the contract's native balance in wei. When no explorer can tell (no Etherscan
	// key, a chain Etherscan does not serve), it stays "0" and a diagnostic says so.
	if bal, err := f.Balance(ctx, chain, addr); err == nil {
		rep.Block.Value = bal
	} else {
		rep.Diagnostics = append(rep.Diagnostics, "value: the contract's balance could not be read ("+err.Error()+"); reported as 0")
	}
	if src.Proxy {
		rep.Block.Implementation = src.Implementation
		note := "proxy: scanned the implementation " + src.Implementation + " too"
		if src.ImplementationSource == nil {
			note = "proxy: the implementation " + src.Implementation + " could not be scanned: " + src.ImplementationError
		}
		rep.Diagnostics = append([]string{note}, rep.Diagnostics...)
	}
	severe := rep.MultiFileScanSummary.IssueSeverityDistribution["critical"] + rep.MultiFileScanSummary.IssueSeverityDistribution["high"]
	checks, score := threat.Evaluate(threat.Input{
		Program:        res.Program,
		Contract:       mainContract(res.Program, main.ContractName, prefix+main.MainFile),
		Verified:       true,
		Proxy:          src.Proxy,
		SevereFindings: severe,
	})
	rep.ThreatChecks = checks
	rep.MultiFileScanSummary.ThreatScore = &score
	return res, nil
}

func isSolidity(s *explorer.Source) bool {
	return s.Language == "" || strings.EqualFold(s.Language, "solidity")
}

// mainContract finds the deployed contract: by name, preferring the main file.
func mainContract(p *sema.Program, name, mainFile string) *sema.Contract {
	var cands []*sema.Contract
	for _, c := range p.Contracts {
		if c.Name == name {
			cands = append(cands, c)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		return path.Clean(cands[i].File.Path) == path.Clean(mainFile) && path.Clean(cands[j].File.Path) != path.Clean(mainFile)
	})
	if len(cands) > 0 {
		return cands[0]
	}
	return nil
}
