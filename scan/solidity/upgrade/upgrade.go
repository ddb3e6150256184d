package upgrade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/layout"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Finding is one upgrade problem (or informational note), placed in the new version's code
// (the old version's for what the new one no longer has).
type Finding struct {
	Template *detect.Template
	Pos      token.Position
	Old      bool // Pos is in the old version
	Contract string
	Function string
	Variable string
	Detail   string
	Code     string // the declaration, for the finding's fingerprint
}

// Details are the finding's description values (the templates' description keys).
func (f Finding) Details() map[string]string {
	return map[string]string{"contract_name": f.Contract, "variable_name": f.Variable, "detail": f.Detail}
}

// Options choose what Check compares.
type Options struct {
	// Contract, when set, limits the check to the contract of that name.
	Contract string
	// OnlyUpgradeable limits the check to contracts that look upgradeable (LooksUpgradeable).
	OnlyUpgradeable bool
}

// Pair is a contract present in both versions.
type Pair struct{ Old, New *sema.Contract }

// Pairs lists the contracts present, by name, in both programs (deployable ones of the reported
// files; an ambiguous name is left out).
func Pairs(old, new *sema.Program, opts Options) []Pair {
	byName := func(p *sema.Program) map[string]*sema.Contract {
		m := map[string]*sema.Contract{}
		for _, c := range p.Contracts {
			if c.IsInterface() || c.IsLibrary() || c.File.Dependency || (opts.Contract != "" && c.Name != opts.Contract) {
				continue
			}
			if _, dup := m[c.Name]; dup {
				m[c.Name] = nil
				continue
			}
			m[c.Name] = c
		}
		return m
	}
	olds, news := byName(old), byName(new)
	var out []Pair
	for _, c := range new.Contracts {
		o, n := olds[c.Name], news[c.Name]
		if o == nil || n != c {
			continue
		}
		if opts.OnlyUpgradeable && !LooksUpgradeable(o) && !LooksUpgradeable(n) {
			continue
		}
		out = append(out, Pair{Old: o, New: n})
	}
	return out
}

// Check compares every pair of contracts present in both versions. A contract whose layout
// cannot be computed is an error naming its file and line; the other pairs are still checked.
func Check(old, new *sema.Program, opts Options) ([]Finding, []error) {
	var out []Finding
	var errs []error
	for _, pair := range Pairs(old, new, opts) {
		ol, err := layout.Of(old, pair.Old)
		if err != nil {
			errs = append(errs, fmt.Errorf("old version: %w", err))
			continue
		}
		nl, err := layout.Of(new, pair.New)
		if err != nil {
			errs = append(errs, fmt.Errorf("new version: %w", err))
			continue
		}
		out = append(out, compareStorage(old, new, pair, ol, nl)...)
		out = append(out, hazards(new, pair.New)...)
	}
	return out, errs
}

// LooksUpgradeable reports whether a contract is an implementation behind a proxy: it inherits
// Initializable, UUPSUpgradeable or an *Upgradeable base, has an initializer, or keeps
// ERC-7201 namespaced storage.
func LooksUpgradeable(c *sema.Contract) bool {
	for _, b := range c.Linearization {
		if b.Name == "Initializable" || b.Name == "UUPSUpgradeable" || strings.HasSuffix(b.Name, "Upgradeable") {
			return true
		}
		for _, s := range b.Structs {
			if strings.Contains(s.Doc.Text(), "@custom:storage-location") {
				return true
			}
		}
	}
	return slices.ContainsFunc(c.AllFunctions(), isInitializer)
}

// isInitializer reports whether fn carries the initializer or reinitializer modifier.
func isInitializer(fn *sema.Function) bool {
	for _, inv := range fn.Invocations {
		if names := inv.Name.Names; len(names) > 0 {
			if n := names[len(names)-1].Name; n == "initializer" || n == "reinitializer" {
				return true
			}
		}
	}
	return false
}
