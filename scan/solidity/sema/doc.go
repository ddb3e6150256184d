// Package sema builds the semantic model of a Solidity project that Vigil's detectors share:
// files with their compiler version ranges and resolved imports; contracts with inheritance
// linearized as the language defines it (C3); state variables, functions, modifiers, events,
// errors, structs, enums and user-defined value types; every identifier resolved to what it
// names where the source allows; expression types good enough to tell addresses from contracts
// and integer widths apart; calls classified (internal, external, library, low-level, with
// value); a control-flow graph per function with its modifiers woven around the body; and data
// flow facts (what depends on msg.sender, tx.origin, msg.value, parameters, block values and
// storage; what state each function reads and writes; which functions anyone can reach); and
// value ranges over the graph (Ranges: the interval of every integer value at every node, with
// sums and differences of two values, from guards, constants, types, loops and helpers),
// computed once per function when a detector first asks.
//
// Arithmetic facts: what a value was read from in another contract and whether stored state
// only ever holds earlier readings of it (readings.go), who may fill an internal function's
// parameters (paramchoice.go), whether code stores or moves anything at all (readonly.go),
// and which contracts of the program implement what an external call names
// (implementations.go), whose checks the value ranges then carry to the caller.
//
// Signature facts: where an entry point verifies a signature and what its digest is made of
// (sigchecks.go), the storage the code it runs marks and the conditions it tests
// (storefacts.go, over the top-down walk of reachwalk.go), state computed from the chain id
// (chain.go), state only administrators set (config.go), mapping entries never stored under a
// zero key (zerokeys.go), signature verifiers that vouch for a trusted signer as guards
// (sigguards.go), and hashes of assembly memory traced to what was stored (yulmem.go).
//
// The model is built without a compiler and tolerates what it cannot resolve: an unresolved
// import or name is a diagnostic and an unknown type, never a failure.
package sema
