package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompare: two engines' CSV rows become one table: recorded lengths,
// upper bounds (gomate's "not proven shortest"), a nomate at the limit
// counted as no answer (shtsume's "Perpetual check!"), and the rows whose
// printed lengths differ.
func TestCompare(t *testing.T) {
	const head = "file,line,name,expected,status,plies,ms,nodes,sfen,checkmate,detail,info\n"
	a := head +
		"z.tsv,2,p1,9,mate-ok,9,1000,,s,c,,\n" +
		"z.tsv,3,p2,11,mate-len,13,2000,,s,c,,mate found; not proven shortest (time)\n" +
		"z.tsv,4,p3,7,mate-ok,7,500,,s,c,,\n"
	b := head +
		"z.tsv,2,p1,9,mate-len,11,100,,s,c,,\n" +
		"z.tsv,3,p2,11,mate-ok,11,200,,s,c,,\n" +
		"z.tsv,4,p3,7,nomate,0,60000,,s,c,,Perpetual check!.\n"
	// plain SFEN files give no names: positions are told apart by line
	a += "m.sfen,1,,3,mate-ok,3,10,,s,c,,\nm.sfen,2,,3,mate-ok,3,10,,s,c,,\n"
	b += "m.sfen,1,,3,mate-ok,3,10,,s,c,,\nm.sfen,2,,3,mate-len,5,10,,s,c,,\n"
	dir := t.TempDir()
	pa, pb := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	if err := os.WriteFile(pa, []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pb, []byte(b), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run([]string{"gomate=" + pa, "shtsume=" + pb}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"### z.tsv (3 positions)",
		"| answered (a mate or a proven nomate) | 3 | 2 |",
		"| printed length = recorded | 2 | 1 |",
		"| lines not proven shortest (upper bounds) | 1 | 0 |",
		"| no answer within the limit | 0 | 1 |",
		"| time summed | 3.5 s | 60.3 s |",
		"Recorded length: both 0, gomate alone 2 (p1, p3), shtsume alone 1 (p2), neither 0.",
		"| p1 | 9 | 9 | 11 |",
		"| p2 | 11 | ≤13 | 11 |",
		"| p3 | 7 | 7 | - |",
		"### m.sfen (2 positions)",
		"| line 2 | 3 | 3 | 5 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if err := run([]string{"gomate=" + pa}, &out); err == nil {
		t.Error("one file: no error")
	}
	if err := os.WriteFile(pb, []byte("x,y\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"gomate=" + pa, "shtsume=" + pb}, &out); err == nil || !strings.Contains(err.Error(), "column") {
		t.Errorf("a CSV without usibench's columns: %v", err)
	}
}
