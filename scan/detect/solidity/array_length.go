package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ArrayLengthManipulation reports writes to a dynamic storage array's length (allowed before
// Solidity 0.6): `arr.length--` on an empty array wraps the length to 2^256-1, after which
// `arr[i] = x` can write any storage slot; `arr.length = n` with a caller-chosen n does the
// same directly.
var ArrayLengthManipulation = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ARRAY_LENGTH_MANIPULATION",
		Name:       "Array length manipulation",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> changes the length of storage ` +
			`array <code>${array_name}</code> directly (${how}). Decrementing the length of an empty array underflows it to ` +
			`2<sup>256</sup>-1, and a caller-chosen length has the same effect: the array then spans the whole storage, and ` +
			`any write to an element at a chosen index overwrites an arbitrary storage slot (the owner, balances).</p>`,
		Remediation: `<p>Use <code>pop()</code> and <code>push()</code>, which check bounds (and compile with Solidity 0.6 or ` +
			`later, which forbids assigning <code>length</code>). If the length must shrink, require that it is not zero first ` +
			`and restrict who may do it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "array_name", "how"},
		DetectionLogic: "Assignment, -= or -- on `x.length` where x is a dynamic storage array (assigning 0 is the old way to " +
			"clear and is not reported). High when anyone can reach it and, for decrements, no check that the length is non-zero " +
			"exists; medium when access is restricted; low when the decrement is checked.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-124", "SWC-101"},
		CWE:       []string{"CWE-787", "CWE-191"},
		Languages: []string{"solidity"},
		Slither:   "controlled-array-length",
		Class:     "arbitrary-storage",
	},
	Run: runArrayLengthManipulation,
}

// ArbitraryStorageWrite reports storage writes at a location the caller chooses: an element of
// a dynamic array whose length can be underflowed (see ArrayLengthManipulation) written at a
// parameter index, and inline-assembly sstore to a slot computed from a parameter.
var ArbitraryStorageWrite = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ARBITRARY_STORAGE_WRITE",
		Name:       "Write to arbitrary storage location",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> writes storage at a location ` +
			`the caller chooses (${how}). A caller can overwrite any state variable, including the owner and balances.</p>`,
		Remediation: `<p>Never let a caller pick a raw storage slot. Keep arrays' lengths consistent (<code>push</code>/` +
			`<code>pop</code>), check indexes against the real number of elements, and use mappings for caller-keyed data.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "how"},
		DetectionLogic: "In a function anyone can call: an assignment to arr[i] where i depends on a parameter and arr is a " +
			"dynamic state array whose length the contract decrements without a non-zero check or sets from a parameter (medium when access " +
			"to the write, or to every such length change, is restricted); or, in a function without access control, an assembly sstore " +
			"whose slot depends on a parameter other than through a hash with a fixed seed (mapping-style keccak256 slots, ERC-7201 and " +
			"ERC-1967 constants are places the caller cannot choose).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-124"},
		CWE:       []string{"CWE-123"},
		Languages: []string{"solidity"},
		Slither:   "arbitrary-storage",
		Class:     "arbitrary-storage",
	},
	Run: runArbitraryStorageWrite,
}

// hygLengthWrite is one write to an array's length.
type hygLengthWrite struct {
	fn      *sema.Function
	at      ast.Expr
	array   *sema.Var
	how     string
	checked bool // a decrement with a non-zero check in the function
	param   bool // set from a parameter
	zero    bool // assigned zero (clearing)
	dec     bool
}

// hygLengthWrites finds the writes to storage arrays' lengths in fn.
func hygLengthWrites(p *sema.Program, fn *sema.Function) []hygLengthWrite {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return nil
	}
	var out []hygLengthWrite
	arrayOf := func(x ast.Expr) (*sema.Var, bool) {
		m, ok := ast.Unparen(x).(*ast.MemberExpr)
		if !ok || m.Name.Name != "length" {
			return nil, false
		}
		v := hygStateVarOfExpr(info, m.X)
		if v == nil {
			return nil, false
		}
		t := info.Types[m.X]
		if t == nil {
			t = v.Type
		}
		if !hygIsDynamicArray(t) && !hygIsBytes(t) {
			return nil, false
		}
		return v, true
	}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.UnaryExpr:
			if e.Op == token.DEC {
				if v, ok := arrayOf(e.X); ok {
					out = append(out, hygLengthWrite{fn: fn, at: e, array: v, how: "" + v.Name + ".length--", dec: true,
						checked: hygChecksNonZeroLength(info, fn, v)})
				}
			}
		case *ast.AssignExpr:
			v, ok := arrayOf(e.Lhs)
			if !ok {
				return true
			}
			switch e.Op {
			case token.ASSIGN:
				out = append(out, hygLengthWrite{fn: fn, at: e, array: v, how: "assigned " + v.Name + ".length",
					param: info.Flow.Of(e.Rhs).Has(sema.SrcParam | sema.SrcData), zero: hygIsZeroValue(e.Rhs)})
			case token.SUB_ASSIGN:
				out = append(out, hygLengthWrite{fn: fn, at: e, array: v, how: "" + v.Name + ".length -= ...", dec: true,
					param: info.Flow.Of(e.Rhs).Has(sema.SrcParam)})
			}
		}
		return true
	})
	return out
}

func hygIsBytes(t sema.Type) bool {
	e, ok := t.(*sema.Elementary)
	return ok && e.Name == "bytes"
}

// hygChecksNonZeroLength reports whether fn tests v.length against zero (len > 0, len != 0,
// len >= 1, 0 < len) in a condition.
func hygChecksNonZeroLength(info *sema.FuncInfo, fn *sema.Function, v *sema.Var) bool {
	isLen := func(x ast.Expr) bool {
		m, ok := ast.Unparen(x).(*ast.MemberExpr)
		return ok && m.Name.Name == "length" && hygSameVar(hygStateVarOfExpr(info, m.X), v)
	}
	lit := func(x ast.Expr, val string) bool {
		l, ok := ast.Unparen(x).(*ast.BasicLit)
		return ok && l.Kind == token.NUMBER && l.Value == val
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return !found
		}
		switch {
		case isLen(b.X) && (b.Op == token.GTR || b.Op == token.NEQ) && lit(b.Y, "0"),
			isLen(b.X) && b.Op == token.GEQ && lit(b.Y, "1"),
			isLen(b.Y) && (b.Op == token.LSS || b.Op == token.NEQ) && lit(b.X, "0"),
			isLen(b.Y) && b.Op == token.LEQ && lit(b.X, "1"):
			found = true
		}
		return !found
	})
	return found
}

// hygGuardedAt reports whether the code at pos in fn runs only for authorised callers, or fn
// cannot be called from outside.
func hygGuardedAt(p *sema.Program, fn *sema.Function, pos token.Pos) bool {
	if !fn.IsEntryPoint() {
		return true
	}
	info := p.Info(fn)
	return p.IsGuarded(fn, hygNodeAt(info, pos))
}

// hygNodeAt returns the innermost CFG node of fn's own body whose statement holds pos.
func hygNodeAt(info *sema.FuncInfo, pos token.Pos) *sema.Node {
	if info == nil || info.CFG == nil {
		return nil
	}
	var best *sema.Node
	for _, n := range info.CFG.Nodes {
		if n.Fn != info.Fn {
			continue
		}
		for _, x := range n.Exprs() {
			if x.Pos() <= pos && pos < x.End() {
				if best == nil || x.Pos() >= best.Exprs()[0].Pos() {
					best = n
				}
			}
		}
	}
	return best
}

func runArrayLengthManipulation(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		for _, w := range hygLengthWrites(p, fn) {
			if w.zero {
				continue
			}
			f := detect.Finding{Pos: w.at.Pos(), End: w.at.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "array_name": w.array.Name, "how": w.how}}
			guarded := hygGuardedAt(p, fn, w.at.Pos())
			switch {
			case w.dec && w.checked:
				f.Severity, f.Confidence = detect.Low, detect.ConfidenceLow
			case guarded:
				f.Severity = detect.Medium
			case !w.dec && !w.param:
				f.Severity = detect.Medium
			}
			pass.Report(f)
		}
	}
}

func runArbitraryStorageWrite(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil {
		return
	}
	// Arrays whose length a caller can push past their real size.
	unbounded := map[*sema.Var]string{}
	open := map[*sema.Var]bool{} // some such length write is reachable by anyone
	for _, g := range c.AllFunctions() {
		for _, w := range hygLengthWrites(p, g) {
			if ((w.dec && !w.checked) || w.param) && !hygGuardedAt(p, g, w.at.Pos()) {
				open[w.array] = true
			}
			switch {
			case w.param:
				unbounded[w.array] = "whose length a caller sets"
			case w.dec && !w.checked && unbounded[w.array] == "":
				unbounded[w.array] = "whose length can underflow"
			}
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsEntryPoint() {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.AssignExpr:
				ix, ok := ast.Unparen(e.Lhs).(*ast.IndexExpr)
				if !ok || ix.Index == nil {
					return true
				}
				v := hygStateVarOfExpr(info, ix.X)
				if v == nil || unbounded[v] == "" || !info.Flow.Of(ix.Index).Has(sema.SrcParam) {
					return true
				}
				f := detect.Finding{Pos: e.Pos(), End: e.End(), Function: fn.Name, Details: map[string]string{
					"function_name": fnName(fn),
					"how":           "an element of " + v.Name + ", " + unbounded[v] + ", at a caller-chosen index"}}
				if hygGuardedAt(p, fn, e.Pos()) || !open[v] {
					f.Severity = detect.Medium
				}
				pass.Report(f)
			case *ast.AssemblyStmt:
				// A raw slot only an authorised caller picks is the admin's tool, not an attacker's.
				if hygGuardedAt(p, fn, e.Pos()) || accessControlled(p, fn) {
					return false
				}
				for _, call := range sstoresAtCallerSlot(info, e) {
					pass.Report(detect.Finding{Pos: call.Pos(), End: call.End(), Function: fn.Name, Details: map[string]string{
						"function_name": fnName(fn), "how": "sstore to a slot computed from a parameter"}})
				}
				return false
			}
			return true
		})
	}
}
