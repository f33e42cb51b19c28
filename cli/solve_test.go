package cli

import (
	"strings"
	"testing"
)

// mate3White is the first mate-in-3 of testdata/mate/mate3.sfen: White to
// move, hands on both sides.
const mate3White = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42"

func TestSolveFormatKIF(t *testing.T) {
	var out, errOut strings.Builder
	code := Run([]string{"solve", "-format", "kif", "-time", "5000", "-hash", "16", mate3White}, nil, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	got := out.String()
	for _, want := range []string{
		"position: △", // the Japanese line after the name
		"後手の持駒：角　金　歩\n",
		"先手の持駒：飛　歩二\n後手番\n手数----指手---------消費時間--\n",
		"   1 ",
		"   3 ",
		"まで3手で詰み\n",
		"total: 1 problems: 1 mate",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "   4 ") {
		t.Errorf("more than 3 move lines:\n%s", got)
	}
}

func TestSolveFormatDefaultIsUSI(t *testing.T) {
	var def, usi, errOut strings.Builder
	if code := Run([]string{"solve", "-time", "5000", "-hash", "16", mate3White}, nil, &def, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if code := Run([]string{"solve", "-format", "usi", "-time", "5000", "-hash", "16", mate3White}, nil, &usi, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	line := func(s string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "position: ") {
				return l
			}
		}
		return ""
	}
	if a, b := line(def.String()), line(usi.String()); a == "" || a != b || strings.ContainsAny(a, "▲△") {
		t.Errorf("default line %q, -format usi line %q", a, b)
	}
}

func TestSolveFormatBad(t *testing.T) {
	var out, errOut strings.Builder
	code := Run([]string{"solve", "-format", "csa", "-time", "5000", mate3White}, nil, &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "format") {
		t.Errorf("exit %d, stderr %q; want 2 and a message", code, errOut.String())
	}
	if out.Len() != 0 {
		t.Errorf("something was solved: %q", out.String())
	}
}
