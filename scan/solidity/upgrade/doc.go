// Package upgrade tells whether a new version of an upgradeable contract can replace the old
// one behind a proxy: the storage layouts of both versions (package layout) are compared
// variable by variable, and the new implementation is checked for what makes an implementation
// unsafe whatever its layout.
//
// Storage breaks are critical: a variable removed, inserted before existing ones, or retyped
// so that its slots or offsets change; a changed inheritance order; a struct field inserted in
// the middle or changed; an ERC-7201 namespaced struct changed other than by appending; a
// __gap not shrunk by exactly the slots added before it. Appending variables (or using a gap)
// and renaming a variable that keeps its type and position are informational.
//
// Implementation hazards: a constructor that writes state (the proxy never sees it) without
// disabling the initializers, an initializer left callable on the implementation itself,
// selfdestruct or a delegatecall to a caller-chosen address reachable in the implementation,
// and immutables given per-deployment values (every proxy reads the implementation's).
package upgrade
