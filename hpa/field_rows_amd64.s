//go:build !purego

#include "textflag.h"

// passRowsAVX2 (see field_rows_amd64.go): for row's cells x = 1 to
// len(row)-2, four at a time, the keys of the steps north (from x),
// north-east (from x-1) and north-west (from x+1) lower up[x], and
// south, south-east and south-west lower down[x]. A step's key is the
// cell's key without its step bits, plus step[d], plus keyNone (1<<58)
// when the cell's mask lacks bit d: the mask shifted left by 58-d has
// bit d at bit 58, and ANDN with keyNone keeps keyNone where it is 0.
// The last four cells overlap the ones before where len(row)-2 is not
// a multiple of four: a second pass over a cell lowers nothing more.
// fell[0:4] and fell[4:8] end with the least keys that fell up and
// down, lane by lane (keyNone: none).
//
// Registers: Y15 ^keyLow, Y14 keyNone, Y8-Y13 the steps' keys, Y6/Y7
// the least fallen keys up/down; SI row, DI m, R8 up, R9 down, BX x.

// CAND sets out to the key of step (shift 58-d, key base) from cells
// of keys c and masks mm.
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

// func passRowsAVX2(row []grid.Cost, m []uint8, up, down []grid.Cost, step, fell *[8]grid.Cost)
TEXT ·passRowsAVX2(SB), NOSPLIT, $0-112
	MOVQ row_base+0(FP), SI
	MOVQ row_len+8(FP), CX
	MOVQ m_base+24(FP), DI
	MOVQ up_base+48(FP), R8
	MOVQ down_base+72(FP), R9
	MOVQ step+96(FP), R10

	MOVQ $-16, AX
	VMOVQ AX, X15
	VPBROADCASTQ X15, Y15
	MOVQ $0x0400000000000000, AX
	VMOVQ AX, X14
	VPBROADCASTQ X14, Y14
	VPBROADCASTQ 0(R10), Y8   // north
	VPBROADCASTQ 16(R10), Y9  // south
	VPBROADCASTQ 32(R10), Y10 // north-east
	VPBROADCASTQ 40(R10), Y11 // south-east
	VPBROADCASTQ 56(R10), Y12 // north-west
	VPBROADCASTQ 48(R10), Y13 // south-west
	VMOVDQU Y14, Y6
	VMOVDQU Y14, Y7

	MOVQ $1, BX
	LEAQ -5(CX), DX // the last x a block of four may start at

loop:
	CMPQ BX, DX
	JLE  block
	LEAQ -1(CX), AX
	CMPQ BX, AX
	JGE  done
	MOVQ DX, BX     // the cells left: the last four, overlapping

block:
	// From x: north to up, south to down.
	VPAND     (SI)(BX*8), Y15, Y0
	VPMOVZXBQ (DI)(BX*1), Y1
	CAND($58, Y8, Y0, Y1, Y2)
	CAND($56, Y9, Y0, Y1, Y3)

	// From x-1: north-east to up, south-east to down.
	VPAND     -8(SI)(BX*8), Y15, Y0
	VPMOVZXBQ -1(DI)(BX*1), Y1
	CAND($54, Y10, Y0, Y1, Y4)
	MIN(Y4, Y2, Y5)
	CAND($53, Y11, Y0, Y1, Y4)
	MIN(Y4, Y3, Y5)

	// From x+1: north-west to up, south-west to down.
	VPAND     8(SI)(BX*8), Y15, Y0
	VPMOVZXBQ 1(DI)(BX*1), Y1
	CAND($51, Y12, Y0, Y1, Y4)
	MIN(Y4, Y2, Y5)
	CAND($52, Y13, Y0, Y1, Y4)
	MIN(Y4, Y3, Y5)

	// Up: keep the least, note the keys that fell.
	VMOVDQU  (R8)(BX*8), Y0
	MIN(Y0, Y2, Y5)
	VMOVDQU  Y2, (R8)(BX*8)
	VPCMPEQQ Y0, Y2, Y5
	VPBLENDVB Y5, Y14, Y2, Y2
	MIN(Y2, Y6, Y5)

	// Down likewise.
	VMOVDQU  (R9)(BX*8), Y0
	MIN(Y0, Y3, Y5)
	VMOVDQU  Y3, (R9)(BX*8)
	VPCMPEQQ Y0, Y3, Y5
	VPBLENDVB Y5, Y14, Y3, Y3
	MIN(Y3, Y7, Y5)

	ADDQ $4, BX
	JMP  loop

done:
	MOVQ    fell+104(FP), R10
	VMOVDQU Y6, (R10)
	VMOVDQU Y7, 32(R10)
	VZEROUPPER
	RET
