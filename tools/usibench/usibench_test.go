package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
)

func TestVerifyMate(t *testing.T) {
	// The README's mate in one, and a mate in three from the suite.
	const one = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb 1"
	if err := verifyMate(one, []string{"7i6g"}, dfpn.Strict); err != nil {
		t.Errorf("mate in one: %v", err)
	}
	bad := map[string][]string{
		"not mate":       {"1e1d"},
		"illegal":        {"7i5g"},
		"even length":    {"7i6g", "7e7d"},
		"pass":           {"pass"},
		"no check":       {"1e1d", "1c1d", "7i6g"},
		"not USI at all": {"xyz"},
	}
	for name, line := range bad {
		if err := verifyMate(one, line, dfpn.Strict); err == nil {
			t.Errorf("%s: %q accepted", name, line)
		}
	}
}

func TestHeaderAndFormat(t *testing.T) {
	f, c := detectFormat("# id\tsfen\texpected_plies (tokoroten/edo_era_tsume_shogi solution_moves)")
	if f != FormatHeader || c != (columns{name: 0, sfen: 1, plies: 2}) {
		t.Errorf("zukou header: %v %+v", f, c)
	}
	f, c = detectFormat("#name\tsfen\tplies\tplies_source\tsource")
	if f != FormatHeader || c != (columns{name: 0, sfen: 1, plies: 2}) {
		t.Errorf("long_problems header: %v %+v", f, c)
	}
	f, c = detectFormat("sfen\tmate_length")
	if f != FormatHeader || c.sfen != 0 || c.plies != -1 || c.name != -1 {
		t.Errorf("sfen-first header: %v %+v", f, c)
	}
	f, c = detectFormat("puzzle\tsfen\tplies_expected\tplies_source")
	if f != FormatHeader || c.plies != 2 || c.name != 0 {
		t.Errorf("loose plies header: %v %+v", f, c)
	}
	if f, _ := detectFormat("zukou-050\t9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1\t9"); f != FormatTab {
		t.Errorf("tab line: %v", f)
	}
	if f, _ := detectFormat("9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1"); f != FormatPlain {
		t.Errorf("plain line: %v", f)
	}
	if n := pliesFromFileName("testdata/mate/mate11.sfen"); n != 11 {
		t.Errorf("mate11.sfen: %d", n)
	}
	if n := pliesFromFileName("problems.sfen"); n != 0 {
		t.Errorf("problems.sfen: %d", n)
	}
}

func TestReadProblems(t *testing.T) {
	const sfen = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1"
	dir := t.TempDir()
	files := map[string]string{
		"mate9.sfen": "# comment\n\n" + sfen + "\r\nsfen " + sfen + "\n",
		"hdr.tsv":    "# id\tsfen\texpected_plies (x)\nz-1\t" + sfen + "\t9\n# skipped\nz-2\t" + sfen + "\t\n",
		"tab.tsv":    "# a comment first\nz-1\t" + sfen + "\t9\tmore\n",
	}
	want := map[string][]Problem{
		"mate9.sfen": {{File: "mate9.sfen", Line: 3, SFEN: sfen, Expected: 9}, {File: "mate9.sfen", Line: 4, SFEN: sfen, Expected: 9}},
		"hdr.tsv":    {{File: "hdr.tsv", Line: 2, Name: "z-1", SFEN: sfen, Expected: 9}, {File: "hdr.tsv", Line: 4, Name: "z-2", SFEN: sfen}},
		"tab.tsv":    {{File: "tab.tsv", Line: 2, Name: "z-1", SFEN: sfen, Expected: 9}},
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, _, warns, err := readProblems(path)
		if err != nil || len(warns) > 0 {
			t.Errorf("%s: %v %q", name, err, warns)
		}
		if !slices.Equal(got, want[name]) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, want[name])
		}
	}
}

func TestRepoFilesParse(t *testing.T) {
	for _, f := range []string{"../../testdata/classic/zukou100.tsv", "../../testdata/classic/long_problems.tsv", "../../testdata/classic/zukou_solutions.tsv"} {
		probs, _, warns, err := readProblems(f)
		if err != nil || len(warns) > 0 || len(probs) == 0 {
			t.Errorf("%s: %d problems, %v %q", f, len(probs), err, warns)
			continue
		}
		withPlies := 0
		for _, p := range probs {
			if p.Expected > 0 {
				withPlies++
			}
			if p.Expected < 0 || p.Name == "" || !looksLikeSFEN(p.SFEN) || strings.Contains(p.Name, "\t") {
				t.Errorf("%s: %+v", f, p)
				break
			}
		}
		if withPlies < len(probs)/4 { // long_problems.tsv leaves many lengths blank
			t.Errorf("%s: only %d of %d problems with plies", f, withPlies, len(probs))
		}
	}
}

func TestStats(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		var ts []time.Duration
		for _, x := range v {
			ts = append(ts, time.Duration(x)*time.Millisecond)
		}
		return ts
	}
	if got := median(ms(5, 1, 3)); got != 3*time.Millisecond {
		t.Errorf("odd median %v", got)
	}
	if got := median(ms(4, 1, 3, 2)); got != 2500*time.Microsecond {
		t.Errorf("even median %v", got)
	}
	if got := median(nil); got != 0 {
		t.Errorf("empty median %v", got)
	}
	ten := ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
	if got := percentile(ten, 0.9); got != 9*time.Millisecond {
		t.Errorf("p90 of 1..10 = %v", got)
	}
	if got := percentile(ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), 0.9); got != 10*time.Millisecond {
		t.Errorf("p90 of 1..11 = %v", got)
	}
	if got := percentile(ms(7), 0.9); got != 7*time.Millisecond {
		t.Errorf("p90 of one = %v", got)
	}
	if !slices.Equal(ten, ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1)) {
		t.Error("percentile sorted its input in place")
	}
}

func TestInfoNodes(t *testing.T) {
	for line, want := range map[string]int64{
		"info time 5 nodes 1234 nps 100 hashfull 0":  1234,
		"info depth 3 score mate 3 pv 7g7f nodes 99": -1,
		"info string nodes 5":                        -1,
		"info time 1":                                -1,
	} {
		n, ok := infoNodes(line)
		if (want < 0) == ok || (ok && n != want) {
			t.Errorf("%q: %d %v", line, n, ok)
		}
	}
}
