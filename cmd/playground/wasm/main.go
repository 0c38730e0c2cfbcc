//go:build js && wasm

// Command wasm is the playground's planner, built with GOOS=js
// GOARCH=wasm and run in the page: it sets the global object rtspath
// whose functions the page calls (see cmd/playground/static/app.js).
package main

import (
	"encoding/binary"
	"fmt"
	"syscall/js"

	"github.com/rtspath/rtspath/cmd/playground/app"
	"github.com/rtspath/rtspath/grid"
)

var s app.Session

func main() {
	api := map[string]any{
		"load": fn(func(a []js.Value) any {
			data := make([]byte, a[1].Get("length").Int())
			js.CopyBytesToGo(data, a[1])
			return mapInfo(s.Load(a[0].String(), data))
		}),
		"generate": fn(func(a []js.Value) any { return mapInfo(s.Generate(a[0].Int(), uint64(a[1].Int()))) }),
		"route": fn(func(a []js.Value) any {
			o := a[0]
			ans, err := s.Route(app.Query{
				From: grid.Pt(o.Get("ax").Int(), o.Get("ay").Int()),
				To:   grid.Pt(o.Get("bx").Int(), o.Get("by").Int()),
				Algo: o.Get("algo").String(), Size: o.Get("size").Int(), Fog: o.Get("fog").Int(),
			})
			if err != nil {
				return map[string]any{"error": err.Error()}
			}
			return map[string]any{
				"status": ans.Status, "path": points(ans.Path), "expanded": points(ans.Expanded), "coarse": points(ans.Coarse),
				"count": ans.Count, "length": ans.Length, "cost": ans.Cost, "micros": ans.Micros,
			}
		}),
		"paint": fn(func(a []js.Value) any { // paint(Int32Array of x0,y0,x1,y1 per rectangle, blocked)
			flat := a[0]
			rects := make([]grid.Rect, flat.Get("length").Int()/4)
			for i := range rects {
				rects[i] = grid.R(flat.Index(4*i).Int(), flat.Index(4*i+1).Int(), flat.Index(4*i+2).Int(), flat.Index(4*i+3).Int())
			}
			return errOrNull(s.Paint(rects, a[1].Bool()))
		}),
		"hot": fn(func(a []js.Value) any { return errOrNull(s.AddHot(grid.Pt(a[0].Int(), a[1].Int()), a[2].Int())) }),
		"claim": fn(func(a []js.Value) any {
			flat := a[0]
			path := make([]grid.Point, flat.Get("length").Int()/2)
			for i := range path {
				path[i] = grid.Pt(flat.Index(2*i).Int(), flat.Index(2*i+1).Int())
			}
			return errOrNull(s.Claim(path))
		}),
		"cells":          fn(func([]js.Value) any { return bytesToJS(s.Cells()) }),
		"clearPenalties": fn(func([]js.Value) any { s.ClearPenalties(); return nil }),
		"penalties": fn(func([]js.Value) any {
			hots, units := s.Penalties()
			hs := make([]any, 0, len(hots))
			for _, h := range hots {
				hs = append(hs, []any{h.At.X, h.At.Y, h.Radius})
			}
			us := make([]any, 0, len(units))
			for _, u := range units {
				us = append(us, points(u))
			}
			return map[string]any{"hots": hs, "claims": us}
		}),
	}
	js.Global().Set("rtspath", js.ValueOf(api))
	js.Global().Call("rtspathReady")
	select {}
}

// fn wraps f as a JS function that reports a panic as {error}.
func fn(f func([]js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, a []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = map[string]any{"error": fmt.Sprint("panic: ", r)}
			}
		}()
		return f(a)
	})
}

func errOrNull(err error) any {
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return nil
}

// mapInfo is what the page draws a map from, or {error}.
func mapInfo(err error) any {
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	g := s.Grid()
	return map[string]any{"name": s.Name, "w": g.Width(), "h": g.Height(), "cells": bytesToJS(s.Cells()),
		"cluster": s.ClusterSize(), "waypoints": points(s.Waypoints())}
}

// bytesToJS copies b into a new Uint8Array.
func bytesToJS(b []byte) js.Value {
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	return arr
}

// points flattens cells to an Int32Array x0,y0,x1,y1,...
// (one copy into the page, not a call per number).
func points(ps []grid.Point) js.Value {
	b := make([]byte, 8*len(ps))
	for i, p := range ps {
		binary.LittleEndian.PutUint32(b[8*i:], uint32(int32(p.X)))
		binary.LittleEndian.PutUint32(b[8*i+4:], uint32(int32(p.Y)))
	}
	return js.Global().Get("Int32Array").New(bytesToJS(b).Get("buffer"))
}
