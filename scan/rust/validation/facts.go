package validation

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Site is where a fact was found: a node of a function of the crate, or of an Accounts
// struct's attribute (Fn nil). What says how it was written, for evidence.
type Site struct {
	Fn   *model.Function
	Node ast.Node
	What string
	// Constraint marks facts of an Accounts struct's constraints (and of the helpers they
	// call): checks Anchor runs before the handler, not uses by its code.
	Constraint bool
}

// Relation is a comparison of two values. Equal is false for a test that they differ
// (require_keys_neq!, assert_ne!); a != b in a condition is a check that they are equal
// (the code fails otherwise), as is a == b.
type Relation struct {
	X, Y  *Value
	Equal bool
	Site
}

// Other returns the side of r that is not a value matching is, and true, when one side
// matches.
func (r *Relation) Other(is func(*Value) bool) (*Value, bool) {
	switch {
	case is(r.X):
		return r.Y, true
	case is(r.Y):
		return r.X, true
	}
	return nil, false
}

// SignerCheck is a test of an account's is_signer in a condition (or a helper known to make
// one, or Anchor's Signer type and signer constraint).
type SignerCheck struct {
	Acc string
	Site
}

// ReadKind says how a deserializer tells the data's type.
type ReadKind uint8

// How account data is read.
const (
	// ReadTyped checks a discriminator (Anchor's Account, AccountLoader, try_deserialize) or
	// is another program's typed reader (a token account's unpack).
	ReadTyped ReadKind = iota + 1
	// ReadExact accepts only data of the type's exact length (Pack::unpack and
	// unpack_unchecked, Borsh try_from_slice of the whole data).
	ReadExact
	// ReadPrefix reads the type from the start of longer data (T::deserialize(&mut &data[..]),
	// unpack of data[..LEN], try_from_slice_unchecked).
	ReadPrefix
	// ReadCast reinterprets the bytes (bytemuck, zero-copy loads without a tag).
	ReadCast
	// ReadUnchecked is Anchor's try_deserialize_unchecked: no discriminator check.
	ReadUnchecked
	// ReadRaw borrows the bytes (a tag tested, a length read, a value copied out).
	ReadRaw
)

// DataRead is a read of an account's data as a type.
type DataRead struct {
	Acc  string
	Type string
	How  ReadKind
	// OwnerChecked: the reader checks the owning program itself (Anchor's Account::try_from,
	// AccountLoader::load).
	OwnerChecked bool
	Site
}

// DataWrite is a write of an account's data; Path names the field assigned, when known;
// Type the type of a value serialized into it, and Offset where (Whole, AtStart, Elsewhere);
// Value what is written, when the code says (an assigned value, a struct serialized).
type DataWrite struct {
	Acc, Path string
	Type      string
	Offset    int
	Value     *Value
	Site
}

// Stores lists the paths under which the write records the key of account acc (a struct
// serialized with token_a: SwapTokenInfo { reserves: *token_a_info.key, .. } stores it as
// "token_a.reserves"; state.admin = admin.key() as "admin").
func (wr *DataWrite) Stores(acc string) []string {
	var out []string
	var walk func(v *Value, path string, depth int)
	walk = func(v *Value, path string, depth int) {
		if v == nil || depth > 4 {
			return
		}
		switch v.Kind {
		case Key:
			if v.Acc == acc && path != "" {
				out = append(out, path)
			}
		case Struct:
			for name, f := range v.Fields {
				p := name
				if path != "" {
					p = path + "." + name
				}
				walk(f, p, depth+1)
			}
		}
	}
	walk(wr.Value, wr.Path, 0)
	return out
}

// LamportsChange is a change of an account's lamports by the program itself.
type LamportsChange struct {
	Acc    string
	Credit bool // false: a debit (only the owning program may)
	Site
}

// CPI is a cross-program invocation.
type CPI struct {
	// Program is the account (or value) the invocation's program id comes from; nil when a
	// builder fixes it (Fixed names the builder).
	Program *Value
	Fixed   string
	// Accounts are the accounts handed to the callee by role ("from", "to", "authority",
	// ...; positional ones as "0", "1", ...).
	Accounts map[string]*Value
	// Signed: the program signs with seeds (Seeds, written at SeedsNode).
	Signed    bool
	Seeds     []*Value
	SeedsNode ast.Node
	// Kind names a known instruction ("transfer", "close_account", "burn", ...); "" for
	// unknown ones.
	Kind string
	// Guessed: the program is taken from an unknown builder's first argument because that
	// argument is named like a program.
	Guessed bool
	Site
}

// Outflow reports a CPI that moves existing value out of an account: a token or lamport
// transfer, a burn, a close, an approval or a change of authority (not a mint, which creates
// tokens).
func (c *CPI) Outflow() bool {
	switch c.Kind {
	case "transfer", "transfer_checked", "burn", "burn_checked", "close_account", "approve", "approve_checked", "set_authority", "withdraw":
		return true
	}
	return false
}

// FieldRead is a read of a field of an account's data by the code (vault.amount); InCond
// marks a read in a condition or a match's scrutinee (the code looks at what it holds).
type FieldRead struct {
	Acc, Path string
	InCond    bool
	Site
}

// Close is Anchor's close = target, or code that drains an account into another.
type Close struct {
	Acc, To string
	Site
}

// Facts are what an instruction's code and constraints establish.
type Facts struct {
	Relations []*Relation
	Signers   []*SignerCheck
	Reads     []*DataRead
	Writes    []*DataWrite
	Lamports  []*LamportsChange
	CPIs      []*CPI
	Closes    []*Close
	Fields    []*FieldRead
	// Unresolved lists accounts handed to code the walk could not follow (a function of
	// another crate, a trait method), by account name: what they do there is an assumption.
	Unresolved map[string]bool
	// Code holds the functions walked.
	Code map[*model.Function]bool
}

func (f *Facts) add(g *Facts) {
	f.Relations = append(f.Relations, g.Relations...)
	f.Signers = append(f.Signers, g.Signers...)
	f.Reads = append(f.Reads, g.Reads...)
	f.Writes = append(f.Writes, g.Writes...)
	f.Lamports = append(f.Lamports, g.Lamports...)
	f.CPIs = append(f.CPIs, g.CPIs...)
	f.Closes = append(f.Closes, g.Closes...)
	f.Fields = append(f.Fields, g.Fields...)
	for a := range g.Unresolved {
		f.unresolved(a)
	}
	if len(g.Code) > 0 && f.Code == nil {
		f.Code = map[*model.Function]bool{}
	}
	for fn := range g.Code {
		f.Code[fn] = true
	}
}

func (f *Facts) unresolved(acc string) {
	if f.Unresolved == nil {
		f.Unresolved = map[string]bool{}
	}
	f.Unresolved[acc] = true
}
