package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/solidity/layout"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// newLayoutCommand prints a contract's storage layout computed from source, in the shape of
// solc's storageLayout output.
func newLayoutCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "layout FILE|DIR",
		Short: "Print a contract's storage layout (solc's storageLayout shape), computed from source",
		Long: `Print the storage layout of a contract computed from its source, without a compiler:
every state variable of the contract and its bases in C3 order with its slot, byte offset and
type, in solc's storageLayout shape ("storage" and "types"; --format json), or as a table.
Constants, immutables and transient variables take no slot and are not listed. ERC-7201
namespaced structs (/// @custom:storage-location erc7201:ID) are listed under "namespaces" with
their absolute slots.

astId and the number in a type identifier (t_struct(S)<n>_storage) are solc's AST ids in solc's
output; Vigil, which runs no compiler, writes the declaration's position there.

--contract names the contract (Name or path:Name); it is needed when the target holds more than
one deployable contract.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format := strings.ToLower(v.GetString("format"))
			if format != "json" && format != "table" {
				return usageError("--format must be json or table, not %q", format)
			}
			prog, err := loadGraphProgram(cmd, v, args[0])
			if err != nil {
				return err
			}
			c, err := pickContract(prog, v.GetString("contract"), args[0])
			if err != nil {
				return err
			}
			l, err := layout.Of(prog, c)
			if err != nil {
				return &exitError{code: exitUsage, msg: err.Error()}
			}
			out, done, err := outputOf(cmd, v)
			if err != nil {
				return err
			}
			defer done()
			if format == "table" {
				return writeLayoutTable(out, l)
			}
			enc := json.NewEncoder(out)
			enc.SetIndent("", "  ")
			return enc.Encode(l)
		},
	}
	f := cmd.Flags()
	f.String("contract", "", "the contract to lay out: Name or path:Name")
	f.String("format", "json", "json (solc's storageLayout shape) or table")
	f.StringP("output", "o", "", "write the layout to this file instead of standard output")
	f.StringSlice("skip", nil, "paths, folders or globs to leave out (repeatable)")
	f.Bool("include-deps", false, "lay out contracts of dependencies (lib/, node_modules/) too")
	f.Bool("include-tests", false, "lay out contracts of test and script code too")
	f.Bool("allow-private-networks", false, "allow git URLs on loopback and private networks")
	f.String("branch", "", "git branch or tag (git URLs)")
	f.String("commit", "", "git commit (git URLs)")
	return cmd
}

// pickContract finds the contract --contract names, or the only deployable one.
func pickContract(prog *sema.Program, name, target string) (*sema.Contract, error) {
	found := layout.Find(prog, name)
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0 && name != "":
		return nil, usageError("no contract %s in %s", name, target)
	case len(found) == 0:
		return nil, usageError("no deployable contract in %s", target)
	}
	names := make([]string, 0, len(found))
	for _, c := range found {
		names = append(names, c.File.Path+":"+c.Name)
	}
	return nil, usageError("%s holds several contracts; name one with --contract (%s)", target, strings.Join(names, ", "))
}

// writeLayoutTable prints one row per variable (namespaced members after the linear ones).
func writeLayoutTable(w io.Writer, l *layout.Layout) error {
	table := tablewriter.NewWriter(w)
	table.Header([]string{"Slot", "Offset", "Bytes", "Variable", "Type", "Declared in"})
	row := func(e layout.Entry, name string) error {
		t := l.Types[e.Type]
		return table.Append([]string{e.Slot, fmt.Sprint(e.Offset), t.NumberOfBytes, name, t.Label, e.Declared})
	}
	for _, e := range l.Storage {
		if err := row(e, e.Label); err != nil {
			return err
		}
	}
	for _, ns := range l.Namespaces {
		for _, e := range ns.Members {
			if err := row(e, ns.ID+" "+e.Label); err != nil {
				return err
			}
		}
	}
	return table.Render()
}
