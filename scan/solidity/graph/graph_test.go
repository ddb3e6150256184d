package graph

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

const vault = `pragma solidity ^0.8.0;
import "lib/Base.sol";
interface IToken { function transfer(address to, uint256 v) external returns (bool); }
library SafeMath { function add(uint a, uint b) internal pure returns (uint) { return a + b; } }
abstract contract Ownable { address owner; modifier onlyOwner() { require(msg.sender == owner); _; } }
contract Vault is Ownable, Base {
    using SafeMath for uint;
    IToken token;
    uint total;
    function deposit(uint v) external { total = total.add(v); _credit(v); }
    function _credit(uint v) internal { total += v; }
    function sweep(address to) external onlyOwner { token.transfer(to, total); helper(); }
}
`

const base = `pragma solidity ^0.8.0;
contract Base { function helper() internal {} }
`

func load(t *testing.T) *sema.Program {
	t.Helper()
	return sema.Load([]sema.SourceFile{{Path: "src/Vault.sol", Src: []byte(vault)},
		{Path: "lib/Base.sol", Src: []byte(base), Dependency: true}}, nil)
}

// edges lists a graph's edges as "from -kind-> to" by label, sorted.
func edges(g *Graph) []string {
	var out []string
	for _, e := range g.Edges {
		out = append(out, e.From.Label+" -"+e.Kind+"-> "+e.To.Label)
	}
	sort.Strings(out)
	return out
}

func TestInheritance(t *testing.T) {
	g := Inheritance(load(t))
	want := []string{"Vault -inherits-> Base", "Vault -inherits-> Ownable"}
	if got := edges(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	kinds := map[string]string{}
	for _, n := range g.all() {
		kinds[n.Label] = n.Kind
		if n.Context != (n.Label == "Base") {
			t.Errorf("%s: context %v", n.Label, n.Context)
		}
	}
	if kinds["IToken"] != "interface" || kinds["SafeMath"] != "library" || kinds["Ownable"] != "abstract" || kinds["Vault"] != "contract" {
		t.Errorf("kinds %v", kinds)
	}
}

func TestCalls(t *testing.T) {
	g := Calls(load(t))
	want := []string{
		"deposit(uint256) -internal-> _credit(uint256)",
		"deposit(uint256) -library-> add(uint256,uint256)",
		"sweep(address) -external-> transfer(address,uint256)",
		"sweep(address) -internal-> helper()",
		"sweep(address) -modifier-> modifier onlyOwner",
	}
	if got := edges(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var clusters []string
	for _, cl := range g.Clusters {
		clusters = append(clusters, cl.Label)
	}
	if got := strings.Join(clusters, ","); got != "interface IToken,library SafeMath,abstract Ownable,Vault,Base" {
		t.Errorf("clusters %s", got)
	}
}

// Both writers quote what they print: a label with quotes, backslashes, angle brackets and a
// newline cannot break out of its string.
func TestWritersQuote(t *testing.T) {
	g := newGraph("t")
	a := g.node(1, `a"b\c<d>`+"\nx", "public", false, nil)
	b := g.node(2, "b", "modifier", true, nil)
	g.edge(a, b, "modifier")
	var dot, mm bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteMermaid(&mm); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dot.String(), `n0 [label="a\"b\\c<d>\nx", style=bold];`) || !strings.Contains(dot.String(), "n0 -> n1 [") {
		t.Errorf("DOT:\n%s", dot.String())
	}
	if !strings.Contains(mm.String(), `n0["a#quot;b\c#lt;d#gt; x"]`) || !strings.Contains(mm.String(), "n1{{\"b\"}}") ||
		!strings.Contains(mm.String(), "n0 -.-o n1") || !strings.Contains(mm.String(), "class n1 context") {
		t.Errorf("Mermaid:\n%s", mm.String())
	}
}
