// Package position holds a shogi position and the rules of the game: squares,
// pieces, hands, bitboards, Zobrist keys, SFEN and USI move text, do and undo,
// attack queries and the move generators a mate search needs.
//
// Board. A Bitboard is 81 bits in two words: files 1-7 in Lo, files 8-9 in
// the low bits of Hi, square = file*9 + rank. A file never crosses the two
// words, so a lance or a rook along a file needs one word. Sliding attacks
// use no large tables: a ray going up the square index is scanned with
// "b ^ (b - 1)" in 128 bits (bits.Sub64 carries the borrow); a ray going
// down whose squares lie in different bytes (ranks and diagonals) is byte
// swapped, which reverses its order, and scanned the same way; the ray
// towards rank a stays inside one word and is scanned with a leading-zero
// count.
//
// Hands. A Hand packs the seven kinds into one uint32 with a spare bit above
// each field, so "holds at least as much of every kind" (Covers) is one
// subtraction and one mask: the basis of proof and disproof pieces.
//
// Keys. BoardKey covers the board and the side to move; the hands have a
// key of their own (a sum of per-piece constants), and Key combines both.
// The table finds every hand variant of one board through BoardKey, and
// repetition detection uses Key. The constants come from xxhash over a fixed
// seed, so keys never change between runs.
//
// Moves and generators. A Move is 32 bits and carries the moving piece.
// GenerateLegal, GenerateChecks and GenerateEvasions fill a buffer the
// caller owns and allocate nothing. All three return legal moves only: pins,
// king safety, two pawns on a file, the illegal pawn-drop mate, dead pieces
// and forced promotion are enforced, and optional non-promotions are
// included (a non-promotion can be the only mate). Pieces are generated kind
// by kind (all pawns with one shift), pinned pieces apart; drops visit each
// empty square once. King steps are tested only against the enemy pieces
// near the king and the sliders standing on a line through the square.
// GenerateChecks finds direct checks from precomputed "check squares" per
// kind, looking only at the pieces that could reach one (a per-king-square
// candidate table for the stepping kinds), and discovered checks from the
// pieces standing between the side's sliders and the enemy king; when the
// side to move is itself in check, it returns the evasions that give check.
//
// Mate1 finds a mate in one under strict rules. Before playing a check it
// asks whether one of the king's present escape squares stays free (not
// covered by the checking piece, nor by a slider whose line the move opens);
// only the checks that pass are played, and the defender's replies are
// looked for without generating them (king steps, captures of the checker,
// drops, interpositions), stopping at the first.
//
// Do and undo. DoMove pushes an undo record on a history slice owned by the
// position (it grows once, then never allocates), changes the piece sets by
// exclusive-or, and updates the keys and the checkers incrementally (only
// the moved piece and a slider behind its origin can check); UndoMove
// restores them.
//
// Tests. The tests read the shared data in ../testdata (see
// testdata/SOURCES.md). A plain "go test ./position" takes a few seconds;
// GOMATE_LONG=1 adds start-position perft 6 and matsuri perft 4.
//
// Retraction. Retractions lists the un-moves of a position P, for building
// problems backwards: every legal prior position Q and legal move of Q that
// leads to P, each once. The mover's pieces are walked with the reverse
// attack tables (the opponent colour's steps from the destination, sliders
// through the squares empty in P), as themselves or, for promoted pieces,
// as the unpromoted piece that promoted on or from the zone; a move may
// have captured any opponent piece of a kind the mover holds, promoted or
// not; an unpromoted piece may have been dropped. The rules are checked on
// Q without building it: every checker in P but the moved piece must be
// blocked by the origin, emptying the destination must not open a line to
// the king, the moved piece must not have checked from its origin, the
// captured piece must be legal where it stood, an un-promoted pawn must not
// make two on a file, and a pawn giving mate was not dropped. Retract and
// Unretract change a position in place without allocating; Prior returns
// a copy.
package position
