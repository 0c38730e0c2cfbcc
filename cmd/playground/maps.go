package main

import (
	"encoding/json"
	"io"
)

// mapEntry is one map the page offers: generated in the page, or read
// from URL (File is its name, whose extension says the format).
type mapEntry struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Generate []int  `json:"generate,omitempty"` // side, seed
	URL      string `json:"url,omitempty"`
	File     string `json:"file,omitempty"`
}

// builtinMaps are the maps every playground offers.
func builtinMaps() []mapEntry {
	return []mapEntry{
		{ID: "gen256", Label: "generated 256² (seed 1)", Generate: []int{256, 1}},
		{ID: "gen128", Label: "generated 128² (seed 2)", Generate: []int{128, 2}},
		{ID: "gen512", Label: "generated 512² (seed 3)", Generate: []int{512, 3}},
		{ID: "arena", Label: "Tiled: arena.tmx (160×112)", URL: "maps/arena.tmx", File: "arena.tmx"},
	}
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	_ = enc.Encode(v)
}
