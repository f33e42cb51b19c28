package usi

import (
	"strconv"
	"strings"
	"testing"

	"gomate/dfpn"
)

// TestTechniqueSwitches checks that every technique option starts at its
// default and, set to the other value (names in any case), reaches the
// solver's options, without moving another technique.
func TestTechniqueSwitches(t *testing.T) {
	for _, tc := range dfpn.Techniques() {
		s := defaultSettings()
		if o := s.searchOptions(false); o.Uses(tc) != tc.Default() {
			t.Fatalf("%s: default %v, want %v", tc, o.Uses(tc), tc.Default())
		}
		cmd := "setoption name " + strings.ToLower(tc.String()) + " value " + strconv.FormatBool(!tc.Default())
		name, value, err := parseSetOption(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if msg := s.apply(name, value, 0); msg != "" {
			t.Errorf("%s: %s", cmd, msg)
		}
		o := s.searchOptions(true)
		if o.Uses(tc) == tc.Default() || !o.RootIsDefender {
			t.Errorf("%s: not applied: %+v", cmd, o)
		}
		for _, other := range dfpn.Techniques() {
			if other != tc && o.Uses(other) != other.Default() {
				t.Errorf("%s moved %s", cmd, other)
			}
		}
	}
}
