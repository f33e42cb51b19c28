package usi

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"
)

// output writes protocol lines. Only the server's loop goroutine uses it,
// so it needs no lock. Every line is flushed at once; the first write error
// is kept and ends the server.
type output struct {
	w   *bufio.Writer
	err error
}

func newOutput(w io.Writer) *output { return &output{w: bufio.NewWriter(w)} }

// line writes the tokens separated by exactly one space. Empty tokens are
// skipped, so a line never holds a double space.
func (o *output) line(tokens ...string) {
	var b strings.Builder
	for _, t := range tokens {
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	o.raw(b.String())
}

// raw writes text as one line as it is (the empty keep-alive line included).
func (o *output) raw(text string) {
	if o.err != nil {
		return
	}
	if _, err := o.w.WriteString(text + "\n"); err != nil {
		o.err = err
		return
	}
	o.err = o.w.Flush()
}

// infoString writes "info string <msg>" with the message's whitespace
// collapsed to single spaces, so it stays one well-formed line.
func (o *output) infoString(msg string) {
	o.line(append([]string{"info", "string"}, strings.Fields(msg)...)...)
}

// quote makes untrusted input safe to echo inside an info string, in
// double quotes: see clean.
func quote(s string) string { return `"` + clean(s, 80) + `"` }

// clean replaces control characters and invalid UTF-8 with '?' and cuts
// the text after limit characters, so echoed input cannot break a line.
func clean(s string, limit int) string {
	var b strings.Builder
	n := 0
	for len(s) > 0 {
		if n == limit {
			b.WriteString("...")
			break
		}
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f:
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
		n++
	}
	return b.String()
}
