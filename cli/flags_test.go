package cli

import (
	"flag"
	"io"
	"testing"

	"gomate/dfpn"
)

// TestTechniqueFlags: each technique flag flips its technique from the
// default and leaves the others alone.
func TestTechniqueFlags(t *testing.T) {
	for _, tc := range dfpn.Techniques() {
		fs := flag.NewFlagSet("solve", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var opt dfpn.Options
		techniqueFlags(fs, &opt)
		if err := fs.Parse([]string{"-" + tc.Flag}); err != nil {
			t.Fatalf("-%s: %v", tc.Flag, err)
		}
		for _, other := range dfpn.Techniques() {
			want := other.Default
			if other.Name == tc.Name {
				want = !want
			}
			if other.On(opt) != want {
				t.Errorf("-%s: %s is %v, want %v", tc.Flag, other.Name, other.On(opt), want)
			}
		}
	}
}
