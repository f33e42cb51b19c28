package cli

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gomate/compose"
	"gomate/dfpn"
)

// Problems for check -judge. The sound ones and the unsound ones made
// from them, one change each, are those of compose's tests of Judge
// (compose/sound_test.go), where each verdict is verified point by point
// with fresh solvers: three 3-ply problems reduced from mate3.sfen, a
// defender's pawn on 9a added to mate3-86 (TestJudgeUnnecessary), a
// silver on 4e added to mate3-32 (TestJudgeAlternative), a pawn moved from
// the defender's hand to the attacker's (TestJudgeSpare), mate3-32 asked
// in 5 plies (TestJudgeLength). Two come from #92 without the knight on
// 1b, which has no mate (TestCheckUnsound): as it is, the defender's hand
// lacks that knight (point 1; count the pieces); with the knight in the
// defender's hand it is a legal problem, and still no mate, as a defender
// with one more piece in hand has every defence it had.
const (
	judgeMate3_32  = "4+R4/4g4/3pk1+S2/4+b4/9/4N4/9/9/9 b GNrb2g3s2n4l17p 1"
	judgeMate3_86  = "5RBk1/9/4+N4/9/9/9/9/9/9 b rb4g4s3n4l18p 1"
	judgeMate3_179 = "6Ss1/9/8k/9/9/6N2/9/9/9 b RGr2b3g2s3n4l18p 1"
)

var judgeCases = []struct {
	id, sfen string
	plies    int    // the JSON line's "plies"; 0: none
	verdict  string // the verdict the line gives
	kind     string // the summary's reason
	reason   string // in the reasons of the line
}{
	{"mate3-32", judgeMate3_32, 3, "sound", "", ""},
	{"mate3-86", judgeMate3_86, 0, "sound", "", ""},
	{"mate3-179", judgeMate3_179, 3, "sound", "", ""},
	{"pawn-9a", "p4RBk1/9/4+N4/9/9/9/9/9/9 b rb4g4s3n4l17p 1", 0, "unsound", "point 5: unnecessary piece", "point 5: unnecessary piece p on 9a: "},
	{"silver-4e", "4+R4/4g4/3pk1+S2/4+b4/5S3/4N4/9/9/9 b GNrb2g2s2n4l17p 1", 3, "unsound", "point 3: alternative mate (余詰)", "point 3: alternative mate at ply 1: "},
	{"spare-pawn", "4+R4/4g4/3pk1+S2/4+b4/9/4N4/9/9/9 b GNPrb2g3s2n4l16p 1", 0, "unsound", "point 4: spare pieces (駒余り)", "point 4: spare pieces at the end: P"},
	{"asked-5", judgeMate3_32, 5, "unsound", "point 2: not the length asked", "point 2: a mate within 3 plies, shorter than the 5 asked"},
	{"hand", checkNoMate, 0, "unsound", "point 1: not a legal problem", "point 1: the defender's hand holds "},
	{"nomate", strings.Replace(checkNoMate, "2n", "3n", 1), 0, "unsound", "point 2: no mate", "point 2: no mate"},
}

// judgeLine is a line of check -judge: name, verdict, length, time,
// nodes, and the reasons.
var judgeLine = regexp.MustCompile(`^(\S+): (sound|unsound|unknown), (\d+ plies|no proven length), \d+\.\d{3}s, \d+ nodes(?:: (.*))?$`)

// TestCheckJudge: -judge on a JSONL file gives one line per problem with
// its verdict and, when not sound, the reason of the point that failed;
// "plies" is the length asked (mate3-32 is sound in 3, unsound asked in
// 5); the summary's tables count what the lines say.
func TestCheckJudge(t *testing.T) {
	var lines []string
	for _, c := range judgeCases {
		plies := ""
		if c.plies > 0 {
			plies = fmt.Sprintf(`, "plies": %d`, c.plies)
		}
		lines = append(lines, fmt.Sprintf(`{"id": %q, "sfen": %q%s}`, c.id, c.sfen, plies))
	}
	file := writeProblems(t, "problems.jsonl", lines...)
	code, out, errOut := runCheck(t, "-judge", "-hash", "16", "-workers", "2", file)
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := strings.Split(out, "\n")
	if len(got) < len(judgeCases) {
		t.Fatalf("output:\n%s", out)
	}
	var sum checkSummaryCounts
	for i, c := range judgeCases {
		m := judgeLine.FindStringSubmatch(got[i])
		if m == nil || m[1] != c.id || m[2] != c.verdict || !strings.HasPrefix(m[4], c.reason) || (c.reason == "") != (m[4] == "") {
			t.Errorf("line %d: %q; want %s %s %q", i+1, got[i], c.id, c.verdict, c.reason)
			continue
		}
		if c.verdict == "sound" && m[3] != "3 plies" {
			t.Errorf("%s: %s, want 3 plies", c.id, m[3])
		}
		sum.add(c.verdict, c.kind, strings.TrimSuffix(m[3], " plies"))
	}
	if !strings.Contains(out, "\ncheck: 9 problems: 3 sound, 6 unsound, 0 unknown; time ") {
		t.Errorf("output:\n%s", out)
	}
	sum.mustMatch(t, out)
}

// TestCheckJudgeLimit: a limit leaves the judgement unknown, never sound:
// #92 with 30 nodes a search (compose's TestJudgeLimits).
func TestCheckJudgeLimit(t *testing.T) {
	code, out, _ := runCheck(t, "-judge", "-hash", "16", "-nodes", "30", checkSound)
	m := judgeLine.FindStringSubmatch(strings.TrimSuffix(out, "\n"))
	if code != 1 || m == nil || m[1] != "position" || m[2] != "unknown" || !strings.Contains(m[4], ": not proven: ") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

// checkSummaryCounts are the rows a summary should have, counted from
// the reports: "verdict | reason" and "plies" to problems.
type checkSummaryCounts struct {
	reasons map[string]int
	lengths map[string]*[3]int // sound, unsound, unknown
}

// add counts a problem by its verdict, its reason and its length ("-"
// or "no proven length" for none).
func (s *checkSummaryCounts) add(verdict, reason, plies string) {
	if s.reasons == nil {
		s.reasons, s.lengths = map[string]int{}, map[string]*[3]int{}
	}
	s.reasons[verdict+" | "+reason]++
	if plies == "no proven length" {
		plies = "-"
	}
	if s.lengths[plies] == nil {
		s.lengths[plies] = new([3]int)
	}
	s.lengths[plies][strings.Index("sound unsound unknown", verdict)/6]++
}

// mustMatch fails unless the tables in out have exactly the rows counted.
func (s *checkSummaryCounts) mustMatch(t *testing.T, out string) {
	t.Helper()
	want := map[string]bool{}
	for k, n := range s.reasons {
		want[fmt.Sprintf("| %s | %d |", k, n)] = true
	}
	for plies, c := range s.lengths {
		want[fmt.Sprintf("| %s | %d | %d | %d | %d |", plies, c[0]+c[1]+c[2], c[0], c[1], c[2])] = true
	}
	rows := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| verdict |") && !strings.HasPrefix(l, "| plies |") {
			rows[l] = true
		}
	}
	for r := range want {
		if !rows[r] {
			t.Errorf("the summary lacks the row %q", r)
		}
	}
	for r := range rows {
		if !want[r] {
			t.Errorf("the summary has the row %q, not counted", r)
		}
	}
}

// TestJudgeReason: the kind of a judgement's verdict for the summary,
// from reports made by hand: the failure decides an unsound verdict even
// after an open point, the open point an unknown one.
func TestJudgeReason(t *testing.T) {
	for _, c := range []struct {
		r    compose.Soundness
		want string
	}{
		{compose.Soundness{Verdict: compose.Sound}, ""},
		{compose.Soundness{Verdict: compose.Unsound, Reasons: []string{"point 3: not proven: alternative mates at ply 3 (nodes)", "point 3: alternative mate at ply 1: G*5b (mate in 1)"}}, "point 3: alternative mate (余詰)"},
		{compose.Soundness{Verdict: compose.Undecided, Reasons: []string{"point 5: not proven: is p on 9a necessary? ..."}}, "point 5: not proven"},
		{compose.Soundness{Verdict: compose.Unsound, Reasons: []string{"point 2: no mate"}, Composition: compose.Composition{Main: dfpn.Result{Status: dfpn.NoMate}}}, "point 2: no mate"},
		{compose.Soundness{Verdict: compose.Unsound, Reasons: []string{"point 2: mate in 5, not the 3 asked"}}, "point 2: not the length asked"},
		{compose.Soundness{Verdict: compose.Unsound, Reasons: []string{"point 6: 変化別詰 ..."}}, "point 6: another mate in a side line (変化別詰)"},
		{compose.Soundness{Verdict: compose.Unsound, Reasons: []string{"something else"}}, "other"},
	} {
		if got := judgeReason(&c.r); got != c.want {
			t.Errorf("%v %q: %q, want %q", c.r.Verdict, c.r.Reasons, got, c.want)
		}
	}
}

// TestCheckJudgeAlongTheLine: -judge judges a JSON line along its
// "line_usi". Line 220 of problems/reverse-13.jsonl as first committed
// (compose's TestJudgeAlongLine): along its line the attacker's lance on
// 5d is not necessary; 11 plies of the line are not an answer (point
// 2); a "line_usi" that is not legal is a bad line of the
// file, reported with its number, and the rest is judged.
func TestCheckJudgeAlongTheLine(t *testing.T) {
	const sfen = "2R1S4/9/2S6/+B1B1L4/4k4/9/9/5R3/9 b 4g2s4n3l18p 1"
	const line = "7c6d 5e6d 7d6c+ 6d6c 9d8e 6c5d 8e7f 5d6d 7a7e+ 6d6c 4h4c+ P*5c 7f5d"
	file := writeProblems(t, "lines.jsonl",
		`{"id": "line-220", "sfen": "`+sfen+`", "plies": 13, "line_usi": "`+line+`"}`,
		`{"id": "short", "sfen": "`+sfen+`", "line_usi": "`+strings.Join(strings.Fields(line)[:11], " ")+`"}`,
		`{"id": "illegal", "sfen": "`+sfen+`", "plies": 13, "line_usi": "9i9a"}`,
	)
	code, out, errOut := runCheck(t, "-judge", "-hash", "32", "-workers", "1", file)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	for _, w := range []string{
		"line-220: unsound, 13 plies, ", "point 5: unnecessary piece L on 5d: ",
		"short: unsound, ", "point 2: ",
		"\ncheck: 2 problems: 0 sound, 2 unsound, 0 unknown; ",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if !strings.HasPrefix(errOut, "gomate check: "+file+`:3: "line_usi": `) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr: %q", errOut)
	}
}
