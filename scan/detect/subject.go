package detect

// Subject is a program of one language as the runner sees it: its files, the units every
// analyzer runs on once, and the facts a pass over a unit is given. The runner owns the rest:
// tasks in parallel, budgets, diagnostics, progress, suppression and duplicates. Solidity's
// subject is built from a sema.Program (RunContext); the Rust front end has its own (package
// scan/rust/detectors), so both languages share one framework.
type Subject interface {
	// Files returns the paths of the program's files; units and progress refer to them by index.
	Files() []string
	// Units lists what every analyzer runs on, in the order the result keeps.
	Units() []Unit
	// Bind gives a pass over u its language's facts (Solidity: Program, Contract and File;
	// others: Facts).
	Bind(p *Pass, u *Unit)
	// Finished is told when every task of file i is over. It returns what to run once every
	// task started before is over too (the facts of the file may then be released), or nil.
	Finished(file int) func()
	// Silenced reports whether a suppression comment silences a finding.
	Silenced(f *Finding) bool
}

// Unit is one piece of a program that every analyzer runs on: a Solidity contract or the free
// code of a file, a Rust crate.
type Unit struct {
	// File is the index, in Subject.Files, of the file the unit belongs to.
	File int
	// Where names the unit in diagnostics: "contract Vault", "file a.sol", "crate vault".
	Where string
	// Contract is the contract a diagnostic names, or "".
	Contract string
	// Value is the language's own handle on the unit (a *sema.Contract, a Rust crate).
	Value any
}
