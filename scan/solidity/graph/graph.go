// Package graph builds the inheritance and call graphs of a Solidity program from its semantic
// model and writes them as Graphviz DOT or Mermaid flowcharts, the views auditors draw first.
package graph

import (
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Graph is a directed graph whose nodes may be grouped in clusters (a call graph's contracts).
type Graph struct {
	Name     string
	Clusters []*Cluster // in first-use order
	Nodes    []*Node    // nodes outside any cluster
	Edges    []Edge
	ids      map[any]*Node
	clusters map[*sema.Contract]*Cluster
	edges    map[Edge]bool
}

// Cluster is a named group of nodes.
type Cluster struct {
	ID    string
	Label string
	Nodes []*Node
}

// Node is a contract or a function.
type Node struct {
	ID    string
	Label string
	Kind  string // contract, interface, library, abstract; public, external, internal, private, modifier
	// Context marks a node from a dependency or other code outside the scanned sources.
	Context bool
}

// Edge is a base (from derived to base) or a call (from caller to callee); Kind says which.
type Edge struct {
	From, To *Node
	Kind     string // inherits; internal, external, library, modifier
}

func newGraph(name string) *Graph {
	return &Graph{Name: name, ids: map[any]*Node{}, clusters: map[*sema.Contract]*Cluster{}, edges: map[Edge]bool{}}
}

func (g *Graph) node(key any, label, kind string, context bool, in *Cluster) *Node {
	if n := g.ids[key]; n != nil {
		return n
	}
	n := &Node{ID: fmt.Sprintf("n%d", len(g.ids)), Label: label, Kind: kind, Context: context}
	g.ids[key] = n
	if in != nil {
		in.Nodes = append(in.Nodes, n)
	} else {
		g.Nodes = append(g.Nodes, n)
	}
	return n
}

func (g *Graph) edge(from, to *Node, kind string) {
	e := Edge{from, to, kind}
	if !g.edges[e] {
		g.edges[e] = true
		g.Edges = append(g.Edges, e)
	}
}

func contractKind(c *sema.Contract) string {
	switch {
	case c.IsInterface():
		return "interface"
	case c.IsLibrary():
		return "library"
	case c.Decl != nil && c.IsAbstract():
		return "abstract"
	}
	return "contract"
}

func (g *Graph) contract(c *sema.Contract) *Node {
	return g.node(c, c.Name, contractKind(c), c.File != nil && c.File.Dependency, nil)
}

// Inheritance is the graph of the contracts of the sources that are not dependencies, with an
// edge from each to each direct base, bases from dependencies included (as context).
func Inheritance(p *sema.Program) *Graph {
	g := newGraph("inheritance")
	for _, c := range p.Contracts {
		if c.File != nil && c.File.Dependency {
			continue
		}
		n := g.contract(c)
		for _, b := range c.Bases {
			g.edge(n, g.contract(b), "inherits")
		}
	}
	return g
}

// Calls is the call graph of the functions and modifiers of the contracts (and free functions)
// of the sources that are not dependencies: an edge to each internal, library and external
// function a body calls when sema resolves it, and to each modifier a function uses. Functions
// are grouped by contract; callees in dependencies are drawn as context.
func Calls(p *sema.Program) *Graph {
	g := newGraph("calls")
	for _, fn := range p.Functions() {
		if fn.File != nil && fn.File.Dependency {
			continue
		}
		if fn.Contract != nil && fn.Contract.OverBudget != "" {
			continue
		}
		from := g.function(fn)
		for _, m := range fn.Modifiers {
			if m != nil {
				g.edge(from, g.function(m), "modifier")
			}
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			var kind string
			switch c.Kind {
			case sema.CallInternal:
				kind = "internal"
			case sema.CallLibrary:
				kind = "library"
			case sema.CallExternal:
				kind = "external"
			default:
				continue
			}
			switch {
			case c.Callee != nil:
				g.edge(from, g.function(c.Callee), kind)
			case c.Kind == sema.CallExternal && c.Contract != nil && c.Name != "":
				// An interface member without a body, or a public state variable's getter.
				cl := g.cluster(c.Contract)
				to := g.node(c.Contract.Name+"\x00"+c.Name, c.Name, "external", c.Contract.File != nil && c.Contract.File.Dependency, cl)
				g.edge(from, to, kind)
			}
		}
	}
	return g
}

func (g *Graph) cluster(c *sema.Contract) *Cluster {
	if cl := g.clusters[c]; cl != nil {
		return cl
	}
	cl := &Cluster{ID: fmt.Sprintf("cluster_%d", len(g.Clusters)), Label: c.Name}
	if k := contractKind(c); k != "contract" {
		cl.Label = k + " " + c.Name
	}
	g.clusters[c] = cl
	g.Clusters = append(g.Clusters, cl)
	return cl
}

func (g *Graph) function(fn *sema.Function) *Node {
	var cl *Cluster
	if fn.Contract != nil {
		cl = g.cluster(fn.Contract)
	}
	label := fn.Signature()
	if label == "" {
		label = fn.Name
	}
	var kind string
	switch fn.Visibility {
	case token.PUBLIC, token.EXTERNAL, token.INTERNAL, token.PRIVATE:
		kind = strings.ToLower(fn.Visibility.String())
	}
	if fn.IsModifier {
		kind = "modifier"
	}
	return g.node(fn, label, kind, fn.File != nil && fn.File.Dependency, cl)
}
