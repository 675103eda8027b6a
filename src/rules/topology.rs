//! How a grid's edges meet: where an offset from a cell lands.

use std::fmt;

/// The surface a grid board lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topology {
    /// Cells past the edge do not exist (the classic game).
    Plane,
    /// Columns wrap: past the last column comes the first.
    Cylinder,
    /// Rows and columns wrap.
    Torus,
    /// Columns wrap with the row mirrored (`r -> R-1-r`), rows wrap with the column
    /// mirrored (`c -> C-1-c`): the real projective plane.
    Projective,
}

impl Topology {
    /// Every topology, in the order `--help` lists them.
    pub const ALL: [Topology; 4] = [
        Topology::Plane,
        Topology::Cylinder,
        Topology::Torus,
        Topology::Projective,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Topology::Plane => "plane",
            Topology::Cylinder => "cylinder",
            Topology::Torus => "torus",
            Topology::Projective => "projective",
        }
    }

    /// The cell that row `r`, column `c` (either possibly past an edge) is on a
    /// `rows x cols` board, or `None` when it does not exist. Projective: the column
    /// is wrapped first (each crossing of the left or right edge mirrors the row),
    /// then the row (each crossing of the top or bottom edge mirrors the column).
    pub fn land(self, rows: usize, cols: usize, r: isize, c: isize) -> Option<(usize, usize)> {
        let (nr, nc) = (rows as isize, cols as isize);
        let (mut r, mut c) = (r, c);
        match self {
            Topology::Plane => {}
            Topology::Cylinder => c = c.rem_euclid(nc),
            Topology::Torus => {
                r = r.rem_euclid(nr);
                c = c.rem_euclid(nc);
            }
            Topology::Projective => {
                if c.div_euclid(nc) % 2 != 0 {
                    r = nr - 1 - r;
                }
                c = c.rem_euclid(nc);
                if r.div_euclid(nr) % 2 != 0 {
                    c = nc - 1 - c;
                }
                r = r.rem_euclid(nr);
            }
        }
        ((0..nr).contains(&r) && (0..nc).contains(&c)).then_some((r as usize, c as usize))
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_land_where_each_surface_says() {
        use Topology::*;
        assert_eq!(Plane.land(3, 4, -1, 0), None);
        assert_eq!(Cylinder.land(3, 4, 0, 4), Some((0, 0)));
        assert_eq!(Cylinder.land(3, 4, 3, 0), None);
        assert_eq!(Torus.land(3, 4, -1, -1), Some((2, 3)));
        // Past the right edge: column 0, row mirrored; past the bottom: row 0, column
        // mirrored.
        assert_eq!(Projective.land(3, 4, 0, 4), Some((2, 0)));
        assert_eq!(Projective.land(3, 4, 3, 1), Some((0, 2)));
        assert_eq!(Projective.land(3, 4, 1, -1), Some((1, 3)));
    }
}
