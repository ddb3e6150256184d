package semver

import "testing"

func TestCompare(t *testing.T) {
	order := []string{"0.1.0", "0.29.0", "0.30.0-beta.1", "0.30.0-beta.2", "0.30.0-beta.11", "0.30.0-rc", "0.30.0", "0.30.1", "1.0.0", "1.18.26", "2.0.0"}
	for i := 0; i+1 < len(order); i++ {
		a, _ := Parse(order[i])
		b, _ := Parse(order[i+1])
		if !a.Less(b) || b.Less(a) || a.Compare(a) != 0 {
			t.Errorf("%s < %s does not hold", a, b)
		}
	}
	if v, _ := Parse("v1.2.3+build.5"); v.String() != "1.2.3" {
		t.Errorf("build metadata: %s", v)
	}
	for _, bad := range []string{"", "1.x.y", "1.2.3.4", "a", "1.2.3-"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if !AtLeast("1.0.0", "1.0.0") || AtLeast("0.30.1", "1.0.0") || AtLeast("junk", "1.0.0") {
		t.Error("AtLeast")
	}
}

func TestReq(t *testing.T) {
	cases := []struct {
		req string
		yes []string
		no  []string
	}{
		{">= 4.1.3", []string{"4.1.3", "4.2.0", "5.0.0"}, []string{"3.2.1", "4.1.2", "4.1.3-rc.1"}},
		{"^0.30", []string{"0.30.0", "0.30.9"}, []string{"0.29.9", "0.31.0", "1.0.0"}},
		{"0.30.1", []string{"0.30.1", "0.30.5"}, []string{"0.31.0", "0.30.0"}},
		{"^1.2.3", []string{"1.2.3", "1.9.0"}, []string{"2.0.0", "1.2.2"}},
		{"^0.0.3", []string{"0.0.3"}, []string{"0.0.4"}},
		{"~1.2", []string{"1.2.0", "1.2.9"}, []string{"1.3.0"}},
		{"=1.0.0", []string{"1.0.0"}, []string{"1.0.1"}},
		{"=1.0", []string{"1.0.7"}, []string{"1.1.0"}},
		{"< 2, >= 1.5", []string{"1.5.0", "1.99.0"}, []string{"2.0.0", "1.4.9"}},
		{"> 1.2", []string{"1.3.0"}, []string{"1.2.9"}},
		{"<= 1.2", []string{"1.2.9"}, []string{"1.3.0"}},
		{"*", []string{"0.0.1", "9.9.9"}, []string{"1.0.0-alpha"}},
		{">= 1.0.0-rc.1, < 1.0.0", []string{"1.0.0-rc.2"}, []string{"1.0.0"}},
	}
	for _, c := range cases {
		r, err := ParseReq(c.req)
		if err != nil {
			t.Fatalf("%q: %v", c.req, err)
		}
		for _, y := range c.yes {
			if v, _ := Parse(y); !r.Matches(v) {
				t.Errorf("%q should match %s", c.req, y)
			}
		}
		for _, n := range c.no {
			if v, _ := Parse(n); r.Matches(v) {
				t.Errorf("%q should not match %s", c.req, n)
			}
		}
	}
	for _, bad := range []string{">=", "1.2, ", "=> 1", ">= x.y"} {
		if _, err := ParseReq(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
