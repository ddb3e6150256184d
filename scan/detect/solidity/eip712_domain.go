package solidity

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// EIP712DomainCollision reports EIP-712 type strings and domains under which two different
// signed messages can hash alike:
//   - an EIP712Domain type without chainId: one signature is valid on every chain where the
//     contract (or a copy at the same address) lives;
//   - an EIP712Domain type with neither verifyingContract nor salt: one signature is valid for
//     every contract sharing the name and version;
//   - a struct type string that uses a struct type it does not define (EIP-712 appends every
//     referenced type): the hash does not commit to that type's layout, so different structures
//     hash identically, and wallets that follow the standard compute another hash;
//   - referenced types appended out of alphabetical order, or a type string with blanks after
//     commas or parentheses: not the encoding wallets hash, so their signatures never verify;
//   - DOMAIN_SEPARATOR() that does not return bytes32 (EIP-2612 integrators decode one).
var EIP712DomainCollision = &detect.Analyzer{
	Template: detect.Template{
		ID:          "EIP712_DOMAIN_COLLISION",
		Name:        "EIP-712 domain or type hash that collides or diverges from the standard",
		Severity:    detect.Medium,
		Confidence:  detect.ConfidenceHigh,
		Description: `<p>In <code>${contract_name}</code>, the EIP-712 type <code>${type_string}</code> ${problem}</p>`,
		Remediation: `<p>Build the domain from <code>EIP712Domain(string name,string version,uint256 chainId,address ` +
			`verifyingContract)</code> with <code>block.chainid</code> and <code>address(this)</code> (OpenZeppelin's ` +
			`EIP712), and write each struct type exactly as EIP-712's encodeType does: no blanks, every referenced ` +
			`struct type appended once, sorted by name.</p>`,
		DescriptionKeys: []string{"contract_name", "type_string", "problem"},
		DetectionLogic: "Every string literal, string constant or literal concatenation (abi.encodePacked, string.concat, " +
			"bytes.concat of literals and constants) in functions, state variable initialisers and file-level constants " +
			"that parses as EIP-712 struct definitions (Name(type name,...)...). EIP712Domain without uint256 chainId " +
			"(medium) or without address verifyingContract and bytes32 salt (low); a member type naming a struct not " +
			"defined in the string (medium); referenced definitions out of alphabetical order, or blanks in the encoding " +
			"(low). A public DOMAIN_SEPARATOR() (or getter) that does not return bytes32 (medium).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-117", "SWC-121"},
		CWE:       []string{"CWE-294", "CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "domain-separator-collision",
		Class:     "signature",
	},
	Run: runEIP712DomainCollision,
}

func runEIP712DomainCollision(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c != nil && hygIsTest(c) {
		return
	}
	name := "file-level code"
	if c != nil {
		name = c.Name
	}
	check := func(x ast.Expr, info *sema.FuncInfo) {
		s, ok := constantString(p, c, info, x, 0)
		if !ok || !looksLikeTypeString(s) {
			return
		}
		problems := eip712Problems(s)
		if len(problems) == 0 {
			return
		}
		// One finding per type string: the problems joined, at the gravest one's severity.
		sev := detect.Low
		texts := make([]string, len(problems))
		for i, pr := range problems {
			texts[i] = pr.text
			if pr.sev.Rank() < sev.Rank() {
				sev = pr.sev
			}
		}
		f := detect.Finding{Pos: x.Pos(), End: x.End(), Details: map[string]string{
			"contract_name": name, "type_string": s, "problem": strings.Join(texts, " It also ")}}
		if sev != pass.Analyzer.Severity {
			f.Severity = sev
		}
		if info != nil {
			f.Function = info.Fn.Name
		}
		pass.Report(f)
	}
	var roots []ast.Expr
	if c != nil {
		for _, v := range c.StateVars {
			if v.Decl != nil && v.Decl.Value != nil {
				roots = append(roots, v.Decl.Value)
			}
		}
	} else {
		for _, v := range p.Constants {
			if v.Decl != nil && v.Decl.Value != nil && p.FileOf(v.Decl.Pos()) == pass.File {
				roots = append(roots, v.Decl.Value)
			}
		}
	}
	for _, r := range roots {
		for _, x := range hashedStrings(r) {
			check(x, nil)
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, x := range hashedStrings(fn.Body) {
			check(x, info)
		}
	}
	if c != nil && !c.IsInterface() && !c.IsLibrary() {
		checkDomainSeparatorGetter(pass, c)
	}
}

// hashedStrings returns the arguments of the keccak256 calls under root, without a bytes or
// string conversion around them: a type hash is the hash of its type string, and only a hashed
// string is judged whole (a constant holding one part of a type is judged where the parts are
// joined and hashed).
func hashedStrings(root ast.Node) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(root, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "keccak256" {
				out = append(out, c.Args[0])
			}
		}
		return true
	})
	return out
}

// isConcat reports whether c concatenates its arguments: abi.encodePacked, string.concat,
// bytes.concat.
func isConcat(c *ast.CallExpr) bool {
	m, ok := c.Fun.(*ast.MemberExpr)
	if !ok {
		return false
	}
	base, ok := m.X.(*ast.Ident)
	if ok && base.Name == "abi" && m.Name.Name == "encodePacked" {
		return true
	}
	if et, ok := m.X.(*ast.ElementaryType); ok && (et.Name == "string" || et.Name == "bytes") && m.Name.Name == "concat" {
		return true
	}
	return ok && (base.Name == "string" || base.Name == "bytes") && m.Name.Name == "concat"
}

// constantString returns the value of a string literal, a constant initialised with one, or a
// concatenation of such.
func constantString(p *sema.Program, c *sema.Contract, info *sema.FuncInfo, x ast.Expr, depth int) (string, bool) {
	if depth > 4 {
		return "", false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return stringLitValue(e)
	case *ast.CallExpr:
		if isConcat(e) {
			var b strings.Builder
			for _, a := range e.Args {
				s, ok := constantString(p, c, info, a, depth+1)
				if !ok {
					return "", false
				}
				b.WriteString(s)
			}
			return b.String(), true
		}
		// bytes("...") and string(...) conversions keep the text.
		if len(e.Args) == 1 {
			if et, ok := e.Fun.(*ast.ElementaryType); ok && (et.Name == "bytes" || et.Name == "string") {
				return constantString(p, c, info, e.Args[0], depth+1)
			}
		}
	case *ast.Ident:
		var v *sema.Var
		if info != nil {
			v, _ = info.Uses[e].(*sema.Var)
		}
		if v == nil && c != nil {
			v = c.LookupStateVar(e.Name)
		}
		if v == nil {
			for _, k := range p.Constants {
				if k.Name == e.Name {
					v = k
					break
				}
			}
		}
		if v != nil && v.Decl != nil && v.Decl.Constant && v.Decl.Value != nil {
			return constantString(p, v.Contract, nil, v.Decl.Value, depth+1)
		}
	}
	return "", false
}

// stringLitValue returns the text of a plain string literal (adjacent literals joined).
func stringLitValue(l *ast.BasicLit) (string, bool) {
	if l.Kind != token.STRING {
		return "", false
	}
	var b strings.Builder
	rest := strings.TrimSpace(l.Value)
	for rest != "" {
		if rest[0] != '"' && rest[0] != '\'' {
			return "", false
		}
		end := strings.IndexByte(rest[1:], rest[0])
		if end < 0 {
			return "", false
		}
		part := rest[1 : end+1]
		if strings.ContainsRune(part, '\\') {
			if u, err := strconv.Unquote(`"` + part + `"`); err == nil {
				part = u
			}
		}
		b.WriteString(part)
		rest = strings.TrimSpace(rest[end+2:])
	}
	return b.String(), true
}

// eip712Def is one struct definition of a type string.
type eip712Def struct {
	Name    string
	Members [][2]string // type, name
}

// looksLikeTypeString reports whether s parses as EIP-712 struct definitions with at least one
// named member (a function or event signature names no members).
func looksLikeTypeString(s string) bool {
	defs, _, ok := parseTypeDefs(s)
	if !ok {
		return false
	}
	for _, d := range defs {
		if len(d.Members) > 0 {
			return true
		}
	}
	return defs != nil && defs[0].Name == "EIP712Domain"
}

// parseTypeDefs parses Name(type name,type name)Other(...)...; blanks reports blanks outside
// the single one between a member's type and name.
func parseTypeDefs(s string) (defs []eip712Def, blanks bool, ok bool) {
	i := 0
	ident := func() string {
		start := i
		for i < len(s) && (s[i] == '_' || s[i] == '$' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' ||
			i > start && s[i] >= '0' && s[i] <= '9') {
			i++
		}
		return s[start:i]
	}
	skip := func() {
		for i < len(s) && s[i] == ' ' {
			blanks = true
			i++
		}
	}
	for i < len(s) {
		skip()
		name := ident()
		if name == "" || i >= len(s) || s[i] != '(' {
			return nil, false, false
		}
		i++
		d := eip712Def{Name: name}
		skip()
		for i < len(s) && s[i] != ')' {
			typ := ident()
			if typ == "" {
				return nil, false, false
			}
			for i < len(s) && s[i] == '[' {
				j := strings.IndexByte(s[i:], ']')
				if j < 0 {
					return nil, false, false
				}
				for _, r := range s[i+1 : i+j] {
					if r < '0' || r > '9' {
						return nil, false, false
					}
				}
				typ += s[i : i+j+1]
				i += j + 1
			}
			if i >= len(s) || s[i] != ' ' {
				return nil, false, false // a member needs a name
			}
			for i < len(s) && s[i] == ' ' {
				i++
			}
			member := ident()
			if member == "" {
				return nil, false, false
			}
			d.Members = append(d.Members, [2]string{typ, member})
			skip()
			if i < len(s) && s[i] == ',' {
				i++
				skip()
				continue
			}
			if i >= len(s) || s[i] != ')' {
				return nil, false, false
			}
		}
		if i >= len(s) {
			return nil, false, false
		}
		i++
		defs = append(defs, d)
		skip()
	}
	return defs, blanks, len(defs) > 0
}

type eip712Problem struct {
	text string
	sev  detect.Severity
}

// eip712Problems judges one type string.
func eip712Problems(s string) []eip712Problem {
	defs, blanks, ok := parseTypeDefs(s)
	if !ok {
		return nil
	}
	var out []eip712Problem
	primary := defs[0]
	if primary.Name == "EIP712Domain" {
		has := map[string]string{}
		for _, m := range primary.Members {
			has[m[1]] = m[0]
		}
		if has["chainId"] != "uint256" {
			out = append(out, eip712Problem{"has no <code>uint256 chainId</code>: a signature made for this domain is " +
				"also valid on every other chain where the contract, or a copy at the same address, accepts it.", detect.Medium})
		}
		if has["verifyingContract"] != "address" && has["salt"] != "bytes32" {
			out = append(out, eip712Problem{"has neither <code>address verifyingContract</code> nor a salt: a signature " +
				"made for this domain is also valid for every other contract that uses the same name and version.", detect.Low})
		}
	}
	defined := map[string]bool{}
	for _, d := range defs {
		defined[d.Name] = true
	}
	var missing []string
	for _, d := range defs {
		for _, m := range d.Members {
			base := m[0]
			if k := strings.IndexByte(base, '['); k >= 0 {
				base = base[:k]
			}
			if !eip712Atomic(base) && !defined[base] {
				missing = append(missing, base)
				defined[base] = true
			}
		}
	}
	if len(missing) > 0 {
		out = append(out, eip712Problem{"uses the struct type <code>" + strings.Join(missing, ", ") + "</code> without " +
			"appending its definition, as EIP-712's encodeType requires: the hash does not commit to that type's members, " +
			"so differently shaped messages hash alike, and wallets that follow the standard sign another hash.", detect.Medium})
	}
	if len(defs) > 2 {
		names := make([]string, 0, len(defs)-1)
		for _, d := range defs[1:] {
			names = append(names, d.Name)
		}
		if !sort.StringsAreSorted(names) {
			out = append(out, eip712Problem{"appends its referenced struct types out of alphabetical order: EIP-712 sorts " +
				"them by name, so wallets hash another string and their signatures do not verify.", detect.Low})
		}
	}
	if blanks {
		out = append(out, eip712Problem{"contains blanks besides the one between each member's type and name: " +
			"EIP-712's encodeType has none, so wallets hash another string and their signatures do not verify.", detect.Low})
	}
	return out
}

// eip712Atomic reports whether an EIP-712 member type is atomic or dynamic (not a struct).
func eip712Atomic(t string) bool {
	switch t {
	case "address", "bool", "string", "bytes":
		return true
	}
	for _, prefix := range []string{"uint", "int", "bytes"} {
		if rest, ok := strings.CutPrefix(t, prefix); ok {
			if rest == "" {
				return prefix != "bytes"
			}
			if n, err := strconv.Atoi(rest); err == nil && n > 0 {
				return true
			}
		}
	}
	return false
}

// checkDomainSeparatorGetter reports a DOMAIN_SEPARATOR() entry that does not return bytes32:
// EIP-2612 integrators decode a bytes32 to build permit digests.
func checkDomainSeparatorGetter(pass *detect.Pass, c *sema.Contract) {
	entries, _ := abiSurface(pass.Program, c)
	for _, e := range entries {
		if e.Signature != "DOMAIN_SEPARATOR()" || declaredIn(e) != c || slices.Equal(e.Returns, []string{"bytes32"}) ||
			slices.Contains(e.Returns, "?") {
			continue
		}
		f := detect.Finding{Pos: e.Node.Pos(), End: e.Node.Pos(), Details: map[string]string{
			"contract_name": c.Name, "type_string": "DOMAIN_SEPARATOR()",
			"problem": "is answered by a function that does not return <code>bytes32</code>: EIP-2612 integrators call " +
				"<code>DOMAIN_SEPARATOR()</code> to build permit digests and revert (or build wrong digests) on anything else."}}
		if e.Fn != nil {
			f.Pos, f.End = headerRange(e.Fn)
			f.Function = e.Fn.Name
		} else {
			f.End = e.Node.End()
		}
		pass.Report(f)
	}
}
