package tests

// Positions used by the end-to-end tests, copied here so that the tests
// need nothing outside the repository.
const (
	// Mate in one, black to move: the first lines of nyashiki/nshogi's
	// res/test mate-in-1 set (MIT), via the project's testdata/movegen.
	mate1Black = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb 1"
	// Mate in one, white to move (same source).
	mate1White = "Kbg4nl/3sk1gs1/2n4pp/1G1p5/1pP4P1/4S4/P2PPG2P/1L7/LNS4NL w 7P2Rpb 1"
	// Another white mate in one (same source).
	mate1White2 = "l2gs3l/1k4+N+P1/1p1s5/p1r3p1p/3Kp4/P3P1P2/GPN6/Lg+b6/1N1+p4L w 6PNSGBRps 1"

	// Mate in three (strict), white and black to move: lines 1 and 4 of
	// YaneuraOu's public 2020 tsume set as vendored by nshogi
	// (res/test/mate-3-ply.txt), via the project's testdata/mate.
	mate3White = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42"
	mate3Black = "lns+R4l/1p1p5/p1pkppB1p/6p2/1R7/6P1P/P1PPnPS2/2+b1G1g2/L3K1sNL b 2GS3Pnp 51"

	// Mate in three, black to move, where 2a3b, 2a1b and 2a2b all mate in
	// three: line 20 of the same set (testdata/mate/mate3.sfen).
	manyMates = "l+L2n2+R1/3gk4/p1Bp1pp2/4p2S1/2sN5/6P2/P+pnPPP3/5G2G/L2GK1s+bL b RSN5P2p 79"

	// Microcosmos (ミクロコスモス, Hashimoto Koji 1986), a 1525-ply mate: no
	// solver proves it in seconds, so a short search must answer timeout.
	// The position as in komori-n/KomoringHeights' benchmark.
	microcosmos = "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1"

	// The start position: no mate can be proven in a short search.
	startpos = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
)
