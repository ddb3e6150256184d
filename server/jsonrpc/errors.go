package jsonrpc

import (
	"errors"
	"fmt"
)

// Error codes of the JSON-RPC 2.0 specification, section 5.1.
const (
	CodeParseError     = -32700 // invalid JSON was received
	CodeInvalidRequest = -32600 // the JSON sent is not a valid Request object
	CodeMethodNotFound = -32601 // the method does not exist or is not available
	CodeInvalidParams  = -32602 // invalid method parameter(s)
	CodeInternalError  = -32603 // internal JSON-RPC error

	// CodeServerErrorMin..CodeServerErrorMax are reserved for
	// implementation-defined server errors.
	CodeServerErrorMin = -32099
	CodeServerErrorMax = -32000
)

// Error is a JSON-RPC error object. Handlers return one (directly or
// wrapped) to choose the code the client sees; any other error becomes
// -32603 Internal error without its text, which may hold internals.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message)
}

// InvalidParams builds a -32602 error; message should name the parameter.
func InvalidParams(message string, data any) *Error {
	return &Error{Code: CodeInvalidParams, Message: message, Data: data}
}

// ServerError builds an implementation-defined server error. A code outside
// -32099..-32000 is a programming mistake and is replaced by -32000, so the
// reserved codes keep their meaning.
func ServerError(code int, message string, data any) *Error {
	if code < CodeServerErrorMin || code > CodeServerErrorMax {
		code = CodeServerErrorMax
	}
	return &Error{Code: code, Message: message, Data: data}
}

func errParse() *Error { return &Error{Code: CodeParseError, Message: "Parse error"} }

func errInvalidRequest(reason string) *Error {
	return &Error{Code: CodeInvalidRequest, Message: "Invalid Request", Data: reason}
}

func errMethodNotFound(method string) *Error {
	return &Error{Code: CodeMethodNotFound, Message: "Method not found", Data: fmt.Sprintf("no method %q", method)}
}

func errInternal() *Error { return &Error{Code: CodeInternalError, Message: "Internal error"} }

// asError maps a handler's error to what the client sees.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e
	}
	return errInternal()
}
