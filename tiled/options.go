package tiled

import (
	"fmt"
	"strings"
)

// Options name the layers and tile properties that carry movement. An
// empty field takes its default.
type Options struct {
	// CollisionLayers are the names of tile layers where any tile blocks
	// its cell, compared without case. Default: "collision".
	CollisionLayers []string
	// Blocked is the tile (or layer) property that blocks when true.
	// Default: "blocked".
	Blocked string
	// Walkable is the tile property that blocks when false. Default:
	// "walkable".
	Walkable string
	// Weight is the tile property holding the terrain weight, 1..255.
	// Default: "weight".
	Weight string
	// Terrain is the tile property holding the terrain type, 0..7.
	// Default: "terrain".
	Terrain string
}

// withDefaults returns o with every empty field set to its default.
func (o Options) withDefaults() Options {
	if len(o.CollisionLayers) == 0 {
		o.CollisionLayers = []string{"collision"}
	}
	def := func(s *string, d string) {
		if *s == "" {
			*s = d
		}
	}
	def(&o.Blocked, "blocked")
	def(&o.Walkable, "walkable")
	def(&o.Weight, "weight")
	def(&o.Terrain, "terrain")
	return o
}

// ParseOptions reads Options from a command-line flag's text: comma-
// separated key=value pairs with keys layer (may repeat: one collision
// layer each), blocked, walkable, weight and terrain, say
// "layer=walls,layer=water,weight=cost". The empty string gives the
// defaults. Errors wrap ErrOptions.
func ParseOptions(s string) (Options, error) {
	var o Options
	if strings.TrimSpace(s) == "" {
		return o, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return Options{}, fmt.Errorf("%w: %q: want key=value", ErrOptions, kv)
		}
		switch k {
		case "layer":
			o.CollisionLayers = append(o.CollisionLayers, v)
		case "blocked":
			o.Blocked = v
		case "walkable":
			o.Walkable = v
		case "weight":
			o.Weight = v
		case "terrain":
			o.Terrain = v
		default:
			return Options{}, fmt.Errorf("%w: unknown key %q (want layer, blocked, walkable, weight or terrain)", ErrOptions, k)
		}
	}
	return o, nil
}
