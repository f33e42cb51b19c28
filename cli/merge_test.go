package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gomate/generate"
)

// shardArgs are the flags of the merge tests' generate runs: 3 plies,
// seed 5, node limits only (reproducible), one worker, no -count.
var shardArgs = []string{"generate", "-plies", "3", "-seed", "5", "-time-per-candidate", "0", "-nodes", "50000", "-hash", "16", "-workers", "1", "-count", "0"}

// genFile runs generate with shardArgs and args, writing to the file name
// in dir, and returns the file's path and text; the run must exit 0.
func genFile(t *testing.T, dir, name string, args ...string) (string, string) {
	t.Helper()
	path := filepath.Join(dir, name)
	all := append(append(append([]string{}, shardArgs...), args...), "-out", path)
	var out, errOut strings.Builder
	if code := Run(all, nil, &out, &errOut); code != 0 {
		t.Fatalf("%q: exit %d, stderr %q", all, code, errOut.String())
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, string(text)
}

// runMerge runs gomate merge with args and stdin, and returns its exit
// status, standard output and standard error.
func runMerge(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	code := Run(append([]string{"merge"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// problemLines reads the JSON lines of text as problems.
func problemLines(t *testing.T, text string) []generate.Problem {
	t.Helper()
	var ps []generate.Problem
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if l == "" {
			continue
		}
		var p generate.Problem
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestMergeShardsEqualOneRun: the candidates [0, 40) run as one run, and
// as two shards [0, 20) and [20, 40) with -duplicates, merged (the files
// given in reverse order): the merged file is the one run's file byte for
// byte, every field of every line compared (trials and metrics
// included). The test also checks that the merge had work to do: a
// problem of the second shard that is a duplicate of one of the first
// (the second shard alone keeps it), and a problem whose trials in its
// shard differ from the run's. And merge -count 10 of the shards is
// generate -count 10 on the range.
func TestMergeShardsEqualOneRun(t *testing.T) {
	dir := t.TempDir()
	_, one := genFile(t, dir, "one.jsonl", "-index-to", "40")
	s1, text1 := genFile(t, dir, "s1.jsonl", "-index-to", "20", "-duplicates")
	s2, text2 := genFile(t, dir, "s2.jsonl", "-index-from", "20", "-index-to", "40", "-duplicates")
	merged := filepath.Join(dir, "merged.jsonl")
	code, out, errOut := runMerge(t, "", "-out", merged, s2, s1)
	if code != 0 || out != "" {
		t.Fatalf("merge: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	got, err := os.ReadFile(merged)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != one {
		t.Errorf("merged shards:\n%s\nthe one run:\n%s", got, one)
	}

	ones := problemLines(t, one)
	unmarked := 0
	for _, p := range append(problemLines(t, text1), problemLines(t, text2)...) {
		if !p.Duplicate {
			unmarked++
		}
	}
	if unmarked <= len(ones) {
		t.Errorf("the shards keep %d problems, the run %d: no duplicate across the shards to drop", unmarked, len(ones))
	}
	trials := map[int]int{}
	for _, p := range ones {
		trials[p.Index] = p.Trials
	}
	recounted := false
	for _, p := range problemLines(t, text2) {
		if tr, ok := trials[p.Index]; ok && tr != p.Trials {
			recounted = true
		}
	}
	if !recounted {
		t.Error("no problem of the second shard has other trials than in the run: the recount is not tested")
	}
	if !strings.Contains(errOut, "problems read from 2 files") || !strings.Contains(errOut, strconv.Itoa(len(ones))+" written") {
		t.Errorf("summary: %q", errOut)
	}

	var ten, genErr strings.Builder
	args := append(append([]string{}, shardArgs...), "-index-to", "40", "-count", "10")
	if code := Run(args, nil, &ten, &genErr); code != 0 {
		t.Fatalf("%q: exit %d, stderr %q", args, code, genErr.String())
	}
	code, out, errOut = runMerge(t, "", "-count", "10", s1, s2)
	if code != 0 || out != ten.String() {
		t.Errorf("merge -count 10: exit %d, stderr %q\n%s\ngenerate -count 10:\n%s", code, errOut, out, ten.String())
	}
}

// mirrorProblem is the JSON line p with its position and main line
// reflected left to right (file f to file 10-f), its Japanese line left
// out: a problem that is a duplicate of p's.
func mirrorProblem(t *testing.T, p generate.Problem) string {
	t.Helper()
	f := strings.Fields(p.SFEN)
	var ranks []string
	for _, r := range strings.Split(f[0], "/") {
		var sq []string // the squares of the rank, from file 9 to file 1
		for i := 0; i < len(r); i++ {
			switch c := r[i]; {
			case c >= '1' && c <= '9':
				for range int(c - '0') {
					sq = append(sq, "1")
				}
			case c == '+':
				sq = append(sq, r[i:i+2])
				i++
			default:
				sq = append(sq, string(c))
			}
		}
		var b strings.Builder
		empty := 0
		for i := len(sq) - 1; i >= 0; i-- {
			if sq[i] == "1" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(sq[i])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		ranks = append(ranks, b.String())
	}
	f[0] = strings.Join(ranks, "/")
	p.SFEN = strings.Join(f, " ")
	moves := strings.Fields(p.LineUSI)
	for i, m := range moves {
		b := []byte(m)
		for _, k := range []int{0, 2} { // the files of from (or a drop's piece) and to
			if b[k] >= '1' && b[k] <= '9' {
				b[k] = '0' + 10 - (b[k] - '0')
			}
		}
		moves[i] = string(b)
	}
	p.LineUSI = strings.Join(moves, " ")
	p.LineJA = ""
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// TestMergeMirrorDuplicate: a problem in one file and its mirror image,
// with the same seed and index, in another: one of them is written, the
// one of the file named first; the summary counts one duplicate. A file
// is also read from standard input ("-"), and -out may name a file read.
func TestMergeMirrorDuplicate(t *testing.T) {
	dir := t.TempDir()
	a, text := genFile(t, dir, "a.jsonl", "-index-to", "6")
	ps := problemLines(t, text)
	if len(ps) < 2 {
		t.Fatalf("%d problems in [0, 6): want 2 or more", len(ps))
	}
	mirror := mirrorProblem(t, ps[0])
	if problemLines(t, mirror)[0].SFEN == ps[0].SFEN {
		t.Fatalf("%s is its own mirror image", ps[0].SFEN)
	}
	b := filepath.Join(dir, "b.jsonl")
	if err := os.WriteFile(b, []byte(mirror), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		first  string
		stdin  string
		args   []string
		wantFn string // the first line written
	}{
		{"a", "", []string{a, b}, strings.SplitAfter(text, "\n")[0]},
		{"b", "", []string{b, a}, mirror},
		{"b from stdin", mirror, []string{"-", a}, mirror},
	} {
		code, out, errOut := runMerge(t, c.stdin, c.args...)
		got := problemLines(t, out)
		if code != 0 || len(got) != len(ps) || !strings.HasPrefix(out, c.wantFn) || !strings.Contains(errOut, "1 duplicates dropped") {
			t.Errorf("%s first: exit %d, stderr %q, %d lines (want %d), the first:\n%s\nwant:\n%s", c.first, code, errOut, len(got), len(ps), strings.SplitAfter(out, "\n")[0], c.wantFn)
		}
	}
	_, want, _ := runMerge(t, "", b, a)
	if code, out, errOut := runMerge(t, "", "-out", b, b, a); code != 0 || out != "" {
		t.Fatalf("-out %s %s %s: exit %d, stdout %q, stderr %q", b, b, a, code, out, errOut)
	}
	if got, err := os.ReadFile(b); err != nil || string(got) != want {
		t.Errorf("-out %s, a file read: %v\n%s\nwant:\n%s", b, err, got, want)
	}
}

// TestMergePliesAndCount: a file of 1-ply problems of seed 4 and one of
// 3-ply problems of seed 5: -plies 1 keeps the 1-ply file's lines, -plies
// 3 the other's; -count 4 writes the three problems of seed 4, then the
// first of seed 5, whichever file is named first.
func TestMergePliesAndCount(t *testing.T) {
	dir := t.TempDir()
	p1, text1 := genFile(t, dir, "p1.jsonl", "-plies", "1", "-seed", "4", "-count", "3")
	p3, text3 := genFile(t, dir, "p3.jsonl", "-count", "3")
	for _, c := range []struct {
		plies, want string
		other       int
	}{{"1", text1, 3}, {"3", text3, 3}} {
		code, out, errOut := runMerge(t, "", "-plies", c.plies, p3, p1)
		if code != 0 || out != c.want || !strings.Contains(errOut, strconv.Itoa(c.other)+" of other lengths") || !strings.Contains(errOut, c.plies+" plies: 3") {
			t.Errorf("-plies %s: exit %d, stderr %q\n%s\nwant:\n%s", c.plies, code, errOut, out, c.want)
		}
	}
	code, out, errOut := runMerge(t, "", "-count", "4", p3, p1)
	want := text1 + strings.SplitAfter(text3, "\n")[0]
	if code != 0 || out != want || !strings.Contains(errOut, "2 after -count") || !strings.Contains(errOut, "1 plies: 3 3 plies: 1") {
		t.Errorf("-count 4: exit %d, stderr %q\n%s\nwant:\n%s", code, errOut, out, want)
	}
}

// TestMergeBadLines: lines that are not problems are reported as
// FILE:LINE with the reason and skipped, a missing file is reported, a
// line too long ends its file's reading, the rest is merged (a blank
// line is skipped quietly), and the exit status is 1.
func TestMergeBadLines(t *testing.T) {
	dir := t.TempDir()
	_, text := genFile(t, dir, "g.jsonl", "-count", "2")
	lines := strings.SplitAfter(text, "\n")
	bad := filepath.Join(dir, "bad.jsonl")
	content := lines[0] +
		"not json\n" +
		"\n" +
		strings.Replace(lines[1], `"plies":3`, `"plies":5`, 1) +
		lines[1]
	if err := os.WriteFile(bad, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long.jsonl")
	if err := os.WriteFile(long, []byte(lines[0]+strings.Repeat("x", 16<<20)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	code, out, errOut := runMerge(t, "", bad, missing, long)
	for _, want := range []string{
		bad + ":2: not a problem's JSON line",
		bad + ":4: line_usi has 3 moves, plies says 5",
		missing,
		long + ":2: bufio.Scanner: token too long",
		"3 problems read from 2 files (4 bad lines or files skipped), 1 duplicates dropped",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, ":3:") {
		t.Errorf("the blank line 3 is reported:\n%s", errOut)
	}
	if code != 1 || out != text {
		t.Errorf("exit %d (want 1), written:\n%s\nwant the two good lines:\n%s", code, out, text)
	}
}

// TestMergeUsageErrors: no file, a bad -plies or -count: exit status 2.
func TestMergeUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"-plies", "4", "f"}, {"-plies", "-1", "f"}, {"-count", "-1", "f"}} {
		if code, out, errOut := runMerge(t, "", args...); code != 2 || out != "" || errOut == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and a message", args, code, out, errOut)
		}
	}
}
