package main

import (
	"crypto/rand"
	"encoding/hex"
)

// newScanID returns a random scan id for scans run on the command line.
func newScanID() string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
