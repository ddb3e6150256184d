package upgrade

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// unsafeAllow is OpenZeppelin's annotation accepting a hazard on purpose
// (`/// @custom:oz-upgrades-unsafe-allow constructor state-variable-immutable ...`).
func unsafeAllow(doc *ast.CommentGroup, what string) bool {
	text := doc.Text()
	i := strings.Index(text, "@custom:oz-upgrades-unsafe-allow")
	return i >= 0 && slices.Contains(strings.Fields(strings.SplitN(text[i:], "\n", 2)[0]), what)
}

// hazards checks the new implementation for what makes it unsafe behind a proxy.
func hazards(p *sema.Program, c *sema.Contract) []Finding {
	var out []Finding
	add := func(f Finding, at ast.Node) {
		f.Contract = c.Name
		f.Pos = p.Fset.Position(at.Pos())
		if file := p.FileOf(at.Pos()); file != nil {
			from, to := file.TokFile.Offset(at.Pos()), file.TokFile.Offset(at.End())
			if from >= 0 && from <= to && to <= len(file.Src) {
				f.Code = strings.Join(strings.Fields(string(file.Src[from:to])), " ")
			}
		}
		out = append(out, f)
	}
	locked := disablesInitializers(p, c)

	for _, b := range c.Linearization {
		for _, fn := range b.Functions {
			if !fn.IsConstructor() || b.Name == "Initializable" || fn.Decl == nil || unsafeAllow(fn.Decl.Doc, "constructor") {
				continue
			}
			if locked {
				continue
			}
			var written []string
			for v := range p.TransitiveWrites(fn) {
				if v.Kind == sema.StateVar && !v.IsConstant() && !v.Decl.Transient {
					written = append(written, v.Name)
				}
			}
			if len(written) > 0 {
				sort.Strings(written)
				add(Finding{Template: ConstructorWritesState, Function: "constructor", Variable: written[0],
					Detail: fmt.Sprintf("%s constructor writes %s", b.Name, strings.Join(written, ", "))}, fn.Decl)
			}
		}
	}

	for _, fn := range c.AllFunctions() {
		if fn.Decl == nil || fn.IsConstructor() {
			continue
		}
		public := fn.Visibility == token.PUBLIC || fn.Visibility == token.EXTERNAL
		if public && isInitializer(fn) && !locked && !p.HasAccessControl(fn) {
			add(Finding{Template: InitializerOpen, Function: fn.Name, Variable: fn.Name,
				Detail: "is an initializer and the constructor does not call _disableInitializers()"}, fn.Decl.Name)
		}
		if !fn.IsEntryPoint() {
			continue
		}
		for _, a := range p.Actions(fn) {
			if a.Guarded || a.At == nil {
				continue
			}
			switch {
			case a.Kind == sema.ActSelfdestruct:
				add(Finding{Template: Selfdestruct, Function: fn.Name, Variable: fn.Name, Detail: "callable by anyone"}, a.At)
			case a.Kind == sema.ActDelegate && (a.Target.Params != 0 || a.Target.Has(sema.SrcParam|sema.SrcData)):
				add(Finding{Template: DelegatecallChosen, Function: fn.Name, Variable: fn.Name, Detail: "the target is an argument"}, a.At)
			}
		}
	}

	for _, b := range c.Linearization {
		for _, v := range b.StateVars {
			if v.Decl == nil || !v.Decl.Immutable || unsafeAllow(v.Decl.Doc, "state-variable-immutable") {
				continue
			}
			if v.Decl.Value != nil && p.ConstValue(v.Decl.Value, b) != nil {
				continue // a constant every deployment shares
			}
			add(Finding{Template: ImmutablePerProxy, Variable: v.Name, Detail: "its value comes from the deployment, not a constant"}, v.Decl)
		}
	}
	return dedupe(out)
}

// dedupe keeps one finding per class and place (an action reached from several entry points).
func dedupe(fs []Finding) []Finding {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		k := f.Template.ID + "\x00" + f.Pos.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// disablesInitializers reports whether a constructor of the contract disables the initializers
// (calls _disableInitializers, or carries the initializer modifier itself).
func disablesInitializers(p *sema.Program, c *sema.Contract) bool {
	for _, b := range c.Linearization {
		for _, fn := range b.Functions {
			if !fn.IsConstructor() || fn.Body == nil || b.Name == "Initializable" {
				continue
			}
			if isInitializer(fn) {
				return true
			}
			found := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && strings.Contains(strings.ToLower(id.Name), "disableinitializers") {
						found = true
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}
