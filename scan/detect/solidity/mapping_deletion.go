package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// MappingDeletion reports delete of a struct (or an array of structs) that holds a mapping.
// delete resets every member to its default except mappings, which it cannot enumerate: the
// mapping's entries survive. A deleted proposal keeps its votes, a deleted position keeps its
// per-token balances, and a record created again under the same id inherits them.
var MappingDeletion = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MAPPING_DELETION",
		Name:       "Deletion of a struct holding a mapping",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> deletes ` +
			`a <code>${struct_name}</code>, whose member <code>${mapping_member}</code> is a mapping. <code>delete</code> ` +
			`leaves the entries of a mapping in place, so the data it was meant to erase is still there, and a record ` +
			`later stored in the same place starts with it.</p>`,
		Remediation: `<p>Clear the mapping's entries explicitly (keep the keys in an array to do so) before deleting the ` +
			`struct, or key the mapping by a record id or version that is never reused, so that stale entries are never read.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "struct_name", "mapping_member"},
		DetectionLogic: "delete x where the type of x is a struct, or an array of structs, one of whose members (through " +
			"nested structs and arrays) is a mapping; not reported when the function also writes entries of that mapping " +
			"member of x (the entries are cleared by hand). Low (low confidence) when the comment at the deletion names the " +
			"mapping and says it is kept on purpose.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-459"},
		Languages: []string{"solidity"},
		Slither:   "mapping-deletion",
		Class:     "logic",
	},
	Run: runMappingDeletion,
}

func runMappingDeletion(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for n := range fn.BodyTree().Preorder(unaryKinds) {
			u := n.(*ast.UnaryExpr)
			if u.Op != token.DELETE {
				continue
			}
			st := structOf(info.Types[ast.Unparen(u.X)])
			if st == nil || st.Decl == nil {
				continue
			}
			member, valueType := mappingMember(p, structOwner(p, st), st.Decl, 0)
			if member == "" || clearsMember(p, info, u.X, member, valueType) {
				continue
			}
			details := map[string]string{"expression": sourceText(p, u), "struct_name": st.Decl.Name.Name, "mapping_member": member}
			f := detect.Finding{Pos: u.Pos(), End: u.End(), Function: fn.Name, Details: details, Evidence: &detect.Evidence{}}
			details["function_name"] = fnName(fn)
			f.Evidence.Add("the deleted " + st.Decl.Name.Name + " holds the mapping " + member + ", whose entries delete keeps")
			if keptOnPurpose(p, u, member) {
				f.Severity = detect.Low
				f.Evidence.Guess("a comment at the deletion says the mapping is kept on purpose")
			}
			pass.Report(f)
		}
	}
}

var unaryKinds = inspect.Of((*ast.UnaryExpr)(nil))

// structOf returns the struct type of t, or of the elements of an array t.
func structOf(t sema.Type) *sema.StructType {
	for {
		switch x := t.(type) {
		case *sema.StructType:
			return x
		case *sema.ArrayType:
			t = x.Elem
			continue
		}
		return nil
	}
}

// structOwner returns the contract that declares st (nil at file level).
func structOwner(p *sema.Program, st *sema.StructType) *sema.Contract {
	if i := strings.LastIndexByte(st.Name, '.'); i > 0 {
		return p.LookupContract(st.Name[:i], nil)
	}
	return nil
}

// mappingMember returns the path of the first member of struct d that is a mapping, looking
// through nested structs and arrays ("votes", "inner.allowances"), or "", with the name of
// the mapping's value type when it is a user-defined type.
func mappingMember(p *sema.Program, owner *sema.Contract, d *ast.StructDecl, depth int) (member, valueType string) {
	if depth > 6 {
		return "", ""
	}
	for _, f := range d.Fields {
		if f.Name == nil {
			continue
		}
		t := f.Type
		for {
			if a, ok := t.(*ast.ArrayType); ok {
				t = a.Elem
				continue
			}
			break
		}
		if m, ok := t.(*ast.MappingType); ok {
			for {
				inner, ok := m.Value.(*ast.MappingType)
				if !ok {
					break
				}
				m = inner
			}
			if path := typeNamePath(m.Value); path != nil {
				valueType = path[len(path)-1]
			}
			return f.Name.Name, valueType
		}
		path := typeNamePath(t)
		if path == nil {
			continue
		}
		if decl, in := lookupTypeDecl(p, owner, path); decl != nil {
			if sd, ok := decl.(*ast.StructDecl); ok && sd != d {
				if inner, vt := mappingMember(p, in, sd, depth+1); inner != "" {
					return f.Name.Name + "." + inner, vt
				}
			}
		}
	}
	return "", ""
}

// clearsMember reports whether fn writes entries of the mapping member of x (delete x.m[k],
// x.m[k] = 0, also through a storage pointer to x), or writes through a storage pointer of the mapping's value type (a helper
// returned the entry: Entry storage e = _entryOf(id); delete e.cash): the entries are cleared
// by hand around the deletion.
//
// A storage pointer's target is known to sema only when it is initialised from a state
// variable in the same function; when sema follows pointers returned by helpers, this should
// ask it which state variable the pointer writes instead of comparing type names.
func clearsMember(p *sema.Program, info *sema.FuncInfo, x ast.Expr, member, valueType string) bool {
	want := aliasText(p, info, x) + "." + member
	for n := range info.Fn.BodyTree().Preorder(writeLikeKinds) {
		target := sema.AssignTarget(n)
		if target == nil {
			continue
		}
		if ix, ok := ast.Unparen(target).(*ast.IndexExpr); ok && aliasText(p, info, ix.X) == want {
			return true
		}
		if valueType == "" {
			continue
		}
		if root := info.RootVar(target); root != nil && root.IsStorageRef() && root != info.RootVar(x) {
			if st, ok := root.Type.(*sema.StructType); ok && st.Decl != nil && st.Decl.Name.Name == valueType {
				return true
			}
		}
	}
	return false
}

var writeLikeKinds = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil))

// keptOnPurpose reports whether the comment at a deletion names the mapping member and says it
// is kept on purpose ("usedIds mapping is retained, as intended"): a documented choice
// (documented.go).
func keptOnPurpose(p *sema.Program, del ast.Node, member string) bool {
	name := strings.ToLower(member[strings.LastIndexByte(member, '.')+1:])
	return textMentions(commentAt(p, del), []string{name}) && textMentions(commentAt(p, del), onPurpose)
}

// aliasText is normText with a storage pointer replaced by what it points to, so that
// u.balance -= v (User storage u = users[msg.sender]) matches
// require(users[msg.sender].balance >= v).
func aliasText(p *sema.Program, info *sema.FuncInfo, x ast.Expr) string {
	text := normText(p, x)
	root := x
	for {
		switch e := ast.Unparen(root).(type) {
		case *ast.IndexExpr:
			root = e.X
			continue
		case *ast.MemberExpr:
			root = e.X
			continue
		}
		break
	}
	id, ok := ast.Unparen(root).(*ast.Ident)
	if !ok || !strings.HasPrefix(text, id.Name) {
		return text
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || !v.IsStorageRef() {
		return text
	}
	var init ast.Expr
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if d, ok := n.(*ast.VarDeclStmt); ok && len(d.Vars) == 1 && d.Vars[0] == v.Decl {
			init = d.Value
		}
		return init == nil
	})
	if init == nil {
		return text
	}
	return normText(p, init) + text[len(id.Name):]
}
