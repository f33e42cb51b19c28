package dfpn

// Double counting. The search space is a graph, not a tree: two moves of a
// node can lead, by different paths, to one position. df-pn sums the
// children's φ into a node's δ, so the work below such a shared position
// is counted twice at the node where the paths split, the node looks more
// expensive than it is, and the search leaves it too early (on long
// problems it can stop making progress at all). Nagai's remedy, done here,
// is to find the node where the paths split and count its two children by
// the larger of their φ instead of the sum.
//
// How the split is found. Each stored estimate keeps a link to the node it
// was last searched from (tt.StoreSearchingFrom). Before mid descends into
// a child that the table already knew, it reads the child's link: if the
// child was last searched from another node, the links are followed upwards
// until they reach a node on the current path. That node is where the two
// paths split; its child on the current path and the child the links came
// through are marked shared, and its δ counts them by their largest φ.
//
// Children known in advance to be alike are marked shared the same way
// when they are expanded (lazy.go): an attacker's non-promotions, and
// middle interpositions.
//
// The link chain may also pass through a node with other large subtrees
// below it (its numbers grow a lot from one link to the next): the shared
// part is then a small share of its numbers, and the double count does not
// matter. The walk stops there, as it does after maxLinks links. The marks
// last for the visit of the node where the paths split. None of this
// changes which positions are proven or disproven, only the order of the
// work.

// maxLinks bounds the parent links followed from one child.
const maxLinks = 64

// growthSlack is how much a number may grow from one link to the next and
// still count as the same subtree's.
const growthSlack = 2

// parentKey is the table key of the node above ply on the current path (0
// at the root).
func (s *searcher) parentKey(ply int) uint64 {
	if ply == 0 || !s.dag {
		return 0
	}
	return s.frames[ply-1].key
}

// enterPath records that the node with table key key is on the path at ply.
// A board already on the path (with another hand) keeps its first ply.
func (s *searcher) enterPath(key uint64, ply int) {
	if !s.tablePath.has(key) {
		s.tablePath.addAt(key, ply)
	}
}

// leavePath undoes enterPath.
func (s *searcher) leavePath(key uint64, ply int) {
	if p, ok := s.tablePath.plyOf(key); ok && p == ply {
		s.tablePath.remove(key)
	}
}

// findSharing notes child i as the one about to be searched below frame f
// and, when the table knew it before this visit, looks for where its
// subtree rejoins the path's (findSharedSubtree).
func (s *searcher) findSharing(f *frame, i int) {
	f.searched = i
	if c := &f.children[i]; !c.fresh {
		s.findSharedSubtree(c, f.ply, childDepthOf(f.depth))
	}
}

// findSharedSubtree follows the parent links from c, the child of the node
// at ply about to be searched, and marks the children of the node where
// the paths split (see above).
func (s *searcher) findSharedSubtree(c *child, ply int, childDepth uint16) {
	here := s.frames[ply].key
	k := c.key
	lastPn, lastDn := inf, inf
	pnShared, dnShared := true, true // can pn (dn) still be counted twice?
	for i := 0; i < maxLinks; i++ {
		parent, pn, dn, ok := s.table.Parent(k, c.hand, s.level(ply+1), i == 0)
		if !ok || parent == 0 || (i == 0 && parent == here) {
			return
		}
		if pn > addSat(lastPn, growthSlack) {
			pnShared = false
		}
		if dn > addSat(lastDn, growthSlack) {
			dnShared = false
		}
		if !pnShared && !dnShared {
			return
		}
		if p, on := s.tablePath.plyOf(parent); on && p <= ply {
			// The paths split at ply p: an attacker's node sums its
			// children's dn, a defender's their pn.
			f := s.frames[p]
			if ((f.or && dnShared) || (!f.or && pnShared)) && markShared(f, k) {
				s.sharedMarks++
			}
			return
		}
		lastPn, lastDn = pn, dn
		k = parent
	}
}

// markShared marks as shared the child being searched below f and its
// child with table key k, and reports whether it found that child.
func markShared(f *frame, k uint64) bool {
	for i := range f.children {
		if c := &f.children[i]; c.key == k && i != f.searched {
			c.shared = true
			f.children[f.searched].shared = true
			return true
		}
	}
	return false
}
