package tiled

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"strings"
)

// The part of a .tmx map (and of a .tsx tileset) this package reads.
type (
	xmlMap struct {
		Width       int             `xml:"width,attr"`
		Height      int             `xml:"height,attr"`
		Orientation string          `xml:"orientation,attr"`
		Infinite    int             `xml:"infinite,attr"`
		Tilesets    []xmlTilesetRef `xml:"tileset"`
		xmlGroup
	}
	// xmlGroup holds tile layers and groups: a map's own, or a group's.
	xmlGroup struct {
		Layers []xmlLayer `xml:"layer"`
		Groups []xmlGroup `xml:"group"`
	}
	xmlLayer struct {
		Name  string    `xml:"name,attr"`
		Props []xmlProp `xml:"properties>property"`
		Data  struct {
			Encoding    string `xml:"encoding,attr"`
			Compression string `xml:"compression,attr"`
			Text        string `xml:",chardata"`
			Tiles       []struct {
				GID uint32 `xml:"gid,attr"`
			} `xml:"tile"`
			Chunks []struct{} `xml:"chunk"`
		} `xml:"data"`
	}
	xmlProp struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
		Text  string `xml:",chardata"` // a multi-line string's value
	}
	xmlTilesetRef struct {
		FirstGID uint32 `xml:"firstgid,attr"`
		Source   string `xml:"source,attr"`
		xmlTileset
	}
	xmlTileset struct {
		TileCount uint32 `xml:"tilecount,attr"`
		Tiles     []struct {
			ID    uint32    `xml:"id,attr"`
			Props []xmlProp `xml:"properties>property"`
		} `xml:"tile"`
	}
)

// decodeTMX decodes a .tmx map and its external .tsx tilesets (a .tsj
// one with decodeTSJ).
func decodeTMX(data []byte, name string, op opener, m *model) error {
	var xm xmlMap
	d := xml.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&xm); err != nil {
		return fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if err := checkOrientation(xm.Orientation, xm.Infinite == 1); err != nil {
		return err
	}
	if err := m.size(xm.Width, xm.Height); err != nil {
		return err
	}
	for _, ts := range xm.Tilesets {
		var err error
		if ts.Source != "" {
			err = m.external(ts.FirstGID, path.Join(path.Dir(name), ts.Source), op)
		} else {
			err = m.addTSX(ts.FirstGID, ts.xmlTileset)
		}
		if err != nil {
			return err
		}
	}
	n := m.w * m.h
	var add func(g xmlGroup) error
	add = func(g xmlGroup) error {
		for _, l := range g.Layers {
			gids, err := xmlGIDs(l, n)
			if err != nil {
				return fmt.Errorf("layer %q: %w", l.Name, err)
			}
			if err := m.addLayer(l.Name, xmlProps(l.Props), gids); err != nil {
				return err
			}
		}
		for _, sub := range g.Groups {
			if err := add(sub); err != nil {
				return err
			}
		}
		return nil
	}
	return add(xm.xmlGroup)
}

// xmlGIDs decodes a .tmx layer's data: csv, base64 (plain, zlib or
// gzip) or one <tile gid> element per cell; n ids.
func xmlGIDs(l xmlLayer, n int) ([]uint32, error) {
	if len(l.Data.Chunks) > 0 {
		return nil, fmt.Errorf("%w: chunked data (an infinite map)", ErrFormat)
	}
	switch l.Data.Encoding {
	case "csv":
		return csvGIDs(l.Data.Text, n)
	case "base64":
		return base64GIDs(l.Data.Text, l.Data.Compression, n)
	case "":
		if len(l.Data.Tiles) != n {
			return nil, fmt.Errorf("%w: %d tiles, want %d", ErrFormat, len(l.Data.Tiles), n)
		}
		gids := make([]uint32, n)
		for i, t := range l.Data.Tiles {
			gids[i] = t.GID
		}
		return gids, nil
	}
	return nil, fmt.Errorf("%w: encoding %q", ErrFormat, l.Data.Encoding)
}

// xmlProps returns a property list as text by name (the first of a
// repeated name).
func xmlProps(ps []xmlProp) props {
	if len(ps) == 0 {
		return nil
	}
	p := props{}
	for _, q := range ps {
		if _, ok := p[q.Name]; !ok {
			v := q.Value
			if v == "" {
				v = strings.TrimSpace(q.Text)
			}
			p[q.Name] = v
		}
	}
	return p
}

// addTSX records a .tsx tileset whose first global id is first.
func (m *model) addTSX(first uint32, ts xmlTileset) error {
	tiles := map[uint32]props{}
	for _, t := range ts.Tiles {
		if p := xmlProps(t.Props); len(p) > 0 {
			tiles[t.ID] = p
		}
	}
	return m.addSet(first, ts.TileCount, tiles)
}

// external reads the external tileset file (.tsx as XML, else JSON)
// whose first global id is first.
func (m *model) external(first uint32, file string, op opener) error {
	b, err := op.read(file)
	if err != nil {
		return err
	}
	if strings.EqualFold(path.Ext(file), ".tsx") {
		var ts xmlTileset
		if err := xml.Unmarshal(b, &ts); err != nil {
			return fmt.Errorf("%w: tileset %s: %v", ErrFormat, file, err)
		}
		return m.addTSX(first, ts)
	}
	ts, err := decodeTSJ(b)
	if err != nil {
		return fmt.Errorf("%w: tileset %s: %v", ErrFormat, file, err)
	}
	return m.addTSJ(first, ts)
}
