package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateUsageErrors: bad flags are refused with a message and exit
// status 2, before anything runs.
func TestGenerateUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-plies", "4"}, "odd length"},
		{[]string{"-plies", "0"}, "odd length"},
		{[]string{"-plies", "-3"}, "odd length"},
		{[]string{"-method", "extend"}, "needs -from"},
		{[]string{"-method", "forward"}, "unknown method"},
		{[]string{"-from", "x.jsonl"}, "-from is for -method extend"},
		{[]string{"-method", "random", "-carry"}, "for -method reverse"},
		{[]string{"-method", "extend", "-from", "/nonexistent/x.jsonl"}, "-from"},
		{[]string{"-workers", "-1"}, "-workers"},
		{[]string{"-format", "pdf"}, "-format"},
		{[]string{"-count", "0"}, "-duration"},
		{[]string{"-hash", "0"}, "-hash"},
		{[]string{"-mate", "not a position"}, "-mate"},
		{[]string{"-mate", "9/7Gk/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1"}, "not checkmated"},
		{[]string{"extra"}, "unexpected argument"},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		code := Run(append([]string{"generate"}, c.args...), strings.NewReader(""), &out, &errOut)
		if code != 2 || !strings.Contains(errOut.String(), c.want) || out.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q, want 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
}

// TestGenerateRun: a short run writes -count JSON lines of the length
// asked to -out, and a summary on stderr.
func TestGenerateRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.jsonl")
	var out, errOut strings.Builder
	code := Run([]string{"generate", "-plies", "3", "-count", "2", "-seed", "5", "-time-per-candidate", "0", "-nodes", "50000", "-out", path}, nil, &out, &errOut)
	if code != 0 || out.Len() > 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	if !strings.Contains(errOut.String(), "2 problems of 3 plies") || !strings.Contains(errOut.String(), "success per trial") {
		t.Errorf("summary: %q", errOut.String())
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), text)
	}
	for _, l := range lines {
		var p struct {
			SFEN    string `json:"sfen"`
			Plies   int    `json:"plies"`
			LineUSI string `json:"line_usi"`
			Seed    uint64 `json:"seed"`
		}
		if err := json.Unmarshal([]byte(l), &p); err != nil || p.Plies != 3 || p.Seed != 5 || len(strings.Fields(p.LineUSI)) != 3 {
			t.Errorf("%s: %v", l, err)
		}
		pos, err := parsePositionText(p.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pos.ParseLine(strings.Fields(p.LineUSI)); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// TestGenerateExtendFrom: -method extend grows the problems of -from; a
// bad line is reported as FILE:LINE and skipped, the others are grown,
// each problem written names the line it grew from, and the run ends
// after the last problem of the file (-count 0 without -duration).
func TestGenerateExtendFrom(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "in.txt")
	// Line 2 is not a position; lines 1 and 3, sound problems of 3 plies
	// from generate/testdata/reverse3.sfen, grow to 5 plies (the second
	// as a JSON line with its length).
	in := "1B7/1kS6/9/9/9/9/9/9/9 b G2rb3g3s4n4l18p 1\nnot a position\n" +
		`{"sfen":"9/Sk7/3G5/2R6/9/9/9/9/9 b r2b3g3s4n4l18p 1","plies":3}` + "\n"
	if err := os.WriteFile(from, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	code := Run([]string{"generate", "-method", "extend", "-from", from, "-plies", "5", "-count", "0", "-workers", "1", "-time-per-candidate", "0", "-nodes", "100000"}, nil, &out, &errOut)
	if code != 0 || !strings.Contains(errOut.String(), from+":2:") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for i, l := range lines {
		var p struct {
			Plies  int    `json:"plies"`
			Method string `json:"method"`
			From   string `json:"from"`
		}
		want := []string{from + ":1", from + ":3"}[i]
		if err := json.Unmarshal([]byte(l), &p); err != nil || p.Plies != 5 || p.Method != "extend" || p.From != want {
			t.Errorf("%s: %v (want from %s)", l, err, want)
		}
	}
}

// TestGenerateRandom: -method random writes problems of the length asked,
// named by their method.
func TestGenerateRandom(t *testing.T) {
	var out, errOut strings.Builder
	code := Run([]string{"generate", "-method", "random", "-plies", "3", "-count", "2", "-seed", "3", "-workers", "1", "-time-per-candidate", "0", "-nodes", "50000"}, nil, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines {
		var p struct {
			Plies  int    `json:"plies"`
			Method string `json:"method"`
		}
		if err := json.Unmarshal([]byte(l), &p); err != nil || p.Plies != 3 || p.Method != "random" {
			t.Errorf("%s: %v", l, err)
		}
	}
	if len(lines) != 2 {
		t.Errorf("%d lines:\n%s", len(lines), out.String())
	}
}
