package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// Entrypoint is a native program's entrypoint!(process_instruction).
type Entrypoint struct {
	Macro *ast.MacroItem
	File  *File
	// Name is the processor function named in the macro.
	Name string
	// Func is that function when it is defined in the crate.
	Func *Function
}

var entrypointMacros = map[string]bool{
	"entrypoint": true, "entrypoint_no_alloc": true, "entrypoint_deprecated": true,
	"program_entrypoint": true, "lazy_entrypoint": true,
}

func (p *Program) macroItem(f *File, it *ast.MacroItem) {
	if !entrypointMacros[it.Mac.Name()] || len(it.Mac.Args) == 0 {
		return
	}
	pe, ok := it.Mac.Args[0].(*ast.PathExpr)
	if !ok {
		return
	}
	p.Entrypoints = append(p.Entrypoints, &Entrypoint{Macro: it, File: f, Name: pe.Path.Last().Name.Name})
}

// AccountsParam returns the name of a parameter typed &[AccountInfo] (a
// native processor's account list), or "".
func (f *Function) AccountsParam() string {
	for _, prm := range f.Decl.Params {
		if isAccountInfoSlice(prm.Type) {
			if ip, ok := prm.Pat.(*ast.IdentPat); ok {
				return ip.Name.Name
			}
		}
	}
	return ""
}

// AccountInfoParams returns the names of parameters typed &AccountInfo.
func (f *Function) AccountInfoParams() []string {
	var names []string
	for _, prm := range f.Decl.Params {
		rt, ok := prm.Type.(*ast.RefType)
		if !ok || typeName(rt.Elem) != "AccountInfo" {
			continue
		}
		if ip, ok := prm.Pat.(*ast.IdentPat); ok {
			names = append(names, ip.Name.Name)
		}
	}
	return names
}

func isAccountInfoSlice(t ast.Type) bool {
	rt, ok := t.(*ast.RefType)
	if !ok {
		return false
	}
	st, ok := rt.Elem.(*ast.SliceType)
	return ok && typeName(st.Elem) == "AccountInfo"
}

// IsNativeProcessor reports whether f looks like a native instruction
// processor: it takes the account list as &[AccountInfo].
func (f *Function) IsNativeProcessor() bool { return f.AccountsParam() != "" }
