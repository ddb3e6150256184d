package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// DataKind says how an account data type is declared.
type DataKind uint8

// Data struct kinds.
const (
	// DataAccount is #[account]: Anchor prefixes an 8-byte discriminator
	// and checks it on deserialization.
	DataAccount DataKind = iota + 1
	// DataZeroCopyAccount is #[account(zero_copy)]: discriminator too.
	DataZeroCopyAccount
	// DataZeroCopy is #[zero_copy] alone: a plain inner type, no discriminator.
	DataZeroCopy
	// DataBorsh derives Borsh (or Anchor) serialization without #[account]:
	// no discriminator unless the program writes one itself.
	DataBorsh
	// DataPack implements solana_program's Pack: fixed layout, no discriminator.
	DataPack
)

// String names the kind.
func (k DataKind) String() string {
	switch k {
	case DataAccount:
		return "account"
	case DataZeroCopyAccount:
		return "account(zero_copy)"
	case DataZeroCopy:
		return "zero_copy"
	case DataBorsh:
		return "borsh"
	case DataPack:
		return "pack"
	}
	return "unknown"
}

// DataStruct is a type whose values are stored in account data.
type DataStruct struct {
	Name   string
	Item   *ast.StructItem
	File   *File
	Module string
	Kind   DataKind
	// HasDiscriminator is set when Anchor writes and checks a type tag.
	HasDiscriminator bool
	// TagField names a field that looks like a hand-written type tag
	// (discriminator, account_type, key, tag, ...), or "".
	TagField string
	// PackLen is the LEN of its Pack implementation when written as a literal, else 0.
	PackLen int
}

var tagFieldNames = map[string]bool{
	"discriminator": true, "account_discriminator": true, "account_type": true,
	"discriminant": true, "account_discriminant": true, "account_kind": true, "state_type": true,
	"acc_type": true, "key": true, "tag": true, "kind": true, "data_type": true,
	"account_key": true, "type_tag": true,
}

func dataStruct(f *File, module string, it *ast.StructItem) *DataStruct {
	ds := &DataStruct{Name: it.Name.Name, Item: it, File: f, Module: module}
	switch {
	case FindAttr(it.Attrs, "account") != nil:
		ds.Kind = DataAccount
		if a := FindAttr(it.Attrs, "account"); a.Args != nil {
			for _, t := range a.Args.Tokens {
				if t.Lit == "zero_copy" {
					ds.Kind = DataZeroCopyAccount
				}
			}
		}
		ds.HasDiscriminator = true
	case HasAttr(it.Attrs, "zero_copy"):
		ds.Kind = DataZeroCopy
	case HasDerive(it.Attrs, "BorshDeserialize") || HasDerive(it.Attrs, "AnchorDeserialize") ||
		HasDerive(it.Attrs, "BorshSerialize") || HasDerive(it.Attrs, "AnchorSerialize"):
		ds.Kind = DataBorsh
	default:
		return nil
	}
	for _, fld := range it.Fields {
		if fld.Name != nil && tagFieldNames[fld.Name.Name] {
			ds.TagField = fld.Name.Name
			break
		}
	}
	return ds
}

// DataStruct returns the data type named name, or nil.
func (p *Program) DataStruct(name string) *DataStruct {
	for _, d := range p.Data {
		if d.Name == name {
			return d
		}
	}
	return nil
}
