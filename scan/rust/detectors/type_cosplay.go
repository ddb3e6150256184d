package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// TypeCosplay reports account data deserialized as a type that carries no
// discriminator, or with Anchor's unchecked deserializer.
var TypeCosplay = analyzer(detect.Template{
	ID:         "SOLANA_TYPE_COSPLAY",
	Name:       "Type cosplay (missing discriminator)",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> deserializes account data as <code>${type_name}</code> " +
		"${how}, so an account of another type with a compatible layout passes for it.</p>",
	Remediation: "<p>Anchor: declare the type with <code>#[account]</code> and load it through " +
		"<code>Account&lt;'info, T&gt;</code> or <code>try_deserialize</code>. Native: store a type tag " +
		"(an enum or discriminator field) and check it after deserializing.</p>",
	DescriptionKeys: []string{"function_name", "type_name", "how"},
	DetectionLogic:  "Calls T::try_from_slice/deserialize/unpack where T is a Borsh or Pack struct of the crate without a tag field (discriminator, account_type, key, ...) and the crate has at least two such types, and any T::try_deserialize_unchecked.",
	CWE:             []string{"CWE-843"},
	Class:           "account-validation",
},
	func(p *Pass) {
		// With one untagged type there is nothing of this program's to
		// pass off as another (the owner check covers other programs).
		untagged := 0
		for _, d := range p.Program.Data {
			if !d.HasDiscriminator && d.TagField == "" && (d.Kind == model.DataBorsh || d.Kind == model.DataPack) {
				untagged++
			}
		}
		for _, u := range p.units() {
			env := lets(u.Func.Decl.Body)
			for _, c := range model.Calls(u.Func.Decl.Body) {
				if c.Macro || c.Path == "" || len(c.Args) == 0 || !readsAccount(c.Args[len(c.Args)-1], u, env) {
					continue
				}
				typ := typeOfCall(c.Path)
				switch c.Name() {
				case "try_deserialize_unchecked":
					p.Report(c.Node, u.Func, map[string]string{"type_name": typ, "how": "without checking its discriminator"})
				case "try_from_slice", "try_from_slice_unchecked", "deserialize", "unpack", "unpack_unchecked":
					ds := p.Program.DataStruct(typ)
					if ds == nil || ds.HasDiscriminator || ds.TagField != "" || untagged < 2 {
						continue
					}
					p.Report(c.Node, u.Func, map[string]string{"type_name": typ, "how": "although it has no discriminator or type tag"})
				}
			}
		}
	})

// typeOfCall returns T of "path::T::method".
func typeOfCall(path string) string {
	parts := strings.Split(path, "::")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}

// readsAccount reports an argument that reads an account's data (an
// Accounts field, ctx.remaining_accounts or a native account binding),
// not instruction data (args.message.as_slice()).
func readsAccount(x ast.Expr, u unit, env map[string]ast.Expr) bool {
	for _, acc := range accountsIn(x, u, env) {
		if u.Ctx != "" || u.Bindings[acc] {
			return true
		}
	}
	return false
}
