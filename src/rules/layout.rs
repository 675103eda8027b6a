//! Where each light is drawn: a cell of a drawing grid, so a page or a terminal can
//! show any game (a grid game as its grid, the cube as its net, Orbix as its
//! icosahedron unrolled) without knowing its rules.

/// Each light's place on a `rows x cols` drawing grid (no two lights share a cell;
/// cells with no light stay empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Rows of the drawing.
    pub rows: usize,
    /// Columns of the drawing.
    pub cols: usize,
    /// Light `i` is drawn at `cells[i]` = (row, column), both 0-based.
    pub cells: Vec<(usize, usize)>,
}

impl Layout {
    /// A `rows x cols` grid, light `r * cols + c` at (r, c).
    pub fn grid(rows: usize, cols: usize) -> Layout {
        let cells = (0..rows.saturating_mul(cols))
            .map(|i| (i / cols, i % cols))
            .collect();
        Layout { rows, cols, cells }
    }

    /// `lights` lights in rows of about the square root's length: for a game with no
    /// drawing of its own.
    pub fn rows_of(lights: usize) -> Layout {
        let cols = (1..=lights.max(1)).find(|c| c * c >= lights).unwrap_or(1);
        let mut layout = Layout::grid(lights.div_ceil(cols), cols);
        layout.cells.truncate(lights);
        layout
    }

    /// Whether this places `lights` lights, each in a cell of its own inside it.
    pub fn fits(&self, lights: usize) -> bool {
        let mut cells = self.cells.clone();
        cells.sort_unstable();
        cells.dedup();
        self.cells.len() == lights
            && cells.len() == lights
            && cells.iter().all(|&(r, c)| r < self.rows && c < self.cols)
    }

    /// The light drawn at (row, column), if any.
    pub fn light_at(&self, row: usize, col: usize) -> Option<usize> {
        self.cells.iter().position(|&cell| cell == (row, col))
    }
}

/// The cube's net: its six 3x3 faces (up, front, right, back, left, down, lights in
/// that order as `builtin`'s cube makes them) unfolded as a cross, 9 rows by 12
/// columns, each face placed so that neighbours across an edge of the net touch.
pub fn cube_net() -> Layout {
    // (row block, column block) of each face in the cross.
    const BLOCKS: [(usize, usize); 6] = [(0, 1), (1, 1), (1, 2), (1, 3), (1, 0), (2, 1)];
    let cells = BLOCKS
        .iter()
        .flat_map(|&(br, bc)| (0..9).map(move |i| (br * 3 + i / 3, bc * 3 + i % 3)))
        .collect();
    Layout {
        rows: 9,
        cols: 12,
        cells,
    }
}

/// An icosahedron's 12 vertices unrolled as 4 rows of a 10-column drawing: the first
/// vertex on top, its 5 neighbours in a ring, the 5 vertices of the lower ring set
/// between the two upper ones each touches, and the opposite vertex below.
/// `neighbours(v)` lists the vertices one edge from `v`.
pub fn icosahedron(neighbours: impl Fn(usize) -> Vec<usize>) -> Layout {
    let top = 0;
    let near: Vec<usize> = neighbours(top);
    // The upper ring in order around the top: each next one touches the last.
    let mut upper = vec![near[0]];
    while upper.len() < near.len() {
        let last = *upper.last().expect("not empty");
        let next = near
            .iter()
            .copied()
            .find(|v| !upper.contains(v) && neighbours(last).contains(v));
        match next {
            Some(v) => upper.push(v),
            None => break,
        }
    }
    let mut cells = vec![(0, 0); 12];
    cells[top] = (0, 4);
    for (i, &v) in upper.iter().enumerate() {
        cells[v] = (1, 2 * i);
    }
    let mut placed: Vec<usize> = std::iter::once(top).chain(upper.iter().copied()).collect();
    // Lower ring: the vertex touching upper i and upper i + 1.
    for i in 0..upper.len() {
        let (a, b) = (upper[i], upper[(i + 1) % upper.len()]);
        if let Some(v) = (0..12)
            .find(|v| !placed.contains(v) && neighbours(a).contains(v) && neighbours(b).contains(v))
        {
            cells[v] = (2, 2 * i + 1);
            placed.push(v);
        }
    }
    if let Some(bottom) = (0..12).find(|v| !placed.contains(v)) {
        cells[bottom] = (3, 5);
    }
    Layout {
        rows: 4,
        cols: 10,
        cells,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_light_has_a_cell_of_its_own() {
        assert!(Layout::grid(3, 7).fits(21));
        assert!(Layout::rows_of(10).fits(10));
        assert!(cube_net().fits(54));
        assert!(!cube_net().fits(53));
        let mut twice = Layout::grid(2, 2);
        twice.cells[3] = (0, 0);
        assert!(!twice.fits(4));
        twice.cells[3] = (2, 0);
        assert!(!twice.fits(4));
        assert_eq!(Layout::grid(2, 3).light_at(1, 2), Some(5));
    }
}
