package cli

import (
	"flag"
	"io"
	"regexp"
	"strings"
	"testing"
)

func TestRunUsageErrors(t *testing.T) {
	cases := [][]string{
		{"nosuch"},
		{"perft"},
		{"perft", "x"},
		{"perft", "-1"},
		{"perft", "2", "bad", "sfen"},
		{"solve"},
		{"solve", "-time", "-5", "startpos"},
		{"solve", "not a position at all"},
		{"bench", "extra"},
		{"bench", "-hash", "0"},
		{"usi", "extra"},
		{"perft", "-profile", "disk", "1"},
	}
	for _, args := range cases {
		var out, errOut strings.Builder
		if code := Run(args, strings.NewReader(""), &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

func TestRunUSIOverPipes(t *testing.T) {
	var out strings.Builder
	if code := Run(nil, strings.NewReader("usi\nquit\n"), &out, io.Discard); code != 0 || !strings.HasSuffix(out.String(), "usiok\n") {
		t.Errorf("exit %d output %q", code, out.String())
	}
}

// TestHelp: "gomate help" lists every command of the table; "gomate help
// CMD" (on stdout) and "gomate CMD -h" (on stderr) print the same usage,
// which names every flag of the command.
func TestHelp(t *testing.T) {
	var out strings.Builder
	if code := Run([]string{"help"}, nil, &out, io.Discard); code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands {
		if !strings.Contains(out.String(), "\n  "+c.name+" ") {
			t.Errorf("help does not list %s:\n%s", c.name, out.String())
		}
	}
	for i := range commands {
		c := &commands[i]
		var help, h strings.Builder
		if code := Run([]string{"help", c.name}, nil, &help, io.Discard); code != 0 {
			t.Errorf("help %s: exit %d", c.name, code)
		}
		if code := Run([]string{c.name, "-h"}, nil, io.Discard, &h); code != 0 {
			t.Errorf("%s -h: exit %d", c.name, code)
		}
		if help.String() != h.String() || !strings.HasPrefix(help.String(), "usage: gomate "+c.name+" ") {
			t.Errorf("help %s:\n%s\n%s -h:\n%s", c.name, help.String(), c.name, h.String())
		}
		c.flagSet(c.new(), io.Discard).VisitAll(func(f *flag.Flag) {
			if !regexp.MustCompile(`\n  -` + f.Name + `[\n\t ]`).MatchString(help.String()) {
				t.Errorf("help %s does not describe -%s", c.name, f.Name)
			}
		})
	}
	for _, args := range [][]string{{"help", "nosuch"}, {"help", "solve", "check"}} {
		var errOut strings.Builder
		if code := Run(args, nil, io.Discard, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
