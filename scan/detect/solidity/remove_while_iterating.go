package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// RemoveWhileIterating reports a loop that walks a storage collection by ascending index and
// removes from that same collection inside the loop: EnumerableSet.remove (or an
// EnumerableMap's), or the swap-and-pop removal of an array. Both move the last element into
// the removed slot, which the loop has already passed once it increments the index: that
// element is never visited (an expired order is never cancelled, a member never paid), and a
// loop bounded by a length read before the loop runs past the end.
var RemoveWhileIterating = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REMOVE_WHILE_ITERATING",
		Name:       "Removal from a collection while iterating over it by index",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, the loop walks ` +
			`<code>${collection}</code> by ascending index <code>${index}</code> and removes from it inside the loop ` +
			`(<code>${removal}</code>). Removal moves the last element into the freed slot, which the loop has already ` +
			`passed when it increments <code>${index}</code>: that element is skipped.</p>`,
		Remediation: `<p>Iterate backwards (from the last index down), do not increment the index after a removal, or ` +
			`collect the elements to remove first and remove them in a second loop.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "collection", "index", "removal"},
		DetectionLogic: "A for loop whose step increments its index (i++, ++i, i += 1, i = i + 1), or a while loop whose body " +
			"increments it unconditionally at its top level, reads a storage collection at that index (c.at(i) or c[i], " +
			"c rooted in a state variable) and, in its body, calls remove or pop on the same collection (same expression), " +
			"or calls an internal or library function that removes from or pops the same state variable (medium " +
			"confidence); not reported when the body also decrements the index, or leaves the loop (break, return) right " +
			"after the removal.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-834"},
		Languages: []string{"solidity"},
		Class:     "logic",
	},
	Run: runRemoveWhileIterating,
}

func runRemoveWhileIterating(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		visitKinds(fn.BodyTree(), iterLoopKinds, func(n ast.Node) bool {
			idx, body := ascendingIndex(info, n)
			if idx == nil || body == nil || decrements(info, body, idx) {
				return true
			}
			for _, coll := range readsAtIndex(p, info, body, idx) {
				removal, viaHelper := removesFrom(p, info, body, coll)
				if removal == nil || leavesAfter(body, removal) {
					continue
				}
				conf := detect.Confidence("")
				if viaHelper {
					conf = detect.ConfidenceMedium
				}
				reportAt(pass, removal, fn, map[string]string{"collection": sourceText(p, coll.expr),
					"index": idx.Name, "removal": sourceText(p, removal)}, "", conf)
				break
			}
			return true
		})
	}
}

var iterLoopKinds = inspect.Of((*ast.ForStmt)(nil), (*ast.WhileStmt)(nil), (*ast.DoWhileStmt)(nil))

// ascendingIndex returns the index a loop steps up by one, and the loop's body: the variable a
// for loop's step increments, or one a while (or do-while) body increments unconditionally, at
// its top level.
func ascendingIndex(info *sema.FuncInfo, n ast.Node) (*sema.Var, ast.Stmt) {
	switch l := n.(type) {
	case *ast.ForStmt:
		if l.Post != nil {
			return incrementedVar(info, l.Post), l.Body
		}
	case *ast.WhileStmt:
		return topLevelIncrement(info, l.Body), l.Body
	case *ast.DoWhileStmt:
		return topLevelIncrement(info, l.Body), l.Body
	}
	return nil, nil
}

// topLevelIncrement returns the variable a block increments by one in one of its own
// statements (not inside a branch).
func topLevelIncrement(info *sema.FuncInfo, body ast.Stmt) *sema.Var {
	b, ok := body.(*ast.BlockStmt)
	if !ok {
		return nil
	}
	for _, s := range b.List {
		if es, ok := s.(*ast.ExprStmt); ok {
			if v := incrementedVar(info, es.X); v != nil {
				return v
			}
		}
		if blk, ok := s.(*ast.BlockStmt); ok && blk.Unchecked {
			if v := topLevelIncrement(info, blk); v != nil {
				return v
			}
		}
	}
	return nil
}

// incrementedVar returns the local x of x++, ++x, x += 1 or x = x + 1.
func incrementedVar(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	local := func(e ast.Expr) *sema.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.Uses[id].(*sema.Var)
		if v == nil || v.Kind == sema.StateVar {
			return nil
		}
		return v
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.INC {
			return local(e.X)
		}
	case *ast.AssignExpr:
		v := local(e.Lhs)
		if v == nil {
			return nil
		}
		if e.Op == token.ADD_ASSIGN && isOneLit(e.Rhs) {
			return v
		}
		if b, ok := ast.Unparen(e.Rhs).(*ast.BinaryExpr); ok && e.Op == token.ASSIGN && b.Op == token.ADD &&
			(local(b.X) == v && isOneLit(b.Y) || local(b.Y) == v && isOneLit(b.X)) {
			return v
		}
	}
	return nil
}

func isOneLit(x ast.Expr) bool {
	v := litValue(ast.Unparen(x))
	return v != nil && v.IsInt64() && v.Int64() == 1
}

// decrements reports whether body steps idx back (i--, --i, i -= n, i = ...): the loop
// revisits the slot a removal refilled.
func decrements(info *sema.FuncInfo, body ast.Stmt, idx *sema.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.UnaryExpr:
			if e.Op == token.DEC && isVarRef(info, e.X, idx) {
				found = true
			}
		case *ast.AssignExpr:
			if isVarRef(info, e.Lhs, idx) && (e.Op == token.SUB_ASSIGN || e.Op == token.ASSIGN) {
				found = true
			}
		}
		return !found
	})
	return found
}

// iterColl is a storage collection read at the loop index.
type iterColl struct {
	expr ast.Expr  // the collection as written
	root *sema.Var // the state variable it lives in
}

// readsAtIndex returns the storage collections body reads at idx: c.at(idx) or c[idx].
func readsAtIndex(p *sema.Program, info *sema.FuncInfo, body ast.Stmt, idx *sema.Var) []iterColl {
	var out []iterColl
	seen := map[string]bool{}
	add := func(c ast.Expr) {
		root := p.StateVarOf(info, ast.Unparen(c))
		if root == nil || seen[normText(p, c)] {
			return
		}
		seen[normText(p, c)] = true
		out = append(out, iterColl{c, root})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if m, ok := stripOptions(e.Fun).(*ast.MemberExpr); ok && m.Name.Name == "at" && len(e.Args) == 1 &&
				isVarRef(info, e.Args[0], idx) {
				add(m.X)
			}
			// EnumerableSet.at(set, i) written as a static library call.
			if call := info.CallOf[e]; call != nil && call.Kind == sema.CallLibrary && call.Name == "at" && len(e.Args) == 2 &&
				isVarRef(info, e.Args[1], idx) {
				add(e.Args[0])
			}
		case *ast.IndexExpr:
			if e.Index != nil && isVarRef(info, e.Index, idx) {
				add(e.X)
			}
		}
		return true
	})
	return out
}

// removesFrom returns the removal from coll inside body: c.remove(...) or c.pop() on the same
// collection, or a call to an internal or library function that removes from or pops the
// same state variable (viaHelper).
func removesFrom(p *sema.Program, info *sema.FuncInfo, body ast.Stmt, coll iterColl) (ast.Node, bool) {
	want := normText(p, coll.expr)
	var found ast.Node
	helper := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		e, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if recv, name := removalCall(info, e); recv != nil && normText(p, recv) == want && (name == "remove" || name == "pop") {
			found = e
			return false
		}
		if call := info.CallOf[e]; call != nil && (call.Kind == sema.CallInternal || call.Kind == sema.CallLibrary) &&
			call.Callee != nil && call.Callee.Body != nil && helperRemoves(p, call.Callee, coll.root) {
			found, helper = e, true
		}
		return true
	})
	return found, helper
}

// removalCall returns the collection and the name of a remove or pop call: c.remove(x),
// c.pop(), or the static EnumerableSet.remove(c, x).
func removalCall(info *sema.FuncInfo, e *ast.CallExpr) (ast.Expr, string) {
	m, ok := stripOptions(e.Fun).(*ast.MemberExpr)
	if !ok || (m.Name.Name != "remove" && m.Name.Name != "pop") {
		return nil, ""
	}
	if call := info.CallOf[e]; call != nil && call.Kind == sema.CallLibrary && methodReceiver(call) == nil && len(e.Args) > 0 {
		return e.Args[0], m.Name.Name
	}
	return m.X, m.Name.Name
}

// helperRemoves reports whether fn (or what it calls) removes from or pops state variable v.
func helperRemoves(p *sema.Program, fn *sema.Function, v *sema.Var) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		found := false
		g.BodyTree().Inspect(func(n ast.Node) bool {
			if e, ok := n.(*ast.CallExpr); ok {
				if recv, _ := removalCall(gi, e); recv != nil && p.StateVarOf(gi, ast.Unparen(recv)) == v {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// leavesAfter reports whether the statements that follow the removal in its block leave the
// loop (break or return): nothing is iterated after the removal.
func leavesAfter(body ast.Stmt, removal ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || found {
			return !found
		}
		for i, s := range b.List {
			if s.Pos() > removal.Pos() || s.End() < removal.End() {
				continue
			}
			// s holds the removal: a later statement of the same block must leave.
			for _, t := range b.List[i+1:] {
				switch t := t.(type) {
				case *ast.ReturnStmt:
					found = true
				case *ast.BranchStmt:
					found = t.Tok == token.BREAK
				}
				if found {
					break
				}
			}
		}
		return !found
	})
	return found
}
