package upgrade

import "github.com/vigil-sec/vigil/scan/detect"

// template builds the catalogue entry of one class of upgrade finding.
func template(id, name string, sev detect.Severity, desc, fix string) *detect.Template {
	return &detect.Template{ID: id, Name: name, Severity: sev, Confidence: detect.ConfidenceHigh, Description: desc,
		Remediation: fix, DescriptionKeys: []string{"contract_name", "variable_name", "detail"},
		DetectionLogic: "vigil upgrade-check: the storage layouts of the old and new version computed from source (package layout) compared slot by slot; the new implementation's constructor, initializers and actions read from the semantic model.",
		Version:        "1.0.0", CWE: []string{"CWE-1329"}, Languages: []string{"solidity"}, Class: "upgradeability"}
}

const keepLayout = `<p>Keep every existing variable where it is: add new variables after the last one (or take their slots from a <code>__gap</code>), never remove, reorder or retype one, and keep the order of base contracts.</p>`

// The classes of upgrade finding, in the order the report lists them.
var (
	VariableRemoved = template("UPGRADE_STORAGE_VARIABLE_REMOVED", "Storage variable removed in the upgrade", detect.Critical,
		`<p>${contract_name}: the state variable <code>${variable_name}</code> of the old version is gone (${detail}). Its slot still holds the old value, which the next variable placed there will read.</p>`, keepLayout)
	VariableInserted = template("UPGRADE_STORAGE_VARIABLE_INSERTED", "Storage variable inserted before existing ones", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> is inserted among the existing variables (${detail}): every variable after it moves to another slot and reads what the old version stored there.</p>`, keepLayout)
	TypeChanged = template("UPGRADE_STORAGE_TYPE_CHANGED", "Storage variable retyped or resized", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> changed type (${detail}), so its slots, offsets or encoding no longer match the stored data.</p>`, keepLayout)
	VariableMoved = template("UPGRADE_STORAGE_VARIABLE_MOVED", "Storage variable moved to another slot", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> moved (${detail}) and will read another variable's data.</p>`, keepLayout)
	InheritanceChanged = template("UPGRADE_INHERITANCE_ORDER_CHANGED", "Order of base contracts changed", detect.Critical,
		`<p>${contract_name}: the C3 order of the base contracts changed (${detail}); their variables are laid out in that order, so they all move.</p>`,
		`<p>Keep the base contracts, and their order in <code>is</code>, as in the deployed version.</p>`)
	StructFieldInserted = template("UPGRADE_STRUCT_FIELD_INSERTED", "Struct field inserted or changed in the middle", detect.Critical,
		`<p>${contract_name}: the struct stored in <code>${variable_name}</code> changed (${detail}): the fields after the change move within every stored struct.</p>`,
		`<p>Add struct fields only at the end, and only to structs stored where they can grow (a mapping value, the last variable, a namespace).</p>`)
	NamespaceChanged = template("UPGRADE_NAMESPACE_CHANGED", "ERC-7201 namespaced struct changed incompatibly", detect.Critical,
		`<p>${contract_name}: the namespaced storage <code>${variable_name}</code> changed (${detail}).</p>`,
		`<p>A namespaced struct may only grow at its end; keep its namespace id, and its fields' order and types.</p>`)
	GapNotShrunk = template("UPGRADE_GAP_NOT_SHRUNK", "__gap not shrunk by the slots added", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> ${detail}, so every variable after the gap (in derived contracts) moves.</p>`,
		`<p>Shrink the gap by exactly the number of slots the new variables before it take.</p>`)
	VariableAppended = template("UPGRADE_STORAGE_VARIABLE_APPENDED", "Storage variable appended", detect.Informational,
		`<p>${contract_name}: <code>${variable_name}</code> is new (${detail}); it takes slots no old variable used.</p>`, `<p>Nothing to do.</p>`)
	VariableRenamed = template("UPGRADE_STORAGE_VARIABLE_RENAMED", "Storage variable renamed", detect.Informational,
		`<p>${contract_name}: ${detail}; the type and position are kept, so the data is read as before.</p>`, `<p>Nothing to do, if the meaning is the same.</p>`)

	ConstructorWritesState = template("UPGRADE_CONSTRUCTOR_WRITES_STATE", "Implementation constructor writes state", detect.High,
		`<p>${contract_name}: the constructor writes <code>${variable_name}</code> in the implementation's own storage (${detail}); a proxy never runs it, so the proxy's storage stays unset.</p>`,
		`<p>Move the writes to an initializer, and call <code>_disableInitializers()</code> in the constructor.</p>`)
	InitializerOpen = template("UPGRADE_INITIALIZER_OPEN_ON_IMPLEMENTATION", "Initializer callable on the implementation", detect.High,
		`<p>${contract_name}: <code>${variable_name}</code> ${detail}; anyone can call it on the implementation contract itself and take it over.</p>`,
		`<p>Add <code>constructor() { _disableInitializers(); }</code>.</p>`)
	Selfdestruct = template("UPGRADE_IMPLEMENTATION_SELFDESTRUCT", "selfdestruct in an implementation", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> reaches selfdestruct (${detail}); run on the implementation itself it deletes the code every proxy delegates to.</p>`,
		`<p>Remove selfdestruct from implementation contracts.</p>`)
	DelegatecallChosen = template("UPGRADE_IMPLEMENTATION_DELEGATECALL", "delegatecall to a caller-chosen address in an implementation", detect.Critical,
		`<p>${contract_name}: <code>${variable_name}</code> delegatecalls an address its caller chooses (${detail}); on the implementation itself that runs any code, selfdestruct included.</p>`,
		`<p>Delegatecall only fixed or admin-set addresses, and only through the proxy (onlyProxy).</p>`)
	ImmutablePerProxy = template("UPGRADE_IMMUTABLE_PER_PROXY", "Immutable variable in an implementation", detect.Medium,
		`<p>${contract_name}: the immutable <code>${variable_name}</code> is set at deployment (${detail}); it lives in the implementation's code, so every proxy reads the implementation's value, not one of its own.</p>`,
		`<p>Keep per-proxy values in storage, set by the initializer; keep immutables only for values every proxy shares.</p>`)
)

// Catalogue lists the classes, for documentation and reports.
var Catalogue = []*detect.Template{VariableRemoved, VariableInserted, TypeChanged, VariableMoved, InheritanceChanged,
	StructFieldInserted, NamespaceChanged, GapNotShrunk, VariableAppended, VariableRenamed,
	ConstructorWritesState, InitializerOpen, Selfdestruct, DelegatecallChosen, ImmutablePerProxy}
