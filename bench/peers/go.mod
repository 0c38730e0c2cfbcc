module github.com/rtspath/rtspath/bench/peers

go 1.26.8

require (
	github.com/beefsack/go-astar v0.0.0-20200827232313-4ecf9e304482
	github.com/fzipp/astar v0.2.0
	github.com/rtspath/rtspath v0.0.0
	github.com/solarlune/paths v0.0.0-20230130082802-0494358a2ca6
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/kelindar/bitmap v1.5.3 // indirect
	github.com/kelindar/simd v1.1.2 // indirect
	github.com/klauspost/cpuid/v2 v2.2.4 // indirect
	golang.org/x/sys v0.30.0 // indirect
)

replace github.com/rtspath/rtspath => ../..
