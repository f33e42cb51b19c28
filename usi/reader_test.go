package usi

import (
	"strings"
	"testing"
)

func TestReadLines(t *testing.T) {
	long := strings.Repeat("y", maxLine+1)
	in := "usi\r\nisready\n\n" + long + "\nafter long\nlast without newline"
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(strings.NewReader(in), lines, done)
	var got []inputLine
	for l := range lines {
		got = append(got, l)
	}
	want := []inputLine{
		{text: "usi"}, {text: "isready"}, {text: ""}, {tooLong: maxLine + 1},
		{text: "after long"}, {text: "last without newline"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %d bytes (tooLong %d), want %q (tooLong %d)", i, len(got[i].text), got[i].tooLong, want[i].text, want[i].tooLong)
		}
	}
}

// TestReadLinesLongButAllowed: a line just under the limit (a position with
// thousands of moves) comes through whole.
func TestReadLinesLongButAllowed(t *testing.T) {
	text := strings.Repeat("7g7f ", maxLine/5-1)
	lines := make(chan inputLine, 2)
	done := make(chan struct{})
	defer close(done)
	go readLines(strings.NewReader(text+"\n"), lines, done)
	l := <-lines
	if l.text != text {
		t.Errorf("got %d bytes (tooLong %d), want %d", len(l.text), l.tooLong, len(text))
	}
}
