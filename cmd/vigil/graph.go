package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/solidity/graph"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// newGraphCommand prints a Solidity project's inheritance or call graph, the first pictures an
// auditor draws (Slither's inheritance-graph and call-graph printers).
func newGraphCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "graph inheritance|calls TARGET",
		Short: "Print the contract inheritance graph or the function call graph (DOT or Mermaid)",
		Long: `Print a graph of a Solidity project: TARGET is a folder, .sol file, .zip archive or git URL.

  inheritance  contracts, interfaces and libraries, with an arrow from each to its direct bases
  calls        functions and modifiers grouped by contract, with an arrow to each function a body
               calls (solid: internal, dashed: external, dotted: library) and each modifier used

Dependencies (lib/, node_modules/) and test or script code are read so that names resolve, and
drawn only where the project's code reaches them (grey), unless --include-deps or --include-tests.
Render DOT with Graphviz (vigil graph calls . | dot -Tsvg > calls.svg); GitHub renders Mermaid in
Markdown inside a mermaid code block.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			kind, format := args[0], strings.ToLower(v.GetString("format"))
			if kind != "inheritance" && kind != "calls" {
				return usageError("vigil graph: the graph is inheritance or calls, not %q", kind)
			}
			if format != "dot" && format != "mermaid" {
				return usageError("--format must be dot or mermaid, not %q", format)
			}
			prog, err := loadGraphProgram(cmd, v, args[1])
			if err != nil {
				return err
			}
			g := graph.Calls(prog)
			if kind == "inheritance" {
				g = graph.Inheritance(prog)
			}
			out, done, err := outputOf(cmd, v)
			if err != nil {
				return err
			}
			defer done()
			if format == "mermaid" {
				return g.WriteMermaid(out)
			}
			return g.WriteDOT(out)
		},
	}
	f := cmd.Flags()
	f.String("format", "dot", "dot (Graphviz) or mermaid")
	f.StringP("output", "o", "", "write the graph to this file instead of standard output")
	f.Bool("include-deps", false, "draw the contracts of dependencies (lib/, node_modules/) too")
	f.Bool("include-tests", false, "draw the contracts of test and script code too")
	f.StringSlice("skip", nil, "paths, folders or globs to leave out (repeatable)")
	f.Bool("allow-private-networks", false, "allow git URLs on loopback and private networks")
	f.String("branch", "", "git branch or tag")
	f.String("commit", "", "git commit")
	return cmd
}

// loadGraphProgram opens the target as a scan does (its vigil.yaml's exclude list applies) and
// loads the semantic model of its Solidity files.
func loadGraphProgram(cmd *cobra.Command, v *viper.Viper, location string) (*sema.Program, error) {
	if _, err := mergeProjectConfig(v, location, cmd.ErrOrStderr()); err != nil {
		return nil, err
	}
	opts, err := workspaceOptions(v)
	if err != nil {
		return nil, err
	}
	ws, err := workspace.Open(cmd.Context(), workspace.Target{Location: location, Branch: v.GetString("branch"), Commit: v.GetString("commit")}, opts)
	if err != nil {
		return nil, openError(err)
	}
	defer ws.Close()
	prog, err := solidityProgram(ws, v.GetBool("include_deps"), v.GetBool("include_tests"))
	if errors.Is(err, errNoSolidity) {
		return nil, &exitError{code: exitUsage, msg: "no Solidity files in " + netguard.RedactString(location)}
	} else if err != nil {
		return nil, err
	}
	for _, d := range prog.Diagnostics {
		fmt.Fprintf(cmd.ErrOrStderr(), "vigil %s: %s\n", cmd.Name(), d)
	}
	return prog, nil
}
