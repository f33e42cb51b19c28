package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runRate(t *testing.T, args ...string) (int, string, string) {
	return runCommand(t, "rate", args...)
}

// TestRateMalformedLines: in a file with a TSV row, a JSON line, a line
// that is no position, a broken JSON line, a JSON line without "sfen" and
// a position with no mate, the bad lines are reported with their line
// numbers (the no-mate one with its name too), the good ones rated, and
// the exit status is 1.
func TestRateMalformedLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "problems.txt")
	text := "# a comment\n" +
		"sound\t" + checkSound + "\t13\n" +
		"not a position\n" +
		`{"id": "json", "sfen": "4k4/9/4P4/9/9/9/9/9/9 b G 1", "plies": 1}` + "\n" +
		`{"id": "broken", "sfen": "4k4/9/4P4` + "\n" +
		`{"id": "nosfen"}` + "\n" +
		"nomate\t" + checkNoMate + "\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runRate(t, "-hash", "16", file)
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(rows) != 3 || !strings.HasPrefix(rows[0], "# id\tplies\tshortest\tscore\t") ||
		!strings.HasPrefix(rows[1], "sound\t13\tyes\t") || !strings.HasPrefix(rows[2], "json\t1\tyes\t") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	for _, want := range []string{file + ":3: ", file + ":5: not a JSON object: ", file + `:6: a JSON line without "sfen"`, "gomate rate: " + file + ":7: nomate: "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if n := strings.Count(errOut, "\n"); n != 4 {
		t.Errorf("%d lines on stderr, want 4:\n%s", n, errOut)
	}
}

// TestRateJSONL: -format jsonl writes one object per problem, whose
// features are those of the head gold (G*5b: one drop, the king's four
// free squares).
func TestRateJSONL(t *testing.T) {
	code, out, errOut := runRate(t, "-hash", "16", "-format", "jsonl", "4k4/9/4P4/9/9/9/9/9/9 b G 1")
	var r ratingJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
		t.Fatalf("exit %d, %v, output:\n%s%s", code, err, out, errOut)
	}
	if r.Plies != 1 || r.Line != "G*5b" || r.Drops != 1 || r.KingFreedom != 4 || r.BoardPieces != 2 || r.Score != 1 || !r.Shortest {
		t.Errorf("got %+v", r)
	}
}
