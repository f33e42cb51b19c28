package position

// Color is the side a piece belongs to: Black (sente, moves first) or White.
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Opp returns the other colour.
func (c Color) Opp() Color { return c ^ 1 }

// String returns "b" or "w", as in SFEN.
func (c Color) String() string {
	if c == Black {
		return "b"
	}
	return "w"
}

// Square is a board square: File*9 + Rank, with file 0..8 for files 1..9
// and rank 0..8 for ranks a..i (rank a is White's back rank).
type Square int8

// NumSquares is the number of board squares.
const NumSquares = 81

// NoSquare marks an absent square (for example a missing king).
const NoSquare Square = -1

// NewSquare builds a square from a file index (0 = file 1) and a rank index
// (0 = rank a).
func NewSquare(file, rank int) Square { return Square(file*9 + rank) }

// File returns the file index, 0 for file 1 through 8 for file 9.
func (s Square) File() int { return int(s) / 9 }

// Rank returns the rank index, 0 for rank a through 8 for rank i.
func (s Square) Rank() int { return int(s) % 9 }

// String returns the USI name of the square, such as "7g".
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "--"
	}
	return string([]byte{byte('1' + s.File()), byte('a' + s.Rank())})
}

// relRank returns the rank counted from c's own side's far edge: 0 is the
// rank where c's pieces promote last (rank a for Black, rank i for White).
func relRank(c Color, s Square) int {
	if c == Black {
		return s.Rank()
	}
	return 8 - s.Rank()
}

// inPromotionZone reports whether s lies in c's promotion zone (the three
// ranks nearest the opponent).
func inPromotionZone(c Color, s Square) bool { return relRank(c, s) < 3 }

// InPromotionZone reports whether s lies in c's promotion zone (the three
// ranks nearest the opponent).
func InPromotionZone(c Color, s Square) bool { return inPromotionZone(c, s) }

// PieceType is a kind of piece without colour. Promoted kinds are the base
// kind plus Promoted.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn
	ProLance
	ProKnight
	ProSilver
	Horse
	Dragon
	NumPieceTypes
)

// Promoted is added to a promotable kind to get its promoted kind.
const Promoted PieceType = 8

// CanPromote reports whether the kind has a promoted form.
func (pt PieceType) CanPromote() bool { return pt >= Pawn && pt <= Rook }

// IsPromoted reports whether the kind is a promoted one.
func (pt PieceType) IsPromoted() bool { return pt > King }

// Promote returns the promoted kind of a promotable kind.
func (pt PieceType) Promote() PieceType { return pt + Promoted }

// Unpromote returns the base kind: what a captured piece becomes in hand.
func (pt PieceType) Unpromote() PieceType {
	if pt > King {
		return pt - Promoted
	}
	return pt
}

// IsHandType reports whether pieces of the kind can be held in hand.
func (pt PieceType) IsHandType() bool { return pt >= Pawn && pt <= Gold }

// Piece is a coloured piece: a PieceType plus 16 for White. Zero is empty.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

// NumPieces bounds the Piece values.
const NumPieces = 32

// NewPiece builds a piece of kind pt and colour c.
func NewPiece(c Color, pt PieceType) Piece { return Piece(pt) | Piece(c)<<4 }

// Type returns the kind of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color returns the colour of a non-empty piece.
func (p Piece) Color() Color { return Color(p >> 4) }

var pieceLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// String returns the SFEN letters of the piece: upper case for Black,
// lower case for White, "+" for promoted kinds.
func (p Piece) String() string {
	if p == NoPiece || p.Type() >= NumPieceTypes {
		return "."
	}
	s := pieceLetters[p.Type()]
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		return string(b)
	}
	return s
}

// String returns the SFEN letters of the kind as Black's piece.
func (pt PieceType) String() string {
	if pt >= NumPieceTypes {
		return "?"
	}
	return pieceLetters[pt]
}

// maxCount is the number of pieces of each base kind in the game.
var maxCount = [NumPieceTypes]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4, King: 2}
