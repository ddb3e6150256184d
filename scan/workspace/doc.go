// Package workspace turns what a user asks to scan - a local folder, an uploaded .zip or source
// file, or a git repository URL - into a folder of source files on disk that the scan reads;
// loose source files (uploads, files named one by one) are held in memory instead, behind the
// same checks and the same reading methods (ReadFile, Open, FS).
//
// A Workspace lists its source files (.sol and .rs) with slash paths relative to its root, their
// sizes and line counts, the language guess (solidity, rust or both), which files are
// dependencies, the Solidity import remappings it found, and notes on what was left out. Close
// removes the temporary folders Vigil created; a user's own folder is never modified.
//
//	ws, err := workspace.FromGit(ctx, workspace.GitSource{URL: url, Branch: "main"}, workspace.Options{
//		Skip:    req.SkipFilePaths,
//		Network: netguard.Policy{AllowPrivate: cfg.AllowPrivateNetworks},
//	})
//	if err != nil { ... errors.Is(err, workspace.ErrInput) means the request was at fault ... }
//	defer ws.Close()
//	for _, f := range ws.Sources(includeDeps) { src, _ := ws.ReadFile(f.Path); ... }
//
// # Hostile input
//
// Everything a workspace is built from may be hostile. Archives are refused as a whole, with an
// error naming the entry and no file left behind, for absolute paths, .. components, symbolic
// links, special files, duplicate entries, and for passing any limit. Limits (see Limits for the
// defaults) are enforced on bytes actually read or decompressed, never on sizes declared in
// headers. Local folders are walked without ever following a symbolic link, and files are read
// through os.Root so a path cannot leave the root even if the tree changes during the walk.
// Git URLs must be http or https; their hosts are checked by netguard when the connection is
// made, so loopback and private addresses are refused unless Options.Network allows them.
// Credentials in a git URL are taken out of it and passed as HTTP basic authentication; they
// never appear in Workspace.URL or in errors.
//
// Source files that are not UTF-8 text, or that contain NUL bytes, are skipped with a note rather
// than refused: one vendored file in a legacy encoding should not stop the scan of a repository.
// The scan fails with ErrNoSources only when nothing is left to scan. Files over max_file_bytes
// are skipped with a note in folders and clones, and refused in archives (where they are more
// likely an attack than a flattened contract).
//
// # Dependencies
//
// Files under node_modules/, .deps/, a Foundry project's lib/ and dependencies/ (and its libs
// setting), vendor/ next to Cargo.toml, and the targets of import remappings (unless a remapping
// names the project's own src, test, script or contracts folder) are marked Dependency. They stay
// in Files for context; Sources(false) leaves them out of what is reported.
//
// ResolveImport maps a Solidity import to a workspace file using relative paths, the remappings
// found (remappings.txt and foundry.toml, nested projects included, solc's context and longest
// prefix rules), node_modules lookup and Foundry's automatic lib/<name>/src remappings.
//
// # Skip paths
//
// Options.Skip takes the request's skip_file_paths and the configuration's exclude list. A
// pattern without a slash matches a name at any depth ("mocks", "*.t.sol"); a pattern with a
// slash is anchored at the root ("src/legacy", "/test/**/*.sol"); a trailing slash matches
// folders only; globs are doublestar globs where "**" spans folders. A matching folder is not
// walked at all. Patterns with .. or invalid globs are refused with an error naming the pattern.
//
// # Git
//
// FromGit clones with go-git over smart HTTP. A branch (or the remote HEAD) is fetched with
// depth 1. A commit is fetched with depth 1 when the server allows fetching by hash (GitHub and
// servers with uploadpack.allowReachableSHA1InWant do); otherwise the branch, or every branch,
// is fetched in full and the commit looked up in it. Only sources and project files are written
// out from the commit's tree, through the same checks as archives (symbolic links in the tree
// are skipped with a note). The download is aborted once it passes max_repo_bytes, and the whole
// clone is bounded by git_timeout and the caller's context. Workspace.Commit is the full hash
// checked out.
package workspace
