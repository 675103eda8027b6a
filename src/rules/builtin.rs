//! The games built in by name, each with its source.
//!
//! Rules as described on Jaap Scherphuis's Lights Out pages
//! (<https://www.jaapsch.net/puzzles/lights.htm>), which cover the Tiger Electronics
//! family (Lights Out, Mini, Deluxe, Cube, 2000), Merlin and the XL-25:
//!
//! - `mini`: Mini Lights Out as a 4x4 board on a torus (the `plus` press wraps; the
//!   version described by Bogomolny's "Mini Lights Out", cut-the-knot.org).
//! - `deluxe`: Lights Out Deluxe's 6x6 game with the `+` press.
//! - `xl25`: the XL-25's knight game (Vulcan Electronics, 1983): a press changes its
//!   own light and those a chess knight's move away, 5x5.
//! - `merlin`: Merlin's Magic Square (Parker Brothers, 1978): a corner button changes
//!   the 2x2 square it is in, a side button its side of three, the centre button the
//!   centre and its four neighbours.
//! - `cube`: Lights Out Cube: the 54 buttons of a 3x3x3 cube's faces; a press changes
//!   its own light and its four neighbours, crossing the cube's edges.
//! - `2000`: Lights Out 2000's three-colour game: the 5x5 `plus` press on a plane
//!   board, each light off, red or green (K = 3: a press adds 1 mod 3).
//! - `orbix`: Orbix, type 1: 12 buttons at the vertices of an icosahedron (the faces
//!   of a dodecahedron); a press changes the five neighbours, not its own light.

use super::layout::{cube_net as cube_net_layout, icosahedron, Layout};
use super::{map, Game, Rule, Topology};

/// A built-in game: its name, what it is, and how it is made.
pub struct Builtin {
    /// The name `--game` takes.
    pub name: &'static str,
    /// One line for `lightsout games`.
    pub description: &'static str,
    make: fn() -> Game,
    /// A drawing of its own (the cube's net, Orbix unrolled); else the game's.
    net: Option<fn() -> Layout>,
}

impl Builtin {
    /// The game, with its drawing when it has one of its own.
    pub fn game(&self) -> Game {
        let game = (self.make)();
        match self.net {
            Some(net) => game.with_layout(net()).expect("a built-in drawing fits"),
            None => game,
        }
    }

    /// Where each of its lights is drawn.
    pub fn layout(&self) -> Layout {
        self.game().layout()
    }
}

/// Every built-in game.
pub const GAMES: [Builtin; 7] = [
    Builtin {
        name: "cube",
        description: "Lights Out Cube: 54 buttons on the faces of a 3x3x3 cube; a press \
                      changes its light and its 4 neighbours, across the cube's edges",
        make: cube,
        net: Some(cube_net),
    },
    Builtin {
        name: "merlin",
        description: "Merlin's Magic Square: 3x3; a corner changes its 2x2 square, a side \
                      its side of 3, the centre its plus",
        make: merlin,
        net: None,
    },
    Builtin {
        name: "orbix",
        description: "Orbix (type 1): 12 buttons at the vertices of an icosahedron; a \
                      press changes its 5 neighbours, not itself",
        make: orbix,
        net: Some(orbix_net),
    },
    Builtin {
        name: "xl25",
        description: "XL-25's knight game: 5x5; a press changes its light and those a \
                      knight's move away",
        make: xl25,
        net: None,
    },
    Builtin {
        name: "deluxe",
        description: "Lights Out Deluxe: 6x6 with the classic plus press",
        make: deluxe,
        net: None,
    },
    Builtin {
        name: "2000",
        description: "Lights Out 2000: 5x5 with the plus press and three states a light \
                      (off, red, green; a press adds 1 mod 3)",
        make: lights_out_2000,
        net: None,
    },
    Builtin {
        name: "mini",
        description: "Mini Lights Out: 4x4 on a torus (the plus press wraps around)",
        make: mini,
        net: None,
    },
];

/// The built-in game called `name`.
pub fn find(name: &str) -> Option<&'static Builtin> {
    GAMES.iter().find(|g| g.name == name)
}

fn grid(rows: usize, cols: usize, topology: Topology, rule: &str) -> Game {
    let rule = Rule::parse(rule).expect("a named rule");
    Game::grid(rows, cols, topology, rule, 2).expect("a valid built-in game")
}

fn lights_out_2000() -> Game {
    grid(5, 5, Topology::Plane, "plus")
        .with_states(3)
        .expect("three states")
}

fn xl25() -> Game {
    grid(5, 5, Topology::Plane, "knight")
}

fn deluxe() -> Game {
    grid(6, 6, Topology::Plane, "plus")
}

fn mini() -> Game {
    grid(4, 4, Topology::Torus, "plus")
}

fn from_lists(lights: usize, buttons: Vec<Vec<u32>>) -> Game {
    let buttons = buttons
        .into_iter()
        .map(|p| p.into_iter().map(|l| (l, 1)).collect())
        .collect();
    Game::new(lights, 2, buttons, None).expect("a valid built-in game")
}

fn merlin() -> Game {
    // Cells 0..9 row by row.
    let buttons = vec![
        vec![0, 1, 3, 4],
        vec![0, 1, 2],
        vec![1, 2, 4, 5],
        vec![0, 3, 6],
        vec![1, 3, 4, 5, 7],
        vec![2, 5, 8],
        vec![3, 4, 6, 7],
        vec![6, 7, 8],
        vec![4, 5, 7, 8],
    ];
    from_lists(9, buttons)
}

fn cube() -> Game {
    // Faces by outward normal, each with the directions of its columns and rows; in
    // coordinates doubled, face centres are 3 from the middle and facelets 2 apart.
    type V = [i32; 3];
    const FACES: [(V, V, V); 6] = [
        ([0, 0, 1], [1, 0, 0], [0, -1, 0]),   // up
        ([0, -1, 0], [1, 0, 0], [0, 0, -1]),  // front
        ([1, 0, 0], [0, 1, 0], [0, 0, -1]),   // right
        ([0, 1, 0], [-1, 0, 0], [0, 0, -1]),  // back
        ([-1, 0, 0], [0, -1, 0], [0, 0, -1]), // left
        ([0, 0, -1], [1, 0, 0], [0, 1, 0]),   // down
    ];
    let mut centres: Vec<V> = Vec::with_capacity(54);
    for (normal, across, down) in FACES {
        for r in -1..=1 {
            for c in -1..=1 {
                centres.push(std::array::from_fn(|i| {
                    3 * normal[i] + 2 * c * across[i] + 2 * r * down[i]
                }));
            }
        }
    }
    // Neighbours: 2 apart on one face (squared distance 4), or across an edge
    // (squared distance 2); nothing else comes that close.
    let buttons = (0..54)
        .map(|b| {
            (0..54u32)
                .filter(|&l| {
                    let d: i32 = (0..3)
                        .map(|i| (centres[b][i] - centres[l as usize][i]).pow(2))
                        .sum();
                    matches!(d, 0 | 2 | 4)
                })
                .collect()
        })
        .collect();
    from_lists(54, buttons)
}

fn orbix() -> Game {
    // The icosahedron's vertices (0, ±1, ±phi) and their cyclic shifts; neighbours are
    // an edge (length 2) apart.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut vertices = Vec::with_capacity(12);
    for a in [-1.0, 1.0] {
        for b in [-phi, phi] {
            vertices.push([0.0, a, b]);
            vertices.push([a, b, 0.0]);
            vertices.push([b, 0.0, a]);
        }
    }
    let buttons = (0..12)
        .map(|b| {
            (0..12u32)
                .filter(|&l| {
                    let d: f64 = (0..3)
                        .map(|i| (vertices[b][i] - vertices[l as usize][i]).powi(2))
                        .sum();
                    (d - 4.0).abs() < 1e-9
                })
                .collect()
        })
        .collect();
    from_lists(12, buttons)
}

fn cube_net() -> Layout {
    cube_net_layout()
}

fn orbix_net() -> Layout {
    let game = orbix();
    icosahedron(|v| game.pattern(v).iter().map(|&(l, _)| l as usize).collect())
}

/// `lightsout games`: one line a built-in game.
pub fn listing() -> String {
    GAMES
        .iter()
        .map(|g| format!("{:<8} {}\n", g.name, g.description))
        .collect()
}

/// A built-in game's button map, as `--show` prints it.
pub fn show(name: &str) -> Option<String> {
    find(name).map(|g| map::show(&g.game()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shapes_are_what_their_sources_describe() {
        let cube = find("cube").unwrap().game();
        assert_eq!((cube.lights(), cube.buttons()), (54, 54));
        assert!(
            (0..54).all(|b| cube.pattern(b).len() == 5),
            "itself and 4 neighbours"
        );
        let orbix = find("orbix").unwrap().game();
        assert!(
            (0..12).all(|b| orbix.pattern(b).len() == 5),
            "5 neighbours, not itself"
        );
        assert!((0..12).all(|b| orbix.pattern(b).iter().all(|&(l, _)| l as usize != b)));
        for g in &GAMES {
            let layout = g.layout();
            let mut cells = layout.cells.clone();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), g.game().lights(), "{}: a cell a light", g.name);
            assert!(cells
                .iter()
                .all(|&(r, c)| r < layout.rows && c < layout.cols));
        }
        // Orbix unrolled: each vertex of the lower ring touches the two upper ones it
        // is drawn between.
        let orbix = find("orbix").unwrap().game();
        let net = find("orbix").unwrap().layout();
        for l in 0..12 {
            if net.cells[l].0 == 2 {
                let c = net.cells[l].1;
                for upper in [c - 1, (c + 1) % 10] {
                    let u = net.light_at(1, upper).expect("an upper vertex");
                    assert!(orbix.pattern(l).iter().any(|&(m, _)| m as usize == u));
                }
            }
        }
        // The cube's net: faces that touch in the net share an edge of the cube.
        let cube = find("cube").unwrap().game();
        let net = find("cube").unwrap().layout();
        for a in 0..54 {
            for b in 0..54 {
                let ((ra, ca), (rb, cb)) = (net.cells[a], net.cells[b]);
                if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                    assert!(
                        cube.pattern(a).iter().any(|&(m, _)| m as usize == b),
                        "{a} {b}"
                    );
                }
            }
        }
        let merlin = find("merlin").unwrap().game();
        assert_eq!(merlin.pattern(4).len(), 5);
        // Symmetric games: a light is changed by a button exactly when that button's
        // light is changed by the light's button.
        for game in [cube, orbix] {
            for b in 0..game.buttons() {
                for &(l, _) in game.pattern(b).iter() {
                    assert!(game
                        .pattern(l as usize)
                        .iter()
                        .any(|&(m, _)| m as usize == b));
                }
            }
        }
    }
}
