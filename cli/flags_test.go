package cli

import (
	"bytes"
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
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

// TestReadmeSolveFlags: the solve synopsis in README.md names every flag
// solve takes, and no flag it does not take (a renamed switch once left a
// flag there that solve rejected).
func TestReadmeSolveFlags(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "gomate solve [")
	if start < 0 {
		t.Fatal("README.md has no solve synopsis")
	}
	end := strings.Index(text[start:], "SFEN|FILE")
	if end < 0 {
		t.Fatal("the solve synopsis does not end with SFEN|FILE")
	}
	inReadme := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[-([a-z]+)`).FindAllStringSubmatch(text[start:start+end], -1) {
		inReadme[m[1]] = true
	}

	var help bytes.Buffer
	cmdSolve([]string{"-h"}, io.Discard, &help)
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z]+)`).FindAllStringSubmatch(help.String(), -1) {
		defined[m[1]] = true
	}
	if len(defined) < 10 {
		t.Fatalf("read only %d flags from solve -h:\n%s", len(defined), help.String())
	}
	for f := range inReadme {
		if !defined[f] {
			t.Errorf("README.md's solve synopsis names -%s, which solve does not take", f)
		}
	}
	for f := range defined {
		if !inReadme[f] && f != "profile" { // -profile is documented for every command
			t.Errorf("solve takes -%s, missing from README.md's synopsis", f)
		}
	}
}
