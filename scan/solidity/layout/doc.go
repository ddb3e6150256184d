// Package layout computes the storage layout of a Solidity contract from source, without a
// compiler, in the shape of solc's `storageLayout` output: `storage` lists every state
// variable of the contract and its bases (C3 order, base first) with its slot and byte offset,
// and `types` describes every type they use (encoding, label, numberOfBytes, struct members,
// mapping key and value, array base).
//
// The rules are solc's (libsolidity/ast/Types.cpp and StorageOffsets): value types pack into a
// slot from the right while they fit; structs, arrays, mappings, strings and bytes start a new
// slot and the next variable starts after them; a static array packs its elements when an
// element is smaller than a slot; constants, immutables and transient variables take no slot.
//
// Two things differ from solc's own output, by necessity: astId and the number inside a type
// identifier such as t_struct(S)12_storage are solc's AST node ids, which only a compiler run
// assigns; Vigil writes the declaration's position there instead (stable for one source, not
// solc's number). The tests compare with solc's output after replacing both.
//
// Beyond solc, Namespaces lists the ERC-7201 namespaced structs
// (`/// @custom:storage-location erc7201:<id>`) with their members' absolute slots, the
// layout an upgradeable contract keeps outside the linear one.
package layout
