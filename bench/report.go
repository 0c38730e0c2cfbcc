package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// WriteTable writes the report for people: per algorithm over all maps
// (with the speed-up over the first algorithm run), per map, and per
// scenario bucket.
func (r *Report) WriteTable(w io.Writer) error {
	sums := r.Summaries()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	pct := func(v float64) string { return fmt.Sprintf("%.2f%%", 100*v) }
	var base float64
	for _, s := range sums {
		if s.Map == "" && s.Bucket < 0 && s.Algorithm == r.Algorithms[0] {
			base = s.MeanMicros
		}
	}
	fmt.Fprintf(tw, "algorithm\tqueries\tmean µs\tp50\tp95\tp99\tspeed-up\texpanded\tover: mean\tp99\tmax\tprep ms/Mcell\tbytes/cell\t\n")
	for _, s := range sums {
		if s.Map != "" || s.Bucket >= 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f×\t%.0f\t%s\t%s\t%s\t%.1f\t%.2f\t\n", s.Algorithm, s.Queries,
			s.MeanMicros, s.P50Micros, s.P95Micros, s.P99Micros, base/s.MeanMicros, s.MeanExpanded,
			pct(s.MeanOver), pct(s.P99Over), pct(s.MaxOver), s.PrepMillisPerMcell, s.BytesPerCell)
	}
	fmt.Fprintf(tw, "\nmap\talgorithm\tqueries\tmean µs\tp99 µs\texpanded\tover: mean\tmax\tprep ms\t\n")
	for _, s := range sums {
		if s.Map == "" {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%.1f\t%.0f\t%s\t%s\t%.1f\t\n", s.Map, s.Algorithm, s.Queries, s.MeanMicros, s.P99Micros,
			s.MeanExpanded, pct(s.MeanOver), pct(s.MaxOver), s.PrepMillis)
	}
	fmt.Fprintf(tw, "\nbucket\talgorithm\tqueries\tmean µs\tp50\tp95\tp99\tover: mean\tp99\tmax\t\n")
	for _, s := range sums {
		if s.Bucket < 0 {
			continue
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%s\t%s\t%s\t\n", s.Bucket, s.Algorithm, s.Queries, s.MeanMicros,
			s.P50Micros, s.P95Micros, s.P99Micros, pct(s.MeanOver), pct(s.P99Over), pct(s.MaxOver))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	note := fmt.Sprintf("\n%d queries", len(r.Queries))
	if r.Skipped > 0 {
		note += fmt.Sprintf("; %d scenario lines skipped (an endpoint blocked)", r.Skipped)
	}
	if r.Load != "" && r.Load != NoLoad {
		note += fmt.Sprintf("; load %s: \"over\" is the path's cost over the exact search's (A*) under the same load", r.Load)
	}
	if r.Interrupted {
		note += "; INTERRUPTED: the figures cover what finished"
	}
	_, err := fmt.Fprintln(w, note+".")
	return err
}

// csvHeader names the columns of WriteCSV.
var csvHeader = []string{"algorithm", "map", "bucket", "queries", "unsolved", "mean_us", "p50_us", "p95_us", "p99_us",
	"mean_expanded", "mean_over", "p99_over", "max_over", "prep_ms", "prep_ms_per_mcell", "bytes_per_cell"}

// WriteCSV writes the summaries as CSV, one row each (map "" and bucket
// -1 mean all); lengths over the optimum are fractions.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	for _, s := range r.Summaries() {
		cw.Write([]string{s.Algorithm, s.Map, strconv.Itoa(s.Bucket), strconv.Itoa(s.Queries), strconv.Itoa(s.Unsolved),
			f(s.MeanMicros), f(s.P50Micros), f(s.P95Micros), f(s.P99Micros), f(s.MeanExpanded),
			f(s.MeanOver), f(s.P99Over), f(s.MaxOver), f(s.PrepMillis), f(s.PrepMillisPerMcell), f(s.BytesPerCell)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the report as JSON: the summaries, the preparations
// and every query.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(struct {
		*Report
		Summaries []Summary
	}{r, r.Summaries()})
}
