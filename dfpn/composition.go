package dfpn

import (
	"fmt"
	"time"

	"gomate/position"
)

// Composition checks: what a composer runs before publishing a problem.
//
// A problem is sound when it has a mate, the attacker's move is the only
// one that mates as fast at every attacker's move of the main line but the
// last, and the attacker's hand is empty at the end.
//
// The main line starts as the one Solve returns: the shortest mate against
// the longest defence under the rules. Under tsume rules, when that line
// ends with spare pieces, two conventions of composers may make another
// line the answer: among lines of the same length one that leaves the
// attacker no spare pieces (the attacker's mates as short, the defender's
// defences as long), and a defence two plies shorter without spare pieces
// beats a longer one with them (2手変長駒余り). The check looks for such a
// line by changing one move at a time, the deepest first, each change
// followed by Solve's line below it (the changes of the same length are
// tried at every ply before a shorter defence is); it is not a full search
// under the conventions.
//
// Along the main line, with r the plies left at a node, the check asks:
//
//   - at an attacker's node (not the last): does another check mate within
//     r plies? Each such move is an alternative mate (余詰). Alternatives
//     longer than r (detours, 迂回) are not looked for.
//   - at the end: which pieces the attacker still holds (駒余り).
//   - at a defender's node: does another defence that counts under the
//     rules last as long (its child has no mate within r-3)? That is
//     変化同手数, a remark, not a flaw.
//
// Every sub-search gets what remains of the caller's time limit; one that
// runs out leaves its point unchecked, and an unchecked alternative-mate
// point makes the verdict Undecided, never Sound.

// Verdict is the overall judgement of a composition check.
type Verdict int

const (
	// Undecided: a limit or a stop left part of the check open and nothing
	// found so far makes the problem unsound.
	Undecided Verdict = iota
	// Sound: a mate, no alternative mate along the main line, no spare
	// pieces at the end.
	Sound
	// Unsound: no mate, an alternative mate, or spare pieces.
	Unsound
)

func (v Verdict) String() string {
	switch v {
	case Sound:
		return "sound"
	case Unsound:
		return "unsound"
	}
	return "unknown"
}

// Alternative is another mating move at an attacker's node of a line.
type Alternative struct {
	// Ply is the 1-based ply of the line whose move it replaces.
	Ply int
	// Move is the alternative move; Line the mate it starts, from the node
	// at Ply (Move first), verified under the rules.
	Move position.Move
	Line []position.Move
	// Shortest reports that Line's length is proven shortest for the
	// alternatives left at that point.
	Shortest bool
	// PromotionOnly: Move differs from the line's move only in promotion
	// (成・不成 非限定).
	PromotionOnly bool
}

// EqualDefence is another defence, at a defender's node of the main line,
// after which the mate takes as long as on the main line (変化同手数).
type EqualDefence struct {
	Ply  int // 1-based ply of the main line's defence it replaces
	Move position.Move
}

// Unchecked is a point of the check that a limit or a stop left open.
type Unchecked struct {
	Ply    int    // 1-based ply of the main line
	What   string // "alternative mates", "equally long defences" or "a line without spare pieces"
	Reason string // "time", "nodes", "stopped" or "limit"
}

// Composition is the report of CheckComposition.
type Composition struct {
	Verdict Verdict
	// Reasons say why the verdict is Unsound or Undecided, one phrase each.
	Reasons []string
	// Main is the solve of the problem.
	Main Result
	// Line is the main line (Main.PV, or the line the conventions on spare
	// pieces choose instead); its length is the problem's length.
	Line []position.Move
	// LineNotes say where and why Line leaves Main.PV.
	LineNotes []string
	// Alternatives are the alternative mates (余詰) at the attacker's moves
	// of the main line but the last.
	Alternatives []Alternative
	// LastMoveAlternatives are the other checks that mate at the last
	// move: not a flaw, listed for information.
	LastMoveAlternatives []position.Move
	// Spare is the attacker's hand at the end of the main line (駒余り when
	// not empty).
	Spare position.Hand
	// EqualDefences are the equally long defences (変化同手数).
	EqualDefences []EqualDefence
	// Unchecked lists the points a limit or a stop left open.
	Unchecked []Unchecked
	// Elapsed is the time the whole check took.
	Elapsed time.Duration
}

// maxAlternativesPerPly bounds how many alternative mates are listed at one
// node; a broken problem can have dozens.
const maxAlternativesPerPly = 8

// CheckComposition checks the problem pos (the attacker to move) as a
// composition under opt.Rules: it solves it, then looks along the main line
// for alternative mates, spare pieces and equally long defences (see the
// comment at the top of composition.go). lim bounds the whole check: each
// sub-search gets what remains of lim.Time; lim.Nodes bounds each
// sub-search; lim.Progress is given to the first solve only. The position
// is restored before CheckComposition returns. opt.RootIsDefender,
// FirstMate and ExcludeRootMoves are ignored.
func (s *Solver) CheckComposition(pos *position.Position, opt Options, lim Limits) Composition {
	b := newShare(lim)
	opt.RootIsDefender, opt.FirstMate, opt.ExcludeRootMoves = false, false, nil
	opt.NoTwoPlySpare = false
	c := s.checkComposition(pos, opt, b)
	c.Elapsed = time.Since(b.start)
	return c
}

func (s *Solver) checkComposition(pos *position.Position, opt Options, b *share) (c Composition) {
	c.Main = s.Solve(pos, opt, b.lim)
	switch {
	case c.Main.Status == NoMate:
		c.Verdict, c.Reasons = Unsound, []string{"no mate"}
		return c
	case c.Main.Status == Unknown:
		c.Reasons = []string{"no answer: " + orLimit(c.Main.Reason)}
		return c
	case !c.Main.Shortest:
		c.Reasons = []string{"the mate is not proven shortest: " + orLimit(c.Main.Reason)}
		return c
	}
	// Solve has applied the conventions on spare pieces (spare.go); the
	// sub-searches below leave their lines as they are.
	attacker := pos.SideToMove()
	c.Line, c.LineNotes = c.Main.PV, c.Main.LineNotes
	spareOpen := c.Main.SpareOpen != ""
	if spareOpen {
		c.Unchecked = append(c.Unchecked, Unchecked{Ply: 1, What: whatSpareFree, Reason: c.Main.SpareOpen})
	}
	opt.NoTwoPlySpare, opt.NoRealMateEnd = true, true
	line := c.Line

	alts, open := s.alternatives(pos, line, opt, b)
	c.Alternatives = alts
	c.Unchecked = append(c.Unchecked, open...)
	c.LastMoveAlternatives = lastMoveAlternatives(pos, line, opt.Rules)
	c.Spare = handAfter(pos, line, attacker)
	c.EqualDefences, open = s.equalDefences(pos, line, opt, b)
	c.Unchecked = append(c.Unchecked, open...)

	for _, a := range c.Alternatives {
		kind := "alternative mate"
		if a.PromotionOnly {
			kind = "alternative mate (promotion only)"
		}
		c.Reasons = append(c.Reasons, fmt.Sprintf("%s at ply %d: %s (mate in %d)", kind, a.Ply, a.Move, len(a.Line)))
	}
	if !c.Spare.IsEmpty() && !spareOpen {
		c.Reasons = append(c.Reasons, "spare pieces at the end: "+c.Spare.String())
	}
	switch {
	case len(c.Reasons) > 0:
		c.Verdict = Unsound
	case spareOpen || hasUncheckedAlternatives(c.Unchecked):
		for _, u := range c.Unchecked {
			if u.What == whatAlternatives {
				c.Reasons = append(c.Reasons, fmt.Sprintf("alternative mates at ply %d not checked (%s)", u.Ply, u.Reason))
			}
		}
		if spareOpen {
			c.Reasons = append(c.Reasons, "spare pieces at the end ("+c.Spare.String()+"), and the search for a line without them was cut short")
		}
	default:
		c.Verdict = Sound
	}
	return c
}

// AlternativeMates looks for alternative mates along line, a mate of
// exactly the shortest length from pos (the attacker to move, or the
// defender with opt.RootIsDefender): at each attacker's move but the last,
// with r plies left, the other checks that mate within r plies, each with
// its line. lim bounds the whole walk as in CheckComposition. Points a
// limit left open are returned as unchecked. The position is restored.
func (s *Solver) AlternativeMates(pos *position.Position, line []position.Move, opt Options, lim Limits) ([]Alternative, []Unchecked) {
	return s.alternatives(pos, line, opt, newShare(lim))
}

const (
	whatAlternatives = "alternative mates"
	whatDefences     = "equally long defences"
	whatSpareFree    = "a line without spare pieces"
)

// alternatives implements AlternativeMates with the shared budget b.
func (s *Solver) alternatives(pos *position.Position, line []position.Move, opt Options, b *share) (alts []Alternative, open []Unchecked) {
	attacker := pos.SideToMove()
	if opt.RootIsDefender {
		attacker = attacker.Opp()
	}
	sub := opt
	sub.RootIsDefender, sub.FirstMate = false, false
	played := 0
	defer func() {
		for ; played > 0; played-- {
			pos.UndoMove()
		}
	}()
	for i, m := range line {
		if i < len(line)-1 && pos.SideToMove() == attacker {
			found, reason := s.alternativesAt(pos, m, len(line)-i, sub, b)
			for k := range found {
				found[k].Ply = i + 1
			}
			alts = append(alts, found...)
			if reason != "" {
				open = append(open, Unchecked{Ply: i + 1, What: whatAlternatives, Reason: reason})
			}
		}
		pos.DoMove(m)
		played++
	}
	return alts, open
}

// alternativesAt lists the checks other than main that mate within r
// plies from pos (the attacker to move). reason is not empty when a limit
// cut the search short.
func (s *Solver) alternativesAt(pos *position.Position, main position.Move, r int, opt Options, b *share) (alts []Alternative, reason string) {
	opt.ExcludeRootMoves = []position.Move{main}
	for len(alts) < maxAlternativesPerPly {
		lim, why := b.next()
		if why != "" {
			return alts, why
		}
		switch s.MateWithin(pos, r, opt, lim) {
		case NoMate:
			return alts, ""
		case Unknown:
			return alts, b.why()
		}
		lim, why = b.next()
		if why != "" {
			return alts, why
		}
		res := s.Solve(pos, opt, lim)
		if res.Status != Mate {
			// MateWithin proved a mate, so only a limit ends here.
			return alts, orLimit(res.Reason)
		}
		m := res.PV[0]
		alts = append(alts, Alternative{Move: m, Line: res.PV, Shortest: res.Shortest, PromotionOnly: promotionOnly(m, main)})
		opt.ExcludeRootMoves = append(opt.ExcludeRootMoves, m)
	}
	return alts, ""
}

// promotionOnly reports whether a and b are the same move but for the
// promotion.
func promotionOnly(a, b position.Move) bool {
	return !a.IsDrop() && !b.IsDrop() && a.From() == b.From() && a.To() == b.To() && a.IsPromotion() != b.IsPromotion()
}

// lastMoveAlternatives lists the checks other than the line's last move
// that also mate at once.
func lastMoveAlternatives(pos *position.Position, line []position.Move, rules Rules) []position.Move {
	if len(line) == 0 {
		return nil
	}
	p := pos.Clone()
	for _, m := range line[:len(line)-1] {
		p.DoMove(m)
	}
	last := line[len(line)-1]
	var buf [position.MaxMoves]position.Move
	var out []position.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		if m == last {
			continue
		}
		p.DoMove(m)
		if rules.Mated(p) {
			out = append(out, m)
		}
		p.UndoMove()
	}
	return out
}

// handAfter is the attacker's hand after line is played from pos.
func handAfter(pos *position.Position, line []position.Move, attacker position.Color) position.Hand {
	p := pos.Clone()
	for _, m := range line {
		p.DoMove(m)
	}
	return p.Hand(attacker)
}

// equalDefences lists, at each defender's node of line (from pos with the
// attacker to move), the other defences that count under the rules and
// after which the mate takes as long as after the line's one.
func (s *Solver) equalDefences(pos *position.Position, line []position.Move, opt Options, b *share) (eq []EqualDefence, open []Unchecked) {
	p := pos.Clone()
	var buf [position.MaxMoves]position.Move
	for i, m := range line {
		if i%2 == 1 {
			r := len(line) - i
			defences := append([]position.Move(nil), opt.Rules.Defences(p, buf[:0])...)
			for _, d := range defences {
				if d == m {
					continue
				}
				p.DoMove(d)
				class, why := s.classify(p, r, false, opt, b)
				p.UndoMove()
				if why != "" {
					open = append(open, Unchecked{Ply: i + 1, What: whatDefences, Reason: why})
					return eq, open
				}
				if class == asLong {
					eq = append(eq, EqualDefence{Ply: i + 1, Move: d})
				}
			}
		}
		p.DoMove(m)
	}
	return eq, open
}

// defenceClass says how long the mate after a defence takes compared with
// the line's defence at the same node.
type defenceClass int

const (
	shorter    defenceClass = iota // shorter (by more than two plies, if that was asked)
	asLong                         // exactly as long
	twoShorter                     // exactly two plies shorter
	longer                         // longer, or a drop that does not count
)

// classify tells how the mate from pos (attacker to move), reached by a
// defence at a node whose line takes r plies, compares with r-1. Two plies
// shorter is told apart from shorter only when two is set.
func (s *Solver) classify(pos *position.Position, r int, two bool, opt Options, b *share) (defenceClass, string) {
	st, why := s.within(pos, r-3, opt, b)
	switch {
	case why != "":
		return 0, why
	case st == NoMate:
		// Not shorter: as long, unless there is no mate within r-1 either
		// (a longer defence, or under tsume rules a futile drop).
		if st, why = s.within(pos, r-1, opt, b); why != "" {
			return 0, why
		}
		if st == Mate {
			return asLong, ""
		}
		return longer, ""
	case !two:
		return shorter, ""
	}
	if st, why = s.within(pos, r-5, opt, b); why != "" {
		return 0, why
	}
	if st == NoMate {
		return twoShorter, ""
	}
	return shorter, ""
}

// maxSpareTries bounds how many other lines lineWithoutSpare solves.
const maxSpareTries = 64

// lineWithoutSpare looks for the line the conventions on spare pieces make
// the answer when line (exact, from pos, the attacker to move) ends with
// spare pieces: first by changing moves to other mates as short and
// defences as long, then by also allowing one defence two plies shorter. It returns nil when there
// is none, and why when a limit cut the search short.
func (s *Solver) lineWithoutSpare(pos *position.Position, line []position.Move, opt Options, b *share) ([]position.Move, []string, string) {
	tries := 0
	for _, two := range []bool{false, true} {
		l, notes, why := s.spareFree(pos, line, 0, two, opt, b, &tries)
		if why != "" || l != nil {
			return l, notes, why
		}
	}
	return nil, nil, ""
}

// spareFree returns line if it ends with no spare pieces; else it tries
// other moves at the nodes from index from on, the deepest first, each
// followed by Solve's line, the rest of which may change again: without
// two, the attacker's other mates as short (spareFreeMates) and the
// defender's equally long defences; with two, the defences exactly two
// plies shorter, after which only the changes without two are made.
func (s *Solver) spareFree(pos *position.Position, line []position.Move, from int, two bool, opt Options, b *share, tries *int) ([]position.Move, []string, string) {
	if handAfter(pos, line, pos.SideToMove()).IsEmpty() {
		return line, nil, ""
	}
	var buf [position.MaxMoves]position.Move
	for i := len(line) - 1; i >= from; i-- {
		node := pos.Clone()
		for _, m := range line[:i] {
			node.DoMove(m)
		}
		r := len(line) - i
		if i%2 == 0 {
			if two {
				continue
			}
			if l, notes, why := s.spareFreeMates(pos, node, line, i, opt, b, tries); why != "" || l != nil {
				return l, notes, why
			}
			continue
		}
		defences := append([]position.Move(nil), opt.Rules.Defences(node, buf[:0])...)
		for _, d := range defences {
			if d == line[i] {
				continue
			}
			node.DoMove(d)
			class, why := s.classify(node, r, two, opt, b)
			if why != "" {
				return nil, nil, why
			}
			if class != asLong && !(two && class == twoShorter) {
				node.UndoMove()
				continue
			}
			res, why := s.spareTry(node, opt, b, tries)
			node.UndoMove()
			if why != "" {
				return nil, nil, why
			}
			cand := append(append(append([]position.Move(nil), line[:i]...), d), res.PV...)
			l, notes, why := s.spareFree(pos, cand, i+1, false, opt, b, tries)
			if why != "" {
				return nil, nil, why
			}
			if l != nil {
				how := "as long, without spare pieces"
				if class == twoShorter {
					how = "two plies shorter, without spare pieces, where the longer defence leaves them (2手変長駒余り)"
				}
				note := fmt.Sprintf("ply %d: %s instead of %s: %s", i+1, d, line[i], how)
				return l, append([]string{note}, notes...), ""
			}
		}
	}
	return nil, nil, ""
}

// spareFreeMates is spareFree at the attacker's node at index i of line
// (node, the position there): the other mates as short as the line's,
// each with Solve's line and the changes below it, until one ends without
// spare pieces. The attacker, too, picks such a mate among the shortest.
func (s *Solver) spareFreeMates(pos, node *position.Position, line []position.Move, i int, opt Options, b *share, tries *int) ([]position.Move, []string, string) {
	r := len(line) - i
	others := opt // the search for the other mates
	others.ExcludeRootMoves = []position.Move{line[i]}
	for range maxAlternativesPerPly {
		st, why := s.within(node, r, others, b)
		if why != "" {
			return nil, nil, why
		}
		if st == NoMate {
			return nil, nil, ""
		}
		res, why := s.spareTry(node, others, b, tries)
		if why != "" {
			return nil, nil, why
		}
		m := res.PV[0]
		others.ExcludeRootMoves = append(others.ExcludeRootMoves, m)
		if len(res.PV) != r {
			continue // not as short: line was the shortest, so this cannot be
		}
		cand := append(append([]position.Move(nil), line[:i]...), res.PV...)
		l, notes, why := s.spareFree(pos, cand, i+1, false, opt, b, tries)
		if why != "" {
			return nil, nil, why
		}
		if l != nil {
			note := fmt.Sprintf("ply %d: %s instead of %s: a mate as short, without spare pieces", i+1, m, line[i])
			return l, append([]string{note}, notes...), ""
		}
	}
	return nil, nil, ""
}

// spareTry solves node for one of spareFree's changes, counting it in
// tries: the line must be a mate proven shortest, else why says what
// stopped it.
func (s *Solver) spareTry(node *position.Position, opt Options, b *share, tries *int) (Result, string) {
	if *tries++; *tries > maxSpareTries {
		return Result{}, "too many lines"
	}
	lim, why := b.next()
	if why != "" {
		return Result{}, why
	}
	res := s.Solve(node, opt, lim)
	if res.Status != Mate || !res.Shortest {
		return res, orLimit(res.Reason)
	}
	return res, ""
}

func hasUncheckedAlternatives(us []Unchecked) bool {
	for _, u := range us {
		if u.What == whatAlternatives {
			return true
		}
	}
	return false
}

func orLimit(reason string) string {
	if reason == "" {
		return "limit"
	}
	return reason
}

// share hands what remains of one set of limits to a series of searches.
type share struct {
	lim   Limits
	start time.Time
}

func newShare(lim Limits) *share { return &share{lim: lim, start: time.Now()} }

// next returns the limits for the next sub-search, or why there is no
// budget left.
func (b *share) next() (Limits, string) {
	l := b.lim
	l.Progress = nil
	if l.Stop != nil && l.Stop.Load() {
		return l, "stopped"
	}
	if l.Time > 0 {
		left := l.Time - time.Since(b.start)
		if left <= 0 {
			return l, "time"
		}
		l.Time = left
	}
	return l, ""
}

// why tells which limit most likely ended a sub-search undecided.
func (b *share) why() string {
	switch {
	case b.lim.Stop != nil && b.lim.Stop.Load():
		return "stopped"
	case b.lim.Time > 0 && time.Since(b.start) >= b.lim.Time:
		return "time"
	case b.lim.Nodes > 0:
		return "nodes"
	}
	return "limit"
}
