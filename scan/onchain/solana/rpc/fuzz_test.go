package rpc

import (
	"encoding/json"
	"testing"
)

// FuzzDecode feeds arbitrary results to every call's decoder: hostile nodes get errors, never
// a panic.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"context":{"slot":1},"value":null}`))
	f.Add([]byte(`{"context":{"slot":1},"value":[{"data":["AAEC","base64"],"executable":false,"lamports":5,"owner":"x"},null]}`))
	f.Add([]byte(`{"context":{"slot":1},"value":[{"address":"a","amount":"12","decimals":6}]}`))
	f.Add([]byte(`{"context":{"slot":1},"value":{"amount":"12","decimals":6}}`))
	f.Add([]byte(`{"epoch":5,"absoluteSlot":9}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		calls := []Call{
			GetAccountInfoCall("k"),
			GetMultipleAccountsCall([]string{"a", "b"}),
			GetTokenSupplyCall("m"),
			GetTokenLargestAccountsCall("m"),
			GetEpochInfoCall(),
		}
		for _, c := range calls {
			c.decode(json.RawMessage(raw))
		}
	})
}
