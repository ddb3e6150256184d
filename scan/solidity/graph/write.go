package graph

import (
	"fmt"
	"io"
	"strings"
)

// edgeStyle draws each kind of edge its own way in both formats: external calls dashed,
// library calls dotted, modifiers in grey.
var edgeStyle = map[string]struct{ dot, mermaid string }{
	"inherits": {`arrowhead=empty`, "-->"},
	"internal": {``, "-->"},
	"external": {`style=dashed`, "-.->"},
	"library":  {`style=dotted`, "-.->"},
	"modifier": {`color=gray40, style=dashed, arrowhead=odot`, "-.-o"},
}

// dotString quotes s as a DOT string: backslashes and quotes escaped, newlines as \n.
func dotString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "").Replace(s) + `"`
}

func dotNodeAttrs(n *Node) string {
	attrs := []string{"label=" + dotString(n.Label)}
	switch n.Kind {
	case "interface":
		attrs = append(attrs, `shape=box`, `style="rounded,dashed"`)
	case "library":
		attrs = append(attrs, `shape=box`, `style=rounded`)
	case "abstract":
		attrs = append(attrs, `shape=box`, `style=dashed`)
	case "public", "external":
		attrs = append(attrs, `style=bold`)
	case "modifier":
		attrs = append(attrs, `shape=hexagon`)
	}
	if n.Context {
		attrs = append(attrs, `color=gray50`, `fontcolor=gray40`)
	}
	return strings.Join(attrs, ", ")
}

// WriteDOT writes the graph for Graphviz (dot -Tsvg).
func (g *Graph) WriteDOT(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\"];\n", dotString(g.Name))
	for _, cl := range g.Clusters {
		fmt.Fprintf(&b, "  subgraph %s {\n    label=%s;\n    style=rounded;\n", dotString(cl.ID), dotString(cl.Label))
		for _, n := range cl.Nodes {
			fmt.Fprintf(&b, "    %s [%s];\n", n.ID, dotNodeAttrs(n))
		}
		b.WriteString("  }\n")
	}
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "  %s [%s];\n", n.ID, dotNodeAttrs(n))
	}
	for _, e := range g.Edges {
		if style := edgeStyle[e.Kind].dot; style != "" {
			fmt.Fprintf(&b, "  %s -> %s [%s];\n", e.From.ID, e.To.ID, style)
		} else {
			fmt.Fprintf(&b, "  %s -> %s;\n", e.From.ID, e.To.ID)
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mermaidLabel quotes s for a Mermaid node or subgraph label: quotes and the characters
// Mermaid reads as markup become entity codes.
func mermaidLabel(s string) string {
	return `"` + strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;", "\n", " ", "\r", "").Replace(s) + `"`
}

func mermaidNode(n *Node) string {
	label := mermaidLabel(n.Label)
	switch n.Kind {
	case "interface", "abstract", "library":
		label = mermaidLabel("«" + n.Kind + "» " + n.Label)
		return n.ID + "(" + label + ")"
	case "modifier":
		return n.ID + "{{" + label + "}}"
	}
	return n.ID + "[" + label + "]"
}

// WriteMermaid writes the graph as a Mermaid flowchart (GitHub renders it in Markdown).
func (g *Graph) WriteMermaid(w io.Writer) error {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	for _, cl := range g.Clusters {
		fmt.Fprintf(&b, "  subgraph %s[%s]\n", cl.ID, mermaidLabel(cl.Label))
		for _, n := range cl.Nodes {
			fmt.Fprintf(&b, "    %s\n", mermaidNode(n))
		}
		b.WriteString("  end\n")
	}
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "  %s\n", mermaidNode(n))
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  %s %s %s\n", e.From.ID, edgeStyle[e.Kind].mermaid, e.To.ID)
	}
	var context []string
	for _, n := range g.all() {
		if n.Context {
			context = append(context, n.ID)
		}
	}
	if len(context) > 0 {
		b.WriteString("  classDef context stroke-dasharray: 3 3, color:#666\n")
		fmt.Fprintf(&b, "  class %s context\n", strings.Join(context, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// all returns the nodes, clustered ones first.
func (g *Graph) all() []*Node {
	var out []*Node
	for _, cl := range g.Clusters {
		out = append(out, cl.Nodes...)
	}
	return append(out, g.Nodes...)
}
