package sema

import "testing"

func TestParsePragma(t *testing.T) {
	tests := []struct {
		text     string
		min, max string
		checked  bool
	}{
		{"solidity ^0.8.0", "0.8.0", "0.9.0", true},
		{"solidity ^0.4.24", "0.4.24", "0.5.0", false},
		{"solidity >=0.4.22 <0.9.0", "0.4.22", "0.9.0", false},
		{"solidity >= 0.8.0", "0.8.0", "1.0.0", true},
		{"solidity =0.7.6", "0.7.6", "0.7.7", false},
		{"solidity 0.8.19", "0.8.19", "0.8.20", true},
		{"solidity ~0.5.16", "0.5.16", "0.6.0", false},
		{"solidity >=0.5.0 <0.8.0", "0.5.0", "0.8.0", false},
		{"solidity ^0.7.0 || ^0.8.0", "0.7.0", "0.9.0", false},
		{"solidity 0.8.x", "0.8.0", "0.9.0", true},
		{"solidity 0.4.0 - 0.4.26", "0.4.0", "0.4.27", false},
	}
	for _, tt := range tests {
		r, ok := ParsePragma(tt.text)
		if !ok {
			t.Errorf("%q: not understood", tt.text)
			continue
		}
		if r.Min.String() != tt.min || r.Max.String() != tt.max || r.CheckedArithmetic() != tt.checked {
			t.Errorf("%q: got [%s, %s) checked=%v, want [%s, %s) checked=%v", tt.text, r.Min, r.Max, r.CheckedArithmetic(), tt.min, tt.max, tt.checked)
		}
	}
	if _, ok := ParsePragma("experimental ABIEncoderV2"); ok {
		t.Error("experimental pragma taken as a version")
	}
}
