package validation

import (
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Kind says what an abstract value stands for.
type Kind uint8

// Value kinds.
const (
	Unknown          Kind = iota
	AccountRef            // an account of the instruction (Acc)
	Key                   // the address of Acc
	Owner                 // the program owning Acc
	Lamports              // Acc's lamports
	RawData               // Acc's data bytes; Offset says where the slice starts
	Data                  // Acc's data read as Type
	Field                 // a field (Path) of Acc's data
	Struct                // a struct or tuple holding other values (Fields); an Anchor Context or Accounts struct
	AccountList           // accounts of the instruction: the native &[AccountInfo] or remaining_accounts
	AccountIter           // an iterator over an AccountList
	Const                 // a constant (Path: its path, or a literal)
	ProgramID             // the executing program's id
	Derived               // an address derived from seeds (Seeds) and a program (Program)
	Arg                   // instruction data: an argument of the instruction
	CpiContext            // an Anchor CpiContext (Fields: program, accounts; Signed)
	InstructionValue      // an Instruction built for a CPI (Fields: program_id; Builder)
	Bool                  // the outcome of a comparison (Rel)
	FuncRef               // a function of the crate used as a value (Fns)
)

// Offset kinds of raw data.
const (
	Whole     = iota // all of the data
	AtStart          // a slice from offset 0 (data[..n])
	Elsewhere        // a slice from another offset
)

// Value is what an expression of the instruction's code stands for, as far as the model
// tracks. Values are immutable once built.
type Value struct {
	Kind Kind
	// Acc names the account for Account, Key, Owner, Lamports, RawData, Data and Field; for
	// AccountList, the list ("remaining_accounts", or the native list's parameter).
	Acc string
	// Path is a Field's path in the data ("authority", "config.admin"), a Const's path, or
	// an AccountList element's index ("3") when known.
	Path string
	// Type is a Data or Struct value's type name, when known.
	Type string
	// Fields are a Struct's, CpiContext's or Instruction's parts.
	Fields map[string]*Value
	// Offset is where RawData starts (Whole, AtStart, Elsewhere).
	Offset int
	// Seeds are a Derived address's seeds, Program its program; for a signed CpiContext,
	// Seeds are the signer seeds.
	Seeds   []*Value
	Program *Value
	Signed  bool
	// SeedsNode is where a signed CpiContext's signer seeds are written.
	SeedsNode ast.Node
	// Deref marks an account of a typed Anchor wrapper (Account, InterfaceAccount) whose
	// fields are its data's (vault.owner is the data's owner field, not the owning program).
	Deref bool
	// Wrapper is the Anchor type of an Accounts field's account (Account, AccountLoader,
	// AccountInfo, ...): methods the crate implements for it apply.
	Wrapper string
	// Builder is the resolved path of the function that built an Instruction or made a CPI.
	Builder string
	// Rel is the comparison a Bool stands for.
	Rel *Relation
	// Fns are the functions a FuncRef may name.
	Fns []*model.Function
	// Node is where the value was made, for evidence (may be nil).
	Node ast.Node
	// Index is the position, in the native account list, of an Account not named yet (-1
	// when taken from an iterator); for an AccountList, the position in the instruction's
	// list its first element has (&accounts[4..] starts at 4; -1 when not known).
	Index int
}

var unknown = &Value{Kind: Unknown}

// IsAccountish reports a value that is or holds something of an account: what makes a call
// worth following.
func (v *Value) IsAccountish() bool {
	switch v.Kind {
	case AccountRef, Key, Owner, Lamports, RawData, Data, Field, AccountList, AccountIter, CpiContext, InstructionValue, Derived, FuncRef:
		return true
	case Struct:
		for _, f := range v.Fields {
			if f.IsAccountish() {
				return true
			}
		}
	}
	return false
}

// Is reports v is of kind k for account acc.
func (v *Value) Is(k Kind, acc string) bool { return v != nil && v.Kind == k && v.Acc == acc }

// String renders the value for evidence and for memo keys.
func (v *Value) String() string {
	var b strings.Builder
	v.write(&b, 0)
	return b.String()
}

func (v *Value) write(b *strings.Builder, depth int) {
	if v == nil {
		b.WriteString("?")
		return
	}
	if depth > 4 {
		b.WriteString("…")
		return
	}
	switch v.Kind {
	case Unknown:
		b.WriteString("?")
	case AccountRef:
		b.WriteString(v.Acc)
		if v.Type != "" {
			b.WriteString("<" + v.Type + ">")
		}
	case Key:
		b.WriteString(v.Acc + ".key")
	case Owner:
		b.WriteString(v.Acc + ".owner")
	case Lamports:
		b.WriteString(v.Acc + ".lamports")
	case RawData:
		b.WriteString(v.Acc + ".data")
		switch v.Offset {
		case AtStart:
			b.WriteString("[..n]")
		case Elsewhere:
			b.WriteString("[k..]")
		}
	case Data:
		b.WriteString(v.Acc + " as " + v.Type)
	case Field:
		b.WriteString(v.Acc + "." + v.Path)
	case Struct, CpiContext, InstructionValue:
		switch v.Kind {
		case CpiContext:
			b.WriteString("CpiContext")
			if v.Signed {
				b.WriteString("(signed)")
			}
		case InstructionValue:
			b.WriteString("Instruction(" + v.Builder + ")")
		}
		b.WriteString(v.Type + "{")
		names := make([]string, 0, len(v.Fields))
		for n := range v.Fields {
			names = append(names, n)
		}
		sort.Strings(names)
		for i, n := range names {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(n + ":")
			v.Fields[n].write(b, depth+1)
		}
		b.WriteString("}")
	case AccountList:
		b.WriteString(v.Acc + "[]")
		if v.Index != 0 {
			b.WriteString("@" + itoa(v.Index+1)) // +1: -1 (unknown) as 0
		}
	case AccountIter:
		b.WriteString(v.Acc + ".iter()")
	case Const:
		b.WriteString(v.Path)
	case ProgramID:
		b.WriteString("program_id")
	case Derived:
		b.WriteString("pda(")
		for i, s := range v.Seeds {
			if i > 0 {
				b.WriteString(",")
			}
			s.write(b, depth+1)
		}
		b.WriteString(")")
	case Arg:
		b.WriteString("arg")
		if v.Path != "" {
			b.WriteString(":" + v.Path)
		}
	case Bool:
		b.WriteString("bool")
	case FuncRef:
		b.WriteString("fn")
		for _, f := range v.Fns {
			b.WriteString(" " + f.Name)
		}
	}
}

// field returns a part of a Struct-like value, or unknown.
func (v *Value) field(name string) *Value {
	if v != nil && v.Fields != nil {
		if f, ok := v.Fields[name]; ok {
			return f
		}
	}
	return unknown
}

func account(name string) *Value { return &Value{Kind: AccountRef, Acc: name} }

func of(k Kind, acc string) *Value { return &Value{Kind: k, Acc: acc} }

func field(acc, path string) *Value { return &Value{Kind: Field, Acc: acc, Path: path} }

func constant(path string) *Value { return &Value{Kind: Const, Path: path} }

// fieldOf extends a data value by a field name: Data or Field of acc gives Field of acc.
func fieldOf(v *Value, name string) *Value {
	switch v.Kind {
	case Data:
		return field(v.Acc, name)
	case Field:
		return field(v.Acc, v.Path+"."+name)
	}
	return unknown
}
