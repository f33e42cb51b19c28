package dfpn

import (
	"strings"
	"testing"
)

// TestTechniqueList checks that the zero Options have every technique at
// its default, that Set and Uses agree without moving another technique,
// and that each technique has its own name, found again by
// TechniqueByName in any case.
func TestTechniqueList(t *testing.T) {
	if numTechniques > 32 {
		t.Fatalf("%d techniques do not fit in a techniqueSet", numTechniques)
	}
	names := map[string]bool{}
	for _, tc := range Techniques() {
		if names[tc.String()] || tc.String() == "" || tc.Doc() == "" {
			t.Errorf("technique %d: name %q used twice or empty, or no doc", tc, tc.String())
		}
		names[tc.String()] = true
		if got, ok := TechniqueByName(strings.ToLower(tc.String())); !ok || got != tc {
			t.Errorf("TechniqueByName(%q) = %v, %v", strings.ToLower(tc.String()), got, ok)
		}
		if (Options{}).Uses(tc) != tc.Default() {
			t.Errorf("%s: zero Options give %v, default %v", tc, (Options{}).Uses(tc), tc.Default())
		}
		for _, on := range []bool{true, false} {
			var o Options
			o.Set(tc, on)
			if o.Uses(tc) != on || (Options{}).With(tc, on).Uses(tc) != on {
				t.Errorf("%s: Set(%v) reads back %v", tc, on, o.Uses(tc))
			}
			for _, other := range Techniques() {
				if other != tc && o.Uses(other) != other.Default() {
					t.Errorf("setting %s changed %s", tc, other)
				}
			}
		}
	}
	if _, ok := TechniqueByName("NoSuchTechnique"); ok {
		t.Error("TechniqueByName found an unknown name")
	}
}
