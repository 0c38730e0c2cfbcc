package hpa

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rtspath/rtspath/grid"
)

// Request is one query of a batch (FindAll).
type Request struct {
	Start, Goal grid.Point
	Options     Options
}

// Answer is the answer to one Request: what LiveQuery.Find returns.
type Answer struct {
	Result
	Err error
}

// batchChunk is how many requests a worker takes at a time: enough to
// keep the shared counter cold, few enough to even out long and short
// queries.
const batchChunk = 4

// FindAll answers reqs on the View's version on up to workers goroutines
// (0 or less: GOMAXPROCS), each with its own LiveQuery, and returns
// out[:len(reqs)] with out[i] the answer to reqs[i] (out is grown as
// needed; each out[i].Path is reused as its path buffer). Every answer is
// the one a serial run of the same requests on the same version gives,
// whatever the number of workers or their timing. Errors are per
// request (Answer.Err).
func (v View) FindAll(reqs []Request, out []Answer, workers int) []Answer {
	if cap(out) < len(reqs) {
		out = append(out[:cap(out)], make([]Answer, len(reqs)-cap(out))...)
	}
	out = out[:len(reqs)]
	if v.r == nil {
		for i := range out {
			out[i] = Answer{Result: Result{Path: out[i].Path[:0]}, Err: ErrNoBake}
		}
		return out
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, (len(reqs)+batchChunk-1)/batchChunk))
	l := v.l
	run := func(next *atomic.Int64) {
		lq := l.getQuery()
		for {
			i := int(next.Add(batchChunk)) - batchChunk
			if i >= len(reqs) {
				break
			}
			for j := i; j < min(i+batchChunk, len(reqs)); j++ {
				rq := &reqs[j]
				res, err := lq.find(v.r, rq.Start, rq.Goal, rq.Options, out[j].Path)
				out[j] = Answer{res, err}
			}
		}
		l.queries.Put(lq)
	}
	var next atomic.Int64
	if workers == 1 {
		run(&next)
		return out
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { run(&next) })
	}
	wg.Wait()
	return out
}

// FindAll answers reqs on the published version (see View.FindAll).
func (l *Live) FindAll(reqs []Request, out []Answer, workers int) []Answer {
	v := l.Acquire()
	defer v.Release()
	return v.FindAll(reqs, out, workers)
}

// getQuery returns a LiveQuery from the Live's pool of them.
func (l *Live) getQuery() *LiveQuery {
	if lq, ok := l.queries.Get().(*LiveQuery); ok {
		return lq
	}
	return l.NewQuery()
}
