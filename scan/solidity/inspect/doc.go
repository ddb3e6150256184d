// Package inspect lets many analyses traverse one syntax tree without walking it again each time,
// after the design of golang.org/x/tools/go/ast/inspector: the tree is flattened once into a
// list of nodes in the order ast.Walk visits them, each with its kind and the end of its
// subtree, and every later traversal is a loop over that list. A Mask of node kinds makes a
// traversal skip the kinds it does not want without calling anything for them.
//
// Build an Inspector once per tree that is traversed often (a file, a function body) and share
// it: the semantic model caches one per root (sema.Program.Inspector), for detectors running in
// parallel.
package inspect
