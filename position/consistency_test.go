package position

// Cross-checks of the generators, GivesCheck, Mate1, keys, do/undo and SFEN
// over every position of the test data plus positions reached from them by
// seeded random play: the fast code must agree with the slow references of
// ref_test.go and with itself.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// corpusRoots returns the SFENs of every valid position in the test data.
func corpusRoots(t *testing.T) []string {
	var roots []string
	for _, f := range []string{"movegen/legal_moves.txt", "movegen/checks.txt"} {
		for _, c := range readMoveLists(t, f) {
			roots = append(roots, c.sfen)
		}
	}
	for _, f := range append([]string{"movegen/mate1.txt", "movegen/no_mate1.txt"}, mateFiles...) {
		roots = append(roots, readLines(t, f)...)
	}
	for _, r := range readTSV(t, "rules/rule_cases.tsv") {
		if _, err := FromSFEN(r["sfen"]); err == nil {
			roots = append(roots, r["sfen"]) // rules_test.go checks the others
		}
	}
	for _, f := range []string{"classic/zukou100.tsv", "classic/long_problems.tsv"} {
		for _, r := range readTSV(t, f) {
			roots = append(roots, r["sfen"])
		}
	}
	// Every position along the long solution lines (tsume positions, no
	// attacker king, deep into the problems).
	for _, sl := range solutionLines(t) {
		p := mustSFEN(t, sl.sfen)
		for _, s := range sl.moves {
			roots = append(roots, p.SFEN())
			m, err := p.ParseMove(s)
			if err != nil {
				break // TestSolutionLines reports it
			}
			p.DoMove(m)
		}
	}
	for _, r := range readTSV(t, "movegen/perft.tsv") {
		roots = append(roots, r["sfen"])
	}
	for _, r := range readTSV(t, "rules/pawn_drop_mate.tsv") {
		roots = append(roots, r["sfen"])
	}
	return roots
}

// corpusStats counts the kinds of positions checked, so the test can insist
// that each interesting kind was seen.
type corpusStats struct {
	positions, white, inCheck, checkingEvasions, doubleCheck int
	noOwnKing, noEnemyKing, mates, mate1                     int
}

// TestConsistency runs checkPosition on every test-data position and on the
// positions of a seeded random walk of walkLen plies from each.
func TestConsistency(t *testing.T) {
	const walkLen = 3
	rng := rand.New(rand.NewPCG(2024, 81))
	var st corpusStats
	var buf, chk [MaxMoves]Move
	for _, s := range corpusRoots(t) {
		p := mustSFEN(t, s)
		if got, want := p.SFEN(), canonicalSFEN(s); got != want {
			t.Errorf("FromSFEN(%q).SFEN() = %q, want %q", s, got, want)
		}
		if !checkPosition(t, p, s, &st) {
			continue
		}
		for ply := 0; ply < walkLen; ply++ {
			legal := p.GenerateLegal(buf[:0])
			if len(legal) == 0 {
				break
			}
			// Prefer checks half of the time: they lead to positions in check.
			m := legal[rng.IntN(len(legal))]
			if checks := p.GenerateChecks(chk[:0]); len(checks) > 0 && rng.IntN(2) == 0 {
				m = checks[rng.IntN(len(checks))]
			}
			p.DoMove(m)
			if !checkPosition(t, p, s+" moves "+moveLine(p), &st) {
				break
			}
		}
	}
	t.Logf("%+v", st)
	switch {
	case st.positions < 10000:
		t.Errorf("only %d positions checked", st.positions)
	case st.white == 0 || st.inCheck == 0 || st.checkingEvasions == 0 || st.doubleCheck == 0 ||
		st.noOwnKing == 0 || st.noEnemyKing == 0 || st.mates == 0 || st.mate1 == 0:
		t.Errorf("some kind of position was never met: %+v", st)
	}
}

// canonicalSFEN rewrites a valid SFEN the way SFEN() must print it: hands
// in the order R B G S N L P, Black's first, and the move number.
func canonicalSFEN(s string) string {
	f := strings.Fields(s)
	if len(f) == 3 {
		f = append(f, "1")
	}
	count := map[byte]int{}
	n := 0
	for i := 0; i < len(f[2]) && f[2] != "-"; i++ {
		if c := f[2][i]; c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
		} else {
			count[c] += max(n, 1)
			n = 0
		}
	}
	var h strings.Builder
	for _, c := range []byte("RBGSNLPrbgsnlp") {
		if count[c] > 1 {
			h.WriteString(strconv.Itoa(count[c]))
		}
		if count[c] > 0 {
			h.WriteByte(c)
		}
	}
	if h.Len() == 0 {
		h.WriteByte('-')
	}
	f[2] = h.String()
	return strings.Join(f, " ")
}

// moveLine returns the moves played since the position was set up.
func moveLine(p *Position) string {
	var s []string
	for _, h := range p.history {
		s = append(s, h.move.String())
	}
	return strings.Join(s, " ")
}

// checkPosition checks one position; it returns false after a failure.
func checkPosition(t *testing.T, p *Position, where string, st *corpusStats) bool {
	t.Helper()
	fail := func(format string, args ...any) bool {
		t.Helper()
		t.Errorf("%s (%s): "+format, append([]any{where, p.SFEN()}, args...)...)
		return false
	}
	st.positions++
	if p.side == White {
		st.white++
	}
	if p.kings[p.side] == NoSquare {
		st.noOwnKing++
	}
	if p.kings[p.side.Opp()] == NoSquare {
		st.noEnemyKing++
	}
	if err := checkInternal(p); err != nil {
		return fail("%v", err)
	}

	// SFEN round trip; keys do not depend on the move number.
	sfen := p.SFEN()
	q, err := FromSFEN(sfen)
	if err != nil {
		return fail("own SFEN rejected: %v", err)
	}
	if q.SFEN() != sfen || q.Key() != p.Key() || q.BoardKey() != p.BoardKey() || q.Checkers() != p.Checkers() {
		return fail("SFEN round trip gives %s with other keys or checkers", q.SFEN())
	}
	if r, err := FromSFEN(sfenKey(sfen) + " 77"); err != nil || r.Key() != p.Key() || r.MoveNumber() != 77 {
		return fail("move number changes the key or is lost")
	}

	// Legal moves against brute force; evasions equal legal moves in check.
	var buf, evBuf, chkBuf, reply [MaxMoves]Move
	legal := p.GenerateLegal(buf[:0])
	if d := duplicates(legal); len(d) > 0 {
		return fail("GenerateLegal duplicates %v", d)
	}
	if d := diffMoves(moveSet(legal), moveSet(refLegal(p))); d != "" {
		return fail("GenerateLegal vs brute force: %s", d)
	}
	if p.InCheck() {
		st.inCheck++
		if p.checkers.More() {
			st.doubleCheck++
		}
		ev := p.GenerateEvasions(evBuf[:0])
		if d := duplicates(ev); len(d) > 0 {
			return fail("GenerateEvasions duplicates %v", d)
		}
		if d := diffMoves(moveSet(ev), moveSet(legal)); d != "" {
			return fail("GenerateEvasions vs GenerateLegal: %s", d)
		}
	}

	// Every legal move: GivesCheck, the check after playing it, keys and
	// derived data after it, exact undo, mates in one.
	checks := p.GenerateChecks(chkBuf[:0])
	if d := duplicates(checks); len(d) > 0 {
		return fail("GenerateChecks duplicates %v", d)
	}
	before := stateOf(p)
	var byGives, byPlay, mates []Move
	for _, m := range legal {
		gives := p.GivesCheck(m)
		if gives {
			byGives = append(byGives, m)
		}
		keyAfter, handsAfter, captured := p.BoardKeyAfter(m), [2]Hand{p.HandAfter(m, Black), p.HandAfter(m, White)}, p.Captured(m)
		p.DoMove(m)
		if err := checkInternal(p); err != nil {
			p.UndoMove()
			return fail("after %v: %v", m, err)
		}
		if keyAfter != p.BoardKey() || handsAfter != p.hands || captured != p.history[len(p.history)-1].captured {
			p.UndoMove()
			return fail("BoardKeyAfter, HandAfter or Captured of %v disagree with DoMove", m)
		}
		if p.InCheck() {
			byPlay = append(byPlay, m)
			if len(p.GenerateLegal(reply[:0])) == 0 {
				mates = append(mates, m)
			}
		}
		if p.InCheck() != refKingAttacked(p, p.side) {
			p.UndoMove()
			return fail("after %v InCheck disagrees with brute force", m)
		}
		if p.IsMate() != slices.Contains(mates, m) {
			p.UndoMove()
			return fail("after %v IsMate = %v", m, p.IsMate())
		}
		p.UndoMove()
		if stateOf(p) != before {
			return fail("UndoMove after %v leaves %s", m, p.SFEN())
		}
	}
	if !p.InCheck() { // a pass
		keyAfter := p.BoardKeyAfter(PassMove)
		p.DoMove(PassMove)
		err := checkInternal(p)
		if err == nil && (p.InCheck() || p.BoardKey() != keyAfter) {
			err = fmt.Errorf("in check %v, key %x, BoardKeyAfter %x", p.InCheck(), p.BoardKey(), keyAfter)
		}
		p.UndoMove()
		if err != nil {
			return fail("after a pass: %v", err)
		}
		if stateOf(p) != before {
			return fail("UndoMove after a pass leaves %s", p.SFEN())
		}
	}
	if d := diffMoves(moveSet(checks), moveSet(byGives)); d != "" {
		return fail("GenerateChecks vs GivesCheck: %s", d)
	}
	if d := diffMoves(moveSet(checks), moveSet(byPlay)); d != "" {
		return fail("GenerateChecks vs check after the move: %s", d)
	}
	if p.InCheck() && len(checks) > 0 {
		st.checkingEvasions++
	}
	if len(legal) == 0 && p.InCheck() {
		st.mates++
	}
	if p.IsMate() != (p.InCheck() && len(legal) == 0) {
		return fail("IsMate = %v with %d legal moves", p.IsMate(), len(legal))
	}
	if p.HasLegalMove() != (len(legal) > 0) {
		return fail("HasLegalMove = %v with %d legal moves", p.HasLegalMove(), len(legal))
	}
	m1 := p.Mate1()
	switch {
	case len(mates) == 0 && m1 != NoMove:
		return fail("Mate1 = %v, brute force finds no mate", m1)
	case len(mates) > 0 && !slices.Contains(mates, m1):
		return fail("Mate1 = %v, brute force mates are %v", m1, moveSet(mates))
	case len(mates) > 0:
		st.mate1++
	}
	if stateOf(p) != before {
		return fail("Mate1 changed the position")
	}
	return true
}
