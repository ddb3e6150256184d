package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Built reports whether code carrying attrs can be compiled into the program: false when a
// #[cfg(...)] predicate is false in every build (test, not(..) of a true one, all(..) with a
// false part). Features are not decided here (the deployed build may enable any the manifest
// declares; Features.TestOnly tells the test builds apart), nor are targets and custom cfgs:
// such code is kept, so that no code is left out for want of knowing.
func Built(fset *token.FileSet, attrs []*ast.Attribute) bool {
	for _, a := range attrs {
		if a.Doc || attrName(a) != "cfg" || a.Args == nil {
			continue
		}
		items, err := parser.ParseMeta(fset, a.Args.Tokens)
		if err != nil || len(items) != 1 {
			continue
		}
		if v, known := cfgValue(items[0]); known && !v {
			return false
		}
	}
	return true
}

// cfgValue evaluates a cfg predicate in any build; known is false when it cannot tell.
func cfgValue(it *ast.MetaItem) (value, known bool) { return evalCfg(it, anyBuild) }

// anyBuild decides the predicates that are false in every build: test (no program is built
// with it). A feature the default build leaves off may be on where the program is built for
// deployment (mango's enable-gpl): code gated by features is not left out.
func anyBuild(key string, it *ast.MetaItem) (value, known bool) {
	if key == "test" && it.Value == nil {
		return false, true
	}
	return false, false
}

// evalCfg evaluates not, all and any over what leaf says of the other predicates; known is
// false when it cannot tell.
func evalCfg(it *ast.MetaItem, leaf func(key string, it *ast.MetaItem) (value, known bool)) (value, known bool) {
	key := ""
	if it.Path != nil {
		key = it.Path.String()
	}
	switch {
	case it.HasList && key == "not" && len(it.List) == 1:
		v, k := evalCfg(it.List[0], leaf)
		return !v, k
	case it.HasList && (key == "all" || key == "any"):
		all := key == "all"
		result, known := all, true
		for _, sub := range it.List {
			v, k := evalCfg(sub, leaf)
			switch {
			case k && all && !v:
				return false, true
			case k && !all && v:
				return true, true
			case !k:
				known = false
			}
		}
		return result, known
	}
	return leaf(key, it)
}
