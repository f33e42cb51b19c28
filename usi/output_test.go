package usi

import (
	"errors"
	"strings"
	"testing"
)

func TestOutputSpacing(t *testing.T) {
	var b strings.Builder
	o := newOutput(&b)
	o.line("checkmate", "", "7g7f", "", "3c3d")
	o.infoString("  two\tspaced \n words  ")
	o.raw("")
	want := "checkmate 7g7f 3c3d\ninfo string two spaced words\n\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestClean(t *testing.T) {
	cases := []struct{ in, want string }{
		{"abc", `"abc"`},
		{"a\x00b\x1bc\x7f", `"a?b?c?"`},
		{"\xff\xfe", `"??"`},
		{"詰将棋", `"詰将棋"`},
		{strings.Repeat("x", 100), `"` + strings.Repeat("x", 80) + `..."`},
	}
	for _, c := range cases {
		if got := quote(c.in); got != c.want {
			t.Errorf("quote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

func TestOutputKeepsFirstError(t *testing.T) {
	o := newOutput(failWriter{})
	o.line("usiok")
	o.line("readyok")
	if o.err == nil || o.err.Error() != "closed" {
		t.Errorf("err = %v", o.err)
	}
}

// TestRunEndsOnWriteError: a GUI that closed our output ends the server.
func TestRunEndsOnWriteError(t *testing.T) {
	r := strings.NewReader("usi\nisready\n")
	if err := New(r, failWriter{}, Config{}).Run(); err == nil {
		t.Error("Run returned nil after a write error")
	}
}
