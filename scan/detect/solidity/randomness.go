package solidity

import (
	"math/big"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// WeakRandomness reports pseudo-random values derived from block values: block.timestamp,
// block.number, blockhash, difficulty/prevrandao, coinbase, gaslimit (directly, through
// locals, or through state variables the contract fills from them). Every one of them is known
// to the block producer, and to any contract called in the same block, which can compute the
// "random" outcome before acting. The uses that mark randomness are a hash of them converted
// to an integer or compared, a modulo of them, and blockhash values turned into numbers.
var WeakRandomness = &detect.Analyzer{
	Template: detect.Template{
		ID:         "WEAK_RANDOMNESS",
		Name:       "Weak source of randomness",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> derives a ` +
			`pseudo-random value from block values (${block_values}). Block producers know or choose them, and a contract ` +
			`calling in the same block can compute the outcome first and only play when it wins.</p>`,
		Remediation: `<p>Use a verifiable randomness source (Chainlink VRF or another VRF oracle), or a commit-reveal scheme ` +
			`whose reveal happens in a later block; never block values alone.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "block_values"},
		DetectionLogic: "Block values (direct, through locals, assembly ones included, or state initialised from them) reaching " +
			"a hash converted to an integer or compared, a modulo (mod in assembly too; not a power-of-two truncation), or an " +
			"integer conversion of blockhash; high when the function sends ether; low when " +
			"difficulty/prevrandao is only returned to the caller; low confidence when a function's name (random, seed) decided.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-120"},
		CWE:       []string{"CWE-330"},
		Languages: []string{"solidity"},
		Slither:   "weak-prng",
		Class:     "randomness",
	},
	Run: runWeakRandomness,
}

func runWeakRandomness(pass *detect.Pass) {
	p := pass.Program
	state := blockStateVars(p, pass.Contract)
	usedState := map[*sema.Var]bool{}
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		taint := newBlockTaint(info, state)
		local := newBlockTaint(info, nil)
		pays := false
		for _, c := range info.Calls {
			if sendsEther(c) {
				pays = true
			}
		}
		reported := map[int]bool{}
		handedBack := false // the value reported is only returned to the caller
		byName := false     // the function's name decided that the value is a random draw
		report := func(n ast.Node, k blockKind) {
			line := lineOf(p, n.Pos())
			if reported[line] {
				return
			}
			reported[line] = true
			ast.Inspect(n, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok && state[v] != 0 {
						usedState[v] = true
					}
				}
				return true
			})
			sev := detect.Medium
			if pays && fn.IsEntryPoint() {
				sev = detect.High
			}
			if fn.IsView() && !pays {
				sev = detect.Medium
			}
			if inTestCode(fn) || handedBack {
				sev = detect.Low
			}
			var conf detect.Confidence
			if byName {
				conf = detect.ConfidenceLow // a name, not a use, says it is a draw
			}
			reportAt(pass, n, fn, map[string]string{"expression": sourceText(p, n), "block_values": blockNames(k)}, sev, conf)
		}
		numericLocals := numericallyUsedLocals(info, fn)
		randomName := randomishName(fn.Name)
		ancestors(fn, func(n ast.Node, stack []ast.Node) {
			switch e := n.(type) {
			case *ast.VarDeclStmt:
				// Inside a random number generator every block-derived intermediate is part of
				// the predictable draw (uint x = salt * 100 / max).
				if randomName && e.Value != nil {
					if k := taint.of(e.Value); k != 0 {
						byName = true
						report(e.Value, k)
						byName = false
					}
				}
			case *ast.ReturnStmt:
				// function randomGen() returns (uint) { return block.timestamp; }
				if randomName && e.Result != nil {
					if k := taint.of(e.Result); k != 0 {
						byName = true
						report(e.Result, k)
						byName = false
					}
				}
			case *ast.MemberExpr:
				// difficulty and prevrandao have no use but randomness; a getter only returning
				// them leaves the use to its caller (low).
				if k := blockValueKind(info, e); k == blockOther && (e.Name.Name == "difficulty" || e.Name.Name == "prevrandao") {
					if onlyHandedBack(info, e) {
						handedBack = true
					}
					report(e, k)
					handedBack = false
				}
			case *ast.YulCall:
				// r := mod(timestamp(), 10) in assembly
				if e.Name.Name == "mod" && len(e.Args) == 2 && !yulTruncation(e.Args[1]) {
					if k := taint.ofYul(e.Args[0], taint.yul); k != 0 {
						report(e, k)
					}
				}
			case *ast.BinaryExpr:
				if e.Op == token.REM {
					if k := taint.of(e.X); k != 0 && !truncation(e.Y) {
						report(e, k)
					}
				}
			case *ast.CallExpr:
				switch {
				case isHashCall(e):
					k := blockKind(0)
					for _, a := range e.Args {
						k |= taint.of(a)
					}
					if k != 0 && (hashUsedAsNumber(stack, e) || assignedTo(info, stack, e, numericLocals)) {
						report(e, k)
					}
				case blockValueKind(info, e) == blockHash && len(stack) > 0 && len(e.Args) == 1:
					// blockhash of a block number committed earlier (and checked to be
					// recent) is the commit-to-a-future-block scheme: not predictable when
					// the commitment was made.
					arg := e.Args[0]
					if local.of(arg) == 0 && srcOf(info, arg).Has(sema.SrcStorage) && !srcOf(info, arg).Has(sema.SrcParam) {
						break
					}
					if conv, ok := stack[len(stack)-1].(*ast.CallExpr); ok {
						if et, ok := conv.Fun.(*ast.ElementaryType); ok && isIntTypeName(et.Name) {
							report(conv, blockHash|taint.of(e))
						}
					}
				}
			}
		})
	}
	if pass.Contract == nil {
		return
	}
	var vars []*sema.Var
	for v := range usedState {
		if v.Contract == pass.Contract && v.Decl != nil && v.Decl.Value != nil && blockIn(nil, v.Decl.Value) != 0 {
			vars = append(vars, v)
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Decl.Pos() < vars[j].Decl.Pos() })
	for _, v := range vars {
		reportAt(pass, v.Decl, nil, map[string]string{"function_name": "(state variable " + v.Name + ")",
			"expression": sourceText(p, v.Decl), "block_values": blockNames(blockIn(nil, v.Decl.Value))}, detect.Medium, "")
	}
}

// hashUsedAsNumber reports whether a hash call's result is converted to an integer, taken
// modulo, or compared: the shapes of a random draw (an identifier hash is none of them).
func hashUsedAsNumber(stack []ast.Node, call *ast.CallExpr) bool {
	var child ast.Node = call
	for i := len(stack) - 1; i >= 0; i-- {
		switch a := stack[i].(type) {
		case *ast.ParenExpr:
			child = a
			continue
		case *ast.CallExpr:
			if et, ok := a.Fun.(*ast.ElementaryType); ok {
				if isIntTypeName(et.Name) {
					return true
				}
				child = a
				continue // bytes32(...) and friends
			}
			return false
		case *ast.BinaryExpr:
			return a.Op == token.REM || a.Op == token.EQL || a.Op == token.NEQ || a.Op == token.LSS || a.Op == token.GTR ||
				a.Op == token.LEQ || a.Op == token.GEQ || (a.Op == token.QUO && a.X == child)
		default:
			return false
		}
	}
	return false
}

func isIntTypeName(name string) bool {
	return strings.HasPrefix(name, "uint") || strings.HasPrefix(name, "int")
}

func blockNames(k blockKind) string {
	var out []string
	if k&blockTime != 0 {
		out = append(out, "block.timestamp")
	}
	if k&blockNumber != 0 {
		out = append(out, "block.number")
	}
	if k&blockHash != 0 {
		out = append(out, "blockhash")
	}
	if k&blockOther != 0 {
		out = append(out, "block.difficulty/prevrandao/coinbase")
	}
	if len(out) == 0 {
		return "block values"
	}
	s := out[0]
	for _, o := range out[1:] {
		s += ", " + o
	}
	return s
}

// randomishName reports whether a function's name says it produces randomness.
func randomishName(name string) bool {
	return containsLower(name, "rand", "seed", "entropy", "lucky")
}

// numericallyUsedLocals returns the locals of fn used as numbers: converted to an integer,
// taken modulo, or hashed again.
func numericallyUsedLocals(info *sema.FuncInfo, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	mark := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar {
				out[v] = true
			}
		}
	}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if et, ok := e.Fun.(*ast.ElementaryType); ok && isIntTypeName(et.Name) && len(e.Args) == 1 {
				mark(e.Args[0])
			}
			if isHashCall(e) {
				for _, a := range e.Args {
					mark(a)
				}
			}
		case *ast.BinaryExpr:
			if e.Op == token.REM {
				mark(e.X)
			}
		}
		return true
	})
	return out
}

// assignedTo reports whether the hash call is the value of a local that is used as a number.
func assignedTo(info *sema.FuncInfo, stack []ast.Node, call *ast.CallExpr, numeric map[*sema.Var]bool) bool {
	if len(stack) == 0 {
		return false
	}
	switch a := stack[len(stack)-1].(type) {
	case *ast.VarDeclStmt:
		if a.Value == call && len(a.Vars) == 1 && a.Vars[0] != nil {
			for _, v := range info.Fn.Locals {
				if v.Decl == a.Vars[0] && numeric[v] {
					return true
				}
			}
		}
	case *ast.AssignExpr:
		if a.Rhs == call {
			if id, ok := a.Lhs.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*sema.Var)
				return v != nil && numeric[v]
			}
		}
	}
	return false
}

// yulTruncation is truncation for assembly: a modulus that is a power of two of 17 bits or more
// (mod(timestamp(), 0x100000000)) keeps the low bits of a value, it draws nothing.
func yulTruncation(x ast.YulExpr) bool {
	lit, ok := x.(*ast.YulLit)
	if !ok || lit.Kind != token.NUMBER {
		return false
	}
	v, ok := new(big.Int).SetString(lit.Value, 0)
	return ok && wideTruncation(v)
}
