package compose

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// The judge of soundness (完全作): Judge says whether a candidate problem is
// sound by every point below, each one proven by a bounded search or by a
// scan of the position, never assumed. A search that a limit leaves
// undecided makes the verdict Undecided, never Sound: problem generation
// keeps only what is proven.
//
//  1. Legal (legal.go): the attacker to move and not in check, the
//     defender's king on the board and not in check, no attacker's king
//     unless allowed, no two unpromoted pawns of a side on a file, no
//     piece that can never move, piece totals within the game's, and the
//     defender's hand exactly the rest of the pieces (or normalised to it).
//  2. Proven length: the tsume-rules mate is proven shortest against the
//     longest defence, and as long as asked.
//  3. Unique: no alternative mate (余詰) at an attacker's move of the main
//     line but the last; last-move alternatives are reported only.
//  4. No spare pieces (駒余り) at the end of the main line.
//  5. Every piece necessary (necessity.go).
//  6. Variations (variations.go): 変化同手数 reported, 変化別詰 reported and,
//     under the policy, rejected.
//
// The cheapest checks come first, in the order 1, 2, 4 (no search), 3, 6
// (searches along the main line and its side lines), 5 (a judgement of
// each reduced position), and the first failure (or the first point a
// limit leaves open) ends the judgement: generation judges thousands of
// candidates and most fail, so a failure must be cheap. A Sound verdict
// has run every point to its end.

// SideAltPolicy says which side lines are searched for another mate
// (変化別詰) and whether one found rejects the problem.
type SideAltPolicy int

const (
	// SideAltRejectNotShorter (the default): search the side lines that
	// are not shorter than the main line from their node (the equally
	// long defences, 変化同手数, and, when the main line leaves the longest
	// defence for the conventions on spare pieces, the longer ones); a
	// 変化別詰 in one of them rejects: with two lines as long, a solver
	// cannot tell which is the answer, and one of them has two mates.
	SideAltRejectNotShorter SideAltPolicy = iota
	// SideAltRejectAll: search every side line (every other defence that
	// counts at every defender's node of the main line); any 変化別詰
	// rejects.
	SideAltRejectAll
	// SideAltReport: search every side line, report what is found, never
	// reject for it.
	SideAltReport
	// SideAltIgnore: do not search side lines (the cheapest).
	SideAltIgnore
)

func (p SideAltPolicy) String() string {
	switch p {
	case SideAltRejectAll:
		return "reject all"
	case SideAltReport:
		return "report"
	case SideAltIgnore:
		return "ignore"
	}
	return "reject not shorter"
}

// SoundnessOptions are the choices of a soundness judgement; the zero
// value judges a problem of any length by the default standard.
type SoundnessOptions struct {
	// Plies is the length asked for (point 2); 0 accepts any.
	Plies int
	// AllowAttackerKing accepts an attacker's king on the board (point 1).
	AllowAttackerKing bool
	// NormaliseHands judges the position with the defender's hand made the
	// rest of the pieces (TsumeHands) instead of rejecting a position
	// whose defender's hand is not (point 1). Soundness.Judged is then the
	// position judged.
	NormaliseHands bool
	// SideAlternatives says which side lines are searched for 変化別詰 and
	// whether one found rejects (point 6).
	SideAlternatives SideAltPolicy
	// Line, when given, is the main line to judge along (points 3, 4, 5
	// and 6) instead of the solver's: the composer's line, or the one a
	// problem was written with. It must be an answer: as long as the
	// proven length (the length asked, when Plies is 0) and every move
	// best (CompareLine); otherwise point 2 fails. Where the solver has
	// equally long defences to choose from, the judgement then does not
	// depend on the one it takes.
	Line []position.Move
}

// Soundness is the report of Judge.
type Soundness struct {
	// Verdict is Sound only when every point was proven.
	Verdict Verdict
	// Reasons say why the verdict is not Sound, one phrase per failed or
	// open point, each starting with "point N:".
	Reasons []string
	// Judged is the SFEN of the position judged: the one given, or with
	// the defender's hand normalised (SoundnessOptions.NormaliseHands).
	Judged string
	// Composition holds the solve and the main line's findings (points 2
	// to 4 and the equally long defences of point 6), as far as the
	// judgement got; its Verdict and Reasons are Check's own, set when
	// the main line was walked to its end.
	Composition Composition
	// SideLines counts the side lines searched for 変化別詰.
	SideLines int
	// SideAlternatives are the 変化別詰 found (point 6).
	SideAlternatives []SideAlternative
	// Pieces are the pieces tried for point 5, in the order tried.
	Pieces []PieceFinding
	// Elapsed is the time the whole judgement took.
	Elapsed time.Duration
}

// Judge judges whether pos (the attacker to move) is a sound tsume problem
// by the points of the comment above, under tsume rules. lim bounds the
// whole judgement as in Check: each search gets what remains of lim.Time
// and the whole of lim.Nodes; lim.Progress is not used. The searches share
// s's table. pos is not changed.
func Judge(s *dfpn.Solver, pos *position.Position, so SoundnessOptions, lim dfpn.Limits) (out Soundness) {
	j := &judge{ck: checker{s: s, b: dfpn.NewBudget(lim), first: true}, so: so}
	defer func() { out.Elapsed = j.ck.b.Elapsed() }()
	p := pos.Clone()
	if so.NormaliseHands {
		q, err := TsumeHands(pos)
		if err != nil {
			out.Judged = pos.SFEN()
			out.fail(1, err.Error())
			return out
		}
		p = q
	}
	out.Judged = p.SFEN()
	plies := so.Plies
	if plies == 0 {
		plies = len(so.Line)
	}
	if !j.problem(p, plies, so.Line, &out) {
		return out
	}
	j.necessity(p, out.Composition.Line, &out)
	out.decide()
	return out
}

// judge runs one soundness judgement: its searches share one budget.
type judge struct {
	ck checker
	so SoundnessOptions
}

// solveOptions are the options of the solves: tsume rules and the
// conventions on spare pieces, as in Check.
func solveOptions() dfpn.Options {
	var opt dfpn.Options
	opt.Set(dfpn.TwoPlySpareRule, true)
	return opt
}

// walkOptions are the options of the bounded searches along a line, as in
// Check: the lines found are left as they are.
func walkOptions() dfpn.Options {
	var opt dfpn.Options
	opt.Set(dfpn.TwoPlySpareRule, false)
	opt.Set(dfpn.RealMateEnd, false)
	return opt
}

// fail records a proven failure of point n.
func (out *Soundness) fail(n int, why string) {
	out.Verdict = Unsound
	out.Reasons = append(out.Reasons, fmt.Sprintf("point %d: %s", n, why))
}

// open records a point a limit left open; the verdict stays Undecided
// unless a failure is proven.
func (out *Soundness) open(n int, why string) {
	out.Reasons = append(out.Reasons, fmt.Sprintf("point %d: not proven: %s", n, why))
}

// decide sets the verdict once every point has run: Sound when nothing
// failed and nothing was left open.
func (out *Soundness) decide() {
	if out.Verdict != Unsound && len(out.Reasons) == 0 {
		out.Verdict = Sound
	}
}

// problem judges points 1 to 4 and 6 of pos, for plies (0: any), into out,
// along the line given (nil: the solver's), and tells whether the
// judgement may go on: false after a failure or an open point. It is run
// on the candidate (its hands normalised first when asked) and on each
// reduced position of point 5 (along the candidate's line).
func (j *judge) problem(pos *position.Position, plies int, given []position.Move, out *Soundness) bool {
	// Point 1: a scan, no search.
	if faults := problemFaults(pos, j.so.AllowAttackerKing); len(faults) > 0 {
		for _, f := range faults {
			out.fail(1, f)
		}
		return false
	}
	walk := walkOptions()
	if !j.length(pos, plies, walk, out) {
		return false
	}
	res, ok := j.mainLine(pos, plies, out)
	if !ok {
		return false
	}
	switch why, detail := j.adoptLine(pos, &res, given, walk); why {
	case "":
	case PieceUndecided:
		out.open(2, "is the line given an answer? "+detail)
		return false
	default:
		out.fail(2, "the line given is not an answer: "+detail)
		return false
	}
	return j.line(pos, res, walk, out)
}

// adoptLine makes the line given (nil: none) res's line, once lineAnswer
// finds it an answer of pos as well as the solver's line; why and detail
// are lineAnswer's when it is not (res is then unchanged).
func (j *judge) adoptLine(pos *position.Position, res *dfpn.Result, given []position.Move, walk dfpn.Options) (why, detail string) {
	if given == nil || slices.Equal(res.PV, given) {
		return "", ""
	}
	if why, detail = j.lineAnswer(pos, given, walk); why == "" {
		res.PV, res.LineNotes, res.SpareOpen = given, nil, ""
	}
	return why, detail
}

// lineAnswer tells whether line, as long as the proven answer of pos but
// not the solver's line, is an answer too. The lines part at a defender's
// move (at an attacker's move two mates as long would be an alternative
// mate): the solver chose another of equally long defences. line is
// compared move by move (CompareLine): why is "" when every move is
// best; PieceLineFails when it is not a mate; PieceOtherLine when a move
// is proven not best (a faster mate, a longer defence, a defence that no
// longer counts); PieceUndecided when a limit left it open or when the
// only findings are longer defences that leave spare pieces (the
// conventions on spare pieces may still make line the answer).
func (j *judge) lineAnswer(pos *position.Position, line []position.Move, walk dfpn.Options) (why, detail string) {
	cmpl := j.ck.compareLine(pos, line, walk)
	switch {
	case cmpl.Invalid != "":
		return PieceLineFails, cmpl.Invalid
	case cmpl.Open != "":
		return PieceUndecided, "comparing the line, " + cmpl.Open
	}
	var found []string
	spareOnly := true
	for _, f := range cmpl.Findings {
		found = append(found, f.String())
		spareOnly = spareOnly && f.Kind == FindingLongerSpare
	}
	switch {
	case len(found) == 0:
		return "", ""
	case spareOnly:
		return PieceUndecided, "the answer depends on the conventions on spare pieces: " + strings.Join(found, "; ")
	}
	return PieceOtherLine, strings.Join(found, "; ")
}

// length judges point 2 when a length is asked (plies > 0): bounded
// searches, cheaper than a solve, prove the length wrong before anything
// else is looked at. It tells whether the judgement may go on.
func (j *judge) length(pos *position.Position, plies int, walk dfpn.Options, out *Soundness) bool {
	// Point 2, when a length is asked: bounded searches, cheaper than a
	// solve, prove the length wrong before anything else is looked at.
	// The line's length is the proven value, or two plies less where the
	// conventions on spare pieces take a shorter defence (2手変長駒余り,
	// dfpn/spare.go: never more than two): a mate within plies-2 makes the
	// answer shorter than asked, no mate within plies+2 makes it longer
	// (or none); in between, the solve's line tells.
	if plies > 0 {
		if plies%2 == 0 {
			out.fail(2, fmt.Sprintf("%d plies asked: a mate has an odd length", plies))
			return false
		}
		if plies >= 3 {
			switch st, why := j.ck.within(pos, plies-2, walk); {
			case why != "":
				out.open(2, fmt.Sprintf("a mate within %d plies (%s)", plies-2, why))
				return false
			case st == dfpn.Mate:
				out.fail(2, fmt.Sprintf("a mate within %d plies, shorter than the %d asked", plies-2, plies))
				return false
			}
		}
		switch st, why := j.ck.within(pos, plies+2, walk); {
		case why != "":
			out.open(2, fmt.Sprintf("a mate within %d plies (%s)", plies+2, why))
			return false
		case st == dfpn.NoMate:
			out.fail(2, fmt.Sprintf("no mate within %d plies: none, or longer than the %d asked", plies+2, plies))
			return false
		}
	}
	return true
}

// mainLine solves pos for point 2 and records the answer in out; ok is
// false after a failure or an open point.
func (j *judge) mainLine(pos *position.Position, plies int, out *Soundness) (res dfpn.Result, ok bool) {
	c := &out.Composition
	res, why := j.ck.solve(pos, solveOptions())
	c.Main = res
	switch {
	case why != "":
		out.open(2, "no answer: "+why)
		return res, false
	case res.Status == dfpn.NoMate:
		c.Verdict, c.Reasons = Unsound, []string{"no mate"}
		out.fail(2, "no mate")
		return res, false
	case res.Status == dfpn.Unknown:
		out.open(2, "no answer: "+cmp.Or(res.Reason, "limit"))
		return res, false
	case !res.Shortest:
		out.open(2, "the mate is not proven shortest: "+cmp.Or(res.Reason, "limit"))
		return res, false
	case plies > 0 && len(res.PV) != plies:
		out.fail(2, fmt.Sprintf("mate in %d, not the %d asked", len(res.PV), plies))
		return res, false
	}
	return res, true
}

// line judges points 4, 3 and 6 on the main line res of pos.
func (j *judge) line(pos *position.Position, res dfpn.Result, walk dfpn.Options, out *Soundness) bool {
	c := &out.Composition
	c.Line, c.LineNotes = res.PV, res.LineNotes
	line := c.Line
	// Point 4 before 3: the spare pieces cost no search.
	c.Spare = dfpn.HandAfter(pos, line, pos.SideToMove())
	if res.SpareOpen != "" {
		c.Unchecked = append(c.Unchecked, Unchecked{Ply: 1, What: whatSpareFree, Reason: res.SpareOpen})
		out.open(4, "the search for a line without spare pieces was cut short ("+res.SpareOpen+")")
		return false
	}
	if !c.Spare.IsEmpty() {
		out.fail(4, "spare pieces at the end: "+c.Spare.String())
		c.judge(false)
		return false
	}
	// Point 3.
	alts, open := j.ck.alternatives(pos, line, walk)
	c.Alternatives = alts
	c.Unchecked = append(c.Unchecked, open...)
	c.LastMoveAlternatives = lastMoveAlternatives(pos, line, dfpn.Tsume)
	c.judge(false)
	for _, a := range alts {
		out.fail(3, a.reason())
	}
	for _, u := range open {
		out.open(3, fmt.Sprintf("alternative mates at ply %d (%s)", u.Ply, u.Reason))
	}
	if len(alts) > 0 || len(open) > 0 {
		return false
	}
	// Point 6: the equally long defences are reported; the side lines are
	// searched for 変化別詰 under the policy.
	eq, open := j.ck.equalDefences(pos, line, walk)
	c.EqualDefences = eq
	c.Unchecked = append(c.Unchecked, open...)
	for _, u := range open {
		out.open(6, fmt.Sprintf("equally long defences at ply %d (%s)", u.Ply, u.Reason))
		return false
	}
	return j.variations(pos, line, out)
}

// reasonText joins a report's reasons.
func (out *Soundness) reasonText() string { return strings.Join(out.Reasons, "; ") }
