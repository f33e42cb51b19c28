package position

import "testing"

// TestParseHand reads hands in either case and any order, and rejects
// what the SFEN hand parser rejects.
func TestParseHand(t *testing.T) {
	for _, c := range []struct {
		in, want string // want: Hand.String(), or "" for an error
	}{
		{"", "-"},
		{"-", "-"},
		{"2G3P", "2G3P"},
		{"p3g", "3GP"},
		{"r2bRs18p", "2R2BS18P"},
		{"19P", ""},
		{"5G", ""},
		{"K", ""},
		{"2", ""},
	} {
		h, err := ParseHand(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("ParseHand(%q) = %s, want an error", c.in, h)
		case c.want != "" && (err != nil || h.String() != c.want):
			t.Errorf("ParseHand(%q) = %s, %v; want %s", c.in, h, err, c.want)
		}
	}
}

// TestMustParseHand: the hand ParseHand reads, and a panic where it fails.
func TestMustParseHand(t *testing.T) {
	if h := MustParseHand("p3g"); h.String() != "3GP" {
		t.Errorf("MustParseHand(%q) = %s, want 3GP", "p3g", h)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParseHand(\"19P\") did not panic")
		}
	}()
	MustParseHand("19P")
}
