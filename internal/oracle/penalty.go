package oracle

import (
	"math"
	"math/big"

	"github.com/rtspath/rtspath/grid"
)

// The penalty rules as package hpa documents them, spelled out here again
// rather than imported, so that a test compares the layer with the text.
const (
	// MaxPenalty bounds one cell's penalty as a query sees it (its
	// influence plus what it pays for claims), and its influence alone.
	MaxPenalty = 1 << 30
	// MaxInfluenceRadius bounds the radius of AddInfluence.
	MaxInfluenceRadius = 1 << 15
	// NoUnit is the unit id of a query made for nobody.
	NoUnit = math.MaxUint64
	// DefaultClaimRadius is the claim radius of a zero config.
	DefaultClaimRadius = 64
)

// Penalties is a slow model of an hpa penalty layer, written from hpa's
// documentation: a map of influence and the claims of units, kept in the
// plainest form (one int64 per cell, a list of units with their claimed
// cells), with arbitrary-precision arithmetic wherever the documented
// formula could overflow. Every method costs O(cells) or O(claims).
type Penalties struct {
	W, H        int
	ClaimCost   int64 // after the defaults: (0, MaxPenalty]
	ClaimRadius int   // after the defaults: > 0
	ClaimAhead  int   // 0: the whole path
	infl        []int64
	units       []unitModel // in order of first claim; looked up by id
}

type unitModel struct {
	id    uint64
	cells []grid.Point // the cells still claimed, the unit's current cell first
}

// NewPenalties returns the model of an empty layer on a w×h map with the
// given configuration, defaults applied as documented: a ClaimCost of 0
// or less is grid.Straight and one above MaxPenalty is MaxPenalty; a
// ClaimRadius of 0 or less is DefaultClaimRadius.
func NewPenalties(w, h int, claimCost int64, claimRadius, claimAhead int) *Penalties {
	switch {
	case claimCost <= 0:
		claimCost = int64(grid.Straight)
	case claimCost > MaxPenalty:
		claimCost = MaxPenalty
	}
	if claimRadius <= 0 {
		claimRadius = DefaultClaimRadius
	}
	return &Penalties{W: w, H: h, ClaimCost: claimCost, ClaimRadius: claimRadius, ClaimAhead: claimAhead, infl: make([]int64, w*h)}
}

func (m *Penalties) on(p grid.Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < m.W && p.Y < m.H }

// clampBig returns v cut to 0..MaxPenalty.
func clampBig(v *big.Int) int64 {
	if v.Sign() < 0 {
		return 0
	}
	if v.Cmp(big.NewInt(MaxPenalty)) > 0 {
		return MaxPenalty
	}
	return v.Int64()
}

// Influence returns the influence on p (0 off the map).
func (m *Penalties) Influence(p grid.Point) int64 {
	if !m.on(p) {
		return 0
	}
	return m.infl[p.Y*m.W+p.X]
}

// SetInfluence sets p's influence to v cut to 0..MaxPenalty; false if p
// is off the map.
func (m *Penalties) SetInfluence(p grid.Point, v int64) bool {
	if !m.on(p) {
		return false
	}
	m.infl[p.Y*m.W+p.X] = clampBig(big.NewInt(v))
	return true
}

// AddInfluence adds to every cell at Euclidean distance d (rounded down)
// of at most radius from center the amount peak·(radius+1−d)/(radius+1),
// the quotient rounded toward zero, and cuts the sum to 0..MaxPenalty. It
// returns false, changing nothing, for a center off the map or a radius
// outside 0..MaxInfluenceRadius.
func (m *Penalties) AddInfluence(center grid.Point, radius int, peak int64) bool {
	if !m.on(center) || radius < 0 || radius > MaxInfluenceRadius {
		return false
	}
	for y := max(0, center.Y-radius); y <= min(m.H-1, center.Y+radius); y++ {
		for x := max(0, center.X-radius); x <= min(m.W-1, center.X+radius); x++ {
			dx, dy := int64(x-center.X), int64(y-center.Y)
			d2 := dx*dx + dy*dy
			d := int64(0)
			for (d+1)*(d+1) <= d2 {
				d++
			}
			if d > int64(radius) {
				continue
			}
			add := new(big.Int).Mul(big.NewInt(peak), big.NewInt(int64(radius)+1-d))
			add.Quo(add, big.NewInt(int64(radius)+1))
			i := y*m.W + x
			m.infl[i] = clampBig(add.Add(add, big.NewInt(m.infl[i])))
		}
	}
	return true
}

// Decay sets every influence v to ⌊v·keep/outOf⌋; false, changing
// nothing, unless 0 ≤ keep ≤ outOf and outOf > 0.
func (m *Penalties) Decay(keep, outOf int) bool {
	if outOf <= 0 || keep < 0 || keep > outOf {
		return false
	}
	for i, v := range m.infl {
		x := new(big.Int).Mul(big.NewInt(v), big.NewInt(int64(keep)))
		m.infl[i] = x.Quo(x, big.NewInt(int64(outOf))).Int64()
	}
	return true
}

func (m *Penalties) find(id uint64) int {
	for k := range m.units {
		if m.units[k].id == id {
			return k
		}
	}
	return -1
}

// Claim makes the first ClaimAhead cells of path (all with ClaimAhead 0)
// the unit's claims in place of those it held. It returns false,
// changing nothing, for the id NoUnit or a cell off the map.
func (m *Penalties) Claim(id uint64, path []grid.Point) bool {
	if id == NoUnit {
		return false
	}
	if m.ClaimAhead > 0 && len(path) > m.ClaimAhead {
		path = path[:m.ClaimAhead]
	}
	for _, p := range path {
		if !m.on(p) {
			return false
		}
	}
	m.Release(id)
	if len(path) > 0 {
		m.units = append(m.units, unitModel{id: id, cells: append([]grid.Point(nil), path...)})
	}
	return true
}

// Advance drops the unit's claims on the cells before the first one
// equal to at among those it still claims and reports true; if it claims
// no such cell it drops them all and reports false.
func (m *Penalties) Advance(id uint64, at grid.Point) bool {
	k := m.find(id)
	if k < 0 {
		return false
	}
	for j, p := range m.units[k].cells {
		if p == at {
			m.units[k].cells = m.units[k].cells[j:]
			return true
		}
	}
	m.Release(id)
	return false
}

// Release drops every claim of the unit.
func (m *Penalties) Release(id uint64) {
	if k := m.find(id); k >= 0 {
		m.units = append(m.units[:k], m.units[k+1:]...)
	}
}

// Claims returns the cells the unit still claims, in path order.
func (m *Penalties) Claims(id uint64) []grid.Point {
	if k := m.find(id); k >= 0 {
		return append([]grid.Point(nil), m.units[k].cells...)
	}
	return nil
}

// ClaimsAt returns the number of claims on p, every unit counted.
func (m *Penalties) ClaimsAt(p grid.Point) int {
	n := 0
	for _, u := range m.units {
		for _, c := range u.cells {
			if c == p {
				n++
			}
		}
	}
	return n
}

// Cell returns the penalty of entering p for a query made for unit id
// (NoUnit: nobody) from start: p's influence plus ClaimCost for each
// claim on p of another unit whose current cell lies within ClaimRadius
// of start (Chebyshev distance), the sum cut to MaxPenalty.
func (m *Penalties) Cell(p grid.Point, id uint64, start grid.Point) grid.Cost {
	sum := big.NewInt(m.Influence(p))
	r := m.ClaimRadius
	for _, u := range m.units {
		if u.id == id {
			continue
		}
		cur := u.cells[0]
		if cur.X-start.X > r || start.X-cur.X > r || cur.Y-start.Y > r || start.Y-cur.Y > r {
			continue
		}
		for _, c := range u.cells {
			if c == p {
				sum.Add(sum, big.NewInt(m.ClaimCost))
			}
		}
	}
	return grid.Cost(clampBig(sum))
}

// Pricer returns Cell as a function of the cell, for Graph.Penalty. It
// prices every cell once, up front, by the same rule: O(cells + claims).
// (Sums stay exact in int64: each term is at most MaxPenalty, and a sum
// stops growing once it reaches MaxPenalty.)
func (m *Penalties) Pricer(id uint64, start grid.Point) func(grid.Point) grid.Cost {
	price := make([]grid.Cost, len(m.infl))
	for i, v := range m.infl {
		price[i] = grid.Cost(v)
	}
	r := m.ClaimRadius
	for _, u := range m.units {
		cur := u.cells[0]
		if u.id == id || cur.X-start.X > r || start.X-cur.X > r || cur.Y-start.Y > r || start.Y-cur.Y > r {
			continue
		}
		for _, c := range u.cells {
			i := c.Y*m.W + c.X
			price[i] = min(price[i]+grid.Cost(m.ClaimCost), MaxPenalty)
		}
	}
	return func(p grid.Point) grid.Cost {
		if !m.on(p) {
			return 0
		}
		return price[p.Y*m.W+p.X]
	}
}

// PathCost returns the cost of a cell path under o's movement rule and
// step costs (penalty included) and true, or false if some step is not a
// legal move.
func PathCost(o Graph, path []grid.Point) (grid.Cost, bool) {
	if len(path) == 0 || !o.open(path[0]) {
		return 0, false
	}
	var c grid.Cost
	for i := 1; i < len(path); i++ {
		if !o.Legal(path[i-1], path[i]) {
			return 0, false
		}
		c += o.Cost(path[i-1], path[i])
	}
	return c, true
}

// Clone returns a copy of the model that shares nothing with m: the layer
// as it was at one moment (a live map's published version).
func (m *Penalties) Clone() *Penalties {
	c := *m
	c.infl = append([]int64(nil), m.infl...)
	c.units = make([]unitModel, len(m.units))
	for i, u := range m.units {
		c.units[i] = unitModel{id: u.id, cells: append([]grid.Point(nil), u.cells...)}
	}
	return &c
}
