package explorer

import (
	"encoding/hex"
	"fmt"
	"strings"

	"golang.org/x/crypto/sha3"
)

// ParseAddress validates an EVM address (0x followed by 40 hex digits) and
// returns it in EIP-55 checksum form. An all-lower or all-upper address
// carries no checksum and is accepted; a mixed-case one must match its
// EIP-55 checksum, because a wrong mix of cases means a typo.
func ParseAddress(s string) (string, error) {
	if len(s) > 64 {
		return "", &FieldError{Field: FieldAddress, Value: s[:16] + "...", Reason: fmt.Sprintf("must be 0x followed by 40 hex digits, got %d characters", len(s))}
	}
	if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		return "", &FieldError{Field: FieldAddress, Value: s, Reason: fmt.Sprintf("must start with 0x, got %q", s)}
	}
	body := s[2:]
	if len(body) != 40 {
		return "", &FieldError{Field: FieldAddress, Value: s, Reason: fmt.Sprintf("must be 0x followed by 40 hex digits, got %d digits", len(body))}
	}
	if _, err := hex.DecodeString(body); err != nil {
		return "", &FieldError{Field: FieldAddress, Value: s, Reason: fmt.Sprintf("must be hexadecimal, got %q", s)}
	}
	sum := Checksum(body)
	lower, upper := strings.ToLower(body), strings.ToUpper(body)
	if body != lower && body != upper && "0x"+body != sum {
		return "", &FieldError{Field: FieldAddress, Value: s, Reason: fmt.Sprintf("EIP-55 checksum mismatch for %q (expected %s)", s, sum)}
	}
	return sum, nil
}

// Checksum formats a 40-hex-digit address (with or without 0x) in EIP-55
// mixed case: a letter is upper case when the matching nibble of the
// Keccak-256 hash of the lower-case hex text is 8 or more.
// The input must already be valid hex; Checksum does not validate it.
func Checksum(addr string) string {
	body := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(addr, "0x"), "0X"))
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(body))
	hash := h.Sum(nil)
	out := make([]byte, 0, 42)
	out = append(out, '0', 'x')
	for i := 0; i < len(body); i++ {
		c := body[i]
		nibble := hash[i/2]
		if i%2 == 0 {
			nibble >>= 4
		} else {
			nibble &= 0x0f
		}
		if c >= 'a' && c <= 'f' && nibble >= 8 {
			c -= 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

// IsAddress reports whether s is a syntactically valid address with a
// correct checksum if it is mixed case.
func IsAddress(s string) bool {
	_, err := ParseAddress(s)
	return err == nil
}
