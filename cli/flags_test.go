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

// TestThreadsFlag: the commands that solve problems one search at a time
// (solve, check, bench) take -threads, 1 by default, into what their
// searches get; the others have none.
func TestThreadsFlag(t *testing.T) {
	threads := map[string]func(runner) int{
		"solve": func(r runner) int { return r.(*solveCommand).opt.Threads },
		"check": func(r runner) int { return r.(*checkCommand).opt.Threads },
		"bench": func(r runner) int { return r.(*benchCommand).threads },
	}
	for i := range commands {
		c := &commands[i]
		get, takes := threads[c.name]
		if f := c.flagSet(c.new(), io.Discard).Lookup("threads"); (f != nil) != takes {
			t.Errorf("%s: -threads declared: %v, want %v", c.name, f != nil, takes)
			continue
		}
		if !takes {
			continue
		}
		for _, tc := range []struct {
			args []string
			want int
		}{{nil, 1}, {[]string{"-threads", "3"}, 3}} {
			r := c.new()
			if err := c.flagSet(r, io.Discard).Parse(tc.args); err != nil {
				t.Fatalf("%s %q: %v", c.name, tc.args, err)
			}
			if got := get(r); got != tc.want {
				t.Errorf("%s %q: threads %d, want %d", c.name, tc.args, got, tc.want)
			}
		}
	}
}
