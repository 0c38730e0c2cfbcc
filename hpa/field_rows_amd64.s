//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// takeRowAVX2 (see field_rows_amd64.go) takes a row as takeRowGo does.
//
// First the row's two passes, east from its west end and west from its
// east end at once, in plain instructions: AX and DX carry their keys,
// R10 and R11 point to the prices east and west by mask.
//
// Then the rows beside it, four cells at a time: for x the keys of the
// steps north (from x), north-east (from x-1) and north-west (from x+1)
// lower up[x], and south, south-east and south-west lower down[x]. A
// step's key is the cell's key without its step bits, plus step[d], plus
// keyNone (1<<58) where the cell's mask lacks bit d: the mask shifted
// left by 58-d has bit d at bit 58, and ANDN with keyNone keeps keyNone
// where it is 0. The first block (x = 0) takes its cells west from its
// own lanes, moved up one, with mask 0 in lane 0: no step from there
// wins, as every step it lacks costs keyNone more. The last block
// (x = len(row)-4) takes its cells east likewise; it overlaps the block
// before where len(row) is not a multiple of four, and a second pass
// over a cell lowers nothing more. It returns the least keys that fell
// up and down (keyNone: none).
//
// The steps' offsets into step (8 bytes by grid.Dir: north 0, south 2,
// north-east 4, south-east 5, south-west 6, north-west 7) and the shifts
// 58-d follow grid's order of directions; TestTakeRowAgainstOracle
// fails if it changes.
//
// Vector registers: Y15 ^keyLow, Y14 keyNone, Y8-Y13 the steps' keys,
// Y6/Y7 the least fallen keys up/down by lane, Y0-Y5 scratch. SI row,
// DI m, R8 up, R9 down, CX len(row), BX x.

// CAND sets out to the keys of a step (shift 58-d, key base) from cells
// of keys c (step bits cleared) and masks mm.
#define CAND(sh, base, c, mm, out) \
	VPSLLQ sh, mm, out; \
	VPANDN Y14, out, out; \
	VPADDQ base, out, out; \
	VPADDQ c, out, out

// MIN sets a to the least of a and b lane by lane (tmp is lost). Keys
// are below 1<<63, so the signed compare orders them.
#define MIN(b, a, tmp) \
	VPCMPGTQ b, a, tmp; \
	VPBLENDVB tmp, b, a, a

// LOAD sets Y0 to the keys of cells x+off to x+off+3 without step bits
// and Y1 to their masks (koff = 8*off).
#define LOAD(koff, off) \
	VPAND     koff(SI)(BX*8), Y15, Y0; \
	VPMOVZXBQ off(DI)(BX*1), Y1

// CENTER: Y2 and Y3 get the steps north and south from Y0/Y1.
#define CENTER \
	CAND($58, Y8, Y0, Y1, Y2); \
	CAND($56, Y9, Y0, Y1, Y3)

// WEST: the steps north-east and south-east from the cells west in
// Y0/Y1 lower Y2 and Y3.
#define WEST \
	CAND($54, Y10, Y0, Y1, Y4); \
	MIN(Y4, Y2, Y5); \
	CAND($53, Y11, Y0, Y1, Y4); \
	MIN(Y4, Y3, Y5)

// EAST: the steps north-west and south-west from the cells east.
#define EAST \
	CAND($51, Y12, Y0, Y1, Y4); \
	MIN(Y4, Y2, Y5); \
	CAND($52, Y13, Y0, Y1, Y4); \
	MIN(Y4, Y3, Y5)

// STORE: cells x to x+3 of up and down keep the least of theirs and Y2,
// Y3; the keys that fell lower Y6, Y7.
#define STORE \
	VMOVDQU   (R8)(BX*8), Y0; \
	MIN(Y0, Y2, Y5); \
	VMOVDQU   Y2, (R8)(BX*8); \
	VPCMPEQQ  Y0, Y2, Y5; \
	VPBLENDVB Y5, Y14, Y2, Y2; \
	MIN(Y2, Y6, Y5); \
	VMOVDQU   (R9)(BX*8), Y0; \
	MIN(Y0, Y3, Y5); \
	VMOVDQU   Y3, (R9)(BX*8); \
	VPCMPEQQ  Y0, Y3, Y5; \
	VPBLENDVB Y5, Y14, Y3, Y3; \
	MIN(Y3, Y7, Y5)

// HMIN sets the low quadword of X to the least of Y's four (X1, X0 lost).
#define HMIN(Y, X) \
	VEXTRACTI128 $1, Y, X0; \
	VPCMPGTQ     X0, X, X1; \
	VPBLENDVB    X1, X0, X, X; \
	VPSHUFD      $0x4e, X, X0; \
	VPCMPGTQ     X0, X, X1; \
	VPBLENDVB    X1, X0, X, X

// func takeRowAVX2(row []grid.Cost, m []uint8, up, down []grid.Cost, pe, pw *[256]grid.Cost, step *[8]grid.Cost) (fellUp, fellDown grid.Cost)
TEXT ·takeRowAVX2(SB), NOSPLIT, $0-136
	MOVQ row_base+0(FP), SI
	MOVQ row_len+8(FP), CX
	MOVQ m_base+24(FP), DI
	MOVQ up_base+48(FP), R8
	MOVQ down_base+72(FP), R9
	MOVQ pe+96(FP), R10
	MOVQ pw+104(FP), R11

	// Along the row (len(row) ≥ 8): BX goes east, R12 west.
	MOVQ (SI), AX
	MOVQ -8(SI)(CX*8), DX
	MOVQ $1, BX
	LEAQ -2(CX), R12

scan:
	ANDQ    $~const_keyLow, AX
	MOVBQZX -1(DI)(BX*1), R13
	ADDQ    (R10)(R13*8), AX
	MOVQ    (SI)(BX*8), R13
	CMPQ    R13, AX
	CMOVQLT R13, AX
	MOVQ    AX, (SI)(BX*8)
	ANDQ    $~const_keyLow, DX
	MOVBQZX 1(DI)(R12*1), R13
	ADDQ    (R11)(R13*8), DX
	MOVQ    (SI)(R12*8), R13
	CMPQ    R13, DX
	CMOVQLT R13, DX
	MOVQ    DX, (SI)(R12*8)
	INCQ    BX
	DECQ    R12
	CMPQ    BX, CX
	JLT     scan

	// The rows beside.
	MOVQ         step+112(FP), R10
	MOVQ         $~const_keyLow, AX
	VMOVQ        AX, X15
	VPBROADCASTQ X15, Y15
	MOVQ         $const_keyNone, AX
	VMOVQ        AX, X14
	VPBROADCASTQ X14, Y14
	VPBROADCASTQ 0(R10), Y8   // north
	VPBROADCASTQ 16(R10), Y9  // south
	VPBROADCASTQ 32(R10), Y10 // north-east
	VPBROADCASTQ 40(R10), Y11 // south-east
	VPBROADCASTQ 56(R10), Y12 // north-west
	VPBROADCASTQ 48(R10), Y13 // south-west
	VMOVDQU      Y14, Y6
	VMOVDQU      Y14, Y7

	// The first block: its cells west are its own lanes moved up one,
	// lane 0 with no step.
	XORQ         BX, BX
	LOAD(0, 0)
	CENTER
	VPERMQ       $0x90, Y0, Y0
	VPERMQ       $0x90, Y1, Y1
	VPXOR        Y4, Y4, Y4
	VPBLENDD     $0x03, Y4, Y1, Y1
	WEST
	LOAD(8, 1)
	EAST
	STORE

	// The blocks between: x ≤ len(row)-5, so that x+4 is a cell.
	MOVQ $4, BX
	LEAQ -5(CX), DX

middle:
	CMPQ BX, DX
	JGT  last
	LOAD(0, 0)
	CENTER
	LOAD(-8, -1)
	WEST
	LOAD(8, 1)
	EAST
	STORE
	ADDQ $4, BX
	JMP  middle

	// The last block: its cells east are its own lanes moved down one,
	// lane 3 with no step.
last:
	LEAQ     -4(CX), BX
	LOAD(0, 0)
	CENTER
	LOAD(-8, -1)
	WEST
	LOAD(0, 0)
	VPERMQ   $0xf9, Y0, Y0
	VPERMQ   $0xf9, Y1, Y1
	VPXOR    Y4, Y4, Y4
	VPBLENDD $0xc0, Y4, Y1, Y1
	EAST
	STORE

	HMIN(Y6, X6)
	VMOVQ X6, fellUp+120(FP)
	HMIN(Y7, X7)
	VMOVQ X7, fellDown+128(FP)
	VZEROUPPER
	RET
