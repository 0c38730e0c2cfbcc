module github.com/rtspath/rtspath

go 1.26.8

require github.com/kelindar/bitmap v1.5.3

require (
	github.com/kelindar/simd v1.1.2 // indirect
	github.com/klauspost/cpuid/v2 v2.2.4 // indirect
	golang.org/x/sys v0.0.0-20220704084225-05e143d24a9e // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
