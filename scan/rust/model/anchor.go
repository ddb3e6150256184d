package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// AnchorProgram is a #[program] module.
type AnchorProgram struct {
	Name     string
	Mod      *ast.ModItem
	File     *File
	Handlers []*Handler
}

// Handler is an instruction handler: a pub fn of a #[program] module whose
// first parameter is Context<T>.
type Handler struct {
	Name string
	Func *Function
	// Ctx is the Context parameter's name ("ctx"; "_ctx" when unused).
	Ctx string
	// AccountsType is T in Context<T> ("Withdraw").
	AccountsType string
	// Accounts is the #[derive(Accounts)] struct named AccountsType, or
	// nil when it is not in the crate.
	Accounts *AccountsStruct
	// Args are the parameters after the context.
	Args []*ast.Param
	// Delegates are the functions the handler calls that take the same
	// Context<T> (instructions::deposit::handler(ctx, ..) in the layout
	// anchor init generates).
	Delegates []*Function
}

// Code returns every function that runs the instruction as far as the
// model can tell: the handler, its delegates, and the methods of its
// Accounts struct (ctx.accounts.process(..)).
func (h *Handler) Code() []*Function {
	out := append([]*Function{h.Func}, h.Delegates...)
	if h.Accounts != nil {
		out = append(out, h.Accounts.Methods...)
	}
	return out
}

func (p *Program) anchorProgram(f *File, mod *ast.ModItem, fns []*Function) {
	ap := &AnchorProgram{Name: mod.Name.Name, Mod: mod, File: f}
	for _, fn := range fns {
		if fn.SelfType != "" || len(fn.Decl.Params) == 0 {
			continue
		}
		inMod := false
		for _, it := range mod.Items {
			if it == ast.Item(fn.Decl) {
				inMod = true
				break
			}
		}
		if !inMod {
			continue
		}
		first := fn.Decl.Params[0]
		accounts, ok := contextAccountsType(first.Type)
		if !ok {
			continue
		}
		h := &Handler{Name: fn.Name, Func: fn, AccountsType: accounts, Args: fn.Decl.Params[1:]}
		if ip, ok := first.Pat.(*ast.IdentPat); ok {
			h.Ctx = ip.Name.Name
		}
		ap.Handlers = append(ap.Handlers, h)
	}
	p.Anchor = append(p.Anchor, ap)
}

// ContextAccounts returns the Accounts struct of a function whose first
// parameter is Context<T> (handlers outside a #[program] module: legacy
// dispatchers, instruction modules called through a macro), or nil.
func (p *Program) ContextAccounts(fn *Function) *AccountsStruct {
	if len(fn.Decl.Params) == 0 {
		return nil
	}
	pt := fn.Decl.Params[0].Type
	// &Context<Self>: a check an Accounts type runs on its context
	// (access_control functions).
	if r, ok := pt.(*ast.RefType); ok {
		pt = r.Elem
	}
	t, ok := contextAccountsType(pt)
	if !ok {
		return nil
	}
	if t == "Self" {
		t = fn.SelfType
	}
	return p.accountsByName[t]
}

// contextAccountsType reads T from Context<'a, 'b, 'c, 'info, T<'info>>.
func contextAccountsType(t ast.Type) (string, bool) {
	pt, ok := t.(*ast.PathType)
	if !ok {
		return "", false
	}
	last := pt.Path.Last()
	if last == nil || last.Name.Name != "Context" || last.Args == nil {
		return "", false
	}
	for i := len(last.Args.Args) - 1; i >= 0; i-- {
		if a := last.Args.Args[i]; a.Type != nil {
			return typeName(a.Type), true
		}
	}
	return "", false
}

// AccountKind classifies an Accounts struct field's type.
type AccountKind uint8

// Account field kinds, after Anchor's account types. Old names
// (ProgramAccount, CpiAccount, Loader) map to their modern equivalents'
// kinds with Name keeping the spelling.
const (
	KindOther            AccountKind = iota // a nested Accounts struct or unknown type
	KindAccount                             // Account<'info, T>: owner and discriminator checked
	KindSigner                              // Signer<'info>
	KindProgram                             // Program<'info, T>: executable and address checked
	KindAccountInfo                         // AccountInfo<'info>: nothing checked
	KindUncheckedAccount                    // UncheckedAccount<'info>: nothing checked
	KindSystemAccount                       // SystemAccount<'info>: owned by the system program
	KindSysvar                              // Sysvar<'info, T>: address checked
	KindAccountLoader                       // AccountLoader<'info, T>: zero-copy, owner and discriminator checked
	KindInterfaceAccount                    // InterfaceAccount<'info, T>: owner among token programs
	KindInterface                           // Interface<'info, T>: one of several programs
)

var kindNames = map[string]AccountKind{
	"Account":          KindAccount,
	"ProgramAccount":   KindAccount,
	"CpiAccount":       KindAccount,
	"Signer":           KindSigner,
	"Program":          KindProgram,
	"AccountInfo":      KindAccountInfo,
	"UncheckedAccount": KindUncheckedAccount,
	"SystemAccount":    KindSystemAccount,
	"Sysvar":           KindSysvar,
	"AccountLoader":    KindAccountLoader,
	"Loader":           KindAccountLoader,
	"InterfaceAccount": KindInterfaceAccount,
	"Interface":        KindInterface,
}

// String returns the kind's Anchor type name.
func (k AccountKind) String() string {
	switch k {
	case KindAccount:
		return "Account"
	case KindSigner:
		return "Signer"
	case KindProgram:
		return "Program"
	case KindAccountInfo:
		return "AccountInfo"
	case KindUncheckedAccount:
		return "UncheckedAccount"
	case KindSystemAccount:
		return "SystemAccount"
	case KindSysvar:
		return "Sysvar"
	case KindAccountLoader:
		return "AccountLoader"
	case KindInterfaceAccount:
		return "InterfaceAccount"
	case KindInterface:
		return "Interface"
	}
	return "Other"
}

// AccountType is a classified Accounts field type.
type AccountType struct {
	Kind     AccountKind
	Name     string   // the type name as written: "Account", "Loader", "Withdraw"
	Inner    string   // T in Account<'info, T>, Program<'info, T>, Sysvar<'info, T>
	Boxed    bool     // Box<...>
	Optional bool     // Option<...>
	Type     ast.Type // the field's full type
}

// ClassifyType names the Anchor account type of a field or parameter
// type, through references, Box and Option.
func ClassifyType(t ast.Type) AccountType {
	if rt, ok := t.(*ast.RefType); ok {
		t = rt.Elem
	}
	return classify(t)
}

// classify unwraps Box and Option and names the account type.
func classify(t ast.Type) AccountType {
	at := AccountType{Type: t}
	for {
		pt, ok := t.(*ast.PathType)
		if !ok {
			return at
		}
		last := pt.Path.Last()
		if last == nil {
			return at
		}
		name := last.Name.Name
		inner := firstTypeArg(last.Args)
		if (name == "Box" || name == "Option") && inner != nil {
			if name == "Box" {
				at.Boxed = true
			} else {
				at.Optional = true
			}
			t = inner
			continue
		}
		at.Name = name
		at.Kind = kindNames[name]
		if inner != nil {
			at.Inner = typeName(inner)
		}
		return at
	}
}

func firstTypeArg(ga *ast.GenericArgs) ast.Type {
	if ga == nil {
		return nil
	}
	for _, a := range ga.Args {
		if a.Type != nil {
			return a.Type
		}
	}
	return nil
}

// AccountsStruct is a #[derive(Accounts)] struct.
type AccountsStruct struct {
	Name   string
	Item   *ast.StructItem
	File   *File
	Fields []*AccountField
	// InstructionArgs names the parameters of #[instruction(...)].
	InstructionArgs []string
	// Errors lists #[account(...)] attributes that could not be read.
	Errors []error
	// Methods are the functions of impl blocks for the struct.
	Methods []*Function
}

// Field returns the field named name, or nil.
func (s *AccountsStruct) Field(name string) *AccountField {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// AccountField is one field of an Accounts struct.
type AccountField struct {
	Name  string
	Field *ast.Field
	Type  AccountType
	// Doc is the field's doc comment text.
	Doc string
	// Check holds the "/// CHECK:" note's text; HasCheck is set when the
	// note is present (Anchor refuses AccountInfo and UncheckedAccount
	// fields without one).
	Check    string
	HasCheck bool
	// Constraints holds the #[account(...)] constraints; it is never nil
	// (an empty value when the field has no #[account] attribute), and
	// Constraints.Attr tells whether the attribute is present.
	Constraints *Constraints
}

// Pos returns the field's position (its first attribute or doc comment).
func (f *AccountField) Pos() token.Pos { return f.Field.Pos() }

func (p *Program) accountsStruct(f *File, it *ast.StructItem) *AccountsStruct {
	as := &AccountsStruct{Name: it.Name.Name, Item: it, File: f}
	if a := FindAttr(it.Attrs, "instruction"); a != nil && a.Args != nil {
		as.InstructionArgs = instructionArgs(a.Args.Tokens)
	}
	for _, fld := range it.Fields {
		af := &AccountField{Field: fld, Type: classify(fld.Type), Doc: DocText(fld.Attrs)}
		if fld.Name != nil {
			af.Name = fld.Name.Name
		}
		af.Check, af.HasCheck = checkNote(af.Doc)
		af.Constraints = &Constraints{}
		if a := FindAttr(fld.Attrs, "account"); a != nil {
			c, err := ParseConstraints(p.Fset, a)
			if err != nil {
				as.Errors = append(as.Errors, err)
			}
			af.Constraints = c
		}
		as.Fields = append(as.Fields, af)
	}
	return as
}

// instructionArgs reads the names in #[instruction(a: u8, b: Vec<u8>)]:
// each identifier followed by a colon at the top level.
func instructionArgs(toks []token.Token) []string {
	var names []string
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case token.LPAREN, token.LBRACK, token.LBRACE, token.LT:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE, token.GT:
			depth--
		case token.SHR:
			depth -= 2
		case token.IDENT:
			if depth == 0 && i+1 < len(toks) && toks[i+1].Kind == token.COLON {
				names = append(names, t.Lit)
			}
		}
	}
	return names
}

// checkNote finds a "CHECK:" line in doc text (Anchor accepts "CHECK"
// followed by anything, case-sensitive, at the start of a doc line).
func checkNote(doc string) (string, bool) {
	for i := 0; i < len(doc); {
		j := i
		for j < len(doc) && doc[j] != '\n' {
			j++
		}
		line := doc[i:j]
		if len(line) >= 5 && line[:5] == "CHECK" {
			text := line[5:]
			if len(text) > 0 && text[0] == ':' {
				text = text[1:]
			}
			rest := doc[j:]
			if len(rest) > 0 {
				text += rest
			}
			return trimSpace(text), true
		}
		i = j + 1
	}
	return "", false
}

func trimSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\n' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\n' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}
