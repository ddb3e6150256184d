package solidity

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DelegatecallStorageCollision reports delegatecalls into library code whose storage layout
// differs from the caller's: the library's writes land in the caller's slots, so calling it
// overwrites unrelated state (in the classic case, the address of the library itself, which
// the attacker then points at their own code).
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
		DetectionLogic: "The delegatecall target is a state variable; the code behind it is identified by a function signature " +
			"string used with it (bytes4(keccak256(\"f(uint256)\")), abi.encodeWithSignature) matching a contract of the " +
			"program. A function reachable through the call (the selected one, or any public one when msg.data is forwarded) " +
			"writes a storage slot (with solc's packing) that holds a differently named or typed variable in the caller " +
			"(high), or only reads one (medium).",
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
	c := pass.Contract
	if c == nil || c.IsLibrary() || c.IsInterface() || isTestContract(c) {
		return
	}
	p := pass.Program
	// Which code sits behind each target variable, judged by the signatures used with it.
	sigs := signatureStrings(p, c)
	type dcall struct {
		fn     *sema.Function
		call   *sema.Call
		target *sema.Var
		sel    string // selected function name, or "" when the caller's data is forwarded
	}
	var calls []dcall
	libOf := map[*sema.Var]*sema.Contract{}
	for _, fn := range c.AllFunctions() {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, call := range info.Calls {
			if !call.IsLowLevel("delegatecall", "callcode") || call.Target == nil {
				continue
			}
			tv := info.RootVar(unwrapConversion(info, call.Target))
			if tv == nil || tv.Kind != sema.StateVar {
				continue
			}
			sel := ""
			if len(call.Args) > 0 {
				sel = selectedName(info, call.Args[0], sigs)
			}
			if sel != "" && libOf[tv] == nil {
				libOf[tv] = contractWithFunction(p, c, sel)
			}
			calls = append(calls, dcall{fn: fn, call: call, target: tv, sel: sel})
		}
	}
	mine := storageLayout(c)
	for _, d := range calls {
		lib := libOf[d.target]
		if lib == nil {
			continue
		}
		theirs := storageLayout(lib)
		var fns []*sema.Function
		for _, g := range lib.AllFunctions() {
			if g.Body == nil || g.IsView() || !g.IsPublic() {
				continue
			}
			if d.sel == "" || g.Name == d.sel {
				fns = append(fns, g)
			}
		}
		var best *detect.Finding
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
				for v := range set {
					slot, ok := theirs[v]
					if !ok {
						continue
					}
					other := varAt(mine, slot)
					if other == nil || other.Name == v.Name && sameType(other.Type, v.Type) {
						continue
					}
					f := detect.Finding{Pos: d.call.Expr.Pos(), End: d.call.Expr.End(), Function: d.fn.Name, Details: map[string]string{
						"function_name": fnName(d.fn), "library": lib.Name, "callee": g.Name, "access": access,
						"library_var": v.Name, "contract_var": other.Name}}
					if access == "reads" {
						f.Severity = detect.Medium
					}
					if best == nil || best.Severity != "" && f.Severity == "" {
						best = &f
					}
					break
				}
			}
		}
		if best != nil {
			pass.Report(*best)
		}
	}
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

func varAt(layout map[*sema.Var]slotPos, pos slotPos) *sema.Var {
	for v, p := range layout {
		if p == pos {
			return v
		}
	}
	return nil
}

func sameType(a, b sema.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.String() == b.String()
}
