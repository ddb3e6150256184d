package parser

import "github.com/vigil-sec/vigil/scan/source"

// Error and ErrorList are package source's, shared by both front ends.
type (
	Error     = source.Error
	ErrorList = source.ErrorList
)
