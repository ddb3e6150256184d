package validation

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// The functions of other crates the model knows: Solana's, Anchor's and SPL's APIs for
// addresses, deserialization, checks and cross-program invocations. Their code is not shipped
// with the program, so what they do is stated here, from their documentation (names fill a
// gap only where no code can be read).

// tokenArgs gives, for spl-token's instruction builders, the position of each account role
// among the arguments (after the program id, argument 0).
var tokenArgs = map[string]map[string]int{
	"transfer":            {"source": 1, "destination": 2, "authority": 3},
	"transfer_checked":    {"source": 1, "mint": 2, "destination": 3, "authority": 4},
	"mint_to":             {"mint": 1, "destination": 2, "authority": 3},
	"mint_to_checked":     {"mint": 1, "destination": 2, "authority": 3},
	"burn":                {"source": 1, "mint": 2, "authority": 3},
	"burn_checked":        {"source": 1, "mint": 2, "authority": 3},
	"close_account":       {"source": 1, "destination": 2, "authority": 3},
	"approve":             {"source": 1, "destination": 2, "authority": 3},
	"approve_checked":     {"source": 1, "mint": 2, "destination": 3, "authority": 4},
	"set_authority":       {"source": 1, "destination": 2, "authority": 4},
	"revoke":              {"source": 1, "authority": 2},
	"initialize_account":  {"account": 1, "mint": 2, "owner": 3},
	"initialize_account2": {"account": 1, "mint": 2},
	"initialize_account3": {"account": 1, "mint": 2},
	"initialize_mint":     {"mint": 1},
	"initialize_mint2":    {"mint": 1},
	"freeze_account":      {"account": 1, "mint": 2, "authority": 3},
	"thaw_account":        {"account": 1, "mint": 2, "authority": 3},
	"sync_native":         {"account": 1},
}

// systemArgs does the same for the system program's builders (no program id argument).
var systemArgs = map[string]map[string]int{
	"transfer":                 {"source": 0, "destination": 1},
	"transfer_with_seed":       {"source": 0, "destination": 4},
	"create_account":           {"source": 0, "account": 1},
	"create_account_with_seed": {"source": 0, "account": 1},
	"assign":                   {"account": 0},
	"allocate":                 {"account": 0},
}

// anchorRoles names the roles of the fields of anchor-spl's and anchor-lang's CPI account
// structs (Transfer { from, to, authority }, CloseAccount { account, destination, authority }).
var anchorRoles = map[string]string{
	"from": "source", "to": "destination", "authority": "authority", "account": "source",
	"destination": "destination", "mint": "mint", "delegate": "destination", "current_authority": "authority",
	"account_or_mint": "source", "owner": "authority",
}

// deserializerKind says how a data reader of another crate tells the type, given the slice it
// reads.
func deserializerKind(name string, off int) (ReadKind, bool) {
	switch name {
	case "try_from_slice", "unpack", "unpack_unchecked":
		// Borsh try_from_slice rejects trailing bytes, Pack::unpack any length but LEN: the
		// whole data is read exactly; a slice of it is a prefix.
		if off == Whole {
			return ReadExact, true
		}
		return ReadPrefix, true
	case "try_from_slice_unchecked", "deserialize", "unpack_from_slice", "deserialize_reader":
		return ReadPrefix, true
	case "try_deserialize":
		return ReadTyped, true
	case "try_deserialize_unchecked":
		return ReadUnchecked, true
	case "from_bytes", "try_from_bytes", "pod_from_bytes", "from_bytes_mut", "try_from_bytes_mut",
		"pod_from_bytes_mut", "load_bytes", "load_mut_bytes", "cast_slice", "try_cast_slice", "from_slice":
		return ReadCast, true
	}
	return 0, false
}

// external evaluates a call of another crate's function the model knows; false when it does
// not know it.
func (w *walker) external(path, last string, pe *ast.PathExpr, args []*Value, e *ast.CallExpr) (*Value, bool) {
	arg := func(i int) *Value {
		if i < len(args) {
			return args[i]
		}
		return unknown
	}
	segs := strings.Split(path, "::")
	qual := ""
	if len(segs) >= 2 {
		qual = segs[len(segs)-2]
	}
	switch last {
	case "find_program_address", "try_find_program_address":
		d := &Value{Kind: Derived, Seeds: seedList(arg(0)), Program: arg(1), Node: e}
		return &Value{Kind: Struct, Fields: map[string]*Value{"0": d, "1": {Kind: Const, Path: "bump"}}, Node: e}, true
	case "create_program_address":
		return &Value{Kind: Derived, Seeds: seedList(arg(0)), Program: arg(1), Node: e}, true
	case "create_with_seed":
		return &Value{Kind: Derived, Seeds: []*Value{arg(0), arg(1)}, Program: arg(2), Node: e}, true
	case "get_associated_token_address", "get_associated_token_address_with_program_id":
		prog := constant("spl_token::ID")
		if len(args) > 2 {
			prog = arg(2)
		}
		return &Value{Kind: Derived, Seeds: []*Value{arg(0), prog, arg(1)}, Program: constant("spl_associated_token_account::ID"), Node: e}, true
	case "new_from_array", "from_str", "new", "new_unique", "from":
		if qual == "Pubkey" {
			return &Value{Kind: Const, Path: "Pubkey::" + last, Node: e}, true
		}
	case "id":
		if len(segs) == 1 || segs[0] == "crate" || segs[0] == "self" || segs[0] == "super" {
			return &Value{Kind: ProgramID, Node: e}, true
		}
		return &Value{Kind: Const, Path: strings.TrimSuffix(path, "::id") + "::ID", Node: e}, true
	case "cmp_pubkeys", "assert_keys_equal", "assert_keys_eq", "keys_equal":
		r := w.relate(arg(0), arg(1), true, e, last)
		return &Value{Kind: Bool, Rel: r}, true
	case "sol_memcmp", "memcmp":
		// sol_memcmp(a, b, n) == 0 tests that a and b are equal.
		r := w.relate(arg(0), arg(1), true, e, last)
		return &Value{Kind: Bool, Rel: r}, true
	case "assert_owned_by", "assert_owner":
		w.relate(&Value{Kind: Owner, Acc: arg(0).Acc, Node: e}, arg(1), true, e, last)
		return unknown, true
	case "assert_signer":
		if a := arg(0); a.Kind == AccountRef {
			w.facts.Signers = append(w.facts.Signers, &SignerCheck{Acc: a.Acc, Site: w.site(e, last)})
		}
		return unknown, true
	case "check_program_account", "check_spl_token_program_account":
		w.relate(arg(0), constant("spl_token::ID"), true, e, last)
		return unknown, true
	case "check_id":
		w.relate(arg(0), constant(strings.TrimSuffix(path, "::check_id")+"::ID"), true, e, last)
		return unknown, true
	case "from_account_info":
		// Sysvar::from_account_info checks the sysvar's address.
		if a := arg(0); a.Kind == AccountRef {
			w.relate(&Value{Kind: Key, Acc: a.Acc, Node: e}, constant("sysvar::"+qual+"::ID"), true, e, qual+"::from_account_info")
		}
		return unknown, true
	case "try_from", "try_from_unchecked", "try_from_unchecked_init":
		return w.anchorTryFrom(qual, pe, arg(0), e)
	case "invoke", "invoke_signed", "invoke_unchecked", "invoke_signed_unchecked":
		w.invokeCPI(arg(0), arg(1), arg(2), strings.Contains(last, "signed"), e)
		return unknown, true
	case "new_with_bytes", "new_with_borsh", "new_with_bincode":
		return &Value{Kind: InstructionValue, Builder: path, Fields: map[string]*Value{"program_id": arg(0)}, Node: e}, true
	}
	if last == "pack" && len(args) == 2 && arg(1).Kind == RawData {
		// Pack::pack(value, &mut data): the value's type written at the start of the data.
		typ := arg(0).Type
		if typ == "" {
			typ = qual
		}
		w.facts.Writes = append(w.facts.Writes, &DataWrite{Acc: arg(1).Acc, Type: typ, Offset: arg(1).Offset, Value: arg(0), Site: w.site(e, "pack")})
		return unknown, true
	}
	if qual == "CpiContext" {
		switch last {
		case "new":
			return &Value{Kind: CpiContext, Fields: map[string]*Value{"program": arg(0), "accounts": arg(1)}, Node: e}, true
		case "new_with_signer":
			return &Value{Kind: CpiContext, Fields: map[string]*Value{"program": arg(0), "accounts": arg(1)}, Signed: true, Seeds: seedList(arg(2)),
				SeedsNode: seedsNode(arg(2)), Node: e}, true
		}
	}
	if kind, ok := deserializerKind(last, arg(0).Offset); ok {
		return w.deserialize(kind, qual, segs, pe, arg(0), e), true
	}
	if ctx := arg(0); ctx.Kind == CpiContext {
		// An Anchor CPI helper (anchor_spl::token::transfer, system_program::transfer, a
		// generated program::cpi::method): the instruction is built with its program's fixed
		// id, or checked against the token programs (token_interface).
		c := &CPI{Fixed: path, Kind: last, Signed: ctx.Signed, Seeds: ctx.Seeds, SeedsNode: ctx.SeedsNode, Accounts: map[string]*Value{}, Site: w.site(e, path)}
		for name, v := range ctx.field("accounts").Fields {
			role := anchorRoles[name]
			if role == "" {
				role = name
			}
			c.Accounts[role] = v
		}
		w.facts.CPIs = append(w.facts.CPIs, c)
		return unknown, true
	}
	if qual == "system_instruction" || strings.HasSuffix(path, "system_program::instruction::"+last) {
		return w.builder(path, last, systemArgs[last], -1, args, e), true
	}
	if i := indexOf(segs, "instruction"); i > 0 && i == len(segs)-2 {
		if isToken, trusted := w.m.tokenCrate(segs[:i], w.file); isToken {
			prog := 0
			if trusted {
				prog = -1
			}
			return w.builder(path, last, tokenArgs[last], prog, args, e), true
		}
		// Another program's builder: when its first argument is an account's key named as a
		// program, that account is the program invoked (a guess from the name).
		v := w.builder(path, last, nil, -1, args, e)
		if a := arg(0); a.Kind == Key && strings.Contains(strings.ToLower(a.Acc), "program") {
			v.Fields["program_id"] = a
			v.Type = "guessed"
		}
		return v, true
	}
	return nil, false
}

func indexOf(segs []string, s string) int {
	for i, x := range segs {
		if x == s {
			return i
		}
	}
	return -1
}

// builder is an Instruction made by a builder: roles gives the account arguments' positions;
// prog is the position of the program id argument, or -1 when the builder fixes or checks it.
func (w *walker) builder(path, last string, roles map[string]int, prog int, args []*Value, e ast.Node) *Value {
	v := &Value{Kind: InstructionValue, Builder: path, Path: last, Fields: map[string]*Value{}, Node: e}
	if prog >= 0 && prog < len(args) {
		v.Fields["program_id"] = args[prog]
	}
	for role, i := range roles {
		if i < len(args) {
			v.Fields[role] = args[i]
		}
	}
	return v
}

// invokeCPI records invoke(_signed)(&ix, &accounts[, seeds]).
func (w *walker) invokeCPI(ix, infos, seeds *Value, signed bool, e ast.Node) {
	c := &CPI{Accounts: map[string]*Value{}, Signed: signed, Site: w.site(e, "invoke")}
	if signed {
		c.Seeds, c.SeedsNode = seedList(seeds), seedsNode(seeds)
		c.Site.What = "invoke_signed"
	}
	switch ix.Kind {
	case InstructionValue:
		c.Kind, c.Guessed = ix.Path, ix.Type == "guessed"
		if p, ok := ix.Fields["program_id"]; ok {
			c.Program = p
		} else {
			c.Fixed = ix.Builder
		}
		for role, v := range ix.Fields {
			if role != "program_id" && role != "accounts" && role != "data" {
				c.Accounts[role] = v
			}
		}
	default:
		c.Program = unknown
	}
	if infos.Kind == Struct {
		for i, v := range infos.Fields {
			if _, ok := c.Accounts[i]; !ok {
				c.Accounts["#"+i] = v
			}
		}
	}
	w.facts.CPIs = append(w.facts.CPIs, c)
}

// deserialize records a read of account data by another crate's reader and returns the data.
func (w *walker) deserialize(kind ReadKind, qual string, segs []string, pe *ast.PathExpr, src *Value, e ast.Node) *Value {
	typ := qual
	if len(segs) >= 2 {
		typ = strings.Join(segs[:len(segs)-1], "::")
	}
	if l := pe.Path.Last(); l != nil && l.Args != nil {
		// bytemuck::from_bytes::<T>(..)
		for _, a := range l.Args.Args {
			if a.Type != nil {
				typ = typeString(a.Type)
			}
		}
	}
	acc := ""
	switch src.Kind {
	case RawData, AccountRef:
		acc = src.Acc
	case Arg:
		return src // instruction data
	}
	if acc == "" {
		return &Value{Kind: Unknown}
	}
	if src.Offset == Elsewhere {
		// A part of the data read at an offset: not the account's type.
		w.read(acc, typ, ReadRaw, false, e, "data read at an offset")
		return &Value{Kind: Field, Acc: acc, Path: "[" + typ + "]", Node: e}
	}
	w.read(acc, typ, kind, false, e, segs[len(segs)-1])
	return &Value{Kind: Data, Acc: acc, Type: lastSeg(typ), Node: e}
}

func lastSeg(p string) string { return p[strings.LastIndex(p, ":")+1:] }

func typeString(t ast.Type) string {
	if pt, ok := t.(*ast.PathType); ok {
		return pt.Path.String()
	}
	return ""
}

// anchorTryFrom handles Account::try_from(&info) and its kin: Anchor checks the owner (and
// the discriminator, unless unchecked); Signer::try_from checks the signature, Program::try_from
// the address.
func (w *walker) anchorTryFrom(qual string, pe *ast.PathExpr, src *Value, e ast.Node) (*Value, bool) {
	if src.Kind == Arg {
		return src, true // a conversion of instruction data
	}
	if src.Kind != AccountRef {
		return unknown, true
	}
	typ := ""
	for _, s := range pe.Path.Segments {
		if s.Args != nil {
			for _, a := range s.Args.Args {
				if a.Type != nil {
					typ = lastSeg(typeString(a.Type))
				}
			}
		}
	}
	switch qual {
	case "Account", "AccountLoader", "InterfaceAccount", "Box":
		how := ReadTyped
		if strings.Contains(pe.Path.String(), "unchecked") {
			how = ReadUnchecked
		}
		w.read(src.Acc, typ, how, true, e, qual+"::try_from")
		return &Value{Kind: AccountRef, Acc: src.Acc, Type: typ, Node: e}, true
	case "Signer":
		w.facts.Signers = append(w.facts.Signers, &SignerCheck{Acc: src.Acc, Site: w.site(e, "Signer::try_from")})
		return src, true
	case "Program", "Interface":
		w.relate(&Value{Kind: Key, Acc: src.Acc, Node: e}, constant(typ+"::ID"), true, e, qual+"::try_from")
		return src, true
	case "SystemAccount":
		w.relate(&Value{Kind: Owner, Acc: src.Acc, Node: e}, constant("system_program::ID"), true, e, "SystemAccount::try_from")
		return src, true
	}
	return unknown, false
}
