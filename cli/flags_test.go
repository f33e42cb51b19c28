package cli

import (
	"flag"
	"io"
	"strconv"
	"testing"

	"gomate/dfpn"
)

// TestTechniqueFlags: each technique's flag is its name in lower case, a
// switch whose default is the technique's; given the other value it flips
// its technique and leaves the others alone, and given alone it turns it
// on.
func TestTechniqueFlags(t *testing.T) {
	for _, tc := range dfpn.Techniques() {
		name := techniqueFlag(tc)
		if !isTechniqueFlag(name) || isTechniqueFlag(tc.String()) && name != tc.String() {
			t.Errorf("%s: isTechniqueFlag wrong for %q or %q", tc, name, tc.String())
		}
		for _, arg := range []string{"-" + name + "=" + strconv.FormatBool(!tc.Default()), "-" + name} {
			fs := flag.NewFlagSet("solve", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var opt dfpn.Options
			techniqueFlags(fs, &opt)
			if f := fs.Lookup(name); f == nil || f.DefValue != strconv.FormatBool(tc.Default()) {
				t.Fatalf("%s: no flag -%s with default %v", tc, name, tc.Default())
			}
			if err := fs.Parse([]string{arg}); err != nil {
				t.Fatalf("%s: %v", arg, err)
			}
			for _, other := range dfpn.Techniques() {
				want := other.Default()
				if other == tc {
					want = arg == "-"+name || !want
				}
				if opt.Uses(other) != want {
					t.Errorf("%s: %s is %v, want %v", arg, other, opt.Uses(other), want)
				}
			}
		}
	}
}
