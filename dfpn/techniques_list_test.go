package dfpn

import "testing"

// TestTechniqueList checks that the zero Options have every technique at
// its default, that Set and On agree, and that each technique has its own
// Options field, name and flag.
func TestTechniqueList(t *testing.T) {
	names, flags := map[string]bool{}, map[string]bool{}
	for _, tc := range Techniques() {
		if names[tc.Name] || flags[tc.Flag] {
			t.Errorf("%s: name or flag %q used twice", tc.Name, tc.Flag)
		}
		names[tc.Name], flags[tc.Flag] = true, true
		if tc.On(Options{}) != tc.Default {
			t.Errorf("%s: zero Options give %v, default %v", tc.Name, tc.On(Options{}), tc.Default)
		}
		for _, on := range []bool{true, false} {
			var o Options
			tc.Set(&o, on)
			if tc.On(o) != on {
				t.Errorf("%s: Set(%v) reads back %v", tc.Name, on, tc.On(o))
			}
			// No other technique moved.
			for _, other := range Techniques() {
				if other.Name != tc.Name && other.On(o) != other.Default {
					t.Errorf("setting %s changed %s", tc.Name, other.Name)
				}
			}
		}
	}
}
