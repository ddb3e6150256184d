package pubkey

import (
	"errors"
	"fmt"
)

// alphabet is the Bitcoin base58 alphabet used by Solana for keys and signatures.
const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// decodeTable maps an ASCII byte to its base58 digit, or -1 for bytes outside the alphabet.
var decodeTable = func() [256]int8 {
	var t [256]int8
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = int8(i)
	}
	return t
}()

// maxBase58Len bounds the text we are willing to decode: decoding is quadratic in the input
// length and inputs come from the internet. 128 characters covers keys (<=44) and signatures (<=88).
const maxBase58Len = 128

// ErrEmptyBase58 is returned when decoding an empty string.
var ErrEmptyBase58 = errors.New("base58: empty input")

// EncodeBase58 returns the base58 text of b. Each leading zero byte becomes a leading '1'.
func EncodeBase58(b []byte) string {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	// log(256)/log(58) ~ 1.366: enough room for the digits of the rest.
	digits := make([]byte, 0, (len(b)-zeros)*138/100+1)
	for _, c := range b[zeros:] {
		carry := int(c)
		for i := range digits {
			carry += int(digits[i]) << 8
			digits[i] = byte(carry % 58)
			carry /= 58
		}
		for carry > 0 {
			digits = append(digits, byte(carry%58))
			carry /= 58
		}
	}
	out := make([]byte, zeros+len(digits))
	for i := 0; i < zeros; i++ {
		out[i] = '1'
	}
	for i, d := range digits {
		out[len(out)-1-i] = alphabet[d]
	}
	return string(out)
}

// DecodeBase58 decodes base58 text. Errors name the offending character and its position.
func DecodeBase58(s string) ([]byte, error) {
	if s == "" {
		return nil, ErrEmptyBase58
	}
	if len(s) > maxBase58Len {
		return nil, fmt.Errorf("base58: input is %d characters, more than the %d accepted", len(s), maxBase58Len)
	}
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	// Little-endian base-256 digits of the value.
	bytes := make([]byte, 0, len(s))
	for i := zeros; i < len(s); i++ {
		d := decodeTable[s[i]]
		if d < 0 {
			return nil, fmt.Errorf("base58: invalid character %q at position %d", s[i], i)
		}
		carry := int(d)
		for j := range bytes {
			carry += int(bytes[j]) * 58
			bytes[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			bytes = append(bytes, byte(carry))
			carry >>= 8
		}
	}
	out := make([]byte, zeros+len(bytes))
	for i, b := range bytes {
		out[len(out)-1-i] = b
	}
	return out, nil
}
