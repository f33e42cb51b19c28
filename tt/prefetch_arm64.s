#include "textflag.h"

// func prefetchCluster(addr unsafe.Pointer)
TEXT ·prefetchCluster(SB), NOSPLIT, $0-8
	MOVD addr+0(FP), R0
	PRFM (R0), PLDL1KEEP
	ADD $64, R0
	PRFM (R0), PLDL1KEEP
	ADD $64, R0
	PRFM (R0), PLDL1KEEP
	ADD $64, R0
	PRFM (R0), PLDL1KEEP
	RET

// func prefetchLine(addr unsafe.Pointer)
TEXT ·prefetchLine(SB), NOSPLIT, $0-8
	MOVD addr+0(FP), R0
	PRFM (R0), PLDL1KEEP
	RET
