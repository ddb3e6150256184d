package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

func parse(t *testing.T, src string) (*ast.File, ErrorList) {
	t.Helper()
	return ParseFile(token.NewFileSet(), "test.sol", []byte(src))
}

func mustParse(t *testing.T, src string) *ast.File {
	t.Helper()
	f, errs := parse(t, src)
	for _, e := range errs {
		t.Errorf("unexpected error: %s", e)
	}
	return f
}

// render prints an expression fully parenthesised, to check precedence and associativity.
func render(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BasicLit:
		if x.Unit != nil {
			return x.Value + " " + x.Unit.Name
		}
		return x.Value
	case *ast.ElementaryType:
		return x.Name
	case *ast.BinaryExpr:
		return "(" + render(x.X) + " " + x.Op.String() + " " + render(x.Y) + ")"
	case *ast.AssignExpr:
		return "(" + render(x.Lhs) + " " + x.Op.String() + " " + render(x.Rhs) + ")"
	case *ast.UnaryExpr:
		if x.Postfix {
			return "(" + render(x.X) + x.Op.String() + ")"
		}
		op := x.Op.String()
		if x.Op == token.DELETE {
			op += " "
		}
		return "(" + op + render(x.X) + ")"
	case *ast.CondExpr:
		return "(" + render(x.Cond) + " ? " + render(x.Then) + " : " + render(x.Else) + ")"
	case *ast.ParenExpr:
		return render(x.X)
	case *ast.TupleExpr:
		parts := make([]string, len(x.Elems))
		for i, e := range x.Elems {
			if e != nil {
				parts[i] = render(e)
			}
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case *ast.MemberExpr:
		return render(x.X) + "." + x.Name.Name
	case *ast.IndexExpr:
		if x.Index == nil {
			return render(x.X) + "[]"
		}
		return render(x.X) + "[" + render(x.Index) + "]"
	case *ast.SliceExpr:
		s := render(x.X) + "["
		if x.Low != nil {
			s += render(x.Low)
		}
		s += ":"
		if x.High != nil {
			s += render(x.High)
		}
		return s + "]"
	case *ast.CallExpr:
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = render(a)
			if x.Names != nil {
				args[i] = x.Names[i].Name + ": " + args[i]
			}
		}
		if x.Names != nil {
			return render(x.Fun) + "({" + strings.Join(args, ", ") + "})"
		}
		return render(x.Fun) + "(" + strings.Join(args, ", ") + ")"
	case *ast.CallOptions:
		opts := make([]string, len(x.Values))
		for i, v := range x.Values {
			opts[i] = x.Names[i].Name + ": " + render(v)
		}
		return render(x.X) + "{" + strings.Join(opts, ", ") + "}"
	case *ast.NewExpr:
		return "new " + render(x.Type)
	case *ast.MetaTypeExpr:
		return "type(" + render(x.Type) + ")"
	case *ast.ArrayType:
		if x.Len == nil {
			return render(x.Elem) + "[]"
		}
		return render(x.Elem) + "[" + render(x.Len) + "]"
	case *ast.IdentPath:
		return x.String()
	case *ast.ArrayLit:
		parts := make([]string, len(x.Elems))
		for i, e := range x.Elems {
			parts[i] = render(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("<%T>", x)
}

// firstStmt returns the first statement of function f in a contract wrapped around body.
func bodyStmts(t *testing.T, body string) []ast.Stmt {
	t.Helper()
	f := mustParse(t, "contract C { function f() public { "+body+" } }")
	return f.Decls[0].(*ast.ContractDecl).Body[0].(*ast.FuncDecl).Body.List
}

func TestPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a * b + c", "((a * b) + c)"},
		{"a - b - c", "((a - b) - c)"},
		{"a ** b ** c", "(a ** (b ** c))"},
		{"-a ** 2", "((-a) ** 2)"},
		{"a << 1 + 2", "(a << (1 + 2))"},
		{"a & b == c", "((a & b) == c)"}, // bitwise binds tighter than comparison
		{"a | b < c", "((a | b) < c)"},   // unlike C
		{"a ^ b & c", "(a ^ (b & c))"},
		{"a == b && c != d || e", "(((a == b) && (c != d)) || e)"},
		{"a = b = c", "(a = (b = c))"},
		{"a += b * 2", "(a += (b * 2))"},
		{"a ? b : c ? d : e", "(a ? b : (c ? d : e))"},
		{"x = a ? b : c", "(x = (a ? b : c))"},
		{"!a && b", "((!a) && b)"},
		{"i++ + ++j", "((i++) + (++j))"},
		{"delete a[i]", "(delete a[i])"},
		{"a.b(c).d[e]", "a.b(c).d[e]"},
		{"x[1:]", "x[1:]"},
		{"x[:n]", "x[:n]"},
		{"1 ether + 2 gwei", "(1 ether + 2 gwei)"},
		{"1e18 * 2.5e3", "(1e18 * 2.5e3)"},
		{"addr.call{value: 1, gas: g}(data)", "addr.call{value: 1, gas: g}(data)"},
		{"new uint[](n)", "new uint[](n)"},
		{"type(uint256).max", "type(uint256).max"},
		{"f({a: 1, b: 2})", "f({a: 1, b: 2})"},
		{"(a, b) = (b, a)", "((a, b) = (b, a))"},
		{"(a, , c) = f()", "((a, , c) = f())"},
		{"[1, 2, 3][i]", "[1, 2, 3][i]"},
		{"payable(msg.sender).transfer(1)", "payable(msg.sender).transfer(1)"},
		{"address(0)", "address(0)"},
		{"abi.decode(d, (uint, address[]))", "abi.decode(d, (uint, address[]))"},
		{"a >>> 2", "(a >>> 2)"},
	}
	for _, tt := range tests {
		stmts := bodyStmts(t, tt.src+";")
		if len(stmts) != 1 {
			t.Errorf("%s: got %d statements", tt.src, len(stmts))
			continue
		}
		es, ok := stmts[0].(*ast.ExprStmt)
		if !ok {
			t.Errorf("%s: got %T, want expression statement", tt.src, stmts[0])
			continue
		}
		if got := render(es.X); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestDeclarationOrExpression(t *testing.T) {
	tests := []struct {
		src  string
		decl bool
	}{
		{"uint x = 1;", true},
		{"uint[] memory xs = new uint[](3);", true},
		{"a.B[] storage bs = s;", true},
		{"mapping(uint => uint) storage m = ms;", true},
		{"address payable p = payable(0);", true},
		{"(uint a, , bool c) = f();", true},
		{"(uint a, bytes memory b) = f();", true},
		{"function (uint) external returns (uint) g = this.h;", true},
		{"uint transient t;", true},
		{"a[i] = 1;", false},
		{"a.b.c = 2;", false},
		{"uint[](3);", false},
		{"(a, b) = f();", false},
		{"x;", false},
		{"uint[];", false},
	}
	for _, tt := range tests {
		stmts := bodyStmts(t, tt.src)
		if len(stmts) != 1 {
			t.Errorf("%s: got %d statements", tt.src, len(stmts))
			continue
		}
		_, isDecl := stmts[0].(*ast.VarDeclStmt)
		if isDecl != tt.decl {
			t.Errorf("%s: declaration=%v, want %v (%T)", tt.src, isDecl, tt.decl, stmts[0])
		}
	}
}

// TestOldSyntax checks the 0.4-era constructs that deployed contracts still use.
func TestOldSyntax(t *testing.T) {
	f := mustParse(t, `pragma solidity ^0.4.18;
contract Old {
    address owner;
    function Old() public { owner = msg.sender; }
    function () payable { }
    function get() constant returns (uint) { var x = 1; var (a, b) = (1, 2); return x; }
    function kill() { if (msg.sender != owner) throw; suicide(owner); }
    function h(bytes32 d) returns (bytes32) { return sha3(d); }
    function y() { uint t = now + 1 years + 2 finney; msg.sender.call.value(1)(); }
    function asm() { assembly { let x := 0 loop: jump(loop) x pop } }
}`)
	c := f.Decls[1].(*ast.ContractDecl)
	if n := len(c.Body); n != 8 {
		t.Fatalf("got %d members, want 8", n)
	}
	if fn := c.Body[1].(*ast.FuncDecl); fn.Name.Name != "Old" {
		t.Errorf("constructor named after contract: got %v", fn.Name)
	}
	if fn := c.Body[2].(*ast.FuncDecl); fn.Name != nil || fn.Mutability != token.PAYABLE {
		t.Errorf("unnamed fallback: got name %v mutability %v", fn.Name, fn.Mutability)
	}
	if fn := c.Body[3].(*ast.FuncDecl); fn.Mutability != token.CONSTANT {
		t.Errorf("constant function: got %v", fn.Mutability)
	}
	kill := c.Body[4].(*ast.FuncDecl)
	if _, ok := kill.Body.List[0].(*ast.IfStmt).Then.(*ast.ThrowStmt); !ok {
		t.Errorf("throw: got %T", kill.Body.List[0].(*ast.IfStmt).Then)
	}
}

// TestModernSyntax checks current constructs.
func TestModernSyntax(t *testing.T) {
	f := mustParse(t, `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
import {IERC20 as Token, SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import * as Lib from "./Lib.sol";
type Price is uint128;
using {add as +, eq as ==} for Price global;
error Unauthorized(address caller);
event Log(uint indexed a);
uint constant LIMIT = 10;
function add(Price a, Price b) pure returns (Price) { return Price.wrap(Price.unwrap(a) + Price.unwrap(b)); }
function eq(Price a, Price b) pure returns (bool) { return Price.unwrap(a) == Price.unwrap(b); }
abstract contract Base { function v() public virtual returns (uint); }
interface I { function g() external view returns (uint); }
library L { function f(uint x) internal pure returns (uint) { return x; } }
contract C is Base layout at 0x100 {
    using L for uint;
    mapping(address user => mapping(uint256 id => bool)) public seen;
    uint256 transient lock;
    uint256 public immutable start;
    Price p;
    constructor() payable { start = block.timestamp; }
    receive() external payable {}
    fallback(bytes calldata) external returns (bytes memory) { return ""; }
    function v() public override(Base) returns (uint r) {
        unchecked { r = 1 - 2; }
        try I(address(this)).g() returns (uint x) { r = x; } catch Error(string memory) { } catch Panic(uint) { } catch (bytes memory) { }
        if (r == 0) revert Unauthorized(msg.sender);
        emit Log({a: r});
        string memory s = unicode"héllo" "x";
        bytes memory h = hex"00ff" hex'aa';
        assembly ("memory-safe") {
            let a, b := f2()
            function f2() -> x, y { x := 1 y := 2 leave }
            switch a case 0 { } case 0x10 { } default { }
            for { let i := 0 } lt(i, 10) { i := add(i, 1) } { if eq(i, 5) { break } continue }
            tstore(lock.slot, 1)
        }
    }
}`)
	if len(f.Decls) != 14 {
		t.Fatalf("got %d declarations, want 14", len(f.Decls))
	}
	c := f.Decls[13].(*ast.ContractDecl)
	if c.Layout == nil || len(c.Bases) != 1 {
		t.Errorf("layout at / bases not parsed: %+v", c)
	}
	if v := c.Body[2].(*ast.VarDecl); !v.Transient || v.Name.Name != "lock" {
		t.Errorf("transient state variable: %+v", v)
	}
	kinds := []ast.FuncKind{ast.FuncConstructor, ast.FuncReceive, ast.FuncFallback}
	for i, k := range kinds {
		if fn := c.Body[5+i].(*ast.FuncDecl); fn.Kind != k {
			t.Errorf("member %d: kind %v, want %v", 5+i, fn.Kind, k)
		}
	}
}

// TestRecovery checks that a syntax error costs one diagnostic with a useful position and that
// parsing resumes at the next statement or declaration.
func TestRecovery(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		msg       string
		funcs     int // functions that must still be found in contract C
	}{
		{"missing semicolon", "contract C {\n function a() public { uint x = 1\n uint y = 2; }\n function b() public {}\n}", 2, 34, "expected ';'", 2},
		{"bad expression", "contract C {\n function a() public { x = + ; }\n function b() public {}\n}", 2, 30, "expected expression", 2},
		{"garbage member", "contract C {\n 123;\n function b() public {}\n}", 2, 2, "expected function, modifier", 1},
		{"missing brace", "contract C {\n function a() public {\n   if (x) { y();\n }\n function b() public {}\n}", 5, 2, "expected '}'", 2},
		{"unterminated string", "contract C {\n function a() public { s = \"abc;\n }\n function b() public {}\n}", 2, 28, "string literal not terminated", 2},
		{"bad parameter", "contract C {\n function a(uint, ) public {}\n function b() public {}\n}", 2, 19, "trailing comma", 2},
		{"illegal character", "contract C {\n function a() public { x = 1 # 2; }\n function b() public {}\n}", 2, 30, "illegal character", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, errs := parse(t, tt.src)
			if len(errs) == 0 {
				t.Fatal("no error reported")
			}
			e := errs[0]
			if e.Pos.Line != tt.line || e.Pos.Column != tt.col || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got %d:%d %q, want %d:%d containing %q", e.Pos.Line, e.Pos.Column, e.Msg, tt.line, tt.col, tt.msg)
			}
			var funcs int
			ast.Inspect(f, func(n ast.Node) bool {
				if _, ok := n.(*ast.FuncDecl); ok {
					funcs++
				}
				return true
			})
			if funcs != tt.funcs {
				t.Errorf("found %d functions after recovery, want %d", funcs, tt.funcs)
			}
		})
	}
}

func TestComments(t *testing.T) {
	f := mustParse(t, `pragma solidity ^0.8.0;
/// @title Vault
/// @notice Holds funds.
contract Vault {
    /**
     * @dev Withdraws everything.
     */
    function withdraw() external {
        // vigil-disable-next-line REENTRANCY
        msg.sender.call("");
    }
    uint x; // trailing note, not a doc comment
    uint y;
}`)
	c := f.Decls[1].(*ast.ContractDecl)
	if got := c.Doc.Text(); got != "@title Vault\n@notice Holds funds." {
		t.Errorf("contract doc: %q", got)
	}
	if got := c.Body[0].(*ast.FuncDecl).Doc.Text(); got != "@dev Withdraws everything." {
		t.Errorf("function doc: %q", got)
	}
	if d := c.Body[2].(*ast.VarDecl).Doc; d != nil {
		t.Errorf("trailing comment taken as doc of next declaration: %q", d.Text())
	}
	var found bool
	for _, g := range f.Comments {
		if strings.Contains(g.Text(), "vigil-disable-next-line REENTRANCY") {
			found = true
		}
	}
	if !found || len(f.Comments) != 4 {
		t.Errorf("comments not kept: %d groups, suppression found %v", len(f.Comments), found)
	}
}

// TestPositions checks node ranges against the source text.
func TestPositions(t *testing.T) {
	src := "contract C {\n    function f(uint a) public returns (uint) { return a + 1; }\n}\n"
	fset := token.NewFileSet()
	f, errs := ParseFile(fset, "p.sol", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	fn := f.Decls[0].(*ast.ContractDecl).Body[0].(*ast.FuncDecl)
	text := func(n ast.Node) string {
		file := fset.File(n.Pos())
		return src[file.Offset(n.Pos()):file.Offset(n.End())]
	}
	ret := fn.Body.List[0].(*ast.ReturnStmt)
	checks := map[string]ast.Node{
		"function f(uint a) public returns (uint) { return a + 1; }": fn,
		"return a + 1;": ret,
		"a + 1":         ret.Result,
		"uint a":        fn.Params.List[0],
		"(uint a)":      fn.Params,
	}
	for want, n := range checks {
		if got := text(n); got != want {
			t.Errorf("%T: got %q, want %q", n, got, want)
		}
	}
	if p := fset.Position(ret.Pos()); p.Line != 2 || p.Column != 48 {
		t.Errorf("return position %v", p)
	}
}

// TestTruncatedInputs parses every prefix of a real contract (at many cut points): the parser
// must return without panicking or looping, whatever the cut.
func TestTruncatedInputs(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "modern.sol"))
	if err != nil {
		t.Fatal(err)
	}
	step := max(len(src)/400, 1)
	for n := 0; n <= len(src); n += step {
		ParseFile(token.NewFileSet(), "cut.sol", src[:n])
	}
}

// TestHostileNesting checks the nesting limit: deep input gives a diagnostic, not a crash.
func TestHostileNesting(t *testing.T) {
	deep := "contract C { function f() public { x = " + strings.Repeat("(", 50000) + "1" + strings.Repeat(")", 50000) + "; } }"
	_, errs := parse(t, deep)
	if len(errs) == 0 || !strings.Contains(errs.Error(), "nesting too deep") {
		t.Errorf("want nesting error, got %v", errs)
	}
	blocks := "contract C { function f() public { " + strings.Repeat("{", 50000) + " } }"
	if _, errs := parse(t, blocks); len(errs) == 0 {
		t.Error("want an error for unbalanced deep blocks")
	}
}
