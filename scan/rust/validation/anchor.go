package validation

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// constraintFacts turns an Accounts struct's types and constraints into the instruction's
// facts: Anchor checks them before the handler runs. Constraint expressions are walked like
// code (the helpers they call are followed), with the struct's fields and the #[instruction]
// arguments in scope.
func (m *Model) constraintFacts(in *Instruction, as *model.AccountsStruct, prefix string, depth int) {
	env := map[string]*Value{}
	for _, f := range as.Fields {
		if f.Name == "" {
			continue
		}
		if nested := m.nestedAccounts(f); nested != nil && depth < 3 {
			env[f.Name] = m.accountsValue(nested, prefix+f.Name+".", depth+1)
			continue
		}
		env[f.Name] = &Value{Kind: AccountRef, Acc: prefix + f.Name, Type: f.Type.Inner, Deref: derefs(f), Wrapper: f.Type.Name}
	}
	for _, a := range as.InstructionArgs {
		env[a] = &Value{Kind: Arg, Path: a}
	}
	var file *model.File
	if as.File != nil {
		file = as.File
	}
	w := &walker{m: m, file: file, env: env, facts: &in.Facts, inst: in, constraint: true}
	for _, f := range as.Fields {
		if f.Name == "" {
			continue
		}
		if nested := m.nestedAccounts(f); nested != nil && depth < 3 {
			m.constraintFacts(in, nested, prefix+f.Name+".", depth+1)
			continue
		}
		w.fieldFacts(prefix+f.Name, f)
	}
}

// anchorSite is where an Accounts field's type or constraint says something.
func anchorSite(n ast.Node, what string) Site { return Site{Node: n, What: what, Constraint: true} }

// fieldFacts records what an Accounts field's type and constraints establish.
func (w *walker) fieldFacts(name string, f *model.AccountField) {
	t, c := f.Type, f.Constraints
	facts := w.facts
	key := &Value{Kind: Key, Acc: name}
	owner := &Value{Kind: Owner, Acc: name}
	rel := func(x, y *Value, n ast.Node, what string) {
		facts.Relations = append(facts.Relations, &Relation{X: x, Y: y, Equal: true, Site: anchorSite(n, what)})
	}
	typeNode := ast.Node(f.Field)
	if f.Field.Type != nil {
		typeNode = f.Field.Type
	}
	switch t.Kind {
	case model.KindSigner:
		facts.Signers = append(facts.Signers, &SignerCheck{Acc: name, Site: anchorSite(typeNode, "Signer<'info>")})
	case model.KindAccount, model.KindAccountLoader, model.KindInterfaceAccount:
		how := ReadTyped
		if d := w.m.prog.DataStruct(t.Inner); d != nil && !d.HasDiscriminator {
			how = ReadCast
		}
		facts.Reads = append(facts.Reads, &DataRead{Acc: name, Type: t.Inner, How: how, OwnerChecked: true,
			Site: anchorSite(typeNode, t.Name+"<'info, "+t.Inner+">")})
	case model.KindProgram:
		rel(key, constant(t.Inner+"::ID"), typeNode, "Program<'info, "+t.Inner+">")
	case model.KindInterface:
		rel(key, constant(t.Inner+"::ID"), typeNode, "Interface<'info, "+t.Inner+">")
	case model.KindSysvar:
		rel(key, constant("sysvar::"+t.Inner+"::ID"), typeNode, "Sysvar<'info, "+t.Inner+">")
	case model.KindSystemAccount:
		rel(owner, constant("system_program::ID"), typeNode, "SystemAccount<'info>")
	}
	if c == nil {
		return
	}
	if c.Signer {
		facts.Signers = append(facts.Signers, &SignerCheck{Acc: name, Site: anchorSite(c.Get("signer").Item, "signer constraint")})
	}
	if c.Init || c.InitIfNeeded || c.Zero {
		// Created (or, for zero, claimed) by this program in this instruction.
		e := c.Get("init")
		if e == nil {
			e = c.Get("init_if_needed")
		}
		if e == nil {
			e = c.Get("zero")
		}
		rel(owner, &Value{Kind: ProgramID}, e.Item, e.Key)
		facts.Writes = append(facts.Writes, &DataWrite{Acc: name, Site: anchorSite(e.Item, e.Key)})
	}
	if c.Owner != nil {
		rel(owner, w.expr(c.Owner.Value), c.Owner.Item, "owner constraint")
	}
	if c.Address != nil {
		rel(key, w.expr(c.Address.Value), c.Address.Item, "address constraint")
	}
	prefix := ""
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		prefix = name[:i+1]
	}
	for _, h := range c.HasOne {
		target := model.ExprPath(h.Value)
		if target == "" {
			continue
		}
		rel(&Value{Kind: Key, Acc: prefix + target}, field(name, target), h.Item, "has_one = "+target)
	}
	for _, e := range c.Custom {
		w.constraintExpr(e.Value, e.Item, "constraint")
	}
	for _, it := range c.Legacy {
		w.legacy(it)
	}
	for key, e := range c.Token {
		v := w.expr(e.Value)
		switch key {
		case "token::mint", "mint::token_program":
			if key == "token::mint" {
				rel(field(name, "mint"), keyOf(v), e.Item, key)
			} else {
				rel(owner, keyOf(v), e.Item, key)
			}
		case "token::authority":
			rel(field(name, "owner"), keyOf(v), e.Item, key)
		case "token::token_program", "associated_token::token_program":
			rel(owner, keyOf(v), e.Item, key)
		case "mint::authority":
			rel(field(name, "mint_authority"), keyOf(v), e.Item, key)
		case "mint::freeze_authority":
			rel(field(name, "freeze_authority"), keyOf(v), e.Item, key)
		case "associated_token::mint":
			rel(field(name, "mint"), keyOf(v), e.Item, key)
		case "associated_token::authority":
			rel(field(name, "owner"), keyOf(v), e.Item, key)
		}
	}
	if am, aa := c.Token["associated_token::mint"], c.Token["associated_token::authority"]; am != nil && aa != nil {
		prog := constant("spl_token::ID")
		if tp := c.Token["associated_token::token_program"]; tp != nil {
			prog = keyOf(w.expr(tp.Value))
		}
		ata := &Value{Kind: Derived, Seeds: []*Value{keyOf(w.expr(aa.Value)), prog, keyOf(w.expr(am.Value))}, Program: constant("spl_associated_token_account::ID")}
		rel(key, ata, aa.Item, "associated token account")
	}
	if c.SeedsSet {
		seeds := make([]*Value, 0, len(c.Seeds))
		for _, s := range c.Seeds {
			seeds = append(seeds, w.expr(s))
		}
		prog := &Value{Kind: ProgramID}
		if c.SeedsProgram != nil {
			prog = w.expr(c.SeedsProgram.Value)
		}
		e := c.Get("seeds")
		rel(key, &Value{Kind: Derived, Seeds: seeds, Program: prog, Node: e.Item}, e.Item, "seeds constraint")
	}
	if c.Close != nil {
		to := prefix + model.ExprPath(c.Close.Value)
		facts.Closes = append(facts.Closes, &Close{Acc: name, To: to, Site: anchorSite(c.Close.Item, "close = "+to)})
		facts.Writes = append(facts.Writes, &DataWrite{Acc: name, Site: anchorSite(c.Close.Item, "close")})
		facts.Lamports = append(facts.Lamports,
			&LamportsChange{Acc: name, Site: anchorSite(c.Close.Item, "close")},
			&LamportsChange{Acc: to, Credit: true, Site: anchorSite(c.Close.Item, "close")})
	}
	if c.Realloc != nil {
		facts.Writes = append(facts.Writes, &DataWrite{Acc: name, Site: anchorSite(c.Realloc.Item, "realloc")})
	}
}

// keyOf reads a constraint's value as an address: an account stands for its key.
func keyOf(v *Value) *Value {
	if v.Kind == AccountRef {
		return &Value{Kind: Key, Acc: v.Acc, Node: v.Node}
	}
	return v
}

// constraint walks a constraint expression as a condition.
func (w *walker) constraintExpr(x ast.Expr, n ast.Node, what string) {
	w.cond++
	before := len(w.facts.Relations)
	w.expr(x)
	w.cond--
	for _, r := range w.facts.Relations[before:] {
		if r.Fn == nil {
			r.Node, r.What = n, what
		}
	}
}

// legacy walks a constraint of Anchor's old string form: #[account("a.key == &b.owner")].
func (w *walker) legacy(it *ast.MetaItem) {
	lit, ok := it.Value.(*ast.LitExpr)
	if !ok || lit.Kind != token.STRING || len(lit.Value) < 2 {
		return
	}
	src := lit.Value[1 : len(lit.Value)-1]
	x, err := parser.ParseExpr(token.NewFileSet(), "constraint", src)
	if err != nil {
		return
	}
	w.constraintExpr(x, it, "constraint \""+src+"\"")
}
