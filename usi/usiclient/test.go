package usiclient

import (
	"strings"
	"time"
)

// TB is the part of testing.TB that Test uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Failed() bool
	Cleanup(func())
}

// Test is a Client bound to a test. Its methods of the Client's names fail
// the test where the Client's return an error; every line taken is
// checked with CheckLine (a bad line fails the test, which goes on); and
// at the test's end the engine process, if still running, is killed and,
// if the test failed, the transcript is logged.
type Test struct {
	*Client
	tb   TB
	wait time.Duration
}

// NewTest binds c to tb. wait is how long Handshake and Sync wait for
// usiok and readyok.
func NewTest(tb TB, c *Client, wait time.Duration) *Test {
	t := &Test{Client: c, tb: tb, wait: wait}
	c.onLine = func(l string) {
		if err := CheckLine(l); err != nil {
			tb.Errorf("%v", err)
		}
	}
	tb.Cleanup(func() {
		c.Kill()
		if tb.Failed() {
			tb.Logf("USI transcript (> sent, < read):\n%s", c.Transcript())
		}
	})
	return t
}

// Send writes command lines, failing the test if it cannot.
func (t *Test) Send(lines ...string) {
	t.tb.Helper()
	if err := t.Client.Send(lines...); err != nil {
		t.tb.Fatalf("send %q: %v", lines, err)
	}
}

// UntilFunc reads lines until one satisfies match, within d, and returns
// them, the match last; it fails the test, naming what it waited for, if
// none comes.
func (t *Test) UntilFunc(what string, match func(string) bool, d time.Duration) []string {
	t.tb.Helper()
	got, err := t.Client.ReadUntil(match, d)
	if err != nil {
		t.tb.Fatalf("no %s within %v (%v); got %q", what, d, err, Texts(got))
	}
	return Texts(got)
}

// Until reads lines until one starts with prefix, within d.
func (t *Test) Until(prefix string, d time.Duration) []string {
	t.tb.Helper()
	return t.UntilFunc(prefix, func(l string) bool { return strings.HasPrefix(l, prefix) }, d)
}

// Handshake sends usi and reads up to usiok, within the Test's wait.
func (t *Test) Handshake() Hello {
	t.tb.Helper()
	h, err := t.Client.Handshake(t.wait)
	if err != nil {
		t.tb.Fatalf("%v; got %q", err, h.Lines)
	}
	return h
}

// Sync sends isready and returns the lines before readyok.
func (t *Test) Sync() []string {
	t.tb.Helper()
	got, err := t.Client.Ready(t.wait)
	if err != nil {
		t.tb.Fatalf("%v; got %q", err, got)
	}
	return got
}

// Quiet reads what comes within d (or before the end of output) and fails
// the test at a line starting with one of prefixes.
func (t *Test) Quiet(d time.Duration, prefixes ...string) {
	t.tb.Helper()
	for _, l := range t.Collect(d) {
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				t.tb.Fatalf("unexpected %q", l)
			}
		}
	}
}
