#include "textflag.h"

// func prefetchCluster(addr unsafe.Pointer)
TEXT ·prefetchCluster(SB), NOSPLIT, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	PREFETCHT0 128(AX)
	PREFETCHT0 192(AX)
	RET

// func prefetchLine(addr unsafe.Pointer)
TEXT ·prefetchLine(SB), NOSPLIT, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET
