package tiled

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
)

// The part of a .tmj map (and of a .tsj tileset) this package reads.
type (
	jsonMap struct {
		Width       int           `json:"width"`
		Height      int           `json:"height"`
		Infinite    bool          `json:"infinite"`
		Orientation string        `json:"orientation"`
		Layers      []jsonLayer   `json:"layers"`
		Tilesets    []jsonTileset `json:"tilesets"`
	}
	jsonLayer struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Data        json.RawMessage `json:"data"`
		Encoding    string          `json:"encoding"`
		Compression string          `json:"compression"`
		Properties  []jsonProp      `json:"properties"`
		Layers      []jsonLayer     `json:"layers"`
	}
	// jsonTileset is a tileset in a map (firstgid, and source when
	// external) or in a .tsj file.
	jsonTileset struct {
		FirstGID  uint32 `json:"firstgid"`
		Source    string `json:"source"`
		TileCount uint32 `json:"tilecount"`
		Tiles     []struct {
			ID         uint32     `json:"id"`
			Properties []jsonProp `json:"properties"`
		} `json:"tiles"`
	}
	jsonProp struct {
		Name  string          `json:"name"`
		Value json.RawMessage `json:"value"`
	}
)

// decodeTMJ decodes a .tmj map and its external tilesets (.tsj or .json
// as JSON, .tsx as XML).
func decodeTMJ(data []byte, name string, op opener, m *model) error {
	var jm jsonMap
	if err := json.Unmarshal(data, &jm); err != nil {
		return fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if err := checkOrientation(jm.Orientation, jm.Infinite); err != nil {
		return err
	}
	if err := m.size(jm.Width, jm.Height); err != nil {
		return err
	}
	for _, ts := range jm.Tilesets {
		var err error
		if ts.Source != "" {
			err = m.external(ts.FirstGID, path.Join(path.Dir(name), ts.Source), op)
		} else {
			err = m.addTSJ(ts.FirstGID, ts)
		}
		if err != nil {
			return err
		}
	}
	n := m.w * m.h
	// The map's own layers, then each group's, depth first (as for
	// .tmx, so that both formats mean the same).
	var add func(ls []jsonLayer) error
	add = func(ls []jsonLayer) error {
		var groups []jsonLayer
		for _, l := range ls {
			switch l.Type {
			case "tilelayer":
				gids, err := jsonGIDs(l, n)
				if err != nil {
					return fmt.Errorf("layer %q: %w", l.Name, err)
				}
				p, err := jsonProps(l.Properties)
				if err != nil {
					return err
				}
				if err := m.addLayer(l.Name, p, gids); err != nil {
					return err
				}
			case "group":
				groups = append(groups, l)
			}
		}
		for _, g := range groups {
			if err := add(g.Layers); err != nil {
				return err
			}
		}
		return nil
	}
	return add(jm.Layers)
}

// decodeTSJ decodes a .tsj tileset.
func decodeTSJ(b []byte) (jsonTileset, error) {
	var ts jsonTileset
	err := json.Unmarshal(b, &ts)
	return ts, err
}

// addTSJ records a JSON tileset whose first global id is first.
func (m *model) addTSJ(first uint32, ts jsonTileset) error {
	tiles := map[uint32]props{}
	for _, t := range ts.Tiles {
		p, err := jsonProps(t.Properties)
		if err != nil {
			return err
		}
		if len(p) > 0 {
			tiles[t.ID] = p
		}
	}
	return m.addSet(first, ts.TileCount, tiles)
}

// jsonGIDs decodes a .tmj tile layer's data: an array of ids, or base64
// (plain, zlib or gzip); n ids.
func jsonGIDs(l jsonLayer, n int) ([]uint32, error) {
	switch l.Encoding {
	case "", "csv":
		var gids []uint32
		if err := json.Unmarshal(l.Data, &gids); err != nil {
			return nil, fmt.Errorf("%w: data: %v", ErrFormat, err)
		}
		if len(gids) != n {
			return nil, fmt.Errorf("%w: %d tiles, want %d", ErrFormat, len(gids), n)
		}
		return gids, nil
	case "base64":
		var s string
		if err := json.Unmarshal(l.Data, &s); err != nil {
			return nil, fmt.Errorf("%w: base64 data: %v", ErrFormat, err)
		}
		return base64GIDs(s, l.Compression, n)
	}
	return nil, fmt.Errorf("%w: encoding %q", ErrFormat, l.Encoding)
}

// jsonProps returns custom properties as text: a string as it is, a
// boolean or number as JSON writes it.
func jsonProps(ps []jsonProp) (props, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	p := props{}
	for _, q := range ps {
		if _, ok := p[q.Name]; ok {
			continue
		}
		v := strings.TrimSpace(string(q.Value))
		if strings.HasPrefix(v, `"`) {
			if err := json.Unmarshal(q.Value, &v); err != nil {
				return nil, fmt.Errorf("%w: property %q: %v", ErrFormat, q.Name, err)
			}
		}
		p[q.Name] = v
	}
	return p, nil
}
