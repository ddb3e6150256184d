package parser_test

import (
	"fmt"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Parse a file and list its function calls with their positions.
func ExampleParseFile() {
	src := `fn withdraw(ctx: Context<Withdraw>, amount: u64) -> Result<()> {
    let seeds = &[b"vault".as_ref(), &[ctx.bumps.vault]];
    invoke_signed(&ix, &accounts, &[seeds])?;
    Ok(())
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "lib.rs", src, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if pe, ok := call.Fun.(*ast.PathExpr); ok {
				fmt.Println(fset.Position(call.Pos()), pe.Path.String())
			}
		}
		return true
	})
	// Output:
	// lib.rs:3:5 invoke_signed
	// lib.rs:4:5 Ok
}
