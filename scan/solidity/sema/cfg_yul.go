package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// yulBuilder adds the statements of an inline assembly block to a function's graph: each
// simple statement is a node (Node.Yul), if/switch/for conditions are NodeCond nodes
// (Node.YulCond()) with one NodeBranch per side or case, revert() and invalid() go to the revert
// sink, return() and stop() end the call (the exit), and so does selfdestruct(). Yul function
// definitions do not run where they stand: their bodies are summarised at their calls
// (yulFunc facts), and a call of one that always reverts goes to the revert sink.
type yulBuilder struct {
	b     *cfgBuilder
	funcs map[string]*ast.YulFuncDef
	loops []*loopCtx
	root  *ast.YulBlock // the whole assembly block
	// mem tells whether the block names a Solidity variable (0 not known yet, 1 no, 2 yes):
	// then its memory writes may change what is known of a Solidity object.
	mem int8
}

// yulFuncDefs maps the names of the functions an assembly block defines (at any depth; the
// first definition of a name wins) to their definitions.
func yulFuncDefs(b *ast.YulBlock) map[string]*ast.YulFuncDef {
	var out map[string]*ast.YulFuncDef
	ast.Inspect(b, func(n ast.Node) bool {
		if f, ok := n.(*ast.YulFuncDef); ok && f.Name != nil {
			if out == nil {
				out = map[string]*ast.YulFuncDef{}
			}
			if out[f.Name.Name] == nil {
				out[f.Name.Name] = f
			}
		}
		return true
	})
	return out
}

func (y *yulBuilder) node(kind NodeKind, s ast.Node, cur []*Node) *Node {
	n := y.b.g.newNode(kind, y.b.fn)
	n.Yul = s
	n.InLoop = len(y.b.loops) > 0 || len(y.loops) > 0
	for _, c := range cur {
		link(c, n)
	}
	return n
}

func (y *yulBuilder) block(b *ast.YulBlock, cur []*Node) []*Node {
	if b == nil {
		return cur
	}
	if y.root == nil {
		y.root = b
	}
	for _, s := range b.List {
		if len(cur) == 0 {
			return nil // unreachable code: not part of the graph
		}
		cur = y.stmt(s, cur)
	}
	return cur
}

func (y *yulBuilder) stmt(s ast.YulStmt, cur []*Node) []*Node {
	y.b.depth++
	defer func() { y.b.depth-- }()
	if y.b.depth > 200 {
		return []*Node{y.node(NodeStmt, s, cur)}
	}
	g := y.b.g
	switch s := s.(type) {
	case *ast.YulBlock:
		return y.block(s, cur)
	case *ast.YulFuncDef:
		return cur // defined here, run where it is called
	case *ast.YulIf:
		cond := y.node(NodeCond, s.Cond, cur)
		t := y.b.branch(cond, true)
		f := y.b.branch(cond, false)
		return append(y.block(s.Body, []*Node{t}), f)
	case *ast.YulSwitch:
		cond := y.node(NodeCond, s.X, cur)
		var ends []*Node
		hasDefault := false
		for _, c := range s.Cases {
			br := y.b.branch(cond, c.Value != nil)
			br.Yul = c
			hasDefault = hasDefault || c.Value == nil
			ends = append(ends, y.block(c.Body, []*Node{br})...)
		}
		if !hasDefault {
			ends = append(ends, y.b.branch(cond, false))
		}
		return ends
	case *ast.YulFor:
		cur = y.block(s.Init, cur)
		if len(cur) == 0 {
			return nil
		}
		head := y.node(NodeJoin, nil, cur)
		lc := &loopCtx{}
		y.loops = append(y.loops, lc)
		cond := y.node(NodeCond, s.Cond, []*Node{head})
		body := y.b.branch(cond, true)
		exit := y.b.branch(cond, false)
		post := g.newNode(NodeJoin, y.b.fn)
		post.InLoop = true
		lc.cont = post
		for _, e := range y.block(s.Body, []*Node{body}) {
			link(e, post)
		}
		for _, e := range y.block(s.Post, []*Node{post}) {
			link(e, head)
		}
		y.loops = y.loops[:len(y.loops)-1]
		return append([]*Node{exit}, lc.brk...)
	case *ast.YulBranch:
		n := y.node(NodeStmt, s, cur)
		if len(y.loops) > 0 {
			lc := y.loops[len(y.loops)-1]
			switch s.Kind {
			case "break":
				lc.brk = append(lc.brk, n)
				return nil
			case "continue":
				link(n, lc.cont)
				return nil
			}
		}
		return []*Node{n}
	case *ast.YulLet, *ast.YulAssign:
		if !y.matters(s) {
			return cur
		}
		return []*Node{y.node(NodeStmt, s, cur)}
	case *ast.YulExprStmt:
		if !y.matters(s) {
			return cur
		}
		n := y.node(NodeStmt, s, cur)
		if c, ok := s.X.(*ast.YulCall); ok {
			switch y.ends(c, 0) {
			case yulRevert:
				link(n, g.Revert)
				return nil
			case yulHalt:
				link(n, g.Halt)
				return nil
			}
		}
		return []*Node{n}
	}
	return []*Node{y.node(NodeStmt, s, cur)}
}

// yulEnd tells how a call used as a statement ends the code after it.
type yulEnd int

const (
	yulGoesOn yulEnd = iota
	yulRevert        // revert(...), invalid(), or a function of the block that always reverts
	yulHalt          // return(...), stop(), selfdestruct(...): the call ends without reverting
)

// ends tells whether call c of a statement ends execution: the opcodes that do, and calls of
// the block's functions whose body ends so on every path (followed a few levels deep).
func (y *yulBuilder) ends(c *ast.YulCall, depth int) yulEnd {
	switch c.Name.Name {
	case "revert", "invalid":
		return yulRevert
	case "return", "stop", "selfdestruct":
		return yulHalt
	}
	def := y.funcs[c.Name.Name]
	if def == nil || depth > 4 {
		return yulGoesOn
	}
	return y.blockEnds(def.Body, depth+1)
}

// blockEnds tells how a block ends when every path through it ends: a statement at its top
// level that ends it (an if may be skipped, so only plain statements and nested blocks count).
func (y *yulBuilder) blockEnds(b *ast.YulBlock, depth int) yulEnd {
	if b == nil {
		return yulGoesOn
	}
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.YulExprStmt:
			if c, ok := s.X.(*ast.YulCall); ok {
				if e := y.ends(c, depth); e != yulGoesOn {
					return e
				}
			}
		case *ast.YulBlock:
			if e := y.blockEnds(s, depth); e != yulGoesOn {
				return e
			}
		case *ast.YulBranch:
			if s.Kind == "leave" {
				return yulGoesOn
			}
		}
	}
	return yulGoesOn
}

// matters reports whether an assembly statement does something a fact is made of: it calls
// out, creates, destroys, stores or loads storage, reads who calls (caller, origin,
// callvalue), ends the call (return, stop, revert, invalid), calls one of the block's own
// functions, or assigns a Solidity variable. The rest (memory and arithmetic: most of the
// assembly in optimised code) moves no fact, and gets no node: the graph keeps its size.
func (y *yulBuilder) matters(s ast.YulStmt) bool {
	if a, ok := s.(*ast.YulAssign); ok {
		info := y.b.p.Info(y.b.fn)
		for _, id := range a.Names {
			if info == nil || info.YulUses[id] != nil {
				return true
			}
		}
	}
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && !found {
			if yulFactOps[c.Name.Name] || y.funcs[c.Name.Name] != nil {
				found = true
			} else if _, writes := yulMemoryWrite(c); writes && y.namesMemoryObject() {
				found = true // may change a Solidity object's length or members
			}
		}
		return !found
	})
	return found
}

// namesMemoryObject reports whether the assembly block names a Solidity variable: only then
// can its memory writes reach what the facts know of Solidity objects (a pointer, or a
// number used as one, comes from Solidity; a block that names none writes scratch space and
// buffers of its own), and only then do they get nodes.
func (y *yulBuilder) namesMemoryObject() bool {
	if y.mem == 0 {
		y.mem = 1
		info := y.b.p.Info(y.b.fn)
		if info != nil && y.root != nil {
			ast.Inspect(y.root, func(n ast.Node) bool {
				if id, ok := n.(*ast.YulIdent); ok && info.YulUses[id] != nil {
					y.mem = 2
				}
				return y.mem == 1
			})
		}
	}
	return y.mem == 2
}

// yulFactOps are the assembly operations facts are made of.
var yulFactOps = map[string]bool{
	"call": true, "callcode": true, "delegatecall": true, "staticcall": true, "create": true, "create2": true,
	"selfdestruct": true, "sstore": true, "sload": true, "tstore": true, "tload": true, "caller": true,
	"origin": true, "callvalue": true, "return": true, "stop": true, "revert": true, "invalid": true,
	"timestamp": true, "number": true, "prevrandao": true, "difficulty": true, "blockhash": true,
	"balance": true, "selfbalance": true, "address": true, "extcodesize": true, "returndatacopy": true, "returndatasize": true,
}
