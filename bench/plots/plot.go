package main

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rtspath/rtspath/bench"
)

// writePlots writes PNG plots of a bench report into dir and returns
// their paths: query time against path length per algorithm (time.png),
// the distribution of path length over the optimum per algorithm
// (over.png), and preparation time against map size (prep.png, when
// some algorithm prepares). It costs a pass over the queries per plot
// and a sort of each algorithm's lengths over the optimum.
func writePlots(r *bench.Report, dir string) ([]string, error) {
	var files []string
	save := func(p *plot.Plot, name string) error {
		f := filepath.Join(dir, name)
		if err := p.Save(16*vg.Centimeter, 11*vg.Centimeter, f); err != nil {
			return err
		}
		files = append(files, f)
		return nil
	}

	// Query time against the optimal length, one series per algorithm.
	p := plot.New()
	p.Title.Text = "query time against path length"
	p.X.Label.Text = "optimal path length (cells)"
	p.Y.Label.Text = "query time (µs, log scale)"
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	for i, a := range r.Algorithms {
		var xys plotter.XYs
		for _, q := range r.Queries {
			if q.Algorithm == a && q.Found {
				xys = append(xys, plotter.XY{X: q.Optimal, Y: math.Max(q.Micros, 0.1)})
			}
		}
		if len(xys) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return files, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: plotutil.Color(i), Radius: vg.Points(1), Shape: draw.CircleGlyph{}}
		p.Add(s)
		p.Legend.Add(a, s)
	}
	if err := save(p, "time.png"); err != nil {
		return files, err
	}

	// Length over the optimum: the share of queries at or below each
	// percentage, one line per algorithm.
	p = plot.New()
	p.Title.Text = "path length over the optimum"
	p.X.Label.Text = "length over the optimum (%)"
	p.Y.Label.Text = "share of queries at or below"
	for i, a := range r.Algorithms {
		var over []float64
		for _, q := range r.Queries {
			if q.Algorithm == a && q.Found && q.Optimal > 0 {
				over = append(over, 100*q.Over())
			}
		}
		if len(over) == 0 {
			continue
		}
		slices.Sort(over)
		xys := make(plotter.XYs, 0, len(over)+1)
		xys = append(xys, plotter.XY{X: over[0], Y: 0})
		for k, v := range over {
			xys = append(xys, plotter.XY{X: v, Y: float64(k+1) / float64(len(over))})
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return files, err
		}
		l.Color, l.Width = plotutil.Color(i), vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(a, l)
	}
	if err := save(p, "over.png"); err != nil {
		return files, err
	}

	// Preparation time against map size.
	p = plot.New()
	p.Title.Text = "preparation time against map size"
	p.X.Label.Text = "map cells (millions)"
	p.Y.Label.Text = "preparation (ms)"
	p.Legend.Top, p.Legend.Left = true, true
	prepared := false
	for i, a := range r.Algorithms {
		var xys plotter.XYs
		for _, pr := range r.Preps {
			if pr.Algorithm == a && pr.Millis > 0.05 {
				xys = append(xys, plotter.XY{X: float64(pr.Width*pr.Height) / 1e6, Y: pr.Millis})
			}
		}
		if len(xys) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return files, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: plotutil.Color(i), Radius: vg.Points(2.5), Shape: plotutil.Shape(i)}
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("%s (bake, planner)", a), s)
		prepared = true
	}
	if prepared {
		if err := save(p, "prep.png"); err != nil {
			return files, err
		}
	}
	return files, nil
}

// writeScalePlots writes the PNG plot of a scaling run into dir and
// returns its path: bake time and mean query time against map size
// (scale.png, both axes logarithmic).
func writeScalePlots(dir string, rows []bench.ScaleRow) ([]string, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "growth with the map (generated maps)"
	p.X.Label.Text = "map cells (millions, log scale)"
	p.Y.Label.Text = "bake s, query ms (log scale)"
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	var bake, query plotter.XYs
	for _, r := range rows {
		mc := float64(r.Size*r.Size) / 1e6
		bake = append(bake, plotter.XY{X: mc, Y: math.Max(r.BuildMillis/1e3, 1e-3)})
		query = append(query, plotter.XY{X: mc, Y: math.Max(r.MeanMicros/1e3, 1e-3)})
	}
	for i, s := range []struct {
		name string
		xys  plotter.XYs
	}{{"bake, both cores (s)", bake}, {"hpa-smooth query, mean (ms)", query}} {
		l, pts, err := plotter.NewLinePoints(s.xys)
		if err != nil {
			return nil, err
		}
		l.Color, pts.Color, pts.Shape = plotutil.Color(i), plotutil.Color(i), plotutil.Shape(i)
		p.Add(l, pts)
		p.Legend.Add(s.name, l, pts)
	}
	f := filepath.Join(dir, "scale.png")
	if err := p.Save(16*vg.Centimeter, 11*vg.Centimeter, f); err != nil {
		return nil, err
	}
	return []string{f}, nil
}
