module github.com/rtspath/rtspath

go 1.26.8

require (
	github.com/kelindar/bitmap v1.5.3
	github.com/klauspost/cpuid/v2 v2.2.4
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/kelindar/simd v1.1.2 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
