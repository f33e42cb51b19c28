package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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
		{[]string{"-method", "random", "-from", "x.jsonl"}, "-from is for -method extend or reverse"},
		{[]string{"-from", "x.jsonl", "-mate", "9/7Gk/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1"}, "give one"},
		{[]string{"-method", "random", "-carry"}, "for -method reverse"},
		{[]string{"-method", "extend", "-from", "/nonexistent/x.jsonl"}, "-from"},
		{[]string{"-workers", "-1"}, "-workers"},
		{[]string{"-format", "pdf"}, "-format"},
		{[]string{"-count", "0"}, "-duration"},
		{[]string{"-index-from", "-1"}, "-index-from"},
		{[]string{"-index-from", "5", "-index-to", "5"}, "0 <= A < B"},
		{[]string{"-duplicates", "-format", "kif"}, "-duplicates needs -format jsonl"},
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
	if !strings.Contains(errOut.String(), "2 problems (0 duplicates), ") || !strings.Contains(errOut.String(), "success per trial") {
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

// TestGenerateBench: -bench prints a row per length from 3 to -plies,
// each from a run of its own: candidates, a success per candidate between
// 0 and 1, no more problems than the candidates that reached the length,
// and a longest problem made at least as long as the row's when it made
// one; and writes no problem.
func TestGenerateBench(t *testing.T) {
	var out, errOut strings.Builder
	code := Run([]string{"generate", "-bench", "-plies", "5", "-duration", "3s", "-workers", "1", "-time-per-candidate", "0", "-nodes", "50000"}, nil, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	var rows [][]string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "| reverse |") {
			rows = append(rows, strings.Fields(strings.ReplaceAll(line, "|", " ")))
		}
	}
	if len(rows) != 2 || rows[0][1] != "3" || rows[1][1] != "5" {
		t.Fatalf("rows %q in\n%s", rows, out.String())
	}
	for _, r := range rows {
		plies, _ := strconv.Atoi(r[1])
		cands, err1 := strconv.Atoi(r[2])
		success, err2 := strconv.ParseFloat(r[4], 64)
		probs, err3 := strconv.Atoi(r[5])
		longest, err4 := strconv.Atoi(r[7])
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil || cands < 1 || success < 0 || success > 1 ||
			float64(probs) > success*float64(cands)+0.5 || probs > 0 && longest < plies {
			t.Errorf("row %q", r)
		}
	}
	t.Log(out.String())
}

// TestInterruptStops: an interrupt sets the run's stop flag instead of
// killing the process, so that a run writes what it has.
func TestInterruptStops(t *testing.T) {
	stop, release := interruptStops()
	defer release()
	if stop.Load() {
		t.Fatal("set before any interrupt")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !stop.Load() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !stop.Load() {
		t.Fatal("not set 10 s after the interrupt")
	}
}

// TestGenerateShardExit: a shard whose range makes no problem exits 0
// once its range is run, with no line written (the candidate is found in
// a run on [0, 8) as an index without a line); a shard cut short by
// -duration exits 1, whatever it wrote.
func TestGenerateShardExit(t *testing.T) {
	dir := t.TempDir()
	cut := append(append([]string{}, shardArgs...), "-index-to", "1000000", "-duration", "1s")
	var cutOut, cutErr strings.Builder
	if code := Run(cut, nil, &cutOut, &cutErr); code != 1 {
		t.Errorf("%q: exit %d, want 1; stderr %q", cut, code, cutErr.String())
	}
	_, text := genFile(t, dir, "all.jsonl", "-index-to", "8")
	made := map[int]bool{}
	for _, p := range problemLines(t, text) {
		made[p.Index] = true
	}
	empty := -1
	for i := 7; i >= 0; i-- {
		if !made[i] {
			empty = i
		}
	}
	if empty < 0 {
		t.Skip("every candidate of [0, 8) made a problem")
	}
	args := append(append([]string{}, shardArgs...), "-index-from", strconv.Itoa(empty), "-index-to", strconv.Itoa(empty+1))
	var out, errOut strings.Builder
	if code := Run(args, nil, &out, &errOut); code != 0 || out.Len() > 0 || !strings.Contains(errOut.String(), "1 candidates, 0 problems") {
		t.Errorf("%q: exit %d (want 0), stdout %q, stderr %q", args, code, out.String(), errOut.String())
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
