//! The board's symmetries on the signature classes, and the orbits the branch and
//! bound takes one of.
//!
//! A cell permutation `g` of the shape (the square's 8 symmetries, a rectangle's 4)
//! that maps the quiet patterns' span to itself maps the buttons of one signature to
//! the buttons of one signature, by an invertible linear map `L` of the signatures
//! (`sigma(g b) = L sigma(b)`). Then `p'` with `p'_(L s) = p_s` has the transform
//! `P'(a) = P(L^T a)`, the same values at other kernel vectors, and `L` keeps each
//! class's size: `p` and `p'` do equally well. Nothing here knows a rule: `L` is read
//! off the buttons and used only when it is a function of the signature, linear and
//! invertible, checked on every class.

use super::signature;
use crate::board::Board;
use crate::solve::search::symmetry::shape_maps;

/// The linear maps of the signatures that the shape's symmetries induce, each as its
/// table over `0..2^k` (without the identity; none when no symmetry keeps the span).
pub(super) fn class_maps(quiet: &[Board], rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let k = quiet.len();
    if k == 0 || rows == 0 || cols == 0 {
        return Vec::new();
    }
    let mut maps = Vec::new();
    for cell in shape_maps(rows, cols) {
        // The image of each signature that occurs, as the buttons say (a function, or
        // no map).
        let mut image: Vec<Option<usize>> = vec![None; 1 << k];
        let mut function = true;
        'cells: for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = cell(r, c, rows, cols);
                let (s, t) = (signature(quiet, r, c), signature(quiet, r2, c2));
                match image[s] {
                    Some(u) if u != t => {
                        function = false;
                        break 'cells;
                    }
                    _ => image[s] = Some(t),
                }
            }
        }
        if let Some(table) = function.then(|| linear(&image, k)).flatten() {
            maps.push(table);
        }
    }
    maps
}

/// The linear map that agrees with `image` on every signature that occurs, as its
/// table, when there is one and it is invertible.
fn linear(image: &[Option<usize>], k: usize) -> Option<Vec<u32>> {
    // A basis of the occurring signatures (they span all k bits: a kernel vector
    // orthogonal to every button's signature would be a quiet pattern that presses
    // nothing), each with its image; reduced rows keep the elimination's steps.
    let mut basis: Vec<(usize, usize, usize)> = Vec::new(); // (reduced, its image, pivot)
    for (s, t) in image.iter().enumerate() {
        let Some(mut t) = *t else { continue };
        let mut v = s;
        for &(b, bt, pivot) in &basis {
            if v >> pivot & 1 == 1 {
                v ^= b;
                t ^= bt;
            }
        }
        if v != 0 {
            basis.push((v, t, v.ilog2() as usize));
        } else if t != 0 {
            // A combination of basis signatures whose images do not combine alike.
            return None;
        }
    }
    if basis.len() != k {
        return None;
    }
    let mut table = vec![0u32; 1 << k];
    for (s, entry) in table.iter_mut().enumerate() {
        let (mut v, mut t) = (s, 0usize);
        for &(b, bt, pivot) in &basis {
            if v >> pivot & 1 == 1 {
                v ^= b;
                t ^= bt;
            }
        }
        *entry = u32::try_from(t).ok()?;
    }
    // Invertible: a permutation of the signatures.
    let mut seen = vec![false; 1 << k];
    for &t in &table {
        if std::mem::replace(&mut seen[t as usize], true) {
            return None;
        }
    }
    Some(table)
}

/// The orbit of signature `s` under the group the maps make with the identity
/// (compositions of the shape's symmetries are among them), sorted.
pub(super) fn orbit(maps: &[&Vec<u32>], s: usize) -> Vec<usize> {
    let mut orbit = vec![s];
    let mut i = 0;
    while i < orbit.len() {
        for map in maps {
            let t = map[orbit[i]] as usize;
            if !orbit.contains(&t) {
                orbit.push(t);
            }
        }
        i += 1;
    }
    orbit.sort_unstable();
    orbit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rule, Topology};
    use crate::solve::GameSolver;

    fn maps_of(game: Game) -> (Vec<Vec<u32>>, Vec<Board>) {
        let solver = GameSolver::new(game, crate::solve::SEARCH_BUDGET).unwrap();
        let (rows, cols) = solver.presses_shape();
        let quiet = solver.quiet_patterns();
        (class_maps(&quiet, rows, cols), quiet)
    }

    #[test]
    fn the_square_acts_on_its_classes_by_linear_maps_that_keep_their_sizes() {
        for n in [4, 5, 9, 11, 16] {
            let (maps, quiet) = maps_of(Game::classic(n, n).unwrap());
            // The classic rule keeps all 8 symmetries of the square.
            assert_eq!(maps.len(), 7, "{n}");
            let sizes = super::super::class_sizes(&quiet, n, n);
            for map in &maps {
                for (s, &t) in map.iter().enumerate() {
                    assert_eq!(sizes[s], sizes[t as usize], "{n}: {s} -> {t}");
                }
                // Linear: the image of a sum is the sum of the images.
                for s in 0..map.len() {
                    for t in 0..map.len() {
                        assert_eq!(map[s ^ t], map[s] ^ map[t]);
                    }
                }
            }
            // Each map is the signatures' image under its cell permutation.
            let cells = shape_maps(n, n);
            for (map, cell) in maps.iter().zip(&cells) {
                for r in 0..n {
                    for c in 0..n {
                        let (r2, c2) = cell(r, c, n, n);
                        let s = signature(&quiet, r, c);
                        assert_eq!(map[s] as usize, signature(&quiet, r2, c2));
                    }
                }
            }
        }
    }

    #[test]
    fn a_rule_without_the_symmetry_gets_no_map() {
        // A rule that presses the cell and its right neighbour: no flip keeps it, so
        // the flips that do not keep the quiet patterns' span give no map.
        let rule = Rule::parse("000/011/000").unwrap();
        let game = Game::grid(6, 6, Topology::Plane, rule, 2).unwrap();
        let solver = GameSolver::new(game.clone(), crate::solve::SEARCH_BUDGET).unwrap();
        let quiet = solver.quiet_patterns();
        let (maps, _) = maps_of(game);
        assert!(maps.len() < 7, "{}", maps.len());
        for map in &maps {
            // Whatever map is kept is linear and keeps the sizes.
            let sizes = super::super::class_sizes(&quiet, 6, 6);
            for (s, &t) in map.iter().enumerate() {
                assert_eq!(sizes[s], sizes[t as usize]);
            }
        }
        // An image that is not a function of the signature is refused.
        let image = vec![Some(0), Some(1), Some(1), Some(0)];
        assert_eq!(linear(&image, 2), None);
        let image = vec![Some(0), Some(2), Some(1), Some(3)];
        assert_eq!(linear(&image, 2), Some(vec![0, 2, 1, 3]));
    }

    #[test]
    fn an_orbit_is_closed_under_the_maps() {
        let (maps, _) = maps_of(Game::classic(9, 9).unwrap());
        let group: Vec<&Vec<u32>> = maps.iter().collect();
        for s in 1..256 {
            let orbit = orbit(&group, s);
            assert!(orbit.contains(&s));
            for map in &maps {
                for &t in &orbit {
                    assert!(orbit.contains(&(map[t] as usize)));
                }
            }
        }
    }
}
