package position

// The legality rows of testdata/rules/rule_cases.tsv. Rows whose expected
// answer is a mate length (mate..., nomate...) are for the solver.

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var (
	reLegalMoves = regexp.MustCompile(`^legal_moves:(\d+)(?: \(the only move goes to ([1-9][a-i])\))?$`)
	rePerft      = regexp.MustCompile(`^perft\((\d+)\):(\d+)$`)
	rePawnMate   = regexp.MustCompile(`^pawn_drop_mate\((P\*[1-9][a-i])\):(true|false)$`)
	reInvalid    = regexp.MustCompile(`^invalid_sfen\((.+)\)$`)
	reBoolProp   = regexp.MustCompile(`^(double_check|in_check):(true|false)$`)
	reDropMoves  = regexp.MustCompile(`^drop_moves:(\d+)( \(all pawn drops\))?$`)
	reIllegal    = regexp.MustCompile(`^(\S+) is illegal \(pawn-drop mate\)`)
	reRepetition = regexp.MustCompile(`^after moves (.+) \(all checks\): REPETITION_LOSE`)
	reSolver     = regexp.MustCompile(`^(mate|nomate)`)
)

// invalidReason maps the reason of an invalid_sfen row to words our error
// message must contain.
var invalidReason = map[string]string{
	"nifu":       "two unpromoted",
	"dead piece": "never move again",
}

func TestRuleCases(t *testing.T) {
	counts := map[string]int{}
	for _, r := range readTSV(t, "rules/rule_cases.tsv") {
		if reSolver.MatchString(r["expected"]) {
			mustSFEN(t, r["sfen"]) // the solver's positions must at least parse
			counts["solver"]++
			continue
		}
		for _, clause := range strings.Split(r["expected"], "; ") {
			counts[checkRuleClause(t, r, clause)]++
		}
	}
	t.Logf("clauses checked: %v", counts)
	for _, k := range []string{"legal_moves", "perft", "pawn_drop_mate", "invalid_sfen", "double_check", "in_check", "drop_moves", "illegal", "repetition"} {
		if counts[k] == 0 {
			t.Errorf("no %s row checked", k)
		}
	}
}

// rulePosition parses a row's SFEN. Two rows (R119, R120, from yasai's
// two-pawn tests) have six silvers on the board: FromSFEN must reject them,
// and their drop rule is then checked on the position as written.
func rulePosition(t *testing.T, r tsvRow) *Position {
	p, err := FromSFEN(r["sfen"])
	if err == nil {
		return p
	}
	if !strings.Contains(err.Error(), "pieces of kind") {
		t.Fatalf("%s: FromSFEN: %v", r["id"], err)
	}
	p, err = fromSFENUncounted(r["sfen"])
	if err != nil {
		t.Fatalf("%s: %v", r["id"], err)
	}
	return p
}

// fromSFENUncounted parses an SFEN like FromSFEN but without validation,
// for positions with too many pieces of a kind.
func fromSFENUncounted(s string) (*Position, error) {
	f := strings.Fields(s)
	p := &Position{kings: [2]Square{NoSquare, NoSquare}, moveNum: 1}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	if f[1] == "w" {
		p.side = White
		p.boardKey ^= zobristSide
	}
	if err := p.parseHands(f[2]); err != nil {
		return nil, err
	}
	p.handKey = handKeyOf(p.hands)
	p.checkers = p.attackersOfKing(p.side)
	return p, nil
}

// checkRuleClause checks one clause of a row's expected column and
// returns its kind.
func checkRuleClause(t *testing.T, r tsvRow, clause string) string {
	id := r["id"] + " " + r["sfen"]
	var buf [MaxMoves]Move
	switch {
	case reInvalid.MatchString(clause):
		reason := reInvalid.FindStringSubmatch(clause)[1]
		words, ok := invalidReason[reason]
		if !ok {
			t.Errorf("%s: unknown invalid_sfen reason %q", id, reason)
		}
		if _, err := FromSFEN(r["sfen"]); err == nil || !strings.Contains(err.Error(), words) {
			t.Errorf("%s: FromSFEN error %v, want one saying %q", id, err, words)
		}
		return "invalid_sfen"

	case reLegalMoves.MatchString(clause):
		sm := reLegalMoves.FindStringSubmatch(clause)
		want, _ := strconv.Atoi(sm[1])
		p := rulePosition(t, r)
		legal := p.GenerateLegal(buf[:0])
		if len(legal) != want {
			t.Errorf("%s: %d legal moves, want %d: %v", id, len(legal), want, moveSet(legal))
		}
		if sm[2] != "" && (len(legal) != 1 || legal[0].To().String() != sm[2]) {
			t.Errorf("%s: legal moves %v, want one move to %s", id, moveSet(legal), sm[2])
		}
		return "legal_moves"

	case rePerft.MatchString(clause):
		sm := rePerft.FindStringSubmatch(clause)
		d, _ := strconv.Atoi(sm[1])
		want, _ := strconv.ParseUint(sm[2], 10, 64)
		if got := rulePosition(t, r).Perft(d); got != want {
			t.Errorf("%s: perft(%d) = %d, want %d", id, d, got, want)
		}
		return "perft"

	case rePawnMate.MatchString(clause):
		sm := rePawnMate.FindStringSubmatch(clause)
		p := rulePosition(t, r)
		m, err := p.decodeMove(sm[1])
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		want := sm[2] == "true"
		if got := p.isPawnDropMate(m.To()); got != want {
			t.Errorf("%s: isPawnDropMate(%v) = %v, want %v", id, m, got, want)
		}
		if got := refPawnDropMates(p, m); got != want {
			t.Errorf("%s: brute force says %v mates: %v, want %v", id, m, got, want)
		}
		if legal := slices.Contains(p.GenerateLegal(buf[:0]), m); legal == want {
			t.Errorf("%s: %v legal = %v", id, m, legal)
		}
		return "pawn_drop_mate"

	case reBoolProp.MatchString(clause):
		sm := reBoolProp.FindStringSubmatch(clause)
		p := rulePosition(t, r)
		got := p.InCheck()
		if sm[1] == "double_check" {
			got = p.Checkers().Count() == 2
		}
		if want := sm[2] == "true"; got != want {
			t.Errorf("%s: %s = %v, want %v (checkers %d)", id, sm[1], got, want, p.Checkers().Count())
		}
		return sm[1]

	case reDropMoves.MatchString(clause):
		sm := reDropMoves.FindStringSubmatch(clause)
		want, _ := strconv.Atoi(sm[1])
		p := rulePosition(t, r)
		var drops []Move
		for _, m := range p.GenerateLegal(buf[:0]) {
			if m.IsDrop() {
				drops = append(drops, m)
				if sm[2] != "" && m.DropType() != Pawn {
					t.Errorf("%s: %v is not a pawn drop", id, m)
				}
			}
		}
		if len(drops) != want {
			t.Errorf("%s: %d drops, want %d: %v", id, len(drops), want, moveSet(drops))
		}
		return "drop_moves"

	case reIllegal.MatchString(clause):
		usi := reIllegal.FindStringSubmatch(clause)[1]
		p := rulePosition(t, r)
		if _, err := p.ParseMove(usi); err == nil {
			t.Errorf("%s: ParseMove accepts %s", id, usi)
		}
		if m, err := p.decodeMove(usi); err != nil || !refPawnDropMates(p, m) {
			t.Errorf("%s: %s is not a pawn-drop mate by brute force (%v)", id, usi, err)
		}
		return "illegal"

	case reRepetition.MatchString(clause):
		p := rulePosition(t, r)
		start := p.Key()
		for i, usi := range strings.Fields(reRepetition.FindStringSubmatch(clause)[1]) {
			m, err := p.ParseMove(usi)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if i%2 == 0 && !p.GivesCheck(m) {
				t.Errorf("%s: %s does not check", id, usi)
			}
			p.DoMove(m)
		}
		if p.Key() != start || p.Repetitions() != 1 {
			t.Errorf("%s: after the moves the key differs or Repetitions = %d, want 1", id, p.Repetitions())
		}
		return "repetition"
	}
	t.Errorf("%s: unhandled expectation %q", id, clause)
	return "unknown"
}
