package dfpn

import (
	"time"

	"gomate/position"
	"gomate/tt"
)

// inf is the proof or disproof number of a decided node.
const inf = tt.Infinite

// maxDepth is the depth of a search without a length bound.
const maxDepth = tt.Unlimited - 1

// child is what a node knows about one of its moves during a visit.
type child struct {
	move     position.Move
	captured position.Piece
	key      uint64        // the child's table key
	hand     position.Hand // the attacker's hand in the child
	pn, dn   uint64
	state    tt.State
	length   uint16        // mate length (proven) or depth disproven
	fhand    position.Hand // proof or disproof hand once decided
	// local marks a result that holds only on this path (a repetition):
	// it is kept for the rest of the visit and never stored.
	local bool
	// fresh marks a child the table knew nothing of when the visit began
	// and that has not been searched since: its numbers are estimates.
	fresh bool
	// hidden marks a defender's drop waiting behind another drop on the
	// same square; next links such a chain (-1 ends it).
	hidden bool
	next   int16
}

// frame holds the children of the node at one ply of the path.
type frame struct {
	children []child
}

// outcome is what a visit of a node found.
type outcome struct {
	pn, dn uint64
	length uint16        // when decided: mate length or depth disproven
	hand   position.Hand // when decided: proof or disproof hand
	// pathDependent marks a disproof that rests on a repetition of the
	// current path; it must not be stored as a fact about the position.
	pathDependent bool
}

func (o outcome) proven() bool    { return o.pn == 0 }
func (o outcome) disproven() bool { return o.dn == 0 }

// searcher is the state of one search.
type searcher struct {
	pos      *position.Position
	table    *tt.Table
	attacker position.Color
	sig      uint64 // mixed into every key: which pieces exist in total
	frames   []*frame
	path     pathSet
	moves    [position.MaxMoves]position.Move

	nodes     uint64
	nextPoll  uint64
	start     time.Time
	lim       Limits
	lastInfo  time.Time
	stopped   bool
	reason    string
	bestLine  []position.Move // the best verified line so far, for progress
	estimates bool            // df-pn+ initial numbers for new children
	lazyDrops bool            // expand drops on one square one at a time
	epsilon   bool            // the 1+ε trick for the δ threshold
	heurA     bool            // Nagai's A: a capture's non-promotion waits for its promotion
	heurB     bool            // Nagai's B: captures of the checker by alike pieces count once
	answers   *answerTable    // Nagai's C: the move that answered a move (nil: off)
	gcPasses  int
}

const pollInterval = 1024

func addSat(a, b uint64) uint64 {
	if s := a + b; s < inf {
		return s
	}
	return inf - 1
}

func depthPlus1(d uint16) uint16 {
	if d >= maxDepth {
		return d
	}
	return d + 1
}

func (s *searcher) key() uint64 { return s.pos.BoardKey() ^ s.sig }

// poll checks the limits, reports progress and collects garbage; it runs
// every pollInterval nodes.
func (s *searcher) poll() {
	s.nextPoll = s.nodes + pollInterval
	if s.lim.Stop != nil && s.lim.Stop.Load() {
		s.stop("stopped")
	}
	if s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes {
		s.stop("nodes")
	}
	now := time.Now()
	if s.lim.Time > 0 && now.Sub(s.start) >= s.lim.Time {
		s.stop("time")
	}
	if s.lim.Progress != nil {
		iv := s.lim.ProgressInterval
		if iv <= 0 {
			iv = time.Second
		}
		if now.Sub(s.lastInfo) >= iv {
			s.lastInfo = now
			s.lim.Progress(Info{Nodes: s.nodes, Elapsed: now.Sub(s.start), Hashfull: s.table.Hashfull(), PV: s.bestLine})
		}
	}
	if s.table.Hashfull() >= 900 {
		s.table.CollectGarbage(500)
		s.gcPasses++
	}
}

func (s *searcher) stop(reason string) {
	if !s.stopped {
		s.stopped, s.reason = true, reason
	}
}

func (s *searcher) frameAt(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{children: make([]child, 0, 16)})
	}
	return s.frames[ply]
}

// probeChild fills in what the table knows about c at the given depth.
func (s *searcher) probeChild(c *child, depth uint16) {
	r := s.table.Probe(c.key, c.hand, depth)
	c.state, c.pn, c.dn, c.length, c.fhand = r.State, r.Pn, r.Dn, r.Length, r.Hand
}

// mid visits the node at the current position, which may use depth more
// plies, until its φ reaches thPhi or its δ reaches thDelta or it is
// decided. In the φ/δ form, φ is the proof number from the point of view
// of the side to move (pn at the attacker's nodes, dn at the defender's)
// and δ the disproof number: a node's φ is the least δ of its children and
// its δ the sum of their φ.
func (s *searcher) mid(depth uint16, thPhi, thDelta uint64, ply int, firstVisit bool) outcome {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	pos := s.pos
	or := pos.SideToMove() == s.attacker
	h := pos.Hand(s.attacker)
	key := s.key()
	startNodes := s.nodes

	if or {
		if depth < 1 {
			return outcome{pn: inf, dn: 0, length: depth, hand: fullHand}
		}
		if firstVisit || depth == 1 {
			if m := pos.Mate1(); m != position.NoMove {
				cap := pos.Captured(m)
				pos.DoMove(m)
				ph := orProofHand(interposeNeeds(pos, s.attacker), m, cap)
				pos.UndoMove()
				s.table.StoreProven(key, h, ph, 1, 1)
				return outcome{pn: 0, dn: inf, length: 1, hand: ph}
			}
			if depth == 1 {
				// No mate in one, and no room for more. A larger hand
				// could change that (fewer defender pieces to block), so
				// the disproof holds for this hand and smaller ones.
				s.table.StoreDisproven(key, h, h, 1, 1)
				return outcome{pn: inf, dn: 0, length: 1, hand: h}
			}
		}
	}

	var moves []position.Move
	if or {
		moves = pos.GenerateChecks(s.moves[:0])
	} else {
		moves = pos.GenerateLegal(s.moves[:0])
	}
	if len(moves) == 0 {
		if or {
			dh := orDisproofFinish(fullHand, h)
			s.table.StoreDisproven(key, h, dh, tt.Unlimited, 1)
			return outcome{pn: inf, dn: 0, length: tt.Unlimited, hand: dh}
		}
		ph := interposeNeeds(pos, s.attacker)
		s.table.StoreProven(key, h, ph, 0, 1)
		return outcome{pn: 0, dn: inf, length: 0, hand: ph}
	}
	if !or && depth < 2 {
		// Not mate now, and no room for another attacker move.
		return outcome{pn: inf, dn: 0, length: depth, hand: h}
	}

	f := s.frameAt(ply)
	f.children = f.children[:0]
	for _, m := range moves {
		c := child{move: m, captured: pos.Captured(m), key: pos.BoardKeyAfter(m) ^ s.sig, hand: h}
		if or {
			c.hand = pos.HandAfter(m, s.attacker)
		}
		if s.path.has(pos.KeyAfter(m)) {
			// The move returns to a position on the current path: a
			// repetition, which loses for the attacker on this path only.
			// Its table entry must not be read either, or the numbers
			// of the cycle would feed on themselves.
			c.pn, c.dn, c.state, c.length, c.fhand, c.local = inf, 0, tt.Disproven, tt.Unlimited, fullHand, true
		}
		f.children = append(f.children, c)
	}
	if !or {
		s.chainAlike(f)
	}
	childDepth := depth - 1
	for i := range f.children {
		c := &f.children[i]
		if c.local {
			continue
		}
		s.probeChild(c, childDepth)
		if c.state == tt.Empty {
			c.fresh = true
			if or && s.estimates {
				c.pn = s.replyCount(c.move)
			}
			c.state = tt.Searching
		}
	}

	s.path.add(pos.Key())
	defer s.path.remove(pos.Key())

	for {
		// Gather the children's numbers: φ = min of the children's δ,
		// δ = sum of the children's φ. For the attacker's node the child's
		// δ is its pn and its φ its dn; for the defender's, the reverse.
		revealProven(f)
		phi, delta := inf, uint64(0)
		best, delta2 := -1, inf
		hidden := false
		pref := s.answers.lookup(pos.LastMove())
		for i := range f.children {
			c := &f.children[i]
			if c.hidden {
				hidden = true
				continue
			}
			if !c.local && c.state != tt.Proven && c.state != tt.Disproven {
				// Decided children stay decided; the others may have
				// changed through transpositions.
				old := *c
				s.probeChild(c, childDepth)
				if c.state == tt.Empty && old.state != tt.Empty {
					// Evicted since: keep what we last knew.
					*c = old
				}
			}
			cd, cp := c.pn, c.dn // child's δ and φ seen from an OR node
			if !or {
				cd, cp = c.dn, c.pn
			}
			delta = addSat(delta, cp)
			if cd < phi || best < 0 || (cd == phi && c.move == pref) {
				if best >= 0 {
					delta2 = min(delta2, phi)
				}
				phi, best = cd, i
			} else {
				delta2 = min(delta2, cd)
			}
			if cp == inf {
				delta = inf
			}
		}
		if phi == 0 {
			return s.win(f, or, key, h, startNodes)
		}
		if delta == 0 {
			if hidden {
				// Every visible reply is mated: reveal the next ones.
				revealProven(f)
				continue
			}
			return s.loss(f, or, key, h, startNodes)
		}
		if phi >= thPhi || delta >= thDelta || s.stopped {
			pn, dn := phi, delta
			if !or {
				pn, dn = delta, phi
			}
			s.table.StoreSearching(key, h, depth, pn, dn, uint32(min(s.nodes-startNodes+1, 1<<32-1)))
			return outcome{pn: pn, dn: dn}
		}

		c := &f.children[best]
		cp := c.dn
		if !or {
			cp = c.pn
		}
		childThPhi := addSat(thDelta-delta, cp)
		if thDelta >= inf {
			childThPhi = inf
		}
		childThDelta := min(thPhi, s.secondThreshold(delta2))

		first := c.fresh
		c.fresh = false
		pos.DoMove(c.move)
		var o outcome
		if s.path.has(pos.Key()) {
			// A repetition: perpetual check loses for the attacker, but
			// only on this path.
			o = outcome{pn: inf, dn: 0, length: tt.Unlimited, hand: fullHand, pathDependent: true}
		} else {
			o = s.mid(childDepth, childThPhi, childThDelta, ply+1, first)
		}
		pos.UndoMove()
		c.pn, c.dn = o.pn, o.dn
		if o.proven() {
			c.state, c.length, c.fhand = tt.Proven, o.length, o.hand
		} else if o.disproven() {
			c.state, c.length, c.fhand = tt.Disproven, o.length, o.hand
		} else {
			c.state = tt.Searching
		}
		c.local = o.pathDependent
		if s.stopped {
			return s.undecided(f, or, key, h, startNodes)
		}
	}
}

// undecided recomputes and stores the node's numbers after a stop.
func (s *searcher) undecided(f *frame, or bool, key uint64, h position.Hand, startNodes uint64) outcome {
	phi, delta := inf, uint64(0)
	hidden := false
	for i := range f.children {
		c := &f.children[i]
		if c.hidden {
			hidden = true
			continue
		}
		cd, cp := c.pn, c.dn
		if !or {
			cd, cp = c.dn, c.pn
		}
		phi = min(phi, cd)
		delta = addSat(delta, cp)
	}
	if phi == 0 || (delta == 0 && !hidden) {
		// Decided after all; let the caller see it as such.
		if phi == 0 {
			return s.win(f, or, key, h, startNodes)
		}
		return s.loss(f, or, key, h, startNodes)
	}
	if delta == 0 {
		delta = 1 // hidden drops remain: not decided
	}
	pn, dn := phi, delta
	if !or {
		pn, dn = delta, phi
	}
	return outcome{pn: pn, dn: dn}
}

// win decides a node whose side to move wins: an attacker's node is proven
// by its shortest proven child, a defender's node disproven by a disproven
// child (one that does not rest on a repetition if there is one).
func (s *searcher) win(f *frame, or bool, key uint64, h position.Hand, startNodes uint64) outcome {
	amount := uint32(min(s.nodes-startNodes+1, 1<<32-1))
	var best *child
	for i := range f.children {
		c := &f.children[i]
		if or {
			if c.pn == 0 && (best == nil || c.length < best.length) {
				best = c
			}
		} else if c.dn == 0 && (best == nil || (best.local && !c.local) ||
			(best.local == c.local && c.length > best.length)) {
			best = c
		}
	}
	s.answers.record(s.pos.LastMove(), best.move)
	if or {
		ph := orProofHand(best.fhand, best.move, best.captured)
		l := depthPlus1(best.length)
		s.table.StoreProven(key, h, ph, l, amount)
		return outcome{pn: 0, dn: inf, length: l, hand: ph}
	}
	dh := andDisproofHand(best.fhand, best.move, h)
	l := depthPlus1(best.length)
	if best.local {
		return outcome{pn: inf, dn: 0, length: l, hand: dh, pathDependent: true}
	}
	s.table.StoreDisproven(key, h, dh, l, amount)
	return outcome{pn: inf, dn: 0, length: l, hand: dh}
}

// loss decides a node whose side to move loses: every child of an
// attacker's node is disproven, every child of a defender's node proven.
func (s *searcher) loss(f *frame, or bool, key uint64, h position.Hand, startNodes uint64) outcome {
	amount := uint32(min(s.nodes-startNodes+1, 1<<32-1))
	if or {
		dh := fullHand
		l := tt.Unlimited
		local := false
		for i := range f.children {
			c := &f.children[i]
			dh = dh.Min(orDisproofHand(c.fhand, c.move, c.captured))
			l = min(l, depthPlus1(c.length))
			local = local || c.local
		}
		dh = orDisproofFinish(dh, h)
		if local {
			return outcome{pn: inf, dn: 0, length: l, hand: dh, pathDependent: true}
		}
		s.table.StoreDisproven(key, h, dh, l, amount)
		return outcome{pn: inf, dn: 0, length: l, hand: dh}
	}
	var ph position.Hand
	var l uint16
	for i := range f.children {
		c := &f.children[i]
		ph = ph.Max(c.fhand)
		l = max(l, c.length)
	}
	ph = ph.Max(interposeNeeds(s.pos, s.attacker))
	l = depthPlus1(l)
	s.table.StoreProven(key, h, ph, l, amount)
	return outcome{pn: 0, dn: inf, length: l, hand: ph}
}

// replyCount estimates the proof number of the defender's node reached by
// the check m before it is searched (df-pn+): the number of legal replies,
// so that a check allowing many interpositions looks as costly as it is.
func (s *searcher) replyCount(m position.Move) uint64 {
	s.pos.DoMove(m)
	n := len(s.pos.GenerateLegal(s.moves[:0]))
	s.pos.UndoMove()
	return uint64(max(n, 1))
}

// secondThreshold is the child's δ threshold given the second-best δ₂ of
// its siblings: δ₂ + 1 in plain df-pn; with the 1+ε trick (Pawlewicz and
// Lew) ⌈δ₂(1+ε)⌉, ε = 1/4, so that the search stays longer in one child
// before switching to its sibling.
func (s *searcher) secondThreshold(delta2 uint64) uint64 {
	if s.epsilon && delta2 < inf {
		return addSat(delta2, max(1, delta2/4))
	}
	return addSat(delta2, 1)
}
