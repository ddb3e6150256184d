package detectors

import (
	"fmt"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// TypeCosplay reports account data read as one of the program's types by a reader that cannot
// tell it from another of the program's account types.
var TypeCosplay = analyzer(detect.Template{
	ID:         "SOLANA_TYPE_COSPLAY",
	Name:       "Type cosplay (missing discriminator)",
	Severity:   detect.High,
	Confidence: detect.ConfidenceHigh,
	Description: "<p><code>${function_name}</code> deserializes account data as <code>${type_name}</code> " +
		"${how}, so an account of another of the program's types passes for it.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Anchor: declare the type with <code>#[account]</code> and load it through " +
		"<code>Account&lt;'info, T&gt;</code> or <code>try_deserialize</code>. Native: store a type tag " +
		"(an enum or discriminator field) and check it after deserializing.</p>",
	DescriptionKeys: []string{"function_name", "type_name", "how", "evidence"},
	DetectionLogic: "From the account-validation model: the program's account types are its #[account] types and " +
		"the crate's types its instructions read from or write to the start of an account's data. A read of one of " +
		"them without a discriminator or tag field is reported when another account type exists and the reader cannot " +
		"tell them apart: always for Anchor's try_deserialize_unchecked, readers of a prefix (T::deserialize(&mut &data[..]), " +
		"unpack or try_from_slice of data[..n], try_from_slice_unchecked) and casts (bytemuck, zero-copy loads); for " +
		"exact-length readers (Pack::unpack, Borsh try_from_slice of the whole data, which reject any other length) " +
		"only when another account type has the same size (confidence low when a size cannot be computed).",
	CWE:   []string{"CWE-843"},
	Class: "account-validation",
}, func(p *Pass) {
	types := p.accountTypes()
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		for _, a := range in.Accounts {
			for _, r := range a.Reads {
				p.cosplayRead(seen, in, a, r, types)
			}
		}
	}
})

func (p *Pass) cosplayRead(seen map[ast.Node]bool, in *validation.Instruction, a *validation.Account, r *validation.DataRead, types map[string]bool) {
	name := lastSegment(r.Type)
	ds := p.Program.DataStruct(name)
	if ds == nil || r.Constraint {
		return
	}
	var how string
	conf := detect.ConfidenceHigh
	switch r.How {
	case validation.ReadUnchecked:
		how = "without checking its discriminator"
	case validation.ReadPrefix, validation.ReadCast:
		if ds.HasDiscriminator || ds.TagField != "" {
			return
		}
		how = "from the start of the data, although it has no discriminator or type tag"
	case validation.ReadExact:
		if ds.HasDiscriminator || ds.TagField != "" {
			return
		}
		how = "although it has no discriminator or type tag"
	default:
		return
	}
	var others []string
	for t := range types {
		if t == name {
			continue
		}
		if r.How == validation.ReadExact {
			size, other := p.dataSize(name, 0), p.dataSize(t, 0)
			if size >= 0 && other >= 0 && size != other {
				continue // an exact-length reader rejects data of another size
			}
			if size < 0 || other < 0 {
				conf = detect.ConfidenceLow
			}
		}
		others = append(others, t)
	}
	if len(others) == 0 {
		return
	}
	sort.Strings(others)
	p.reportAt(seen, p.factNode(in, a, r.Site), r.Fn, conf, map[string]string{"function_name": in.Name, "type_name": name, "how": how,
		"evidence": evidence("read by "+p.where(r.Site), "the program's account types include "+strings.Join(others, ", ")+" as well")})
}

// accountTypes lists the program's account types: its #[account] types and the crate's types
// its instructions read from or write to the start of an account's data.
func (p *Pass) accountTypes() map[string]bool {
	out := map[string]bool{}
	for _, d := range p.Program.Data {
		if d.Kind == model.DataAccount || d.Kind == model.DataZeroCopyAccount {
			out[d.Name] = true
		}
	}
	for _, in := range p.Model.Instructions {
		for _, r := range in.Facts.Reads {
			if r.How != validation.ReadRaw && r.How != 0 && p.Program.DataStruct(lastSegment(r.Type)) != nil {
				out[lastSegment(r.Type)] = true
			}
		}
		for _, w := range in.Facts.Writes {
			if w.Type != "" && w.Offset != validation.Elsewhere && p.Program.DataStruct(lastSegment(w.Type)) != nil {
				out[lastSegment(w.Type)] = true
			}
		}
	}
	return out
}

// dataSize is the serialized size of one of the crate's data types (Pack's LEN when written as
// a literal; Borsh's layout otherwise, with Anchor's 8-byte discriminator), or -1 when it
// cannot be told (vectors, strings, types of other crates).
func (p *Pass) dataSize(name string, depth int) int {
	ds := p.Program.DataStruct(name)
	if ds == nil || depth > 4 {
		return -1
	}
	if ds.PackLen > 0 {
		return ds.PackLen
	}
	n := 0
	if ds.HasDiscriminator {
		n = 8
	}
	for _, f := range ds.Item.Fields {
		s := p.typeSize(f.Type, depth)
		if s < 0 {
			return -1
		}
		n += s
	}
	return n
}

var primitiveSizes = map[string]int{
	"u8": 1, "i8": 1, "bool": 1, "u16": 2, "i16": 2, "u32": 4, "i32": 4, "f32": 4, "u64": 8, "i64": 8, "f64": 8,
	"u128": 16, "i128": 16, "Pubkey": 32,
}

func (p *Pass) typeSize(t ast.Type, depth int) int {
	switch t := t.(type) {
	case *ast.PathType:
		l := t.Path.Last()
		if l == nil {
			return -1
		}
		if s, ok := primitiveSizes[l.Name.Name]; ok {
			return s
		}
		return p.dataSize(l.Name.Name, depth+1)
	case *ast.ArrayType:
		lit, ok := t.Len.(*ast.LitExpr)
		if !ok {
			return -1
		}
		var n int
		if _, err := fmt.Sscan(strings.TrimRight(strings.ReplaceAll(lit.Value, "_", ""), "usize"), &n); err != nil {
			return -1
		}
		if e := p.typeSize(t.Elem, depth); e >= 0 {
			return n * e
		}
	}
	return -1
}
