package solidity

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DelegatecallStorageCollision reports delegatecalls into code whose storage layout differs
// from the caller's: the callee's writes land in the caller's slots, so calling it overwrites
// unrelated state (in the classic case, the address of the library itself, which the attacker
// then points at their own code; in a proxy, the proxy's own admin or implementation slot kept
// in an ordinary slot that the implementation's first variables occupy too). Where the calls
// are and which code they reach: delegate_sites.go.
var DelegatecallStorageCollision = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DELEGATECALL_STORAGE_COLLISION",
		Name:       "Delegatecall into code with a different storage layout",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> delegatecalls into ` +
			`<code>${library}</code>, whose state variables are laid out differently: its function <code>${callee}</code> ${access} ` +
			`<code>${library_var}</code>, which occupies the slot of <code>${contract_var}</code> here. Run through delegatecall ` +
			`it overwrites (or computes with) that variable of the caller.</p>`,
		Remediation: `<p>Give the delegate the same storage layout as the caller (declare the same state variables in the same ` +
			`order, or inherit a shared storage contract), or use a stateless library with internal functions.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "library", "callee", "access", "library_var", "contract_var"},
		DetectionLogic: "Delegatecalls in Solidity, assembly and helpers (an unshipped Address.functionDelegateCall, and a " +
			"missing base named ...Proxy, by name: low). The code behind the target is identified by the target's type (a " +
			"contract-typed variable or parameter, an address only ever set to one), or by a signature string or selector " +
			"used with it that one contract of the program answers (assumed: medium). A function reachable through the call " +
			"(the selected one, or any public one when the caller's data is passed on) writes a storage slot (with solc's " +
			"packing, overlapping bytes) that holds a differently named or typed variable in the caller (high), or only " +
			"reads one (medium). When that code's bases are not in the sources, a reachable function running their code is " +
			"assumed to write from slot 0.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-112", "SWC-124"},
		CWE:       []string{"CWE-829", "CWE-787"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runDelegatecallLayout,
}

var signatureLit = regexp.MustCompile(`^"?([A-Za-z_$][A-Za-z0-9_$]*)\(([^()]*)\)"?$`)

func runDelegatecallLayout(pass *detect.Pass) {
	reportDelegateSites(pass, false, layoutCollision)
}

// layoutCollision compares the caller's layout with the code behind delegatecall site s: a
// function reachable through it (the selected one, or any public one when the caller's data is
// passed on) that writes (high) or reads (medium) a slot holding a differently named or typed
// variable of the caller. When the code's bases are not in the sources, their variables come
// first in its layout, from slot 0: a reachable function using that code is assumed to write
// there.
func layoutCollision(p *sema.Program, c *sema.Contract, mine map[*sema.Var]slotPos, s delegateSite) *detect.Finding {
	k := s.impl
	theirs := storageLayout(k)
	var fns []*sema.Function
	for _, g := range k.AllFunctions() {
		if g.Body == nil || g.IsView() || !g.IsPublic() {
			continue
		}
		if g.Name == s.sel || s.forwards {
			fns = append(fns, g)
		}
	}
	ev := siteEvidence(c, s)
	finding := func(g *sema.Function, access, theirVar string, mineVar *sema.Var) *detect.Finding {
		f := &detect.Finding{Pos: s.at.Pos(), End: s.at.End(), Evidence: ev, Details: map[string]string{
			"function_name": siteFunction(s), "library": k.Name, "callee": g.Name, "access": access,
			"library_var": theirVar, "contract_var": mineVar.Name}}
		if s.fn != nil {
			f.Function = s.fn.Name
		}
		if access == "reads" {
			f.Severity = detect.Medium
		}
		return f
	}
	var best *detect.Finding
	fact := ""
	for _, g := range fns {
		reads := map[*sema.Var]bool{}
		for _, h := range append([]*sema.Function{g}, p.Callees(g)...) {
			if hi := p.Info(h); hi != nil {
				for v := range hi.StateReads {
					reads[v] = true
				}
			}
		}
		writes := p.TransitiveWrites(g)
		for _, access := range []string{"writes", "reads"} {
			set := writes
			if access == "reads" {
				set = reads
			}
			for _, v := range byPosition(set, theirs) {
				pos := theirs[v]
				other := overlapping(mine, pos, slotSize(v.Type))
				if other == nil || other.Name == v.Name && sameType(other.Type, v.Type) {
					continue
				}
				if best == nil || best.Severity != "" && access == "writes" {
					fact = k.Name + "." + g.Name + " " + access + " " + v.Name + ", which shares a slot with " + c.Name + "." + other.Name
					best = finding(g, access, v.Name, other)
				}
				break
			}
		}
	}
	if best != nil {
		ev.Add(fact)
		return best
	}
	if !k.UnresolvedBases {
		return nil
	}
	first := overlapping(mine, slotPos{0, 0}, 32)
	if first == nil {
		return nil
	}
	for _, g := range fns {
		if p.RestsOnUnresolved(g) {
			ev.Assume(k.Name + "'s bases are not in the sources: their variables come first in its layout, from slot 0 " +
				"(where " + c.Name + " keeps " + first.Name + "), and " + g.Name + " runs their code")
			return finding(g, "writes", "(a variable of a base not in the sources)", first)
		}
	}
	return nil
}

// siteEvidence states how a delegatecall site and the code behind it were identified.
func siteEvidence(c *sema.Contract, s delegateSite) *detect.Evidence {
	ev := &detect.Evidence{}
	if s.guessed != "" {
		ev.Guess(s.guessed)
	}
	switch {
	case s.how != "":
		ev.Add("the code behind the target is " + s.impl.Name + " (" + s.how + ")")
	case s.assumed:
		ev.Assume("the target is assumed to be " + s.impl.Name + ", the contract answering the call the data selects (" + s.sel + ")")
	}
	if s.forwards {
		ev.Add("the caller's calldata is passed on: every public function of " + s.impl.Name + " is reachable")
	}
	if c.UnresolvedBases {
		ev.Assume(c.Name + "'s bases that are not in the sources are assumed to keep nothing in ordinary slots")
	}
	return ev
}

// siteFunction names the function holding a site ("constructor" for a base constructor call).
func siteFunction(s delegateSite) string {
	if s.fn == nil {
		return "constructor"
	}
	return fnName(s.fn)
}

// signatureStrings collects the function signatures written as strings in c (in function
// bodies and state variable initializers): "setFibonacci(uint256)" -> setFibonacci.
func signatureStrings(p *sema.Program, c *sema.Contract) map[string]string {
	out := map[string]string{}
	add := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			if lit, ok := x.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if m := signatureLit.FindStringSubmatch(strings.Trim(lit.Value, `"'`)); m != nil {
					out[lit.Value] = m[1]
				}
			}
			return true
		})
	}
	for _, b := range c.Linearization {
		for _, v := range b.StateVars {
			if v.Decl != nil && v.Decl.Value != nil {
				add(v.Decl.Value)
			}
		}
		for _, fn := range b.Functions {
			if info := p.Info(fn); info != nil && fn.Body != nil {
				for _, sig := range bodySignatures(info) {
					out[sig[0]] = sig[1]
				}
			} else if fn.Body != nil {
				add(fn.Body)
			}
		}
	}
	return out
}

type bodySignaturesKey struct{}

// bodySignatures lists the function signature strings of a function's body as signatureStrings
// records them (literal, function name), found once per function (sema.Memo) from its flattened
// tree, not again for every contract inheriting it.
func bodySignatures(info *sema.FuncInfo) [][2]string {
	return sema.Memo(info, bodySignaturesKey{}, func() [][2]string {
		var out [][2]string
		for n := range info.Fn.BodyTree().Preorder(stringLitKinds) {
			if lit := n.(*ast.BasicLit); lit.Kind == token.STRING {
				if m := signatureLit.FindStringSubmatch(strings.Trim(lit.Value, `"'`)); m != nil {
					out = append(out, [2]string{lit.Value, m[1]})
				}
			}
		}
		return out
	})
}

var stringLitKinds = inspect.Of((*ast.BasicLit)(nil))

// selectedName returns the function a delegatecall's data selects, through a signature string
// or a constant initialised from one; "" when the data is forwarded (msg.data) or unknown.
func selectedName(info *sema.FuncInfo, data ast.Expr, sigs map[string]string) string {
	name := ""
	ast.Inspect(data, func(x ast.Node) bool {
		switch e := x.(type) {
		case *ast.BasicLit:
			if n, ok := sigs[e.Value]; ok {
				name = n
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*sema.Var); ok && v.Kind == sema.StateVar && v.Decl != nil && v.Decl.Value != nil {
				ast.Inspect(v.Decl.Value, func(y ast.Node) bool {
					if lit, ok := y.(*ast.BasicLit); ok {
						if n, ok := sigs[lit.Value]; ok {
							name = n
						}
					}
					return true
				})
			}
		}
		return name == ""
	})
	return name
}

// contractWithFunction returns the one other contract of the program that implements a public
// function named name, or nil.
func contractWithFunction(p *sema.Program, self *sema.Contract, name string) *sema.Contract {
	var found *sema.Contract
	for _, k := range p.Contracts {
		if k == self || k.IsInterface() || self.Inherits(k.Name) {
			continue
		}
		for _, fn := range k.Functions {
			if fn.Name == name && fn.Body != nil && fn.IsPublic() {
				if found != nil && found != k {
					return nil // ambiguous
				}
				found = k
			}
		}
	}
	return found
}

// slotPos is a storage position: slot and byte offset.
type slotPos struct{ slot, offset int }

// byPosition returns the variables of set that layout places, in storage order (a map's own
// order would make the variable a finding names change from run to run).
func byPosition(set map[*sema.Var]bool, layout map[*sema.Var]slotPos) []*sema.Var {
	var out []*sema.Var
	for v := range set {
		if _, ok := layout[v]; ok {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b *sema.Var) int {
		pa, pb := layout[a], layout[b]
		return cmp.Or(cmp.Compare(pa.slot, pb.slot), cmp.Compare(pa.offset, pb.offset), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// storageLayout assigns storage positions to c's state variables as solc packs them: value
// types share a slot while they fit, everything else starts a new slot. Variables after a
// struct or fixed array (whose size is not modelled) are left out.
func storageLayout(c *sema.Contract) map[*sema.Var]slotPos {
	out := map[*sema.Var]slotPos{}
	slot, off := 0, 0
	for _, v := range c.AllStateVars() {
		if v.IsConstant() || v.Decl != nil && v.Decl.Transient {
			continue
		}
		size := valueSize(v.Type)
		switch {
		case size > 0:
			if off+size > 32 {
				slot, off = slot+1, 0
			}
			out[v] = slotPos{slot, off}
			off += size
		case isFullSlot(v.Type):
			if off > 0 {
				slot, off = slot+1, 0
			}
			out[v] = slotPos{slot, 0}
			slot++
		default:
			return out
		}
	}
	return out
}

// valueSize returns the packed size of a value type, 0 for others.
func valueSize(t sema.Type) int {
	switch t := t.(type) {
	case *sema.Elementary:
		switch {
		case t.Name == "address":
			return 20
		case t.Name == "bool":
			return 1
		case t.IsInteger():
			return t.Bits() / 8
		case strings.HasPrefix(t.Name, "bytes") && t.Name != "bytes":
			n := 0
			for _, r := range t.Name[5:] {
				n = n*10 + int(r-'0')
			}
			return n
		}
	case *sema.ContractType:
		return 20
	case *sema.EnumType:
		return 1
	}
	return 0
}

// isFullSlot reports whether a type takes exactly one slot of its own (mappings, dynamic
// arrays, strings and bytes).
func isFullSlot(t sema.Type) bool {
	switch t := t.(type) {
	case *sema.MappingType:
		return true
	case *sema.ArrayType:
		return t.Dynamic
	case *sema.Elementary:
		return t.Name == "string" || t.Name == "bytes"
	}
	return false
}

// overlapping returns the variable of a layout whose bytes meet size bytes at pos, the first
// by position when several do.
func overlapping(layout map[*sema.Var]slotPos, pos slotPos, size int) *sema.Var {
	var found *sema.Var
	for v, q := range layout {
		if q.slot != pos.slot {
			continue
		}
		if q.offset < pos.offset+size && pos.offset < q.offset+slotSize(v.Type) {
			if found == nil || q.offset < layout[found].offset {
				found = v
			}
		}
	}
	return found
}

// slotSize returns the bytes a variable takes in its slot: a value type's packed size, or the
// whole slot.
func slotSize(t sema.Type) int {
	if n := valueSize(t); n > 0 {
		return n
	}
	return 32
}

func sameType(a, b sema.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.String() == b.String()
}
